#if AsyncHTTPClient
    import AsyncHTTPClient
    import Foundation
    import NIOCore
    import RouteGenRuntime

    /// The `HTTPTransport` that sends requests with swift-server/async-http-client, on SwiftNIO: for servers,
    /// command-line tools and Linux services, where URLSession is Foundation's reimplementation. Only the
    /// composition root imports it; generated code and decorators work with it as with `URLSessionClient`.
    ///
    /// ```swift
    /// let client = AsyncHTTPClientTransport(timeout: .seconds(30))
    ///     .retrying()
    ///     .addingIdempotencyKeys()
    ///     .authenticated { try await secrets.apiKey() }
    ///     .handlingErrors()
    /// ```
    ///
    /// It does what `URLSessionClient` does, in the same way: bodies in memory, from a file or a multipart form
    /// streamed from disk; responses whole (``load(_:)``), as they arrive (``stream(_:)``, event streams) or into a
    /// file (`download(_:to:)`); upload and download progress inside `withTransferProgress`; redirects followed as
    /// `Redirect` says (a credential never follows a request to another origin); cancellation of the calling task,
    /// or of the task reading the body, ends the request. A streamed body is read as its reader asks for it: SwiftNIO
    /// slows the server down, so no unread limit is needed.
    public final class AsyncHTTPClientTransport: RouteGenRuntime.HTTPTransport {
        private let client: AsyncHTTPClient.HTTPClient
        private let ownsClient: Bool
        private let pinned: PinnedClients?
        /// How long a request may go without sending or receiving anything (a client created here), or how long to
        /// wait for a response head (a caller's client, whose own read and write timeouts apply to the rest). A
        /// request's own `timeout` bounds the wait for its head with either.
        public let timeout: Duration

        /// Creates a transport with a client of its own on SwiftNIO's shared event loops, shut down when the transport
        /// is released. `timeout` is the idle limit of connecting, sending and receiving, unless `configuration`
        /// sets its own; redirects are followed by the transport, so `configuration`'s redirect setting is ignored.
        /// `trust`, when given, replaces `configuration`'s choice of the certificates servers may show (see
        /// ``ServerTrust``). With `pinning`, every connection to a pinned host (redirects included) must show a
        /// certificate whose public key is one of the host's pins, or fails before a request is written on it (see
        /// `PublicKeyPins` in RouteGenToolkit); pins are checked after `trust`'s verification, and also when it is
        /// ``ServerTrust/unverified``.
        public init(
            timeout: Duration = .seconds(60), configuration: AsyncHTTPClient.HTTPClient.Configuration = .init(),
            trust: ServerTrust? = nil, pinning: (any CertificatePinning)? = nil
        ) {
            var configuration = configuration
            if let trust { configuration.tlsConfiguration = trust.applied(to: configuration.tlsConfiguration) }
            let idle = TimeAmount.nanoseconds(timeout.nanoseconds)
            configuration.timeout.connect = configuration.timeout.connect ?? idle
            configuration.timeout.read = configuration.timeout.read ?? idle
            configuration.timeout.write = configuration.timeout.write ?? idle
            configuration.redirectConfiguration = .disallow
            self.client = AsyncHTTPClient.HTTPClient(
                eventLoopGroup: AsyncHTTPClient.HTTPClient.defaultEventLoopGroup, configuration: configuration)
            self.pinned = pinning.map { PinnedClients(pins: $0, configuration: configuration) }
            self.ownsClient = true
            self.timeout = timeout
        }

        /// Creates a transport on a client the caller owns and shuts down. Its configuration applies as it is: its
        /// read timeout bounds a body that stops arriving (async-http-client sets none by default), and when it
        /// follows redirects itself, the transport never sees them. `timeout` bounds the wait for a response head.
        public init(client: AsyncHTTPClient.HTTPClient, timeout: Duration = .seconds(60)) {
            self.client = client
            self.pinned = nil
            self.ownsClient = false
            self.timeout = timeout
        }

        deinit {
            // Shutting down keeps the client alive until its connections are closed.
            if ownsClient { client.shutdown { _ in } }
            pinned?.shutdown()
        }

        /// Sends `request` and returns the body and the response.
        public func load(_ request: APIRequest) async throws -> (Data, APIResponse) {
            let (head, body) = try await stream(request)
            return (try await body.collect(upTo: .max), head)
        }

        /// Returns the response head as soon as it arrives and the body as the reader asks for it. Cancelling the
        /// waiting task, or the task iterating the body, or dropping the body, cancels the request. The whole exchange
        /// keeps to the request's deadline.
        public func stream(_ request: APIRequest) async throws -> (APIResponse, ResponseBodyStream) {
            try await request.withinDeadline { try await self.exchange(request) }
        }

        private func exchange(_ request: APIRequest) async throws -> (APIResponse, ResponseBodyStream) {
            let failure = TransportErrors(request: request)
            do {
                try request.validate()
                request.warnIfLackingCredential()
                var outgoing = OutgoingRequest(url: try request.url(), method: request.method.rawValue, headers: request.headers)
                var body = request.body
                for _ in 0...Redirect.limit {
                    let response = try await send(outgoing, body: body, for: request)
                    let redirect = Redirect(
                        from: outgoing.url, method: outgoing.method, status: Int(response.status.code),
                        location: response.headers.first(name: "Location"), authentication: request.authentication)
                    guard request.followsRedirects, let redirect else {
                        let head = APIResponse(statusCode: Int(response.status.code), headers: Self.headers(of: response))
                        let chunks = ResponseChunks.stream(
                            response.body, expectedLength: response.headers.first(name: "Content-Length").flatMap { Int64($0) },
                            progress: TransferProgress.observer, routeName: request.routeName, keepingAlive: self,
                            failure: failure.translate)
                        return (head, ResponseBodyStream(chunks))
                    }
                    outgoing.follow(redirect)
                    if redirect.dropsBody { body = nil }
                }
                throw URLError(.httpTooManyRedirects)
            } catch {
                throw failure.translate(error)
            }
        }

        /// One exchange: the request with `body` (a file or form streamed from disk, with upload progress), and the
        /// response once its head is in.
        private func send(_ outgoing: OutgoingRequest, body: RequestBody?, for request: APIRequest) async throws -> HTTPClientResponse {
            let upload = try body?.upload()
            defer { upload?.removeTemporaryFile() }
            var sent = HTTPClientRequest(url: outgoing.url.absoluteString)
            sent.method = .init(rawValue: outgoing.method)
            for field in outgoing.headers { sent.headers.add(name: field.name, value: field.value) }
            if let upload {
                sent.body = try RequestChunks.body(upload, progress: TransferProgress.observer, routeName: request.routeName)
            }
            let client = try pinned?.client(for: outgoing.url, unpinned: client) ?? client
            return try await client.execute(sent, deadline: deadline(for: request))
        }

        /// When the wait for the response head ends: after the request's own timeout; else, for a client created
        /// here, never (its idle timeouts end a stalled request, and a long upload that keeps moving goes on); for a
        /// caller's client, whose read timeout may be unset, after ``timeout``.
        private func deadline(for request: APIRequest) -> NIODeadline {
            guard let limit = request.timeout ?? (ownsClient ? nil : timeout) else { return .distantFuture }
            return .now() + .nanoseconds(limit.clampedToLongestWait.nanoseconds)
        }

        private static func headers(of response: HTTPClientResponse) -> RouteGenRuntime.HeaderFields {
            var headers = RouteGenRuntime.HeaderFields()
            for (name, value) in response.headers { headers.add(name: name, value: value) }
            return headers
        }
    }
#endif
