import Foundation
import RouteGenRuntime

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The `HTTPTransport` that sends requests with URLSession. Only an app's composition root needs to import it.
///
/// A client created from a configuration owns its session and invalidates it when released, so the session
/// and its delegate do not outlive it. Every request goes through that session's delegate, which
/// streams bodies as they arrive, reports progress, answers authentication challenges (asking the app's
/// `delegate` first) and ends a request that has been idle for `timeout`, whatever the transport is doing.
///
/// A client given a session leaves that session alone: plain requests go through it as they are (on Linux,
/// where its delegate-less requests never end on a `401` with `WWW-Authenticate`, through the second session
/// below). Streamed responses, downloads and progress go through a second session of the same configuration,
/// whose delegate asks the given session's delegate about every authentication challenge first, so certificate
/// pinning and credentials apply there too.
public final class URLSessionClient: HTTPTransport {
    private let session: URLSession
    private let ownsSession: Bool
    private let events: StreamingDelegate
    private let streamingSession = Locked<URLSession?>(nil)
    /// How long a request may go without sending or receiving anything, for requests that do not set their own.
    public let timeout: Duration
    /// How many bytes of a streamed body (``stream(_:)``, `download(_:to:)`) may arrive ahead of its reader before
    /// the body fails with `RouteGenError.transportFailed` saying so (16 MiB by default): memory stays bounded
    /// when a fast server meets a slow reader. ``load(_:)`` collects the whole body in memory and has no such limit.
    public let unreadBodyLimit: Int

    /// Creates a client with its own session. `delegate`, if given, is asked about authentication challenges
    /// (server trust for certificate pinning, client certificates, credentials) before the client answers them.
    public init(
        configuration: URLSessionConfiguration = .ephemeral, timeout: Duration = .seconds(60),
        delegate: (any URLSessionDelegate)? = nil, unreadBodyLimit: Int = 16 << 20
    ) {
        self.events = StreamingDelegate(forwardingChallengesTo: delegate)
        self.session = URLSession(configuration: configuration, delegate: events, delegateQueue: nil)
        self.ownsSession = true
        self.timeout = timeout
        self.unreadBodyLimit = unreadBodyLimit
    }

    /// Creates a client on a session the caller owns. Without a `timeout`, the session configuration's
    /// `timeoutIntervalForRequest` applies.
    public init(session: URLSession, timeout: Duration? = nil, unreadBodyLimit: Int = 16 << 20) {
        self.session = session
        self.ownsSession = false
        self.events = StreamingDelegate(forwardingChallengesTo: session.delegate)
        self.timeout = timeout ?? .seconds(min(max(session.configuration.timeoutIntervalForRequest, 0), Duration.longestWait.timeInterval))
        self.unreadBodyLimit = unreadBodyLimit
    }

    deinit {
        if ownsSession { session.finishTasksAndInvalidate() }
        streamingSession.withLock { $0?.finishTasksAndInvalidate() }
    }

    /// Sends `request` and returns the body and the response.
    public func load(_ request: APIRequest) async throws -> (Data, APIResponse) {
        guard ownsSession || Self.callerSessionsGoThroughTheDelegate || TransferProgress.observer != nil else {
            return try await loadThroughCallerSession(request)
        }
        // The whole body is collected in memory anyway: no limit on how far its reader may fall behind.
        let (head, body) = try await stream(request, unreadLimit: .max)
        do {
            return (try await body.collect(upTo: .max), head)
        } catch {
            throw Self.translate(error, for: request)
        }
    }

    /// On Linux, a task of a session with no delegate that answers authentication challenges never ends on a
    /// `401` with `WWW-Authenticate` (swift-corelibs-foundation #5456), and the session's timeout does not end it
    /// either: every request goes through the delegate.
    #if canImport(FoundationNetworking)
        private static let callerSessionsGoThroughTheDelegate = true
    #else
        private static let callerSessionsGoThroughTheDelegate = false
    #endif

