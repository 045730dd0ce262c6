import Foundation

/// Turns the document's `oauth2` and `openIdConnect` security schemes into the spec's `oauth:` schemes: each flow
/// (`authorizationCode`, `clientCredentials`, `deviceAuthorization`, `implicit`, `password`) with its URLs, the
/// scopes of every flow (the first description of a scope written by several), and an OpenID Connect scheme's
/// discovery URL. A scope a `security` requirement names that the scheme does not declare is declared without a
/// description (OpenID Connect schemes declare none; for an `oauth2` scheme it is reported).
///
/// A URL the spec cannot hold (not https, a fragment) or a flow without the URLs it needs is left out with a
/// warning; a scheme left without a flow is sent as `bearer`, as it was before RouteGen read OAuth. A relative URL
/// is kept as a path on the environment's host when it begins with `/`, else read against the first server.
struct OAuthTranslator {
    /// One scheme of the document that the spec declares under `oauth:`.
    struct Declared {
        /// Its key under `oauth:`: the document's name, made one word.
        var name: String
        /// Its `oauth:` entry.
        var node: SyntaxNode
    }

    /// The declared schemes by the document's name, and in the order the document writes them.
    private(set) var declared: [String: Declared] = [:]
    private(set) var order: [String] = []

    /// Reads every `oauth2` and `openIdConnect` scheme of `schemes`, declaring the scopes each of `requirements`
    /// (the document's `security` and every operation's) names; relative URLs not beginning with `/` are read
    /// against `serverURL`, the first server's as written.
    init(state: TranslationState, schemes: DocumentNode?, requirements: [DocumentNode], serverURL: String?) {
        // Sets beside the lists, here and below, so a document with thousands of scopes is read in linear time.
        var named: [String: [String]] = [:]
        var seen: [String: Set<String>] = [:]
        for requirement in requirements.flatMap(\.items) {
            for (name, _, scopes) in requirement.entries {
                for scope in scopes.items.compactMap(\.text) where seen[name, default: []].insert(scope).inserted {
                    named[name, default: []].append(scope)
                }
            }
        }
        let reader = Reader(state: state, serverURL: serverURL ?? "/")
        for (name, _, written) in schemes?.entries ?? [] {
            guard let scheme = state.quietlyResolved(written), let kind = scheme.text("type"),
                ["oauth2", "openIdConnect"].contains(kind)
            else { continue }
            var entries: [(String, SyntaxNode)] = []
            if let description = scheme.prose() {
                entries.append(("description", .string(description, at: scheme.location)))
            }
            var scopes: [(name: String, description: String?, location: SourceLocation)] = []
            if kind == "openIdConnect" {
                guard
                    let url = reader.url(scheme["openIdConnectUrl"], of: "`openIdConnectUrl` of `\(name)`", at: scheme)
                else {
                    continue
                }
                entries.append(("openid_connect", .string(url, at: scheme.location)))
            } else {
                let flows = reader.flows(of: scheme, named: name)
                guard !flows.isEmpty else { continue }
                entries += flows.map { ($0.key, $0.node) }
                scopes = flows.flatMap(\.scopes)
            }
            let declaredScopes = Set(scopes.map(\.name))
            for scope in named[name] ?? [] where !declaredScopes.contains(scope) {
                if kind == "oauth2" {
                    state.warning(
                        "the scope `\(scope)` is named by a `security` requirement but not declared by `\(name)`: it is declared without a description",
                        at: scheme)
                }
                scopes.append((scope, nil, scheme.location))
            }
            var unique: [(name: String, description: String?, location: SourceLocation)] = []
            var uniqueNames: Set<String> = []
            for scope in scopes where !uniqueNames.contains(scope.name) {
                guard HTTPSyntax.isScopeToken(scope.name) else {
                    state.unsupported(
                        "the scope `\(scope.name)` of `\(name)`, which is not an OAuth scope token,", at: scheme,
                        consequence: "left out")
                    continue
                }
                unique.append(scope)
                uniqueNames.insert(scope.name)
            }
            if !unique.isEmpty {
                let list = unique.map { ($0.name, SyntaxNode.string($0.description ?? "", at: $0.location)) }
                entries.append(("scopes", .mapping(list, at: scheme.location)))
            }
            var specName = String(name.map { $0.isWhitespace ? "_" : $0 })
            if specName.isEmpty { specName = "oauth" }
            while declared.values.contains(where: { $0.name == specName }) { specName += "_" }
            declared[name] = Declared(name: specName, node: .mapping(entries, at: scheme.location))
            order.append(name)
        }
    }

    /// The `auth` spelling of a requirement of the scheme `name` with `scopes`, or nil when `name` is not declared.
    func spelling(of name: String, scopes: DocumentNode) -> String? {
        guard let declared = declared[name] else { return nil }
        var words = ["oauth", declared.name]
        var written: Set<String> = []
        for scope in scopes.items.compactMap(\.text)
        where HTTPSyntax.isScopeToken(scope) && written.insert(scope).inserted {
            words.append(scope)
        }
        return words.joined(separator: " ")
    }

