import Foundation

/// Everything needed to send one request. Generated `APIRoute`s build these; decorators adjust them.
///
/// The URL is kept in parts (base URL, percent-encoded path, unencoded query items) so decorators can add
/// query items and logs can redact them without re-parsing; ``url()`` assembles it.
public struct APIRequest: Hashable, Sendable {
    /// The method.
    public var method: RequestMethod
    /// The server, with any base path: `https://api.example.com/api`.
    public var baseURL: URL
    /// The percent-encoded path below the base URL, starting with `/`: `/v1/pets/42`.
    public var path: String
    /// Query items, unencoded, in order; repeated names are allowed (`tags=a&tags=b`).
    public var query: [QueryItem]
    /// Header fields.
    public var headers: HeaderFields
    /// The body, if any. Its `Content-Type` is in ``headers``.
    public var body: RequestBody?
    /// How long the request may go without sending or receiving anything (an idle timeout); nil uses the
    /// transport's default.
    public var timeout: Duration?
    /// How long the whole call may take, from sending the request to the last byte of its body, however the bytes
    /// arrive; nil for no limit. `.limitingCalls(to:)` sets it for every request of a client. See `Runtime.md`.
    public var deadline: Duration?
    /// Where credentials go; nil leaves it to the `AuthenticatingClient`'s default.
    public var authentication: Authentication?
    /// The endpoint's name (`Petstore.getPet`), for errors and logs.
    public var routeName: String?
    /// Whether the transport follows a redirect (as ``Redirect`` says) or returns it as the response. An OAuth token
    /// request sets it to false: its body holds a code, a verifier or a refresh token, which a `307` or `308` to
    /// another origin would repeat there.
    public var followsRedirects = true

    /// Creates a request.
    public init(
        method: RequestMethod, baseURL: URL, path: String = "/", query: [QueryItem] = [], headers: HeaderFields = [:],
        body: RequestBody? = nil, timeout: Duration? = nil, deadline: Duration? = nil, authentication: Authentication? = nil,
        routeName: String? = nil
    ) {
        self.deadline = deadline
        self.method = method
        self.baseURL = baseURL
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
        self.timeout = timeout
        self.authentication = authentication
        self.routeName = routeName
    }

    /// The full URL: base URL, path and percent-encoded query.
    public func url() throws(RouteGenError) -> URL {
        var text = baseURL.absoluteString
        while text.hasSuffix("/") { text.removeLast() }
        text += path.hasPrefix("/") ? path : "/" + path
        if !query.isEmpty {
            text += "?" + query.map(\.encoded).joined(separator: "&")
        }
        guard let url = URL(string: text) else {
            throw .invalidRequest(InvalidRequest(request: RequestSummary(self, redactor: .default), reason: "`\(text)` is not a valid URL"))
        }
        return url
    }

    /// Throws when the request cannot be sent as it is: an invalid URL, a header that would inject others, or a
    /// path with a `.` or `..` segment or an empty segment inside it (a value that could climb out of its place,
    /// see ``PercentEncoding/encodePathSegments(_:)``).
    public func validate() throws(RouteGenError) {
        _ = try url()
        if let (_, reason) = headers.firstInvalidField {
            throw .invalidRequest(InvalidRequest(request: RequestSummary(self, redactor: .default), reason: reason))
        }
        let segments = path.drop { $0 == "/" }.split(separator: "/", omittingEmptySubsequences: false)
        if let segment = segments.enumerated().first(where: { index, segment in
            segment == "." || segment == ".." || (segment.isEmpty && index < segments.count - 1)
        })?.element {
            let reason =
                segment.isEmpty
                ? "the path `\(path)` has an empty segment"
                : "the path `\(path)` has a `\(segment)` segment (a path value that is empty or climbs out of its place)"
            throw .invalidRequest(InvalidRequest(request: RequestSummary(self, redactor: .default), reason: reason))
        }
    }

    /// Sets a JSON body and its `Content-Type`: `application/json`, or a JSON media type the API names
    /// (`application/merge-patch+json`).
    public mutating func setJSONBody<Body: Encodable>(
        _ value: Body, encoder: JSONEncoder, contentType: String = "application/json"
    ) throws {
        body = .data(try encoder.encode(value))
        headers["Content-Type"] = contentType
    }

    /// Sets an `application/x-www-form-urlencoded` body and its `Content-Type`.
    public mutating func setFormBody(_ fields: [QueryItem]) {
        body = .data(Data(fields.map(\.encoded).joined(separator: "&").utf8))
        headers["Content-Type"] = "application/x-www-form-urlencoded"
    }

    /// Sets a `multipart/form-data` body and its `Content-Type` (with the boundary). File parts are read from
    /// disk only when the request is sent.
    public mutating func setMultipartBody(_ form: MultipartFormData) {
        body = .multipart(form)
        headers["Content-Type"] = form.contentType
    }
}
