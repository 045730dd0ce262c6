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
    /// The body; an inline body is a model of its own (see ``Model/inlineBodyOf``).
    public var body: RequestBody?
    /// What the caller gets back.
    public var result: EndpointResult
    /// The Swift name of the model of its typed `response_headers:`, if it declares any.
    public var responseHeaders: String?
    /// Its own `errors:`, replacing the API's; nil to use the API's.
    public var errors: ErrorModels?
    /// The `hosts:` entry it lives on, or nil for the environment's base URL.
    public var host: String?
    /// The authentication this endpoint uses (its own `auth:` or the API's).
    public var auth: AuthScheme
    /// The OAuth schemes among ``auth``'s (each sent as `bearer`) and the scopes this endpoint needs of each, in
    /// written order (its own `auth:` or the API's).
    public var oauth: [OAuthRequirement] = []
    /// The JSON of a value of its response (for `events`, of one event), from its `example:` or its response
    /// model's, for its mock.
    public var example: String?
    /// How the list it returns pages (`pagination:`), if it does.
    public var pagination: Pagination?
    /// The media type its JSON body is sent as when it is not `application/json` (`content_type:`:
    /// `application/merge-patch+json`, `application/vnd.api+json`).
    public var contentType: String?
    /// The group it belongs to in the module layout (`group:`; an OpenAPI operation's first tag), if the spec says;
    /// else its path decides (``ModulePlanner``).
    public var group: String?

    /// Creates an endpoint.
    public init(
        name: Name, summary: String? = nil, description: String? = nil, isDeprecated: Bool = false,
        method: HTTPMethod, path: PathTemplate, pathParameters: [Parameter] = [], query: [Parameter] = [],
        headers: [Parameter] = [], body: RequestBody? = nil, result: EndpointResult = .none,
        responseHeaders: String? = nil, errors: ErrorModels? = nil, host: String? = nil, auth: AuthScheme = .none
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
        self.result = result
        self.responseHeaders = responseHeaders
        self.errors = errors
        self.host = host
        self.auth = auth
    }
}

/// What an endpoint sends as its body.
public enum RequestBody: Hashable, Sendable {
    /// JSON (`body:` with a model, an inline mapping, or any type other than `File` and `Data`).
    case json(TypeReference)
    /// `application/x-www-form-urlencoded` (`form:`): a model's properties as fields.
    case form(TypeReference)
    /// `multipart/form-data` (`multipart:`): a model's properties as parts.
    case multipart(TypeReference)
    /// `body: File` or `body: Data`, sent as it is.
    case raw(TypeReference)

    /// The Swift type of the route's `body` value.
    public var type: TypeReference {
        switch self {
        case .json(let type), .form(let type), .multipart(let type), .raw(let type): type
        }
    }
}

/// What a response body holds.
public enum ResponseBody: Hashable, Sendable {
    /// JSON decoded as the type.
    case json(TypeReference)
    /// The bytes (`Data`).
    case data
    /// The text (`String`): UTF-8, or a JSON string when the body is JSON.
    case text

    /// The Swift type it becomes.
    public var swiftType: String { swiftType(qualifier: "") }

    /// The Swift type it becomes, with the API's models prefixed by `qualifier` (see ``TypeReference``).
    public func swiftType(qualifier: String) -> String {
        switch self {
        case .json(let type): type.swiftType(qualifier: qualifier)
        case .data: "Data"
        case .text: "String"
        }
    }
}

/// What calling an endpoint returns.
public enum EndpointResult: Hashable, Sendable {
    /// Nothing: any 2xx.
    case none
    /// One 2xx body (`response:`).
    case body(ResponseBody)
    /// One of several outcomes by status (`responses:`): the Swift name of the generated enum.
    case outcomes(String)
    /// A stream of server-sent events, each decoded as the type (`events:`).
    case events(TypeReference)
}

/// The models decoded from error bodies: by status, and for every other status.
public struct ErrorModels: Hashable, Sendable {
    /// Status and model's Swift name, in written order.
    public var byStatus: [StatusModel]
    /// The model for the statuses not listed.
    public var `default`: String?

    /// A status and the model of its body.
    public struct StatusModel: Hashable, Sendable {
        public var status: Int
        public var model: String

        /// Creates the pair.
        public init(status: Int, model: String) {
            self.status = status
            self.model = model
        }
    }

