/// The type names generated code uses, which a spec's own names must not take: a model called `QueryItem` or
/// `Sendable` would be found first inside the API's namespace and change what the generated code means (a model
/// called `JSONValue` would make every `JSON` property decode as that model). The checker and the importer reserve
/// every name here (a model is given the suffix `Model`); `GeneratedVocabularyTests` reads every generated file of the
/// test suite and fails when the generated code names a type that is neither declared by it nor listed here, so the
/// list cannot fall behind the templates.
enum GeneratedVocabulary {
    /// The types every generated API declares in its namespace.
    static let generatedTypes: Set<String> = [
        "Environment", "APIRoute", "RequestHandling", "RouteSending", "RequestHandler", "MockRequestHandler",
        "MockEndpoints", "Expandable", "Arguments",
    ]

    /// The types of the runtime, the standard library and Foundation that generated code names without a module
    /// (the format's own primitive types, `Int` or `Date`, are reserved as such).
    static let externalTypes: Set<String> = [
        // RouteGenRuntime
        "APIErrorBody", "Authentication", "CursorPages", "EndpointExchange", "Enveloped", "ErrorBodies", "EventStream",
        "File", "FormEncoder", "HTTPClient", "HTTPHeaders", "HTTPMethod", "HTTPParameterValue", "HTTPRequest",
        "HTTPResponse", "HeaderValueError", "Indirect", "JSONCoding", "JSONKey", "JSONValue", "MockEndpoint",
        "MockEndpointError", "MockStorage", "PercentEncoding", "QueryItem", "ResponseReader", "RouteDescribing",
        "RouteDescriptor", "RouteGenError", "TypedResponse",
        // The standard library and Foundation
        "Any", "CancellationError", "Codable", "CodingKey", "Decodable", "Decoder", "Encodable", "Encoder", "Hashable",
        "Hasher", "JSONDecoder", "JSONEncoder", "Optional", "RawRepresentable", "Result", "Self", "Sendable", "Set",
        "Type", "Void",
        // Modules named in generated code
        "Foundation", "RouteGenRuntime", "Swift",
    ]

    /// Members of the generated `RequestHandler`, `MockRequestHandler` and `APIRoute`, and the locals of their
    /// methods, read from the templates that write them (`{{access}}var method:` declares `method`), with `init` and
    /// the one a value declares (`staticHeadersDeclaration`): an endpoint deriving to one gets `_`. A member added to
    /// one of these templates is reserved with no other edit.
    static let handlerMembers: Set<String> = Set(
        ["APIRoute.swift", "RequestHandling.swift", "EnvelopedMethod", "Mock.swift", "DescriptorChunk"].flatMap {
            declaredNames(in: BuiltInTemplates.all[$0] ?? "")
        }
    ).union(["init", "staticHeaders"])

    /// The names `template` declares with `var`, `let`, `func` or `case` outside comments (`descriptor` of
    /// `var descriptor{{index}}`).
    static func declaredNames(in template: String) -> Set<String> {
        var names: Set<String> = []
        for line in template.split(separator: "\n") where !line.drop(while: { $0 == " " }).hasPrefix("//") {
            // Words split at what no identifier holds, so `{{access}}var method` gives `var` then `method`.
            let words = line.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") })
            for (keyword, name) in zip(words, words.dropFirst())
            where ["var", "let", "func", "case"].contains(keyword) && line.contains(keyword + " " + name) {
                names.insert(String(name))
            }
        }
        return names
    }

    /// Static members of the generated `Environment`; an environment deriving to one gets `_`.
    static let environmentMembers: Set<String> = ["default", "allCases", "name", "baseURL", "init"]

    /// Names a route's descriptor declares beside its parameters (the body's label and its locals); a parameter
    /// deriving to one gets `_`.
    static let descriptorLocals: Set<String> = ["body", "routeQuery", "routeHeaders"]

    /// Members of a generated enum or union beside its cases (its forward-compatible `unknown` case, `rawValue`, …);
    /// a case deriving to one gets `_`.
    static let enumMembers: Set<String> = ["none", "unknown", "init", "rawValue", "allCases"]

    /// Members an enum of values declares besides ``enumMembers``.
    static let valueEnumMembers: Set<String> = ["knownCases", "httpParameterValue"]

    /// Every member and local name above, and the locals below: what a generated spec that collides with all of
    /// them is named after (`GeneratedVocabularyTests`).
    static var memberNames: Set<String> {
        handlerMembers.union(environmentMembers).union(descriptorLocals).union(enumMembers).union(valueEnumMembers)
            .union(codingLocals).union(routeSendingMembers)
    }

    /// The locals of a model's `init(from:)` and `encode(to:)`: a property named like one is written `self.container`.
    static let codingLocals: Set<String> = ["container", "encoder", "decoder"]

    /// The members of `RouteSending` an endpoint's handler method calls: a parameter named like one is written
    /// `self.send`.
    static let routeSendingMembers: Set<String> = ["send"]

    /// Every name a model or an API cannot take as it is.
    static let reservedTypeNames = generatedTypes.union(externalTypes).union(SwiftKeywords.unusableTypes)
}
