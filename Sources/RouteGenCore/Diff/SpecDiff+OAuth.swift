extension SpecDiff {
    /// `oauth:`: the schemes, each one's flows and their URLs, its OpenID Connect discovery URL, its scopes and its
    /// description. A scheme or a scope removed is breaking (what an app asked for is gone); one added is additive;
    /// where a client gets its tokens is behaviour.
    func compareOAuthSchemes(_ old: [OAuthScheme], _ new: [OAuthScheme], _ context: inout Context) {
        let newNames = Set(new.map(\.name))
        for scheme in old where !newNames.contains(scheme.name) {
            context.add(
                .breaking, "OAuth scheme `\(scheme.name)` was removed", path: ["oauth", scheme.name], removed: true)
        }
        let oldByName = Dictionary(old.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        for scheme in new {
            let path = ["oauth", scheme.name]
            guard let was = oldByName[scheme.name] else {
                context.add(.additive, "OAuth scheme `\(scheme.name)` was added", path: path, removed: false)
                continue
            }
            let noun = "OAuth scheme `\(scheme.name)`"
            if was.source != scheme.source {
                context.add(
                    .behaviour,
                    "\(noun) gets tokens from \(Self.origin(scheme.source)), was \(Self.origin(was.source))", path: path
                )
            }
            let names = (old: Set(was.scopes.map(\.name)), new: Set(scheme.scopes.map(\.name)))
            for scope in was.scopes where !names.new.contains(scope.name) {
                context.add(
                    .breaking, "scope `\(scope.name)` of \(noun) was removed", path: path + ["scopes", scope.name],
                    removed: true)
            }
            for scope in scheme.scopes where !names.old.contains(scope.name) {
                context.add(
                    .additive, "scope `\(scope.name)` of \(noun) was added", path: path + ["scopes", scope.name],
                    removed: false)
            }
            let shared = (
                old: was.scopes.filter { names.new.contains($0.name) },
                new: scheme.scopes.filter { names.old.contains($0.name) }
            )
            context.compareDocumentation(
                of: noun, old: [was.description] + shared.old.map(\.description),
                new: [scheme.description] + shared.new.map(\.description), path: path)
        }
    }

    /// Where a scheme's tokens come from, as a change reads it: each flow with its URLs, or the discovery URL.
    private static func origin(_ source: OAuthScheme.Source) -> String {
        switch source {
        case .openIDConnect(let url): return "the OpenID Connect provider `\(url)`"
        case .flows(let flows):
            return flows.map { flow in
                let urls = [flow.authorizationURL, flow.deviceAuthorizationURL, flow.tokenURL, flow.refreshURL]
                    .compactMap { $0 }
                return "`\(flow.kind.rawValue)` (" + urls.joined(separator: ", ") + ")"
            }.joined(separator: ", ")
        }
    }
}
