/// A schema as the spec writes a type: an expression of the type grammar (`Int64`, `[Pet]`, `[String: Int]`)
/// and what the long form adds beside it.
struct TranslatedType {
    /// The type without its `?`.
    var expression: String
    /// Whether null is a value (3.0 `nullable`, a 3.1 `null` type, a `null` variant or enum value).
    var isNullable = false
    /// Whether a form field accepts the empty string to clear it (Stripe's `anyOf: [T, enum: [""]]`): an optional
    /// one is spelled `T??`, whose `.some(nil)` sends `key=`.
    var isClearable = false
    /// The wire form of a `Date`, when it is not RFC 3339 date-time.
    var dateFormat: String?
    /// The schema's `default`, when it is a value the type can take: what the server assumes when the value is
    /// absent.
    var defaultValue: SyntaxNode?
    /// The schema's description.
    var description: String?
    /// Whether the schema is deprecated.
    var isDeprecated = false

    /// Any JSON value: what a schema RouteGen cannot type becomes.
    static let json = TranslatedType(expression: "JSON")

    /// The type as written for a value that is `optional` (not required) or nullable.
    func spelled(optional: Bool) -> String {
        expression + (optional || isNullable ? "?" : "") + (optional && isClearable ? "?" : "")
    }

    /// The value of a property or parameter: the short form `Type?` when the type says everything, otherwise the
    /// long form with `type` and the rest (`extra` holds keys of the caller's, like `style`).
    func node(optional: Bool, extra: [(String, SyntaxNode)] = [], at location: SourceLocation) -> SyntaxNode {
        var entries: [(String, SyntaxNode)] = [("type", .text(spelled(optional: optional), at: location))]
        if let description { entries.append(("description", .string(description, at: location))) }
        if isDeprecated { entries.append(("deprecated", .text("true", at: location))) }
        if let dateFormat { entries.append(("format", .text(dateFormat, at: location))) }
        // OpenAPI's `default` is what the server assumes when a value is absent: an optional value is sent only when
        // the caller sets it. A required one is always sent, so its default is the argument's.
        if let defaultValue { entries.append((optional ? "server_default" : "default", defaultValue)) }
        entries += extra
        return entries.count == 1 ? entries[0].1 : .mapping(entries, at: location)
    }
}