    /// Creates the table.
    public init(byStatus: [StatusModel] = [], default: String? = nil) {
        self.byStatus = byStatus
        self.default = `default`
    }
}

/// A path, query or header parameter: a ``WireValue`` (its fields read as the parameter's own) and, for a path
/// parameter, whether its value may span segments.
@dynamicMemberLookup
public struct Parameter: Hashable, Sendable {
    /// Its names, type, doc comment, wire form and defaults.
    public var value: WireValue
    /// For a path parameter: whether its value may span segments (`allow_slashes: true`).
    public var allowsSlashes: Bool

    /// A field of ``value``.
    public subscript<Field>(dynamicMember field: WritableKeyPath<WireValue, Field>) -> Field {
        get { value[keyPath: field] }
        set { value[keyPath: field] = newValue }
    }

    /// Creates a parameter.
    public init(
        name: Name, type: TypeReference, description: String? = nil, allowsSlashes: Bool = false,
        style: ParameterStyle? = nil, format: DateFormat? = nil, defaultValue: LiteralValue? = nil,
        serverDefault: LiteralValue? = nil
    ) {
        self.value = WireValue(
            name: name, type: type, description: description, style: style, format: format,
            defaultValue: defaultValue, serverDefault: serverDefault)
        self.allowsSlashes = allowsSlashes
    }
}

/// How a list (or, for `deepObject`, a model) is written in a query or a form (`style:`).
public enum ParameterStyle: String, CaseIterable, Hashable, Sendable {
    case `repeat`
    case brackets
    case comma
    case deepObject
}

/// The HTTP methods a spec may use.
public enum HTTPMethod: String, CaseIterable, Hashable, Sendable {
    case get = "GET"
    case post = "POST"
    case put = "PUT"
    case patch = "PATCH"
    case delete = "DELETE"
    case head = "HEAD"

    /// Whether a request with this method carries a body without `allow_body: true` (GET and HEAD do not: some
    /// transports cannot send one).
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

    /// A query item the path itself writes (`/responses?beta=true`), sent with every request.
    public struct ConstantQueryItem: Hashable, Sendable {
        /// The name, percent-decoded.
        public var name: String
        /// The value, percent-decoded; empty for a name alone.
        public var value: String

        /// Creates an item.
        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// The path as written in the spec.
    public var template: String
    /// The pieces, in order.
    public var segments: [Segment]
    /// The query items written after the path's `?`, in order.
    public var constantQuery: [ConstantQueryItem]

    /// Creates a path.
    public init(template: String, segments: [Segment], constantQuery: [ConstantQueryItem] = []) {
        self.template = template
        self.segments = segments
        self.constantQuery = constantQuery
    }

    /// The parameter names, in the order the path uses them.
    public var parameterNames: [String] {
        segments.compactMap {
            if case .parameter(let name) = $0 { return name }
            return nil
        }
    }
}

/// How a list endpoint pages (`pagination:`): each next request sets a query parameter to a value the page before
/// gives, until there is no more. The generated `<endpoint>Pages` method walks it.
public struct Pagination: Hashable, Sendable {
    /// Where the next request's value comes from.
    public enum Next: Hashable, Sendable {
        /// This property (a `String`) of the page's last item: Stripe's `starting_after` set to the last `id`.
        case lastItem(Name)
        /// This property (a `String?`) of the response: a next-page token; nil ends the list.
        case token(Name)
        /// The page number, from 1 (the first request sends none); an empty page ends the list.
        case pageNumber
        /// How many items came before (the first request sends none); an empty page ends the list.
        case offset
    }

    /// The response's property that holds a page's items.
    public var items: Name
    /// The items' model.
    public var itemModel: String
    /// The query parameter each next request sets.
    public var parameter: Name
    /// Where its value comes from.
    public var next: Next
    /// The response's `Bool` property that says whether another page follows.
    public var hasMore: Name?

    /// Creates the description.
    public init(items: Name, itemModel: String, parameter: Name, next: Next, hasMore: Name? = nil) {
        self.items = items
        self.itemModel = itemModel
        self.parameter = parameter
        self.next = next
        self.hasMore = hasMore
    }

    /// Whether the value the next request sets is a number (a page or an offset) rather than text.
    public var isNumbered: Bool {
        switch next {
        case .pageNumber, .offset: true
        case .lastItem, .token: false
        }
    }
}
