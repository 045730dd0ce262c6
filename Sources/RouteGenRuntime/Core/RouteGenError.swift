import Foundation

/// What went wrong with a request, typed, each case saying which route and (where there was one) which status.
public enum RouteGenError: Error, Sendable, CustomStringConvertible {
    /// The server answered with a status the caller does not accept (by default, anything but 2xx).
    case unacceptableStatus(UnacceptableStatus)
    /// The body could not be decoded as the expected type.
    case decodingFailed(DecodingFailure)
    /// No response arrived: the connection failed, timed out, or the host could not be found.
    case transportFailed(TransportFailure)
    /// The request could not be sent as built: an invalid URL or header.
    case invalidRequest(InvalidRequest)

    /// The request the error is about.
    public var request: RequestSummary? {
        switch self {
        case .unacceptableStatus(let failure): failure.request
        case .decodingFailed(let failure): failure.request
        case .transportFailed(let failure): failure.request
        case .invalidRequest(let failure): failure.request
        }
    }

    /// The response status, when a response arrived.
    public var statusCode: Int? {
        switch self {
        case .unacceptableStatus(let failure): failure.response.statusCode
        case .decodingFailed(let failure): failure.statusCode
        case .transportFailed, .invalidRequest: nil
        }
    }

    public var description: String {
        switch self {
        case .unacceptableStatus(let failure): failure.description
        case .decodingFailed(let failure): failure.description
        case .transportFailed(let failure): failure.description
        case .invalidRequest(let failure): failure.description
        }
    }
}

/// Which request an error is about, with secrets already redacted from its URL.
public struct RequestSummary: Hashable, Sendable, CustomStringConvertible {
    /// The endpoint's name, if the request came from a generated route.
    public var routeName: String?
    /// The method.
    public var method: RequestMethod
    /// The URL, with secret query items redacted.
    public var url: String

    /// Summarizes a request, redacting what `redactor` considers secret.
    public init(_ request: APIRequest, redactor: SecretRedactor) {
        routeName = request.routeName
        method = request.method
        url = redactor.redactedURL(of: request)
    }

    public var description: String {
        let line = "\(method) \(url)"
        return routeName.map { "\($0) (\(line))" } ?? line
    }
}

/// A response whose status the caller does not accept.
public struct UnacceptableStatus: Sendable, CustomStringConvertible {
    /// The request.
    public var request: RequestSummary
    /// The response head.
    public var response: APIResponse
    /// The raw body.
    public var body: Data
    /// The body decoded as the spec's `errors:` model, when the spec declares one and the body fits it.
    public var errorBody: (any Sendable)?

    /// Creates the failure.
    public init(request: RequestSummary, response: APIResponse, body: Data, errorBody: (any Sendable)? = nil) {
        self.request = request
        self.response = response
        self.body = body
        self.errorBody = errorBody
    }

    /// The decoded error body as `type`, if it is one.
    public func errorBody<Body>(as type: Body.Type) -> Body? { errorBody as? Body }

    /// The request, the status and the body, its secrets redacted (see ``SecretRedactor``); the decoded error body
    /// is not printed, since a model's own description would show its secrets.
    public var description: String {
        var text = "\(request) failed with status \(response.statusCode)"
        if !body.isEmpty {
            text += ": " + BodyPreview.text(of: body, limit: 512, redactor: .default, isForm: response.headers.isForm)
        }
        return text
    }
}

/// A body that does not match the type the spec says it has.
public struct DecodingFailure: Sendable, CustomStringConvertible {
    /// The request.
    public var request: RequestSummary
    /// The response status.
    public var statusCode: Int
    /// The Swift type being decoded, like `Pet`.
    public var expectedType: String
    /// Where in the JSON decoding failed, like `results[3].release_date`; empty for the top level.
    public var codingPath: String
    /// What the decoder said.
    public var reason: String

    /// Creates the failure.
    public init(request: RequestSummary, statusCode: Int, expectedType: String, codingPath: String, reason: String) {
        self.request = request
        self.statusCode = statusCode
        self.expectedType = expectedType
        self.codingPath = codingPath
        self.reason = reason
    }

    public var description: String {
        let at = codingPath.isEmpty ? "" : " at `\(codingPath)`"
        return "\(request) returned status \(statusCode) with a body that is not a valid `\(expectedType)`\(at): \(reason)"
    }
}

/// A request that got no response.
public struct TransportFailure: Sendable, CustomStringConvertible {
    /// The request.
    public var request: RequestSummary
    /// The `URLError` code, when the transport reported one.
    public var code: URLError.Code?
    /// What the transport said.
    public var reason: String
    /// The pins the server's certificate did not match, when that is why (`code` is then
    /// `.serverCertificateUntrusted`).
    public var pinMismatch: PinMismatch?

    /// Creates the failure.
    public init(request: RequestSummary, code: URLError.Code?, reason: String, pinMismatch: PinMismatch? = nil) {
        self.request = request
        self.code = code
        self.reason = reason
        self.pinMismatch = pinMismatch
    }

    public var description: String { "\(request) got no response: \(reason)" }
}

/// A request that cannot be sent as it was built.
public struct InvalidRequest: Sendable, CustomStringConvertible {
    /// The request.
    public var request: RequestSummary
    /// What is wrong with it.
    public var reason: String

    /// Creates the failure.
    public init(request: RequestSummary, reason: String) {
        self.request = request
        self.reason = reason
    }

    public var description: String { "\(request) cannot be sent: \(reason)" }
}