    /// Sends `request` through the caller's own session, delegate and all.
    private func loadThroughCallerSession(_ request: APIRequest) async throws -> (Data, APIResponse) {
        do {
            let urlRequest = try makeURLRequest(request)
            reportStoredCookies(for: urlRequest)
            let upload = try request.body?.upload()
            defer { upload?.removeTemporaryFile() }
            let (data, response): (Data, URLResponse)
            switch upload {
            case .file(let file, _): (data, response) = try await session.upload(for: urlRequest, fromFile: file)
            case .data(let body): (data, response) = try await session.upload(for: urlRequest, from: body)
            case nil: (data, response) = try await session.data(for: urlRequest)
            }
            return (data, try Self.head(of: response, for: request))
        } catch {
            throw Self.translate(error, for: request)
        }
    }

    /// Returns the response head as soon as it arrives and the body as it streams in. Cancelling the waiting
    /// task, or the task iterating the body, or dropping the body, cancels the request.
    public func stream(_ request: APIRequest) async throws -> (APIResponse, ResponseBodyStream) {
        try await stream(request, unreadLimit: unreadBodyLimit)
    }

    /// Sends `request`, following up to `Redirect.limit` redirects itself: swift-corelibs-foundation traps
    /// ("Received callback for HTTP redirection, but we're not waiting for it") when a request times out while
    /// URLSession follows one, which a redirect loop made happen within minutes in the fault-injection tests. So the
    /// delegate declines every redirect, and the client follows them as `Redirect` says. The whole exchange keeps to
    /// the request's deadline.
    private func stream(_ request: APIRequest, unreadLimit: Int) async throws -> (APIResponse, ResponseBodyStream) {
        try await request.withinDeadline { try await self.exchange(request, unreadLimit: unreadLimit) }
    }

    private func exchange(_ request: APIRequest, unreadLimit: Int) async throws -> (APIResponse, ResponseBodyStream) {
        do {
            var urlRequest = try makeURLRequest(request)
            var body = request.body
            for _ in 0...Redirect.limit {
                let (response, chunks) = try await send(
                    urlRequest, body: body, for: request, idleLimit: (request.timeout ?? timeout).clampedToLongestWait, unreadLimit: unreadLimit)
                let http = response as? HTTPURLResponse
                guard request.followsRedirects, let current = urlRequest.url, let http,
                    let redirect = Redirect(
                        from: current, method: urlRequest.httpMethod ?? "GET", status: http.statusCode,
                        location: http.value(forHTTPHeaderField: "Location"), authentication: request.authentication)
                else {
                    return (try Self.head(of: response, for: request), ResponseBodyStream(chunks))
                }
                urlRequest.url = redirect.url
                urlRequest.httpMethod = redirect.method
                for name in redirect.removedHeaderNames { urlRequest.setValue(nil, forHTTPHeaderField: name) }
                if redirect.dropsBody { body = nil }
            }
            throw URLError(.httpTooManyRedirects)
        } catch {
            throw Self.translate(error, for: request)
        }
    }

