/// Shorthands for building the RouteGen spec tree the translator produces. Every node carries the location of the
/// OpenAPI construct it came from, so the checker's findings point into the OpenAPI document.
extension SyntaxNode {
    /// A scalar.
    static func text(_ text: String, at location: SourceLocation) -> SyntaxNode {
        SyntaxNode(location: location, kind: .scalar(text: text, isPlain: true))
    }

    /// A scalar that is text whatever it reads like: `"true"`, `"42"` and `""` stay strings.
    static func string(_ text: String, at location: SourceLocation) -> SyntaxNode {
        SyntaxNode(location: location, kind: .scalar(text: text, isPlain: false))
    }

    /// A mapping of `entries`, in order, each key at the mapping's location.
    static func mapping(_ entries: [(String, SyntaxNode)], at location: SourceLocation) -> SyntaxNode {
        SyntaxNode(
            location: location,
            kind: .mapping(entries.map { SyntaxEntry(key: $0.0, keyLocation: $0.1.location, value: $0.1) }))
    }

    /// A sequence.
    static func list(_ items: [SyntaxNode], at location: SourceLocation) -> SyntaxNode {
        SyntaxNode(location: location, kind: .sequence(items))
    }
}
