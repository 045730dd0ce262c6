/// The member and local names generated code declares, which a spec's endpoints and properties must not take as they
/// are (see ``GeneratedVocabulary``).
extension GeneratedVocabulary {
    /// Members of the generated `RequestHandler`, `MockRequestHandler` and `APIRoute`, and the locals of their
    /// members' bodies (`send`'s `request`), as their templates declare them (`{{access}}var method:` declares
    /// `method`), with `init` and the one a value declares (`staticHeadersDeclaration`): an endpoint deriving to one
    /// gets `_`. `GeneratedVocabularyTests` checks the built-in templates declare no other, but the locals of the
    /// endpoints' own methods (`route`, `arguments`): a method names its route case and the requirement it calls
    /// through the namespace or `self`, so an endpoint may be named like them.
    static let handlerMembers: Set<String> = [
        "authentication", "client", "decoder", "descriptor", "encoder", "endpoints", "enveloped", "environment", "headers",
        "method", "name", "path", "queryItems", "recordedCalls", "request", "send", "storage", "init", "staticHeaders",
    ]

    /// The locals of the endpoints' methods, which need no reserving (see ``handlerMembers``).
    static let endpointMethodLocals: Set<String> = ["route", "arguments"]

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
}
