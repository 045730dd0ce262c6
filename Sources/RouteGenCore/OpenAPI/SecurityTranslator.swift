/// Turns security requirements into `auth`: the first scheme of the first requirement, as RouteGen sends one
/// credential per request.
///
/// HTTP `bearer`, OAuth 2 and OpenID Connect become `bearer` (each sends a bearer token); HTTP `basic` becomes
/// `basic`; an API key becomes `header <Name>` or `query <name>`. An empty requirement (`security: []`, or `{}`
/// among the alternatives) means the operation can be called without credentials: `none`.
struct SecurityTranslator {
    let session: ImportSession
    let schemes: DocumentNode?

    /// The `auth` value of a `security` list, or nil when it cannot be expressed (after a warning).
    func auth(_ security: DocumentNode) -> String? {
        guard let requirement = security.items.first else { return "none" }
        if security.items.contains(where: { $0.entries.isEmpty }) { return "none" }
        guard let (name, _, _) = requirement.entries.first else { return "none" }
        if requirement.entries.count > 1 {
            session.unsupported(
                "a requirement of several schemes at once", at: requirement, consequence: "only `\(name)` is sent")
        }
        guard let declared = schemes?[name], let (scheme, _) = session.resolve(declared) else {
            session.error("the security scheme `\(name)` is not declared in `components.securitySchemes`", at: requirement)
            return nil
        }
        switch (scheme.text("type"), scheme.text("scheme")?.lowercased(), scheme.text("in")) {
        case ("http", "bearer", _), ("oauth2", _, _), ("openIdConnect", _, _): return "bearer"
        case ("http", "basic", _): return "basic"
        case ("apiKey", _, "header"): return scheme.text("name").map { "header \($0)" }
        case ("apiKey", _, "query"): return scheme.text("name").map { "query \($0)" }
        default:
            session.unsupported(
                "the security scheme `\(name)`", at: scheme,
                consequence: "no credential is sent; add it with a header-injecting client")
            return "none"
        }
    }
}
