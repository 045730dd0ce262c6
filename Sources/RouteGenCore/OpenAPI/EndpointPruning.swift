/// The endpoints and models of an imported spec, seen as parts that can be left out one by one: which part a
/// checker error is in, which endpoints use a model, and the spec without some endpoints (and the models only
/// they used).
///
/// Every node of an imported spec carries the location of the OpenAPI construct it came from, so an error is
/// traced to its part by location. A location in an endpoint is that endpoint's; one in a model is the model's,
/// and leaving the model out leaves out every endpoint that uses it, directly or through other models.
struct EndpointPruning {
    private let root: SyntaxNode
    private let endpoints: [SyntaxEntry]
    private let models: [SyntaxEntry]
    /// For each model, the models its definition names.
    private let modelReferences: [String: Set<String>]
    /// For each endpoint, the models it names directly.
    private let endpointReferences: [String: Set<String>]
    /// Whether the spec has shared `errors`, which every endpoint uses.
    private let sharedErrors: Set<String>

    init(_ spec: SyntaxNode) {
        root = spec
        let entries = spec.entries ?? []
        endpoints = entries.first { $0.key == "endpoints" }?.value.entries ?? []
        models = entries.first { $0.key == "models" }?.value.entries ?? []
        let names = Set(models.map(\.key))
        modelReferences = Dictionary(uniqueKeysWithValues: models.map { ($0.key, Self.names(in: $0.value, among: names)) })
        endpointReferences = Dictionary(uniqueKeysWithValues: endpoints.map { ($0.key, Self.names(in: $0.value, among: names)) })
        sharedErrors = entries.first { $0.key == "errors" }.map { Self.names(in: $0.value, among: names) } ?? []
    }

    /// The endpoints an error makes wrong: the endpoint it is in, or every endpoint that uses the model it is in.
    /// Nil when it is in neither (the spec as a whole is wrong).
    func endpoints(affectedBy error: Diagnostic) -> [String]? {
        if let endpoint = endpoints.first(where: { Self.contains($0, error.location) }) { return [endpoint.key] }
        guard let model = models.first(where: { Self.contains($0, error.location) })?.key else { return nil }
        guard !sharedErrors.contains(model) else { return nil }
        return endpoints.map(\.key).filter { reachable(from: endpointReferences[$0] ?? []).contains(model) }
    }

    /// Whether an error is in the shared `errors` (the top-level key, or a model it uses that no endpoint names).
    /// Every endpoint decodes error bodies with them, so leaving out the endpoints would leave out them all.
    func isInSharedErrors(_ error: Diagnostic) -> Bool {
        if let entry = (root.entries ?? []).first(where: { $0.key == "errors" }), Self.contains(entry, error.location) { return true }
        guard let model = models.first(where: { Self.contains($0, error.location) })?.key else { return false }
        return reachable(from: sharedErrors).contains(model)
            && !endpoints.contains { reachable(from: endpointReferences[$0.key] ?? []).contains(model) }
    }

    /// The spec without its shared `errors` (error bodies then are not typed) and the models only they used.
    func removingSharedErrors() -> SyntaxNode {
        let entries = (root.entries ?? []).filter { $0.key != "errors" }
        return EndpointPruning(SyntaxNode(location: root.location, kind: .mapping(entries))).removing([])
    }

    /// The spec without `leftOut` endpoints and without the models no remaining endpoint uses.
    func removing(_ leftOut: Set<String>) -> SyntaxNode {
        let kept = endpoints.filter { !leftOut.contains($0.key) }
        let used = reachable(from: kept.reduce(into: sharedErrors) { $0.formUnion(endpointReferences[$1.key] ?? []) })
        let entries = (root.entries ?? []).map { entry -> SyntaxEntry in
            var entry = entry
            switch entry.key {
            case "endpoints": entry.value.kind = .mapping(kept)
            case "models": entry.value.kind = .mapping(models.filter { used.contains($0.key) })
            default: break
            }
            return entry
        }
        return SyntaxNode(location: root.location, kind: .mapping(entries))
    }

    /// Every model `start` names, directly or through other models.
    private func reachable(from start: Set<String>) -> Set<String> {
        Reachability.nodes(from: start) { Array(modelReferences[$0] ?? []) }
    }

    /// The names among `names` that the values under `node` mention, its prose aside. `keysAreNames` says that the
    /// mapping's keys are wire names (of properties, parameters, fields), so a property named `description` is
    /// read like any other.
    private static func names(in node: SyntaxNode, among names: Set<String>, keysAreNames: Bool = false) -> Set<String> {
        switch node.kind {
        case .scalar(let text, _):
            let words = text.split { !($0.isLetter || $0.isNumber || $0 == "_") }.map(String.init)
            return Set(words).intersection(names)
        case .sequence(let items):
            return items.reduce(into: []) { $0.formUnion(Self.names(in: $1, among: names)) }
        case .mapping(let entries):
            return entries.filter { keysAreNames || !prose.contains($0.key) }.reduce(into: []) {
                $0.formUnion(Self.names(in: $1.value, among: names, keysAreNames: !keysAreNames && namedEntries.contains($1.key)))
            }
        }
    }

    /// The keys whose values are documentation.
    private static let prose: Set<String> = ["description", "summary", "example", "examples"]
    /// The keys whose values are mappings keyed by wire names.
    private static let namedEntries: Set<String> = [
        "properties", "params", "query", "headers", "form", "multipart", "body", "response_headers", "responses", "errors",
    ]

    /// Whether the entry's key or any node under it is at `location`.
    private static func contains(_ entry: SyntaxEntry, _ location: SourceLocation) -> Bool {
        entry.keyLocation == location || contains(entry.value, location)
    }

    /// A scalar contains the positions of its characters too: the checker points at the character it rejects.
    private static func contains(_ node: SyntaxNode, _ location: SourceLocation) -> Bool {
        if node.location == location { return true }
        switch node.kind {
        case .scalar(let text, _):
            return node.location.file == location.file && node.location.line == location.line
                && (node.location.column...(node.location.column + text.count + 1)).contains(location.column)
        case .sequence(let items): return items.contains { contains($0, location) }
        case .mapping(let entries): return entries.contains { contains($0, location) }
        }
    }
}
