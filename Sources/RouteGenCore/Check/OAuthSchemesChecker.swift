/// Checks `oauth:`: the OAuth 2 and OpenID Connect schemes `auth: oauth <scheme>` names, each with its flows (or
/// its OpenID Connect discovery URL), their URLs and the scopes a client can ask for.
enum OAuthSchemesChecker {
    /// The keys a scheme may have: its flows, `openid_connect`, `scopes` and `description`.
    static let schemeKeys = OAuthFlow.Kind.allCases.map(\.rawValue) + ["openid_connect", "scopes", "description"]

    /// The checked schemes; a scheme with an error is reported and left out.
    static func check(_ entry: SyntaxEntry, diagnostics: inout Diagnostics) -> [OAuthScheme] {
        guard let schemes = entry.value.entries else {
            if !entry.value.isNull {
                diagnostics.error(
                    "`oauth` must be a mapping of scheme names, not \(entry.value.kindDescription)",
                    at: entry.value.location,
                    hint: "write `oauth: { example: { client_credentials: { token_url: https://… } } }`")
            }
            return []
        }
        // Each scheme is an enum in the generated `OAuth`, beside the flows' types, around code naming the API's
        // `Environment` and the standard library's types. An imported document's scheme names, like any server's
        // scopes, are not the spec's to choose: two that make one Swift name are told apart by a number.
        var names = NameScope(
            what: "OAuth scheme",
            reserved: Dictionary(
                uniqueKeysWithValues: GeneratedVocabulary.reservedTypeNames.union(GeneratedVocabulary.oauthTypes)
                    .union(PrimitiveType.allCases.map(\.rawValue)).map { ($0, "Scheme") }))
        return schemes.compactMap { scheme in
            var found = Diagnostics()
            var checked = checkScheme(scheme, diagnostics: &found)
            let swift = SwiftNaming.typeName(scheme.key)
            checked?.swiftName = names.claimDistinct(wire: scheme.key, swift: swift, at: scheme.keyLocation).swift
            diagnostics.append(contentsOf: found)
            return found.hasErrors ? nil : checked
        }
    }

    private static func checkScheme(_ entry: SyntaxEntry, diagnostics: inout Diagnostics) -> OAuthScheme? {
        let context = "OAuth scheme `\(entry.key)`"
        if entry.key.isEmpty || entry.key.contains(where: \.isWhitespace) {
            diagnostics.error(
                "OAuth scheme name `\(entry.key)` must be one word: `auth: oauth <scheme> <scope> …` separates words by spaces",
                at: entry.keyLocation)
        }
        guard
            let mapping = MappingReader(
                entry.value, context: context, known: schemeKeys, owner: entry.keyLocation, diagnostics: &diagnostics)
        else { return nil }
        let description = mapping.text("description", context: context, diagnostics: &diagnostics)
        let flows = OAuthFlow.Kind.allCases.compactMap { kind in
            mapping[kind.rawValue].flatMap { checkFlow(kind, $0, scheme: context, diagnostics: &diagnostics) }
        }
        let writtenFlows = mapping.written(OAuthFlow.Kind.allCases.map(\.rawValue))
        let scopes = mapping["scopes"].map { checkScopes($0, scheme: context, diagnostics: &diagnostics) } ?? []

        let source: OAuthScheme.Source
        if let discovery = mapping["openid_connect"] {
            if let flow = writtenFlows.first {
                diagnostics.error(
                    "\(context) has both `openid_connect` and the flow `\(flow.key)`", at: flow.keyLocation,
                    hint: "an OpenID Connect provider's discovery document names its endpoints: keep one of them")
            }
            guard let url = checkURL(discovery, key: "openid_connect", of: context, diagnostics: &diagnostics) else {
                return nil
            }
            source = .openIDConnect(discoveryURL: url)
        } else {
            guard !writtenFlows.isEmpty else {
                diagnostics.error(
                    "\(context) declares no flow and no `openid_connect`", at: entry.keyLocation,
                    hint:
                        "add `authorization_code: { authorization_url: https://…, token_url: https://… }`, another flow, "
                        + "or `openid_connect: https://…/.well-known/openid-configuration`")
                return nil
            }
            source = .flows(flows)
        }
        return OAuthScheme(name: entry.key, description: description, source: source, scopes: scopes)
    }

