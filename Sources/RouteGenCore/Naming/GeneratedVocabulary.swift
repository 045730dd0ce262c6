/// The type names generated code uses, which a spec's own names must not take: a model called `QueryItem` or
/// `Sendable` would be found first inside the API's namespace and change what the generated code means (a model
/// called `JSONValue` would make every `JSON` property decode as that model). The checker and the translator reserve
/// every name here (a model is given the suffix `Model`); `GeneratedVocabularyTests` reads every generated file of the
/// test suite and fails when the generated code names a type that is neither declared by it nor listed here, so the
/// list cannot fall behind the templates. The type names need only the standard library, so the build plugins compile
/// this file (a symbolic link in their folders, with `SwiftKeywords.swift` and `PrimitiveType.swift`) and name an
/// OpenAPI document's API as the translator does; the member names are in `GeneratedVocabulary+Members.swift`.
enum GeneratedVocabulary {
    /// The types every generated API declares in its namespace.
    static let generatedTypes: Set<String> = [
        "Environment", "APIRoute", "RequestHandling", "RouteSending", "RequestHandler", "MockRequestHandler",
        "MockEndpoints", "Expandable", "Arguments",
    ]

    /// The types an API with OAuth schemes (`oauth:`) declares: `OAuth` in its namespace, and in `OAuth` the flows'
    /// types beside each scheme's enum, whose own `Scope` and `RequiredScopes` a scheme cannot take either.
    static let oauthTypes: Set<String> = [
        "OAuth", "AuthorizationCodeFlow", "ClientCredentialsFlow", "DeviceAuthorizationFlow", "ImplicitFlow",
        "PasswordFlow", "Scope", "RequiredScopes",
    ]

    /// The types of the runtime, the standard library and Foundation that generated code names without a module
    /// (the format's own primitive types, `Int` or `Date`, are reserved as such).
    static let externalTypes: Set<String> = [
        // RouteGenRuntime
        "APIErrorBody", "Authentication", "CursorPages", "EndpointExchange", "Enveloped", "ErrorBodies", "EventStream",
        "File", "FormEncoder", "HTTPTransport", "HeaderFields", "RequestMethod", "HTTPParameterValue", "APIRequest",
        "APIResponse", "HeaderValueError", "Indirect", "JSONCoding", "JSONKey", "JSONValue", "MockEndpoint",
        "MockEndpointError", "MockStorage", "PercentEncoding", "QueryItem", "ResponseReader", "RouteDescribing",
        "RouteDescriptor", "RouteGenError", "TypedResponse",
        // The standard library and Foundation
        "Any", "CancellationError", "Codable", "CodingKey", "Decodable", "Decoder", "Encodable", "Encoder", "Hashable",
        "Hasher", "JSONDecoder", "JSONEncoder", "Optional", "RawRepresentable", "Result", "Self", "Sendable", "Set",
        "Type", "Void",
        // Modules named in generated code
        "Foundation", "RouteGenRuntime", "Swift",
    ]

    /// Every name a model or an API cannot take as it is.
    static let reservedTypeNames = generatedTypes.union(externalTypes).union(SwiftKeywords.unusableTypes)

    /// Whether a type the generated code declares around other code (an API's namespace, an endpoint's `Arguments`
    /// struct) can take the Swift name `swift`: not a name the generated code uses (an API named `Data` would hide
    /// Foundation's `Data` from all of its code), nor one of the format's types.
    static func isFreeTypeName(_ swift: String) -> Bool {
        !reservedTypeNames.contains(swift) && PrimitiveType(rawValue: swift) == nil
    }
}
