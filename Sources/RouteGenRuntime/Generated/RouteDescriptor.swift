import Foundation

/// Everything a generated route knows about its request: what `APIRoute` computes in one switch, so that a
/// spec with thousands of endpoints compiles one switch instead of one per property. Two descriptors are equal
/// when they describe the same request, which is what makes two `APIRoute`s equal.
@_spi(Generated) public struct RouteDescriptor: Sendable, Hashable {
    /// The HTTP method.
    public var method: RequestMethod
    /// The percent-encoded path below the base URL.
    public var path: String
    /// The query items.
    public var queryItems: [QueryItem]
    /// The headers.
    public var headers: HeaderFields
    /// Where credentials go.
    public var authentication: Authentication
    /// The route's name, for errors and logs.
    public var name: String
    /// The body, if the endpoint has one.
    public var content: RequestContent?
    /// The spec's `hosts` entry the endpoint lives on, or nil for the environment's base URL.
    public var host: String?

    /// Creates a descriptor with a JSON `body`, or none.
    public init(
        method: RequestMethod, path: String, queryItems: [QueryItem] = [], headers: HeaderFields = [:],
        authentication: Authentication, name: String, body: (any Encodable & Hashable & Sendable)? = nil, host: String? = nil
    ) {
        self.init(
            method: method, path: path, queryItems: queryItems, headers: headers, authentication: authentication,
            name: name, content: body.map { .json($0) }, host: host)
    }

    /// Creates a descriptor with a body of any kind.
    public init(
        method: RequestMethod, path: String, queryItems: [QueryItem] = [], headers: HeaderFields = [:],
        authentication: Authentication, name: String, content: RequestContent?, host: String? = nil
    ) {
        self.method = method
        self.path = path
        self.queryItems = queryItems
        self.headers = headers
        self.authentication = authentication
        self.name = name
        self.content = content
        self.host = host
    }

    /// The request on the server at `baseURL`, with a JSON body encoded by `encoder` and a form body by
    /// `formEncoder`.
    public func request(baseURL: URL, encoder: JSONEncoder, formEncoder: FormEncoder = FormEncoder()) throws -> APIRequest {
        var request = APIRequest(
            method: method, baseURL: baseURL, path: path, query: queryItems, headers: headers,
            authentication: authentication, routeName: name)
        try content?.apply(to: &request, encoder: encoder, formEncoder: formEncoder)
        return request
    }
}