    /// One exchange through the delegate: the response head once it arrives, and the body as it comes. The
    /// delegate ends it once it has been idle for `idleLimit`; URLSession's own timer is set beyond reach, since
    /// swift-corelibs-foundation traps when it fires while a redirect is being answered, and times out at once
    /// below a second.
    private func send(
        _ urlRequest: URLRequest, body: RequestBody?, for request: APIRequest, idleLimit: Duration, unreadLimit: Int
    ) async throws -> (URLResponse, AsyncThrowingStream<Data, any Error>) {
        var urlRequest = urlRequest
        urlRequest.timeoutInterval = Self.transportTimeout
        reportStoredCookies(for: urlRequest)
        let upload = try body?.upload()
        let session = ownsSession ? session : streamingSessionCreatingIfNeeded()
        let task: URLSessionTask =
            switch upload {
            case .file(let file, _): session.uploadTask(with: urlRequest, fromFile: file)
            case .data(let body): session.uploadTask(with: urlRequest, from: body)
            case nil: session.dataTask(with: urlRequest)
            }
        let (chunks, continuation) = AsyncThrowingStream<Data, any Error>.makeStream()
        continuation.onTermination = { [events] termination in
            if case .cancelled = termination { events.cancel(task) }
            upload?.removeTemporaryFile()
        }
        let response = try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { head in
                events.register(
                    task,
                    StreamingDelegate.Receiver(
                        head: head, body: continuation, progress: TransferProgress.observer, routeName: request.routeName),
                    on: session, idleLimit: idleLimit, unreadLimit: unreadLimit)
                task.resume()
            }
        } onCancel: {
            events.cancel(task)
        }
        let counted = CountedBody.stream(chunks, failure: { Self.translate($0, for: request) }) {
            [events, identifier = task.taskIdentifier] count in events.consumed(count, of: identifier)
        }
        return (response, counted)
    }

    /// URLSession's own timeout for requests sent through the delegate, which ends them itself: a week.
    private static let transportTimeout: TimeInterval = 7 * 86_400

    private func streamingSessionCreatingIfNeeded() -> URLSession {
        streamingSession.withLock { streaming in
            if let streaming { return streaming }
            let created = URLSession(configuration: session.configuration, delegate: events, delegateQueue: nil)
            streaming = created
            return created
        }
    }

    /// The `Cookie` header the session adds to a request for `request`'s URL from its configuration's cookie store.
    public func storedCookies(for request: APIRequest) -> String? {
        (try? request.url()).flatMap(cookieHeader(for:))
    }

    /// Tells a cache watching the call which cookies of the session's own store `urlRequest` goes out with, a
    /// credential the request does not show (see `HTTPCache`).
    private func reportStoredCookies(for urlRequest: URLRequest) {
        guard urlRequest.httpShouldHandleCookies, let header = urlRequest.url.flatMap(cookieHeader(for:)) else { return }
        TransportCookies.recordSent(header)
    }

    /// The `Cookie` header of the session's store for `url`, nil when it sets none.
    private func cookieHeader(for url: URL) -> String? {
        let configuration = session.configuration
        guard configuration.httpShouldSetCookies, let cookies = configuration.httpCookieStorage?.cookies(for: url), !cookies.isEmpty
        else { return nil }
        return HTTPCookie.requestHeaderFields(with: cookies)["Cookie"]
    }

    /// The `URLRequest` of `request`, refused before anything is sent when it is invalid or has a body URLSession
    /// cannot send: a GET body fails on Apple platforms and on Linux (`NSURLErrorDataLengthExceedsMaximum`, "GET
    /// method must not have a body"), and Linux sends a HEAD without its body.
    private func makeURLRequest(_ request: APIRequest) throws(RouteGenError) -> URLRequest {
        try request.validate()
        if request.body != nil, request.method == .get || request.method == .head {
            throw .invalidRequest(
                InvalidRequest(
                    request: RequestSummary(request, redactor: .default),
                    reason: "URLSession cannot send a body with \(request.method): send it with a transport that can, such as AsyncHTTPClient's"))
        }
        request.warnIfLackingCredential()
        var urlRequest = URLRequest(url: try request.url())
        urlRequest.httpMethod = request.method.rawValue
        urlRequest.timeoutInterval = (request.timeout ?? timeout).timeInterval
        for field in request.headers {
            urlRequest.addValue(field.value, forHTTPHeaderField: field.name)
        }
        return urlRequest
    }

    private static func head(of response: URLResponse, for request: APIRequest) throws(RouteGenError) -> APIResponse {
        guard let http = response as? HTTPURLResponse else {
            throw .transportFailed(
                TransportFailure(request: RequestSummary(request, redactor: .default), code: nil, reason: "the response is not HTTP"))
        }
        var headers = HeaderFields()
        for (name, value) in http.allHeaderFields {
            headers.add(name: "\(name)", value: "\(value)")
        }
        return APIResponse(statusCode: http.statusCode, headers: headers)
    }

    /// Cancellation stays `CancellationError`; our own errors pass through; a body that cannot be read from disk
    /// is an invalid request; anything else is a transport failure.
    private static func translate(_ error: any Error, for request: APIRequest) -> any Error {
        if error is CancellationError || error is RouteGenError { return error }
        let urlError = error as? URLError
        if urlError?.code == .cancelled || Task.isCancelled { return CancellationError() }
        if error is CocoaError {
            return RouteGenError.invalidRequest(
                InvalidRequest(request: RequestSummary(request, redactor: .default), reason: "the body cannot be read: \(error)"))
        }
        return RouteGenError.transportFailed(
            TransportFailure(
                request: RequestSummary(request, redactor: .default), code: urlError?.code,
                reason: urlError.map { "\($0.localizedDescription) (URLError \($0.code.rawValue))" } ?? "\(error)"))
    }
}
