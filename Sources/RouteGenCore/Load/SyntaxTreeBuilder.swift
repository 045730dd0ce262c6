import Yams

/// Turns a Yams node tree into a ``SyntaxNode`` tree, enforcing the loader's depth and alias limits.
///
/// Yams resolves an alias by handing back the anchored node itself, so an alias shows up as a node whose
/// start position was already visited. Counting those bounds the "billion laughs" expansion.
struct SyntaxTreeBuilder {
    let file: String
    let limits: SpecLoader.Limits
    /// Non-fatal findings (keys that are not text).
    private(set) var diagnostics = Diagnostics()
    /// The limit that stopped the build, if one did.
    private(set) var failure: Diagnostic?

    private struct Visit: Hashable {
        var line: Int
        var column: Int
        var kind: Int
    }

    private var visited = Set<Visit>()
    private var aliasExpansions = 0

    init(file: String, limits: SpecLoader.Limits) {
        self.file = file
        self.limits = limits
    }

    /// Builds the tree under `node`; nil once a limit is exceeded (see ``failure``).
    mutating func build(_ node: Node, parent: SourceLocation, depth: Int) -> SyntaxNode? {
        let location = node.mark.map { SourceLocation(file: file, line: $0.line, column: $0.column) } ?? parent
        guard depth <= limits.maxDepth else {
            failure = Diagnostic(
                .error, "nesting is deeper than \(limits.maxDepth) levels", at: location,
                hint: "a spec needs only a few levels; check for runaway brackets")
            return nil
        }
        guard countVisit(of: node, at: location) else { return nil }
        switch node {
        case .scalar(let scalar):
            return SyntaxNode(location: location, kind: .scalar(text: scalar.string, isPlain: scalar.style == .plain))
        case .sequence(let sequence):
            var items: [SyntaxNode] = []
            items.reserveCapacity(sequence.count)
            for item in sequence {
                guard let built = build(item, parent: location, depth: depth + 1) else { return nil }
                items.append(built)
            }
            return SyntaxNode(location: location, kind: .sequence(items))
        case .mapping(let mapping):
            var entries: [SyntaxEntry] = []
            entries.reserveCapacity(mapping.count)
            for (key, value) in mapping {
                let keyLocation = key.mark.map { SourceLocation(file: file, line: $0.line, column: $0.column) } ?? location
                guard let built = build(value, parent: keyLocation, depth: depth + 1) else { return nil }
                guard case .scalar(let keyScalar) = key else {
                    diagnostics.error(
                        "mapping keys must be plain text, not a list or mapping", at: keyLocation,
                        hint: "YAML `? ` complex keys and `[a, b]:` keys are not used in specs")
                    continue
                }
                entries.append(SyntaxEntry(key: keyScalar.string, keyLocation: keyLocation, value: built))
            }
            return SyntaxNode(location: location, kind: .mapping(entries))
        case .alias:
            failure = Diagnostic(.error, "unresolved YAML alias", at: location)
            return nil
        }
    }

    /// Records a visit; false (with ``failure`` set) once aliases have added too many nodes.
    private mutating func countVisit(of node: Node, at location: SourceLocation) -> Bool {
        let kind: Int
        switch node {
        case .scalar: kind = 0
        case .sequence: kind = 1
        case .mapping: kind = 2
        case .alias: kind = 3
        }
        guard !visited.insert(Visit(line: location.line, column: location.column, kind: kind)).inserted else {
            return true
        }
        aliasExpansions += 1
        guard aliasExpansions <= limits.maxAliasExpansion else {
            failure = Diagnostic(
                .error, "YAML aliases expand to more than \(limits.maxAliasExpansion) nodes", at: location,
                hint: "write the repeated part out, or reference fewer aliases")
            return false
        }
        return true
    }
}
