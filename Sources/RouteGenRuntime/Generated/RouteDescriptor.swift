import Foundation

/// Everything a generated route knows about its request: what `APIRoute` computes in one switch, so that a
/// spec with thousands of endpoints compiles one switch instead of one per property.
public struct RouteDescriptor: Sendable {
    /// The HTTP method.
    public var method: HTTPMethod
    /// The percent-encoded path below the base URL.
    public var path: String
    /// The query items.
    public var queryItems: [QueryItem]
    /// The headers.
    public var headers: HTTPHeaders
    /// Where credentials go.
    public var authentication: Authentication
    /// The route's name, for errors and logs.
    public var name: String
    /// The JSON body, if the endpoint has one.
    public var body: (any Encodable & Sendable)?

    /// Creates a descriptor.
    public init(
        method: HTTPMethod, path: String, queryItems: [QueryItem] = [], headers: HTTPHeaders = [:],
        authentication: Authentication, name: String, body: (any Encodable & Sendable)? = nil
    ) {
        self.method = method
        self.path = path
        self.queryItems = queryItems
        self.headers = headers
        self.authentication = authentication
        self.name = name
        self.body = body
    }

    /// The request on the server at `baseURL`, with the body encoded by `encoder`.
    public func request(baseURL: URL, encoder: JSONEncoder) throws -> HTTPRequest {
        var request = HTTPRequest(
            method: method, baseURL: baseURL, path: path, query: queryItems, headers: headers,
            authentication: authentication, routeName: name)
        if let body { try request.setJSONBody(body, encoder: encoder) }
        return request
    }
}
