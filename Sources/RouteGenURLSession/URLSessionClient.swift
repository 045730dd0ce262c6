import Foundation
import RouteGenRuntime

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The ``HTTPClient`` that sends requests with URLSession. Only an app's composition root needs to import it.
///
/// A client created from a configuration owns its session and invalidates it when released, so the session
/// and its delegate do not outlive it (seed 001). A client given a session leaves that session alone.
public final class URLSessionClient: HTTPClient {
    private let session: URLSession
    private let ownsSession: Bool
    /// The timeout for requests that do not set their own.
    public let timeout: Duration

    /// Creates a client with its own session.
    public init(configuration: URLSessionConfiguration = .ephemeral, timeout: Duration = .seconds(60)) {
        self.session = URLSession(configuration: configuration)
        self.ownsSession = true
        self.timeout = timeout
    }

    /// Creates a client on a session the caller owns.
    public init(session: URLSession, timeout: Duration = .seconds(60)) {
        self.session = session
        self.ownsSession = false
        self.timeout = timeout
    }

    deinit {
        if ownsSession { session.finishTasksAndInvalidate() }
    }

    public func load(_ request: HTTPRequest) async throws -> (Data, HTTPResponse) {
        let urlRequest = try makeURLRequest(request)
        do {
            let (data, response): (Data, URLResponse)
            switch request.body {
            case .file(let file): (data, response) = try await session.upload(for: urlRequest, fromFile: file)
            case .data(let body): (data, response) = try await session.upload(for: urlRequest, from: body)
            case nil: (data, response) = try await session.data(for: urlRequest)
            }
            return (data, try Self.head(of: response, for: request))
        } catch {
            throw Self.translate(error, for: request)
        }
    }

    /// Downloads the response body of `request` into `destination` (replacing a file already there) and
    /// returns the response head. The body never has to fit in memory.
    public func download(_ request: HTTPRequest, to destination: URL) async throws -> HTTPResponse {
        let urlRequest = try makeURLRequest(request)
        do {
            let (temporary, response) = try await session.download(for: urlRequest)
            let head = try Self.head(of: response, for: request)
            if FileManager.default.fileExists(atPath: destination.path) {
                try FileManager.default.removeItem(at: destination)
            }
            try FileManager.default.moveItem(at: temporary, to: destination)
            return head
        } catch {
            throw Self.translate(error, for: request)
        }
    }

    private func makeURLRequest(_ request: HTTPRequest) throws(RouteGenError) -> URLRequest {
        try request.validate()
        var urlRequest = URLRequest(url: try request.url())
        urlRequest.httpMethod = request.method.rawValue
        let (seconds, attoseconds) = (request.timeout ?? timeout).components
        urlRequest.timeoutInterval = Double(seconds) + Double(attoseconds) / 1e18
        for field in request.headers {
            urlRequest.addValue(field.value, forHTTPHeaderField: field.name)
        }
        return urlRequest
    }

    private static func head(of response: URLResponse, for request: HTTPRequest) throws(RouteGenError) -> HTTPResponse {
        guard let http = response as? HTTPURLResponse else {
            throw .transportFailed(
                TransportFailure(request: RequestSummary(request, redactor: .default), code: nil, reason: "the response is not HTTP"))
        }
        var headers = HTTPHeaders()
        for (name, value) in http.allHeaderFields {
            headers.add(name: "\(name)", value: "\(value)")
        }
        return HTTPResponse(statusCode: http.statusCode, headers: headers)
    }

    /// Cancellation stays `CancellationError`; our own errors pass through; anything else is a transport failure.
    private static func translate(_ error: any Error, for request: HTTPRequest) -> any Error {
        if error is CancellationError || error is RouteGenError { return error }
        let urlError = error as? URLError
        if urlError?.code == .cancelled || Task.isCancelled { return CancellationError() }
        return RouteGenError.transportFailed(
            TransportFailure(
                request: RequestSummary(request, redactor: .default), code: urlError?.code,
                reason: urlError.map { "\($0.localizedDescription) (URLError \($0.code.rawValue))" } ?? "\(error)"))
    }
}
