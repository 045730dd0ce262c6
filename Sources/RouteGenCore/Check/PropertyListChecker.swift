/// Checks a mapping of properties: a model's `properties:` or an endpoint's inline `body:`.
enum PropertyListChecker {
    /// The properties, and where each is written (by wire name).
    struct Result {
        var properties: [Property] = []
        var locations: [String: SourceLocation] = [:]
    }

    static func check(
        _ node: SyntaxNode, owner: String, resolver: TypeResolver, diagnostics: inout Diagnostics
    ) -> Result {
        var result = Result()
        if node.isNull { return result }
        guard let entries = node.entries else {
            diagnostics.error(
                "the properties of \(owner) must be a mapping of names to types, not \(node.kindDescription)",
                at: node.location)
            return result
        }
        var scope = NameScope(what: "property", reserved: NameScope.unusableMemberSuffixes)
        for entry in entries {
            let name = scope.claimMember(entry.key, at: entry.keyLocation, diagnostics: &diagnostics)
            let context = "property `\(entry.key)` of \(owner)"
            guard
                let value = TypedValueReader.read(
                    entry.value, context: context, owner: entry.keyLocation, resolver: resolver, diagnostics: &diagnostics)
            else { continue }
            result.properties.append(
                Property(name: name, type: value.type, description: value.description, isDeprecated: value.isDeprecated))
            result.locations[entry.key] = entry.keyLocation
        }
        return result
    }
}
