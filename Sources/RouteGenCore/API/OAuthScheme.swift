/// An OAuth 2.0 or OpenID Connect scheme declared under `oauth:`: where a client gets a token and the scopes it can
/// ask for. An endpoint whose `auth` names it (`auth: oauth xero accounting.contacts`) sends the token as a bearer
/// token, so ``AuthScheme`` says `bearer` for it and ``OAuthRequirement`` says which token and scopes.
public struct OAuthScheme: Hashable, Sendable {
    /// The key under `oauth:`, which `auth: oauth <name>` names.
    public var name: String
    /// The Swift name of the scheme's enum in the generated `OAuth` (`oauth2` → `OAuth2`), decided by the checker.
    public var swiftName: String
    /// Doc comment text.
    public var description: String?
    /// Where the token comes from: OAuth 2 flows, or an OpenID Connect provider's discovery document.
    public var source: Source
    /// The scopes a client can ask for, in written order.
    public var scopes: [OAuthScope]

    /// Where a scheme's tokens come from.
    public enum Source: Hashable, Sendable {
        /// The OAuth 2 flows the authorization server offers, in written order (at least one).
        case flows([OAuthFlow])
        /// The URL of an OpenID Connect discovery document (`/.well-known/openid-configuration`), which names the
        /// authorization server's endpoints.
        case openIDConnect(discoveryURL: String)
    }

    /// Creates a scheme.
    public init(
        name: String, swiftName: String? = nil, description: String? = nil, source: Source, scopes: [OAuthScope] = []
    ) {
        self.name = name
        self.swiftName = swiftName ?? SwiftNaming.typeName(name)
        self.description = description
        self.source = source
        self.scopes = scopes
    }
}

/// One OAuth 2 flow of a scheme and its URLs. Each URL is absolute (`https`, or `http` on a loopback host) or a
/// path beginning with `/`, on the host of the environment a client uses.
public struct OAuthFlow: Hashable, Sendable {
    /// Which grant it is.
    public var kind: Kind
    /// Where the user agent is sent to sign in (authorization code and implicit flows).
    public var authorizationURL: String?
    /// Where a client exchanges a code, its credentials or a device code for a token (every flow but implicit).
    public var tokenURL: String?
    /// Where a client refreshes a token, when it is not the token URL.
    public var refreshURL: String?
    /// Where a device asks for a user code (device authorization flow, RFC 8628).
    public var deviceAuthorizationURL: String?

    /// An OAuth 2 grant.
    public enum Kind: String, CaseIterable, Hashable, Sendable {
        /// The authorization code grant (with PKCE): an app signs a user in (`authorization_code`).
        case authorizationCode = "authorization_code"
        /// The client credentials grant: a server acts as itself (`client_credentials`).
        case clientCredentials = "client_credentials"
        /// The device authorization grant (RFC 8628): a device without a browser (`device_authorization`).
        case deviceAuthorization = "device_authorization"
        /// The implicit grant (`implicit`): read, but not run by RouteGen's runtime (OAuth 2.0 Security BCP).
        case implicit
        /// The resource owner password grant (`password`): read, but not run by RouteGen's runtime.
        case password

        /// Whether RouteGen's runtime runs this flow; the others are declared for the app to run itself.
        public var isRunByRuntime: Bool { self != .implicit && self != .password }
    }

    /// Creates a flow.
    public init(
        kind: Kind, authorizationURL: String? = nil, tokenURL: String? = nil, refreshURL: String? = nil,
        deviceAuthorizationURL: String? = nil
    ) {
        self.kind = kind
        self.authorizationURL = authorizationURL
        self.tokenURL = tokenURL
        self.refreshURL = refreshURL
        self.deviceAuthorizationURL = deviceAuthorizationURL
    }
}

/// A scope a client can ask an OAuth scheme for.
public struct OAuthScope: Hashable, Sendable {
    /// The scope token, as sent in `scope=` (`read:pets`).
    public var name: String
    /// The Swift name of its case in the scheme's generated `Scope` enum (`readPets`), decided by the checker.
    public var swiftName: String
    /// What it grants: doc comment text.
    public var description: String?

    /// Creates a scope.
    public init(name: String, swiftName: String? = nil, description: String? = nil) {
        self.name = name
        self.swiftName = swiftName ?? SwiftNaming.memberName(name)
        self.description = description
    }
}

/// An OAuth scheme an endpoint's token is for, and the scopes that token needs (`auth: oauth petstore write:pets`).
public struct OAuthRequirement: Hashable, Sendable {
    /// The ``OAuthScheme/name`` of a scheme of ``API/oauthSchemes``.
    public var scheme: String
    /// The scopes, in written order, each declared by the scheme.
    public var scopes: [String]

    /// Creates a requirement.
    public init(scheme: String, scopes: [String] = []) {
        self.scheme = scheme
        self.scopes = scopes
    }
}
