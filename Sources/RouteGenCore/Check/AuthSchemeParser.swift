/// Parses `auth:` values: `none`, `bearer`, `basic`, `header <Name>`, `query <name>`.
enum AuthSchemeParser {
    static let keywords = ["none", "bearer", "basic", "header", "query"]

    static func parse(_ node: SyntaxNode, diagnostics: inout Diagnostics) -> AuthScheme? {
        guard let text = node.text else {
            diagnostics.error("`auth` must be text, not \(node.kindDescription)", at: node.textStart, hint: usage)
            return nil
        }
        let words = text.split(separator: " ").map(String.init)
        switch (words.first?.lowercased(), words.count) {
        case ("none", 1): return AuthScheme.none
        case ("bearer", 1): return .bearer
        case ("basic", 1): return .basic
        case ("header", 2):
            guard HTTPSyntax.isToken(words[1]) else {
                diagnostics.error("`\(words[1])` is not a valid header name", at: node.textStart)
                return nil
            }
            return .header(words[1])
        case ("query", 2): return .query(words[1])
        case ("header", _), ("query", _):
            diagnostics.error(
                "`auth: \(words[0])` needs exactly one name after it", at: node.textStart,
                hint: words[0].lowercased() == "header" ? "write `auth: header X-API-Key`" : "write `auth: query api_key`")
            return nil
        default:
            let first = words.first ?? ""
            diagnostics.error(
                "unknown auth scheme `\(text)`" + (Suggestion.didYouMean(first, among: keywords).map { "; \($0)" } ?? ""),
                at: node.textStart, hint: usage)
            return nil
        }
    }

    private static let usage = "write one of `none`, `bearer`, `basic`, `header <Name>` or `query <name>`"
}
