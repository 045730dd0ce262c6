/// Parses `auth:` values: `none`, `bearer`, `basic`, `header <Name>`, `query <name>`, `oauth <scheme> <scope> …`
/// (a scheme of `oauth:`, whose token is sent as a bearer token, and the scopes it needs, separated by spaces as in
/// OAuth's own `scope`), or a list of two or more of these but `none`, any one of which the server accepts
/// (`[basic, bearer]`). An item of the list that is itself a list names schemes the server requires at once
/// (`[[header PLAID-CLIENT-ID, header PLAID-SECRET]]`).
struct AuthSchemeParser {
    static let keywords = ["none", "bearer", "basic", "header", "query", "oauth"]

    /// The valid schemes of `oauth:`.
    var oauthSchemes: [OAuthScheme] = []
    /// Every name written under `oauth:`, valid or not: naming a broken scheme is not reported again.
    var writtenOAuthSchemes: Set<String> = []

    /// What an `auth` value says: how the credential is sent, and which OAuth schemes and scopes its tokens are for.
    struct Parsed: Hashable {
        /// How the credential is sent (an OAuth scheme's token as `bearer`).
        var scheme: AuthScheme
        /// The OAuth schemes `auth` names, with their scopes, in written order.
        var oauth: [OAuthRequirement] = []

        /// The alternatives or the schemes at once of `parts`, whose credentials `combine` sends: one token of several
        /// OAuth schemes is still one bearer token.
        static func combining(_ parts: [Parsed], _ combine: ([AuthScheme]) -> AuthScheme) -> Parsed {
            var schemes: [AuthScheme] = []
            for part in parts where !schemes.contains(part.scheme) { schemes.append(part.scheme) }
            var oauth: [OAuthRequirement] = []
            for requirement in parts.flatMap(\.oauth) where !oauth.contains(requirement) { oauth.append(requirement) }
            return Parsed(scheme: schemes.count == 1 ? schemes[0] : combine(schemes), oauth: oauth)
        }

        /// How it reads in a message: the scheme's spelling, or for an OAuth scheme the text as `written`.
        func spelling(written: SyntaxNode) -> String {
            oauth.isEmpty ? scheme.specSpelling : written.text ?? scheme.specSpelling
        }
    }

