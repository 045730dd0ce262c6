/// Turns security requirements into `auth`: each alternative requirement's scheme, in order, so a client that holds
/// the credential of any of them sends it (Stripe's `[[basicAuth], [bearerAuth]]` is `[basic, bearer]`).
///
/// HTTP `bearer`, OAuth 2 and OpenID Connect become `bearer` (each sends a bearer token); HTTP `basic` becomes
/// `basic`; an API key becomes `header <Name>` or `query <name>`. An empty requirement (`security: []`, or `{}`
/// among the alternatives) means the operation can be called without credentials: `none`. A requirement of several
/// schemes at once sends its first.
struct SecurityTranslator {
    let session: ImportSession
    let schemes: DocumentNode?

    /// The `auth` spellings of a `security` list, one per alternative (`["none"]` when credentials are optional), or
    /// nil when none can be expressed (after a warning or an error).
    func auth(_ security: DocumentNode) -> [String]? {
        guard !security.items.isEmpty, !security.items.contains(where: { $0.entries.isEmpty }) else { return ["none"] }
        var alternatives: [String] = []
        for requirement in security.items {
            guard let (name, _, _) = requirement.entries.first else { continue }
            if requirement.entries.count > 1 {
                session.unsupported(
                    "a requirement of several schemes at once", at: requirement, consequence: "only `\(name)` is sent")
            }
            guard let declared = schemes?[name], let (scheme, _) = session.resolve(declared) else {
                session.error("the security scheme `\(name)` is not declared in `components.securitySchemes`", at: requirement)
                return nil
            }
            if let spelling = spelling(of: scheme, named: name), !alternatives.contains(spelling) { alternatives.append(spelling) }
        }
        return alternatives.isEmpty ? ["none"] : alternatives
    }

    /// Whether every requirement of `security` names a scheme `components.securitySchemes` declares.
    func declaresEveryScheme(_ security: DocumentNode) -> Bool {
        security.items.allSatisfy { requirement in
            guard let (name, _, _) = requirement.entries.first else { return true }
            return schemes?[name].flatMap(session.quietlyResolved) != nil
        }
    }

    /// The `auth` spelling of one declared scheme, or nil (after a warning) for a kind RouteGen cannot send.
    private func spelling(of scheme: DocumentNode, named name: String) -> String? {
        switch (scheme.text("type"), scheme.text("scheme")?.lowercased(), scheme.text("in")) {
        case ("http", "bearer", _), ("oauth2", _, _), ("openIdConnect", _, _): return "bearer"
        case ("http", "basic", _): return "basic"
        case ("apiKey", _, "header"): return scheme.text("name").map { "header \($0)" }
        case ("apiKey", _, "query"): return scheme.text("name").map { "query \($0)" }
        default:
            session.unsupported(
                "the security scheme `\(name)`", at: scheme,
                consequence: "no credential is sent; add it with a header-injecting client")
            return nil
        }
    }
}

extension SyntaxNode {
    /// The `auth` node of alternative spellings: one as text, several as a list.
    static func auth(_ alternatives: [String], at location: SourceLocation) -> SyntaxNode {
        alternatives.count == 1
            ? .string(alternatives[0], at: location) : .list(alternatives.map { .string($0, at: location) }, at: location)
    }
}
