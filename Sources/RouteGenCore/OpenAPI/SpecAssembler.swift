/// Puts the translated parts together into the spec's root: name and description, environments and hosts,
/// `auth`, shared `errors`, the models in the order the document writes their schemas, and the endpoints in the
/// order of their operations.
struct SpecAssembler {
    let state: TranslationState
    let root: DocumentNode

    func assemble(_ catalog: OperationCatalog, name: String) -> SyntaxNode {
        let location = root.location
        var entries: [(String, SyntaxNode)] = [("routegen", .text("1", at: location)), ("name", .text(name, at: location))]
        if let info = root["info"], let description = info.prose() ?? info.text("title") {
            entries.append(("description", .string(description, at: info.location)))
        }
        let servers = ServerTranslator(state: state)
        let environments = servers.environments(root["servers"], root: root)
        entries.append(
            ("environments", .mapping(environments.map { ($0.name, .string($0.url, at: $0.location)) }, at: location)))

        if let components = root["components"], components.node.entries == nil {
            state.unsupported("`components` that is not a mapping", at: components, consequence: "what refers into it is left out")
        }
        let schemes = root["components"]?["securitySchemes"]
        let requirements = [root["security"]] + catalog.operations.map { $0.node["security"] }
        let oauth = OAuthTranslator(
            state: state, schemes: schemes, requirements: requirements.compactMap { $0 }, serverURL: environments.first?.reference)
        let security = SecurityTranslator(state: state, schemes: schemes, oauth: oauth)
        // The document's `security` is that of every operation declaring none. When it names a scheme that is not
        // declared, those operations are left out (each reports it), not the whole document.
        let documentSecurity = root["security"]
        let brokenSecurity = documentSecurity.flatMap { security.declaresEveryScheme($0) ? nil : $0 }
        let auth = brokenSecurity == nil ? documentSecurity.flatMap(security.auth) : nil
        let operations = OperationTranslator(
            state: state, security: security, defaultAuth: auth, undeclaredDefaultSecurity: brokenSecurity)
        var hosts: [(name: String, urls: [String], location: SourceLocation)] = []
        var endpoints: [(String, SyntaxNode)] = []
        var errors: [SyntaxNode?] = []
        for operation in catalog.operations {
            var newHost: (name: String, urls: [String], location: SourceLocation)?
            let translated = state.operation(operation.name) { () -> OperationTranslator.Translated in
                let written = operation.node["servers"] ?? operation.pathItem["servers"]
                var host = servers.host(written, environments: environments)
                if let found = host {
                    if let known = hosts.first(where: { $0.urls == found.urls }) {
                        host = (known.name, known.urls)
                    } else {
                        var name = found.name
                        while hosts.contains(where: { $0.name == name }) || environments.contains(where: { $0.name == name }) { name += "Host" }
                        host = (name, found.urls)
                        newHost = (name, found.urls, written?.location ?? location)
                    }
                }
                return operations.translate(operation, host: host?.name)
            }
            guard let translated else { continue }
            if let newHost { hosts.append(newHost) }
            endpoints.append((operation.name, translated.endpoint))
            errors.append(translated.errors)
        }
        if !hosts.isEmpty {
            let list = hosts.map { host in
                let urls = zip(environments, host.urls).map { ($0.name, SyntaxNode.string($1, at: host.location)) }
                return (host.name, SyntaxNode.mapping(urls, at: host.location))
            }
            entries.append(("hosts", .mapping(list, at: location)))
        }
        if let auth { entries.append(("auth", .auth(auth, at: root["security"]?.location ?? location))) }
        if let oauth = oauth.node(at: schemes?.location ?? location) { entries.append(("oauth", oauth)) }
        let shared = sharedErrors(errors)
        if let shared { entries.append(("errors", shared)) }
        let models = TextNullStripper(state: state).strip(state.models.entries, sentBy: endpoints)
            .sorted { order($0.definition.location) < order($1.definition.location) }
        if !models.isEmpty {
            entries.append(("models", .mapping(models.map { ($0.name, $0.definition) }, at: location)))
        }
        let endpointNodes = zip(endpoints, errors).map { endpoint, errors -> (String, SyntaxNode) in
            guard let errors, shared == nil, case .mapping(var list) = endpoint.1.kind else { return endpoint }
            list.append(SyntaxEntry(key: "errors", keyLocation: errors.location, value: errors))
            return (endpoint.0, SyntaxNode(location: endpoint.1.location, kind: .mapping(list)))
        }
        entries.append(("endpoints", .mapping(endpointNodes, at: location)))
        for construct in ["webhooks"] {
            if let value = root[construct] { state.unsupported("`\(construct)`", at: value, consequence: "left out") }
        }
        return .mapping(entries, at: location)
    }

    /// One error model for the whole API, when every endpoint declares the same one for every status: the
    /// top-level `errors` apply to every endpoint, so one that declares none, or others, keeps its own.
    private func sharedErrors(_ errors: [SyntaxNode?]) -> SyntaxNode? {
        guard let first = errors.first??.text, errors.allSatisfy({ $0?.text == first }) else { return nil }
        return errors.first ?? nil
    }

    private func order(_ location: SourceLocation) -> (Int, String, Int, Int) {
        (location.file == root.file ? 0 : 1, location.file, location.line, location.column)
    }
}