    /// What `node`, an `auth:` value, says; nil after reporting every mistake in it.
    func parse(_ node: SyntaxNode, diagnostics: inout Diagnostics) -> Parsed? {
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
                diagnostics.error("`auth` lists no scheme", at: node.textStart, hint: Self.usage)
                return nil
            }
            return only
        }
        return .combining(schemes, AuthScheme.anyOf)
    }

    /// A list among the alternatives: two or more single schemes but `none`, all required at once.
    private func parseAll(_ node: SyntaxNode, diagnostics: inout Diagnostics) -> Parsed? {
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
                hint: zip(schemes, node.items ?? []).first(where: { _ in true }).map { "write `\($0.spelling(written: $1))` alone" }
                    ?? Self.usage)
            return nil
        }
        return .combining(schemes, AuthScheme.allOf)
    }

    /// The schemes `items` name, each once and none of them `none`; nil after reporting every item that is not.
    private func distinctSchemes(
        _ items: [SyntaxNode], noneError: String, noneHint: String? = nil, diagnostics: inout Diagnostics,
        parseItem: (SyntaxNode, inout Diagnostics) -> Parsed?
    ) -> [Parsed]? {
        var schemes: [Parsed] = []
        var isValid = true
        for item in items {
            guard let scheme = parseItem(item, &diagnostics) else {
                isValid = false
                continue
            }
            if scheme.scheme == .none {
                diagnostics.error(noneError, at: item.textStart, hint: noneHint)
                isValid = false
            } else if schemes.contains(scheme) {
                diagnostics.error("`\(scheme.spelling(written: item))` is listed twice", at: item.textStart)
                isValid = false
            } else {
                schemes.append(scheme)
            }
        }
        return isValid ? schemes : nil
    }

    private func parseOne(_ node: SyntaxNode, diagnostics: inout Diagnostics) -> Parsed? {
        guard let text = node.text else {
            diagnostics.error("`auth` must be text, not \(node.kindDescription)", at: node.textStart, hint: Self.usage)
            return nil
        }
        let words = text.split(separator: " ").map(String.init)
        switch (words.first?.lowercased(), words.count) {
        case ("none", 1): return Parsed(scheme: .none)
        case ("bearer", 1): return Parsed(scheme: .bearer)
        case ("basic", 1): return Parsed(scheme: .basic)
        case ("header", 2):
            guard HTTPSyntax.isToken(words[1]) else {
                diagnostics.error("`\(words[1])` is not a valid header name", at: node.textStart)
                return nil
            }
            return Parsed(scheme: .header(words[1]))
        case ("query", 2): return Parsed(scheme: .query(words[1]))
        case ("oauth", _): return parseOAuth(node, text: text, diagnostics: &diagnostics)
        case ("header", _), ("query", _):
            diagnostics.error(
                "`auth: \(words[0])` needs exactly one name after it", at: node.textStart,
                hint: words[0].lowercased() == "header" ? "write `auth: header X-API-Key`" : "write `auth: query api_key`")
            return nil
        default:
            let first = words.first ?? ""
            diagnostics.error(
                "unknown auth scheme `\(text)`" + (Suggestion.didYouMean(first, among: Self.keywords).map { "; \($0)" } ?? ""),
                at: node.textStart, hint: Self.usage)
            return nil
        }
    }

    /// `oauth <scheme> <scope> …`: a scheme of `oauth:` and scopes it declares, each reported where it is written.
    private func parseOAuth(_ node: SyntaxNode, text: String, diagnostics: inout Diagnostics) -> Parsed? {
        let words = Self.words(of: text)
        let location = { (offset: Int) in
            var start = node.textStart
            if !text.contains("\n") { start.column += offset }
            return start
        }
        guard words.count > 1 else {
            diagnostics.error(
                "`auth: oauth` needs the name of a scheme of `oauth:`", at: node.textStart,
                hint: "write `auth: oauth <scheme> <scope> …`, with the scopes the endpoint needs")
            return nil
        }
        let name = words[1].word
        guard let scheme = oauthSchemes.first(where: { $0.name == name }) else {
            if !writtenOAuthSchemes.contains(name) {
                diagnostics.error(
                    "`auth` names the OAuth scheme `\(name)`, which `oauth:` does not declare"
                        + (Suggestion.didYouMean(name, among: writtenOAuthSchemes.sorted()).map { "; \($0)" } ?? ""),
                    at: location(words[1].offset))
            }
            return nil
        }
        // Sets, so an endpoint naming thousands of a scheme's thousands of scopes is checked in linear time.
        let declared = Set(scheme.scopes.map(\.name))
        var scopes: [String] = []
        var listed: Set<String> = []
        var isValid = true
        for (scope, offset) in words.dropFirst(2) {
            if !listed.insert(scope).inserted {
                diagnostics.error("the scope `\(scope)` is listed twice", at: location(offset))
                isValid = false
            } else if !declared.contains(scope) {
                diagnostics.error(
                    "the OAuth scheme `\(name)` declares no scope `\(scope)`"
                        + (Suggestion.didYouMean(scope, among: scheme.scopes.map(\.name)).map { "; \($0)" } ?? ""),
                    at: location(offset), hint: "declare it under `scopes:` of `oauth: \(name)`")
                isValid = false
            } else {
                scopes.append(scope)
            }
        }
        return isValid ? Parsed(scheme: .bearer, oauth: [OAuthRequirement(scheme: name, scopes: scopes)]) : nil
    }

    /// The space-separated words of `text` and the offset of each, in Unicode scalars as columns count.
    private static func words(of text: String) -> [(word: String, offset: Int)] {
        var words: [(word: String, offset: Int)] = []
        var current = ""
        var start = 0
        for (offset, scalar) in text.unicodeScalars.enumerated() {
            if scalar == " " {
                if !current.isEmpty { words.append((current, start)) }
                current = ""
            } else {
                if current.isEmpty { start = offset }
                current.unicodeScalars.append(scalar)
            }
        }
        if !current.isEmpty { words.append((current, start)) }
        return words
    }

    private static let usage =
        "write one of `none`, `bearer`, `basic`, `header <Name>`, `query <name>` or `oauth <scheme> <scope> …`, or a list of the schemes a server accepts, `[basic, bearer]`"
}