    /// The spec's `oauth:` mapping, or nil when the document has no scheme to declare.
    func node(at location: SourceLocation) -> SyntaxNode? {
        order.isEmpty ? nil : .mapping(order.compactMap { declared[$0].map { ($0.name, $0.node) } }, at: location)
    }

    /// Reads flows and URLs, reporting what it leaves out.
    private struct Reader {
        let state: TranslationState
        /// The first server's URL as the document writes it (`/`, as OpenAPI reads a document without one).
        let serverURL: String

        /// The document's flows and the spec's key for each.
        static let flowKeys: [(document: String, spec: OAuthFlow.Kind)] = [
            ("authorizationCode", .authorizationCode), ("clientCredentials", .clientCredentials),
            ("deviceAuthorization", .deviceAuthorization), ("implicit", .implicit), ("password", .password),
        ]

        /// The document's URL fields, the spec's key for each, and the flows that need it.
        static let urlKeys: [(document: String, spec: String, requiredBy: Set<OAuthFlow.Kind>)] = [
            ("authorizationUrl", "authorization_url", [.authorizationCode, .implicit]),
            ("deviceAuthorizationUrl", "device_authorization_url", [.deviceAuthorization]),
            ("tokenUrl", "token_url", [.authorizationCode, .clientCredentials, .deviceAuthorization, .password]),
            ("refreshUrl", "refresh_url", []),
        ]

        typealias Flow = (
            key: String, node: SyntaxNode, scopes: [(name: String, description: String?, location: SourceLocation)]
        )

        func flows(of scheme: DocumentNode, named name: String) -> [Flow] {
            guard let written = scheme["flows"], !written.entries.isEmpty else {
                state.unsupported(
                    "the OAuth 2 scheme `\(name)` without flows", at: scheme,
                    consequence: "its token is sent as a bearer token")
                return []
            }
            var flows: [Flow] = []
            for (documentKey, kind) in Self.flowKeys {
                guard let flow = written[documentKey] else { continue }
                let context = "the `\(documentKey)` flow of `\(name)`"
                var entries: [(String, SyntaxNode)] = []
                var isComplete = true
                for (documentURL, specKey, requiredBy) in Self.urlKeys
                where requiredBy.contains(kind) || specKey == "refresh_url" {
                    guard let value = flow[documentURL] else {
                        if requiredBy.contains(kind) {
                            state.unsupported(
                                "\(context) without `\(documentURL)`", at: flow, consequence: "left out")
                            isComplete = false
                        }
                        continue
                    }
                    guard let url = url(value, of: "`\(documentURL)` of \(context)", at: flow) else {
                        if requiredBy.contains(kind) { isComplete = false }
                        continue
                    }
                    entries.append((specKey, .string(url, at: value.location)))
                }
                guard isComplete else { continue }
                let scopes = (flow["scopes"]?.entries ?? []).map { ($0.key, $0.value.text, $0.keyLocation) }
                flows.append((kind.rawValue, .mapping(entries, at: flow.location), scopes))
            }
            if flows.isEmpty, !written.entries.isEmpty {
                state.unsupported(
                    "the OAuth 2 scheme `\(name)` without a flow RouteGen reads", at: scheme,
                    consequence: "its token is sent as a bearer token")
            } else if !flows.contains(where: { OAuthFlow.Kind(rawValue: $0.key)?.isRunByRuntime == true }) {
                state.warning(
                    "the OAuth 2 scheme `\(name)` has no flow RouteGen's runtime runs (`implicit` and `password` are read, "
                        + "not run): the app gets the token, which the client sends as a bearer token", at: scheme)
            }
            return flows
        }

        /// `value` as the spec writes an OAuth URL, or nil after a warning when the spec cannot hold it.
        func url(_ value: DocumentNode?, of what: String, at owner: DocumentNode) -> String? {
            guard let value, var text = value.text, !text.isEmpty else {
                state.unsupported("\(what) that is not a URL", at: value ?? owner, consequence: "left out")
                return nil
            }
            if URLComponents(string: text)?.scheme == nil, !text.hasPrefix("/"), let resolved = resolved(text) {
                text = resolved
            }
            if let problem = HTTPSyntax.problemWithOAuthURL(text) {
                state.unsupported("\(what) `\(text)` (\(problem.message))", at: value, consequence: "left out")
                return nil
            }
            return text
        }

        /// `relative` read against the first server's URL as written (RFC 3986: `oauth/token` against
        /// `https://a.example/v1/` is `https://a.example/v1/oauth/token`); a path on the environment's host when
        /// that URL is itself relative or missing, whose host only the app knows.
        private func resolved(_ relative: String) -> String? {
            let placeholder = URL(string: "https://server.invalid/")!
            guard let server = URL(string: serverURL, relativeTo: placeholder),
                let resolved = URL(string: relative, relativeTo: server.absoluteURL)?.absoluteURL
            else { return nil }
            if URLComponents(string: serverURL)?.scheme != nil { return resolved.absoluteString }
            guard let components = URLComponents(url: resolved, resolvingAgainstBaseURL: false) else { return nil }
            return components.percentEncodedPath + (components.percentEncodedQuery.map { "?" + $0 } ?? "")
        }
    }
}
