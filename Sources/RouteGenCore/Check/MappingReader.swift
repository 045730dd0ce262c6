/// Reads one mapping of a spec against the keys it may hold: reports unknown keys (with "did you mean") and
/// missing required keys, then hands out the entries by key.
struct MappingReader {
    /// The mapping's node.
    let node: SyntaxNode
    private let entriesByKey: [String: SyntaxEntry]

    /// Reads `node` as a mapping described as `context` ("endpoint `getPet`"); nil, with an error, if it is not one.
    /// Missing required keys are reported at `owner` (the key whose value this mapping is), or at the mapping.
    init?(
        _ node: SyntaxNode, context: String, known: [String], required: [String] = [], owner: SourceLocation? = nil,
        diagnostics: inout Diagnostics
    ) {
        guard let entries = node.entries else {
            diagnostics.error("\(context) must be a mapping, not \(node.kindDescription)", at: node.location)
            return nil
        }
        self.node = node
        var byKey: [String: SyntaxEntry] = [:]
        for entry in entries {
            byKey[entry.key] = entry
            guard known.contains(entry.key) else {
                diagnostics.error(
                    "unknown key `\(entry.key)` in \(context)" + (Suggestion.didYouMean(entry.key, among: known).map { "; \($0)" } ?? ""),
                    at: entry.keyLocation,
                    hint: entry.key == "<<" ? "YAML merge keys are not supported; write the keys out" : nil)
                continue
            }
        }
        for key in required where byKey[key] == nil {
            diagnostics.error("\(context) is missing required key `\(key)`", at: owner ?? node.location)
        }
        self.entriesByKey = byKey
    }

    /// The entry for `key`, if written.
    subscript(key: String) -> SyntaxEntry? { entriesByKey[key] }

    /// The entries of `keys` that are written, in the order they are written: for keys that exclude one another,
    /// where every one after the first is reported.
    func written(_ keys: [String]) -> [SyntaxEntry] {
        keys.compactMap { entriesByKey[$0] }
            .sorted { ($0.keyLocation.line, $0.keyLocation.column) < ($1.keyLocation.line, $1.keyLocation.column) }
    }

    /// The text of `key`'s value. Reports an error when it is written but is not text.
    func text(_ key: String, context: String, diagnostics: inout Diagnostics) -> String? {
        guard let entry = entriesByKey[key] else { return nil }
        guard let text = entry.value.text else {
            diagnostics.error(
                "`\(key)` of \(context) must be text, not \(entry.value.kindDescription)", at: entry.value.location)
            return nil
        }
        return text
    }

    /// A `true` / `false` value of `key`, false when absent.
    func flag(_ key: String, context: String, diagnostics: inout Diagnostics) -> Bool {
        guard let entry = entriesByKey[key] else { return false }
        switch entry.value.text {
        case "true", "True", "TRUE", "yes": return true
        case "false", "False", "FALSE", "no": return false
        default:
            diagnostics.error("`\(key)` of \(context) must be `true` or `false`", at: entry.value.location)
            return false
        }
    }
}
