import Foundation
import RouteGenRuntime

/// An OpenID Connect provider's metadata (OpenID Connect Discovery 1.0 §3, with RFC 8414's and RFC 8628's
/// additions): its issuer and the endpoints an ``OAuthClient`` needs.
///
/// ```swift
/// let provider = try await OpenIDConfiguration.discover(issuer: URL(string: "https://id.example.com")!, transport: http)
/// let oauth = provider.client(clientID: "app", transport: http)
/// let signIn = try oauth.authorizationRequest(
///     endpoint: provider.authorizationEndpoint, redirectURI: "com.example.app:/oauth", scopes: ["openid", "profile"])
/// ```
public struct OpenIDConfiguration: Hashable, Sendable {
    /// `issuer`: the identifier every ID token of the provider carries as `iss`.
    public var issuer: String
    /// `authorization_endpoint`.
    public var authorizationEndpoint: URL
    /// `token_endpoint`.
    public var tokenEndpoint: URL
    /// `jwks_uri`: the provider's signing keys.
    public var keysEndpoint: URL?
    /// `userinfo_endpoint`.
    public var userInfoEndpoint: URL?
    /// `revocation_endpoint` (RFC 7009).
    public var revocationEndpoint: URL?
    /// `device_authorization_endpoint` (RFC 8628), when the provider has the device grant.
    public var deviceAuthorizationEndpoint: URL?
    /// `scopes_supported`, when the document says.
    public var scopesSupported: [String]?
    /// `grant_types_supported`, when the document says.
    public var grantTypesSupported: [String]?
    /// `authorization_response_iss_parameter_supported` (RFC 9207 §3): the provider names itself in every sign-in
    /// redirect (`iss`), so a redirect naming no issuer is refused as one naming another.
    public var namesItselfInRedirects: Bool

    /// Metadata an app writes itself, for a provider that publishes none.
    public init(
        issuer: String, authorizationEndpoint: URL, tokenEndpoint: URL, keysEndpoint: URL? = nil,
        userInfoEndpoint: URL? = nil, revocationEndpoint: URL? = nil, deviceAuthorizationEndpoint: URL? = nil,
        scopesSupported: [String]? = nil, grantTypesSupported: [String]? = nil, namesItselfInRedirects: Bool = false
    ) {
        self.issuer = issuer
        self.authorizationEndpoint = authorizationEndpoint
        self.tokenEndpoint = tokenEndpoint
        self.keysEndpoint = keysEndpoint
        self.userInfoEndpoint = userInfoEndpoint
        self.revocationEndpoint = revocationEndpoint
        self.deviceAuthorizationEndpoint = deviceAuthorizationEndpoint
        self.scopesSupported = scopesSupported
        self.grantTypesSupported = grantTypesSupported
        self.namesItselfInRedirects = namesItselfInRedirects
    }

    /// Fetches `issuer`'s discovery document, `/.well-known/openid-configuration` appended to its path (Discovery
    /// §4.1), and checks it: its `issuer` must be `issuer` exactly (§4.3), and every endpoint `https` or loopback.
    ///
    /// Throws ``OAuthError/issuerMismatch(expected:found:)``, ``OAuthError/invalidDiscoveryDocument(reason:)``,
    /// ``OAuthError/insecureEndpoint(_:)``, or the transport's error.
    public static func discover(issuer: URL, transport: any HTTPTransport) async throws -> OpenIDConfiguration {
        var location = issuer.absoluteString
        while location.hasSuffix("/") { location.removeLast() }
        guard let url = URL(string: location + wellKnownPath) else {
            throw OAuthError.insecureEndpoint(issuer)
        }
        let request = try OAuthHTTP.request(.get, url, route: "OpenID.discovery")
        let (data, response) = try await OAuthHTTP.send(request, over: transport)
        guard response.statusCode == 200 else {
            throw OAuthError.invalidDiscoveryDocument(reason: "the server answered \(response.statusCode)")
        }
        guard let document = try? JSONDecoder().decode(Document.self, from: data) else {
            throw OAuthError.invalidDiscoveryDocument(
                reason: "not JSON with `issuer`, `authorization_endpoint` and `token_endpoint` as strings")
        }
        guard document.issuer == issuer.absoluteString else {
            throw OAuthError.issuerMismatch(expected: issuer.absoluteString, found: document.issuer)
        }
        return try document.configuration()
    }

    /// Fetches the discovery document at `discoveryURL`, as a spec's `openid_connect` names it (the generated
    /// `discoveryURL(in:)`): the issuer's URL with `/.well-known/openid-configuration` appended (Discovery §4), which
    /// ``discover(issuer:transport:)`` fetches and checks.
    ///
    /// Throws ``OAuthError/invalidDiscoveryDocument(reason:)`` for a URL that does not end so, and what
    /// ``discover(issuer:transport:)`` throws.
    public static func discover(at discoveryURL: URL, transport: any HTTPTransport) async throws
        -> OpenIDConfiguration
    {
        let location = discoveryURL.absoluteString
        guard location.hasSuffix(wellKnownPath),
            let issuer = URL(string: String(location.dropLast(wellKnownPath.count)))
        else {
            throw OAuthError.invalidDiscoveryDocument(reason: "its URL does not end with `\(wellKnownPath)`")
        }
        return try await discover(issuer: issuer, transport: transport)
    }

    /// Where an issuer's discovery document is, below the issuer's URL.
    private static let wellKnownPath = "/.well-known/openid-configuration"

    /// A client of this provider: its token, revocation and device authorization endpoints, and the issuer and keys
    /// it checks ID tokens with.
    public func client(clientID: String, clientSecret: String? = nil, transport: any HTTPTransport) -> OAuthClient {
        var client = OAuthClient(
            clientID: clientID, clientSecret: clientSecret, tokenEndpoint: tokenEndpoint,
            revocationEndpoint: revocationEndpoint, transport: transport)
        client.deviceAuthorizationEndpoint = deviceAuthorizationEndpoint
        client.openID = self
        return client
    }

    /// The discovery document's JSON.
    private struct Document: Decodable {
        var issuer: String
        var authorization_endpoint: String
        var token_endpoint: String
        var jwks_uri: String?
        var userinfo_endpoint: String?
        var revocation_endpoint: String?
        var device_authorization_endpoint: String?
        var scopes_supported: [String]?
        var grant_types_supported: [String]?
        var authorization_response_iss_parameter_supported: Bool?

        func configuration() throws -> OpenIDConfiguration {
            func endpoint(_ text: String, _ name: String) throws -> URL {
                guard let url = URL(string: text), url.host != nil else {
                    throw OAuthError.invalidDiscoveryDocument(reason: "`\(name)` is not an absolute URL")
                }
                try OAuthClient.requireSecure(url)
                return url
            }
            func optional(_ text: String?, _ name: String) throws -> URL? { try text.map { try endpoint($0, name) } }
            return OpenIDConfiguration(
                issuer: issuer, authorizationEndpoint: try endpoint(authorization_endpoint, "authorization_endpoint"),
                tokenEndpoint: try endpoint(token_endpoint, "token_endpoint"),
                keysEndpoint: try optional(jwks_uri, "jwks_uri"),
                userInfoEndpoint: try optional(userinfo_endpoint, "userinfo_endpoint"),
                revocationEndpoint: try optional(revocation_endpoint, "revocation_endpoint"),
                deviceAuthorizationEndpoint: try optional(
                    device_authorization_endpoint, "device_authorization_endpoint"),
                scopesSupported: scopes_supported, grantTypesSupported: grant_types_supported,
                namesItselfInRedirects: authorization_response_iss_parameter_supported ?? false)
        }
    }
}
