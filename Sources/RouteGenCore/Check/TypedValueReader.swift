/// Reads the value of a property or parameter: a type in short form (`tag: String?`) or long form
/// (`owner: { type: Owner?, description: … }`).
enum TypedValueReader {
    struct Value {
        var type: TypeReference
        var description: String?
        var isDeprecated: Bool
        /// Where the type is written, for later diagnostics about it.
        var typeLocation: SourceLocation
    }

    static let longFormKeys = ["type", "description", "deprecated"]

    static func read(
        _ node: SyntaxNode, context: String, owner: SourceLocation, resolver: TypeResolver,
        diagnostics: inout Diagnostics
    ) -> Value? {
        guard node.entries != nil else {
            return resolver.resolve(node, diagnostics: &diagnostics).map {
                Value(type: $0, description: nil, isDeprecated: false, typeLocation: node.location)
            }
        }
        guard
            let mapping = MappingReader(
                node, context: context, known: longFormKeys, required: ["type"], owner: owner, diagnostics: &diagnostics)
        else { return nil }
        let description = mapping.text("description", context: context, diagnostics: &diagnostics)
        let isDeprecated = mapping.flag("deprecated", context: context, diagnostics: &diagnostics)
        guard let typeNode = mapping["type"]?.value else { return nil }
        return resolver.resolve(typeNode, diagnostics: &diagnostics).map {
            Value(type: $0, description: description, isDeprecated: isDeprecated, typeLocation: typeNode.location)
        }
    }
}
