/// The values of the API's OAuth schemes (`oauth:`), which `Namespace.swift.mustache` writes as the enum `OAuth`: each
/// scheme's flows with their URLs, its OpenID Connect discovery URL, its scopes and the scopes each endpoint needs.
extension TemplateContext {
    /// `oauth`, absent when the API declares no scheme.
    func oauth() -> TemplateValues? {
        guard !api.oauthSchemes.isEmpty else { return nil }
        let kinds = Set(
            api.oauthSchemes.flatMap { scheme -> [OAuthFlow.Kind] in
                guard case .flows(let flows) = scheme.source else { return [] }
                return flows.map(\.kind)
            })
        return [
            .oauthSchemes: api.oauthSchemes.map(oauthScheme),
            .flowTypes: OAuthFlow.Kind.allCases.filter(kinds.contains).map { kind in
                let shape = OAuthFlowShape(kind)
                return [
                    .flowType: shape.type, .doc: CommentLine.lines([shape.typeDoc]),
                    .urls: shape.urls.map { url in
                        [.label: url.label, .isOptional: !url.isRequired, .doc: CommentLine.lines([url.doc])]
                            as TemplateValues
                    },
                ] as TemplateValues
            },
        ]
    }

    private func oauthScheme(_ scheme: OAuthScheme) -> TemplateValues {
        // A blank description documents nothing: the scheme's enum is then documented by its name, as without one.
        let written = SwiftSpelling.documentation(scheme.description)
        var values: TemplateValues = [
            .name: scheme.swiftName,
            .doc: CommentLine.lines(written.isEmpty ? ["The scheme `\(scheme.name)`."] : written),
            .scopes: scheme.scopes.map {
                [
                    .name: SwiftKeywords.escaped($0.swiftName), .value: SwiftSpelling.stringLiteral($0.name),
                    .doc: CommentLine.lines(SwiftSpelling.documentation($0.description)),
                ] as TemplateValues
            },
            .hasScopes: !scheme.scopes.isEmpty,
        ]
        switch scheme.source {
        case .flows(let flows): values[.flows] = flows.map(Self.oauthFlow)
        case .openIDConnect(let discoveryURL):
            var url = Self.oauthURL(discoveryURL)
            url[.name] = "discoveryURL"
            values[.discoveryURL] = url
        }
        // An endpoint's scopes are named by the scheme's `Scope` enum, which a scheme without scopes does not have.
        if !scheme.scopes.isEmpty {
            let swiftNames = Dictionary(scheme.scopes.map { ($0.name, SwiftKeywords.escaped($0.swiftName)) }) {
                first, _ in first
            }
            let required = api.endpoints.compactMap { endpoint -> TemplateValues? in
                guard let requirement = endpoint.oauth.first(where: { $0.scheme == scheme.name }) else { return nil }
                return [
                    .name: endpoint.name.escapedSwift, .endpointName: endpoint.name.swift,
                    .scopes: requirement.scopes.compactMap { swiftNames[$0] }.map { [.name: $0] as TemplateValues },
                ]
            }
            values[.requiredScopes] = required
            values[.hasRequiredScopes] = !required.isEmpty
        }
        return values
    }

    /// A flow, as its function in the scheme's enum: its `name`, `doc`, the `type` it returns and its `urls`.
    private static func oauthFlow(_ flow: OAuthFlow) -> TemplateValues {
        let shape = OAuthFlowShape(flow.kind)
        return [
            .name: SwiftNaming.memberName(flow.kind.rawValue), .flowType: shape.type,
            .doc: CommentLine.lines([shape.functionDoc]),
            .urls: shape.urls.map { url in
                var values: TemplateValues = [.label: url.label]
                if let written = flow[keyPath: url.value] { values[.url] = oauthURL(written) }
                return values
            },
        ]
    }

    /// A URL of the document: its `value` as a string literal, and `isRelative` for a path on the environment's host.
    private static func oauthURL(_ url: String) -> TemplateValues {
        [.value: SwiftSpelling.stringLiteral(url), .isRelative: url.hasPrefix("/")]
    }
}

/// What a generated OAuth flow is: the type its function returns, and that type's URLs.
private struct OAuthFlowShape {
    /// A URL property of the flow's type.
    struct URLProperty {
        let label: String
        let doc: String
        let isRequired: Bool
        let value: KeyPath<OAuthFlow, String?>
    }

    let type: String
    let typeDoc: String
    let functionDoc: String
    let urls: [URLProperty]

    init(_ kind: OAuthFlow.Kind) {
        let authorization = URLProperty(
            label: "authorizationURL", doc: "Where the user agent is sent to sign in.", isRequired: true,
            value: \.authorizationURL)
        let token = URLProperty(
            label: "tokenURL", doc: "Where the client gets its tokens.", isRequired: true, value: \.tokenURL)
        let refresh = URLProperty(
            label: "refreshURL",
            doc: "Where the client refreshes its tokens, when the document names another URL than the token URL.",
            isRequired: false, value: \.refreshURL)
        switch kind {
        case .authorizationCode:
            type = "AuthorizationCodeFlow"
            typeDoc = "The URLs of an authorization code flow, where an app signs a user in (with PKCE)."
            urls = [authorization, token, refresh]
        case .clientCredentials:
            type = "ClientCredentialsFlow"
            typeDoc = "The URLs of a client credentials flow, where a server gets a token for itself."
            urls = [token, refresh]
        case .deviceAuthorization:
            type = "DeviceAuthorizationFlow"
            typeDoc =
                "The URLs of a device authorization flow (RFC 8628), where a device without a browser signs a user in."
            let device = URLProperty(
                label: "deviceAuthorizationURL", doc: "Where the device asks for a user code.", isRequired: true,
                value: \.deviceAuthorizationURL)
            urls = [device, token, refresh]
        case .implicit:
            type = "ImplicitFlow"
            typeDoc =
                "The URLs of an implicit flow, which RouteGen's runtime does not run (the OAuth 2.0 Security BCP retires it)."
            urls = [authorization, refresh]
        case .password:
            type = "PasswordFlow"
            typeDoc = "The URLs of a resource owner password flow, which RouteGen's runtime does not run."
            urls = [token, refresh]
        }
        functionDoc = "The scheme's `\(kind.rawValue)` flow: its URLs in `environment`."
    }
}