    /// The URLs each flow needs, then the ones it may have.
    private static func urlKeys(of kind: OAuthFlow.Kind) -> (required: [String], optional: [String]) {
        switch kind {
        case .authorizationCode: (["authorization_url", "token_url"], ["refresh_url"])
        case .clientCredentials, .password: (["token_url"], ["refresh_url"])
        case .deviceAuthorization: (["device_authorization_url", "token_url"], ["refresh_url"])
        case .implicit: (["authorization_url"], ["refresh_url"])
        }
    }

    private static func checkFlow(
        _ kind: OAuthFlow.Kind, _ entry: SyntaxEntry, scheme: String, diagnostics: inout Diagnostics
    ) -> OAuthFlow? {
        let context = "the `\(kind.rawValue)` flow of \(scheme)"
        let keys = urlKeys(of: kind)
        guard
            let mapping = MappingReader(
                entry.value, context: context, known: keys.required + keys.optional, required: keys.required,
                owner: entry.keyLocation, diagnostics: &diagnostics)
        else { return nil }
        var urls: [String: String] = [:]
        for key in keys.required + keys.optional {
            guard let written = mapping[key] else { continue }
            urls[key] = checkURL(written, key: key, of: context, diagnostics: &diagnostics)
        }
        return OAuthFlow(
            kind: kind, authorizationURL: urls["authorization_url"], tokenURL: urls["token_url"],
            refreshURL: urls["refresh_url"], deviceAuthorizationURL: urls["device_authorization_url"])
    }

    private static func checkURL(
        _ entry: SyntaxEntry, key: String, of context: String, diagnostics: inout Diagnostics
    ) -> String? {
        guard let text = entry.value.text else {
            diagnostics.error(
                "`\(key)` of \(context) must be a URL, not \(entry.value.kindDescription)", at: entry.value.location)
            return nil
        }
        if let problem = HTTPSyntax.problemWithOAuthURL(text) {
            diagnostics.error(problem.message, at: entry.value.textStart, hint: problem.hint)
            return nil
        }
        return text
    }

    /// `scopes:`: each scope token and the description of what it grants (or an empty value).
    private static func checkScopes(_ entry: SyntaxEntry, scheme: String, diagnostics: inout Diagnostics)
        -> [OAuthScope]
    {
        guard let entries = entry.value.entries else {
            if !entry.value.isNull {
                diagnostics.error(
                    "`scopes` of \(scheme) must be a mapping of each scope to what it grants, not \(entry.value.kindDescription)",
                    at: entry.value.location, hint: "write `scopes: { read:pets: Read your pets. }`")
            }
            return []
        }
        var names = NameScope(what: "scope of \(scheme)", reserved: ModelChecker.reservedCaseNames)
        return entries.compactMap { scope in
            guard HTTPSyntax.isScopeToken(scope.key) else {
                diagnostics.error(
                    "`\(scope.key)` of \(scheme) is not an OAuth scope: a scope is printable ASCII without spaces, `\"` or `\\`",
                    at: scope.keyLocation)
                return nil
            }
            guard scope.value.isNull || scope.value.text != nil else {
                diagnostics.error(
                    "the description of scope `\(scope.key)` must be text, not \(scope.value.kindDescription)",
                    at: scope.value.location)
                return nil
            }
            return OAuthScope(
                name: scope.key,
                swiftName: names.claimDistinct(
                    wire: scope.key, swift: SwiftNaming.memberName(scope.key), at: scope.keyLocation
                ).swift,
                description: scope.value.text.flatMap { $0.isEmpty ? nil : $0 })
        }
    }
}
