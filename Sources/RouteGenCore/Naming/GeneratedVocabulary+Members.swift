/// The member and local names generated code declares, which a spec's endpoints and properties must not take as they
/// are (see ``GeneratedVocabulary``).
extension GeneratedVocabulary {
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
}
