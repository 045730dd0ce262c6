/// Parses `auth:` values: `none`, `bearer`, `basic`, `header <Name>`, `query <name>`, or a list of two or more of
/// these but `none`, any one of which the server accepts (`[basic, bearer]`). An item of the list that is itself a
/// list names schemes the server requires at once (`[[header PLAID-CLIENT-ID, header PLAID-SECRET]]`).
enum AuthSchemeParser {
    static let keywords = ["none", "bearer", "basic", "header", "query"]

    static func parse(_ node: SyntaxNode, diagnostics: inout Diagnostics) -> AuthScheme? {
        guard let items = node.items else { return parseOne(node, diagnostics: &diagnostics) }
        guard
            let schemes = distinctSchemes(
                items, noneError: "`none` cannot be one of several schemes",
                noneHint: "write `auth: none` for an endpoint that needs no credential", diagnostics: &diagnostics,
                parseItem: { item, diagnostics in
                    item.items == nil ? parseOne(item, diagnostics: &diagnostics) : parseAll(item, diagnostics: &diagnostics)
                })
        else { return nil }
        guard schemes.count > 1 else {
            guard let only = schemes.first else {
                diagnostics.error("`auth` lists no scheme", at: node.textStart, hint: usage)
                return nil
            }
            return only
        }
        return .anyOf(schemes)
    }

    /// A list among the alternatives: two or more single schemes but `none`, all required at once.
    private static func parseAll(_ node: SyntaxNode, diagnostics: inout Diagnostics) -> AuthScheme? {
        guard
            let schemes = distinctSchemes(
                node.items ?? [], noneError: "`none` cannot be required with other schemes", diagnostics: &diagnostics,
                parseItem: { item, diagnostics in
                    guard item.items == nil else {
                        diagnostics.error(
                            "schemes required at once are single schemes, not a list", at: item.textStart,
                            hint: "write `[[header A, header B]]` for two headers sent together")
                        return nil
                    }
                    return parseOne(item, diagnostics: &diagnostics)
                })
        else { return nil }
        guard schemes.count > 1 else {
            diagnostics.error(
                "schemes required at once must be two or more", at: node.textStart,
                hint: schemes.first.map { "write `\($0.specSpelling)` alone" } ?? usage)
            return nil
        }
        return .allOf(schemes)
    }

    /// The schemes `items` name, each once and none of them `none`; nil after reporting every item that is not.
    private static func distinctSchemes(
        _ items: [SyntaxNode], noneError: String, noneHint: String? = nil, diagnostics: inout Diagnostics,
        parseItem: (SyntaxNode, inout Diagnostics) -> AuthScheme?
    ) -> [AuthScheme]? {
        var schemes: [AuthScheme] = []
        var isValid = true
        for item in items {
            guard let scheme = parseItem(item, &diagnostics) else {
                isValid = false
                continue
            }
            if scheme == .none {
                diagnostics.error(noneError, at: item.textStart, hint: noneHint)
                isValid = false
            } else if schemes.contains(scheme) {
                diagnostics.error("`\(scheme.specSpelling)` is listed twice", at: item.textStart)
                isValid = false
            } else {
                schemes.append(scheme)
            }
        }
        return isValid ? schemes : nil
    }

    private static func parseOne(_ node: SyntaxNode, diagnostics: inout Diagnostics) -> AuthScheme? {
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

    private static let usage =
        "write one of `none`, `bearer`, `basic`, `header <Name>` or `query <name>`, or a list of the schemes a server accepts, `[basic, bearer]`"
}
