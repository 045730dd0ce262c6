/// A checked spec: every type resolved and every Swift name decided. The output of the check stage and the
/// input of rendering, so templates never make naming, escaping or ordering decisions of their own.
public struct API: Hashable, Sendable {
    /// The spec file it came from.
    public var sourceFile: String
    /// The namespace name (`name:`).
    public var name: Name
    /// Doc comment text.
    public var description: String?
    /// A path segment sent between the base URL and every path, like `v1`.
    public var version: String?
    /// The servers, in written order; the first is the default.
    public var environments: [APIEnvironment]
    /// Other hosts some endpoints live on (`hosts:`), in written order.
    public var hosts: [APIHost]
    /// Headers sent with every request, in written order.
    public var headers: [HeaderField]
    /// How `Date`s are written unless a property or parameter says otherwise (`dates:`).
    public var dates: DateFormat
    /// How lists are written in queries and forms unless a parameter or field says otherwise (`query_arrays:`).
    public var queryArrays: ParameterStyle
    /// How requests authenticate unless an endpoint says otherwise.
    public var auth: AuthScheme
    /// The OAuth schemes, and their scopes, the tokens of ``auth`` are for unless an endpoint says otherwise.
    public var oauth: [OAuthRequirement] = []
    /// The OAuth 2 and OpenID Connect schemes (`oauth:`), in written order.
    public var oauthSchemes: [OAuthScheme] = []
    /// The model decoded from non-2xx bodies, if the spec declares one.
    public var errorModel: String?
    /// How 2xx bodies wrap their payload, if they do.
    public var envelope: Envelope?
    /// Models in written order; inline bodies follow the spec's own models.
    public var models: [Model]
    /// Endpoints in written order.
    public var endpoints: [Endpoint]

    /// Creates an API.
    public init(
        sourceFile: String, name: Name, description: String? = nil, version: String? = nil,
        environments: [APIEnvironment], hosts: [APIHost] = [], dates: DateFormat = .dateTime,
        queryArrays: ParameterStyle = .repeat, headers: [HeaderField] = [], auth: AuthScheme = .none,
        errorModel: String? = nil, envelope: Envelope? = nil, models: [Model] = [], endpoints: [Endpoint] = []
    ) {
        self.sourceFile = sourceFile
        self.name = name
        self.description = description
        self.version = version
        self.environments = environments
        self.hosts = hosts
        self.dates = dates
        self.queryArrays = queryArrays
        self.headers = headers
        self.auth = auth
        self.errorModel = errorModel
        self.envelope = envelope
        self.models = models
        self.endpoints = endpoints
    }

    /// The model with this Swift name.
    public func model(named swiftName: String) -> Model? {
        models.first { $0.name.swift == swiftName }
    }
}

/// A server the API runs on.
public struct APIEnvironment: Hashable, Sendable {
    /// The spec's key and the Swift static property name.
    public var name: Name
    /// The absolute `http` or `https` base URL, as written.
    public var baseURL: String

    /// Creates an environment.
    public init(name: Name, baseURL: String) {
        self.name = name
        self.baseURL = baseURL
    }
}

/// Another host of the API (`hosts:`): its URL in every environment.
public struct APIHost: Hashable, Sendable {
    /// The spec's key, which endpoints name in `host:`.
    public var name: String
    /// The base URL in each environment, in the order of the environments.
    public var baseURLs: [String]

    /// Creates a host.
    public init(name: String, baseURLs: [String]) {
        self.name = name
        self.baseURLs = baseURLs
    }
}

/// A fixed header sent with every request.
public struct HeaderField: Hashable, Sendable {
    /// The header name.
    public var name: String
    /// Its value.
    public var value: String

    /// Creates a header.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}

/// How a request proves who it is for.
public enum AuthScheme: Hashable, Sendable {
    /// No credentials.
    case none
    /// `Authorization: Bearer <token>`.
    case bearer
    /// `Authorization: Basic <user:password>`.
    case basic
    /// The token in the named header, as is.
    case header(String)
    /// The token in the named query parameter.
    case query(String)
    /// Any one of these schemes (two or more, none of them `none` or `anyOf`): the credential a client holds for one
    /// of them is sent.
    indirect case anyOf([AuthScheme])
    /// All of these single schemes at once (two or more, none of them `none`): a credential for each is sent.
    indirect case allOf([AuthScheme])

    /// The spec's spelling: `none`, `bearer`, `header X-API-Key`, `query api_key`, `[basic, bearer]`, and for several
    /// schemes at once `[[header A, header B]]` (`[[header A, header B], bearer]` among alternatives).
    public var specSpelling: String {
        switch self {
        case .allOf: "[" + alternativeSpelling + "]"
        case .anyOf(let schemes): "[" + schemes.map(\.alternativeSpelling).joined(separator: ", ") + "]"
        default: alternativeSpelling
        }
    }

    /// The spelling of one alternative of a list.
    private var alternativeSpelling: String {
        switch self {
        case .none: "none"
        case .bearer: "bearer"
        case .basic: "basic"
        case .header(let name): "header \(name)"
        case .query(let name): "query \(name)"
        case .allOf(let schemes): "[" + schemes.map(\.alternativeSpelling).joined(separator: ", ") + "]"
        case .anyOf(let schemes): "[" + schemes.map(\.alternativeSpelling).joined(separator: ", ") + "]"
        }
    }
}

/// How every 2xx body wraps its payload (for example `{"expectedResponse": …, "metadata": …}`).
public struct Envelope: Hashable, Sendable {
    /// The key holding each endpoint's response.
    public var payloadKey: String
    /// The Swift name of the metadata model, if metadata is declared.
    public var metadataModel: String?
    /// The key holding the metadata.
    public var metadataKey: String

    /// Creates an envelope.
    public init(payloadKey: String, metadataModel: String? = nil, metadataKey: String = "metadata") {
        self.payloadKey = payloadKey
        self.metadataModel = metadataModel
        self.metadataKey = metadataKey
    }
}
