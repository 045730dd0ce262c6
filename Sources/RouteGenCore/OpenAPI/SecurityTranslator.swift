/// Turns security requirements into `auth`: each alternative requirement's schemes, in order, so a client that holds
/// the credential of any of them sends it (Stripe's `[[basicAuth], [bearerAuth]]` is `[basic, bearer]`), and a
/// requirement of several schemes at once sends each (Plaid's `[{clientId, secret, plaidVersion}]` is
/// `[[header PLAID-CLIENT-ID, header PLAID-SECRET, header Plaid-Version]]`).
///
/// An OAuth 2 or OpenID Connect scheme becomes `oauth <scheme> <scope> …`, the scheme declared under `oauth:`
/// (``OAuthTranslator``) and the requirement's scopes; one the spec cannot declare, and HTTP `bearer`, become
/// `bearer` (each sends a bearer token); HTTP `basic` becomes `basic`; an API key becomes `header <Name>` or
/// `query <name>`. No requirement (`security: []`) means the
/// operation is called without credentials: `none`. An empty requirement beside others (`[{apiKey: []}, {}]`) makes
/// the credential optional: the others' schemes, so a client that holds the credential sends it (as `none`, the key
/// was never sent).
struct SecurityTranslator {
    let state: TranslationState
    let schemes: DocumentNode?
    /// The schemes declared under `oauth:`.
    let oauth: OAuthTranslator

    /// The `auth` spellings of a `security` list, one list per alternative with a spelling per scheme (`[["none"]]`
    /// when no credential is sent), or nil when none can be expressed (after a warning or an error).
    func auth(_ security: DocumentNode) -> [[String]]? {
        guard security.items.contains(where: { !$0.entries.isEmpty }) else { return [["none"]] }
        var alternatives: [[String]] = []
        for requirement in security.items {
            var spellings: [String] = []
            for (name, _, scopes) in requirement.entries {
                guard let declared = schemes?[name], let (scheme, _) = state.resolve(declared) else {
                    state.error("the security scheme `\(name)` is not declared in `components.securitySchemes`", at: requirement)
                    return nil
                }
                if let spelling = spelling(of: scheme, named: name, scopes: scopes), !spellings.contains(spelling) {
                    spellings.append(spelling)
                }
            }
            if !spellings.isEmpty, !alternatives.contains(spellings) { alternatives.append(spellings) }
        }
        return alternatives.isEmpty ? [["none"]] : alternatives
    }

    /// Whether every requirement of `security` names schemes `components.securitySchemes` declares.
    func declaresEveryScheme(_ security: DocumentNode) -> Bool {
        security.items.allSatisfy { requirement in
            requirement.entries.allSatisfy { name, _, _ in schemes?[name].flatMap(state.quietlyResolved) != nil }
        }
    }

    /// The `auth` spelling of one declared scheme, or nil (after a warning) for a kind RouteGen cannot send.
    private func spelling(of scheme: DocumentNode, named name: String, scopes: DocumentNode) -> String? {
        if let spelling = oauth.spelling(of: name, scopes: scopes) { return spelling }
        switch (scheme.text("type"), scheme.text("scheme")?.lowercased(), scheme.text("in")) {
        case ("http", "bearer", _), ("oauth2", _, _), ("openIdConnect", _, _): return "bearer"
        case ("http", "basic", _): return "basic"
        case ("apiKey", _, "header"): return scheme.text("name").map { "header \($0)" }
        case ("apiKey", _, "query"): return scheme.text("name").map { "query \($0)" }
        default:
            state.unsupported(
                "the security scheme `\(name)`", at: scheme,
                consequence: "no credential is sent; add it with a header-injecting client")
            return nil
        }
    }
}

extension SyntaxNode {
    /// The `auth` node of alternatives, each the spellings of the schemes it requires at once: one scheme as text,
    /// several alternatives as a list, several schemes at once as a list within it.
    static func auth(_ alternatives: [[String]], at location: SourceLocation) -> SyntaxNode {
        let nodes = alternatives.map { schemes in
            schemes.count == 1 ? SyntaxNode.string(schemes[0], at: location) : .list(schemes.map { .string($0, at: location) }, at: location)
        }
        return alternatives.count == 1 && alternatives[0].count == 1 ? nodes[0] : .list(nodes, at: location)
    }
}
