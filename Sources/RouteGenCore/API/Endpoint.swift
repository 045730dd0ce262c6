/// One endpoint: becomes an `APIRoute` case and a `RequestHandling` method.
public struct Endpoint: Hashable, Sendable {
    /// The spec's key and the Swift case / method name.
    public var name: Name
    /// One-line doc comment (`summary:`).
    public var summary: String?
    /// Longer doc comment (`description:`).
    public var description: String?
    /// Whether it is marked `deprecated: true`.
    public var isDeprecated: Bool
    /// The HTTP method.
    public var method: HTTPMethod
    /// The path below the base URL (and `version`), with its parameters.
    public var path: PathTemplate
    /// Parameters substituted into the path, in the order the path names them.
    public var pathParameters: [Parameter]
    /// Query parameters, in written order.
    public var query: [Parameter]
    /// Header parameters, in written order.
    public var headers: [Parameter]
    /// The JSON body's type; an inline body is a model of its own (see ``Model/inlineBodyOf``).
    public var body: TypeReference?
    /// The type decoded from a 2xx body, or nil when the endpoint returns no body.
    public var response: TypeReference?
    /// The authentication this endpoint uses (its own `auth:` or the API's).
    public var auth: AuthScheme

    /// Creates an endpoint.
    public init(
        name: Name, summary: String? = nil, description: String? = nil, isDeprecated: Bool = false,
        method: HTTPMethod, path: PathTemplate, pathParameters: [Parameter] = [], query: [Parameter] = [],
        headers: [Parameter] = [], body: TypeReference? = nil, response: TypeReference? = nil,
        auth: AuthScheme = .none
    ) {
        self.name = name
        self.summary = summary
        self.description = description
        self.isDeprecated = isDeprecated
        self.method = method
        self.path = path
        self.pathParameters = pathParameters
        self.query = query
        self.headers = headers
        self.body = body
        self.response = response
        self.auth = auth
    }
}

/// A path, query or header parameter.
public struct Parameter: Hashable, Sendable {
    /// The wire name and the Swift argument label.
    public var name: Name
    /// Its type; optional parameters are left out of the request when nil.
    public var type: TypeReference
    /// Doc comment text.
    public var description: String?

    /// Creates a parameter.
    public init(name: Name, type: TypeReference, description: String? = nil) {
        self.name = name
        self.type = type
        self.description = description
    }
}

/// The HTTP methods a spec may use.
public enum HTTPMethod: String, CaseIterable, Hashable, Sendable {
    case get = "GET"
    case post = "POST"
    case put = "PUT"
    case patch = "PATCH"
    case delete = "DELETE"
    case head = "HEAD"

    /// Whether a request with this method may carry a body.
    public var allowsBody: Bool { self != .get && self != .head }
}

/// A path such as `/pets/{petId}`, split into literal text and parameters.
public struct PathTemplate: Hashable, Sendable {
    /// A piece of a path.
    public enum Segment: Hashable, Sendable {
        /// Text sent as written.
        case literal(String)
        /// A parameter, by wire name, whose value is percent-encoded into the path.
        case parameter(String)
    }

    /// The path as written in the spec.
    public var template: String
    /// The pieces, in order.
    public var segments: [Segment]

    /// Creates a path.
    public init(template: String, segments: [Segment]) {
        self.template = template
        self.segments = segments
    }

    /// The parameter names, in the order the path uses them.
    public var parameterNames: [String] {
        segments.compactMap {
            if case .parameter(let name) = $0 { return name }
            return nil
        }
    }
}
