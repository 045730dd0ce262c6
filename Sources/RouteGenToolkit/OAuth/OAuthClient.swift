import Foundation
import RouteGenRuntime

/// An OAuth 2.0 client (RFC 6749, with PKCE and the OAuth 2.1 practices): signs a user in with the authorization
/// code flow, gets tokens with client credentials, refreshes and revokes them. Plain Swift over any
/// `HTTPTransport`; ``OAuthSession`` keeps the tokens and renews them for an API client.
///
/// ```swift
/// let oauth = OAuthClient(clientID: "app", tokenEndpoint: tokenURL, transport: URLSessionClient())
/// let signIn = try oauth.authorizationRequest(endpoint: authorizeURL, redirectURI: "com.example.app:/oauth", scopes: ["profile"])
/// // Open signIn.url in a browser; it comes back to the redirect URI with a code.
/// let tokens = try await oauth.exchangeCode(from: redirect, for: signIn)
/// ```
///
/// A client with a secret (a server, never an app: an app cannot keep one) authenticates with HTTP Basic
/// (`client_secret_basic`); one without sends its `client_id`. Endpoints must be `https` or on the loopback
/// interface; requests to them follow no redirect, and an answer over 1 MiB is refused. No token, code, verifier or
/// secret appears in an error's description, nor in the client's own (printed, debug-printed or dumped).
///
/// For OpenID Connect, make the client with ``OpenIDConfiguration/client(clientID:clientSecret:transport:)``: a
/// sign-in asking for `openid` then carries a `nonce`, and its ID token is checked when the code is exchanged.
public struct OAuthClient: Sendable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The client's identifier at the authorization server.
    public var clientID: String
    /// The client's secret, for a confidential client; nil for an app.
    public var clientSecret: String?
    /// The token endpoint.
    public var tokenEndpoint: URL
    /// The revocation endpoint (RFC 7009), if the server has one.
    public var revocationEndpoint: URL?
    /// The device authorization endpoint (RFC 8628), if the server has the device grant.
    public var deviceAuthorizationEndpoint: URL?
    /// The OpenID Connect provider the client signs in with, which checks ID tokens against its issuer (and, where
    /// the platform can, its keys); nil for plain OAuth.
    public var openID: OpenIDConfiguration?
    /// Sends the token and revocation requests.
    public var transport: any HTTPTransport
    /// The current time, for tokens' expiry.
    var now: @Sendable () -> Date

    /// Creates a client.
    public init(
        clientID: String, clientSecret: String? = nil, tokenEndpoint: URL, revocationEndpoint: URL? = nil,
        transport: any HTTPTransport
    ) {
        self.clientID = clientID
        self.clientSecret = clientSecret
        self.tokenEndpoint = tokenEndpoint
        self.revocationEndpoint = revocationEndpoint
        self.transport = transport
        self.now = Date.init
    }

    /// A new sign-in: the authorization URL at `endpoint` with `response_type=code`, a fresh random `state` and a
    /// PKCE S256 challenge of a fresh verifier; and a fresh `nonce` when the client knows its OpenID provider
    /// (``openID``) and `scopes` has `openid`.
    ///
    /// - Parameters:
    ///   - endpoint: the authorization endpoint; a query it has (a tenant, a policy) is kept.
    ///   - redirectURI: where the server sends the browser back: an app's claimed `https` URL or private-use scheme
    ///     (`com.example.app:/oauth`, RFC 8252).
    ///   - scopes: the scopes asked for, sent as `scope` when there are any.
    ///   - additionalParameters: more query items (`prompt`, `login_hint`, …).
    public func authorizationRequest(
        endpoint: URL, redirectURI: String, scopes: [String] = [], additionalParameters: [String: String] = [:]
    ) throws(OAuthError) -> AuthorizationRequest {
        try Self.requireSecure(endpoint)
        guard var components = URLComponents(url: endpoint, resolvingAgainstBaseURL: true) else {
            throw .insecureEndpoint(endpoint)
        }
        let state = PKCE.randomToken(bytes: 16)
        let verifier = PKCE.makeVerifier()
        var items = [("response_type", "code"), ("client_id", clientID), ("redirect_uri", redirectURI)]
        if !scopes.isEmpty { items.append(("scope", scopes.joined(separator: " "))) }
        let challenge = PKCE.challenge(for: verifier)
        items += [("state", state), ("code_challenge", challenge), ("code_challenge_method", "S256")]
        let nonce = openID != nil && scopes.contains("openid") ? PKCE.randomToken(bytes: 16) : nil
        if let nonce { items.append(("nonce", nonce)) }
        items += additionalParameters.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
        // The endpoint's own query (a tenant, a policy) is kept as written.
        let query = items.map { QueryItem(name: $0.0, value: $0.1).encoded }
        let kept = components.percentEncodedQuery.map { [$0] } ?? []
        components.percentEncodedQuery = (kept + query).joined(separator: "&")
        guard let url = components.url else { throw .insecureEndpoint(endpoint) }
        return AuthorizationRequest(
            url: url, redirectURI: redirectURI, state: state, codeVerifier: verifier, nonce: nonce,
            issuer: openID?.issuer, requiresIssuer: openID?.namesItselfInRedirects ?? false)
    }

    /// Reads the redirect of `request` (see ``AuthorizationRequest/code(from:)``) and exchanges its code, with the
    /// PKCE verifier, for tokens. A sign-in's redirect is read once: another for the same sign-in, a replay, throws
    /// ``OAuthError/redirectReplayed`` without sending its code.
    ///
    /// A sign-in with a `nonce` (OpenID Connect) returns only when the token response has an ID token that passes
    /// ``checkIDToken(_:nonce:)``; otherwise it throws ``OAuthError/idTokenRejected(_:)``.
    public func exchangeCode(from redirect: URL, for request: AuthorizationRequest) async throws -> OAuthTokens {
        let code = try request.code(from: redirect)
        try request.markRead()
        let tokens = try await requestTokens([
            ("grant_type", "authorization_code"), ("code", code), ("redirect_uri", request.redirectURI),
            ("code_verifier", request.codeVerifier),
        ])
        if let nonce = request.nonce {
            guard let idToken = tokens.idToken else { throw OAuthError.idTokenRejected(.missing) }
            _ = try await checkIDToken(idToken, nonce: nonce)
        }
        return tokens
    }

    /// Tokens for the client itself (RFC 6749 §4.4), for a server calling an API on its own behalf.
    public func clientCredentials(scopes: [String] = []) async throws -> OAuthTokens {
        try await requestTokens([("grant_type", "client_credentials")] + Self.scope(scopes))
    }

    /// New tokens for `tokens`' refresh token (RFC 6749 §6). A server that rotates refresh tokens sends a new one,
    /// which the result holds; one that does not leaves the old one in it.
    ///
    /// Throws ``OAuthError/signInRequired(_:)`` when the refresh token is refused (`invalid_grant`: revoked,
    /// expired, already used) or there is none.
    ///
    /// A new ID token in the answer, for a client that knows its OpenID provider, is checked as OpenID Connect Core
    /// §12.2 says: as ``checkIDToken(_:nonce:)`` does, for the user of `tokens`' ID token, with no `nonce` or
    /// theirs (``OAuthError/idTokenRejected(_:)``).
    public func refresh(_ tokens: OAuthTokens, scopes: [String] = []) async throws -> OAuthTokens {
        guard let refreshToken = tokens.refreshToken else { throw OAuthError.signInRequired(nil) }
        let fresh: OAuthTokens
        do {
            fresh = try await requestTokens(
                [("grant_type", "refresh_token"), ("refresh_token", refreshToken)] + Self.scope(scopes),
                previousRefreshToken: refreshToken)
        } catch OAuthError.tokenRequestRefused(let refusal) where refusal.error == "invalid_grant" {
            throw OAuthError.signInRequired(refusal)
        }
        if openID != nil, let idToken = fresh.idToken, idToken != tokens.idToken {
            let previous = try tokens.idTokenClaims()
            let nonce = try IDTokenClaims(token: idToken).nonce == nil ? nil : previous?.nonce
            let claims = try await checkIDToken(idToken, nonce: nonce)
            if let previous, claims.subject != previous.subject {
                throw OAuthError.idTokenRejected(.subject(expected: previous.subject, found: claims.subject))
            }
        }
        return fresh
    }

    /// Revokes `token`, an access or a refresh token (RFC 7009); revoking a refresh token usually revokes the
    /// access tokens issued with it. Does nothing when the client knows no revocation endpoint.
    public func revoke(_ token: String, isRefreshToken: Bool = true) async throws {
        guard let revocationEndpoint else { return }
        let hint = isRefreshToken ? "refresh_token" : "access_token"
        let (data, response) = try await post(
            [("token", token), ("token_type_hint", hint)], to: revocationEndpoint, route: "OAuth.revoke")
        guard response.isSuccess else { throw Self.refusal(data, response) }
    }

    /// Posts a token request and reads its answer.
    func requestTokens(_ fields: [(String, String)], previousRefreshToken: String? = nil) async throws
        -> OAuthTokens
    {
        let (data, response) = try await post(fields, to: tokenEndpoint, route: "OAuth.token")
        guard response.statusCode == 200 else { throw Self.refusal(data, response) }
        guard let answer = try? JSONDecoder().decode(TokenResponse.self, from: data) else {
            throw OAuthError.unexpectedTokenResponse(
                status: response.statusCode, reason: "the body is not a token response's JSON")
        }
        // RFC 6749 §7.1: a client must not use a token whose type it does not understand.
        guard answer.token_type.lowercased() == "bearer" else {
            throw OAuthError.unexpectedTokenResponse(
                status: response.statusCode, reason: "token type `\(answer.token_type)`, not Bearer")
        }
        return answer.tokens(receivedAt: now(), previousRefreshToken: previousRefreshToken)
    }

    /// The error a refused token or revocation request is: RFC 6749 §5.2's JSON, or an unexpected response.
    static func refusal(_ data: Data, _ response: APIResponse) -> OAuthError {
        guard let answer = try? JSONDecoder().decode(TokenErrorResponse.self, from: data) else {
            return .unexpectedTokenResponse(
                status: response.statusCode, reason: "the body is not an OAuth error's JSON")
        }
        return .tokenRequestRefused(
            TokenEndpointError(
                statusCode: response.statusCode, error: answer.error, errorDescription: answer.error_description,
                errorURI: answer.error_uri))
    }

    /// Posts `fields` as a form to `endpoint`, with the client's authentication.
    func post(_ fields: [(String, String)], to endpoint: URL, route: String) async throws -> (Data, APIResponse) {
        var request = try OAuthHTTP.request(.post, endpoint, route: route)
        var form = fields.map { QueryItem(name: $0.0, value: $0.1) }
        if let clientSecret {
            // RFC 6749 §2.3.1: the identifier and the secret are form-encoded before they are joined.
            let credentials = PercentEncoding.encode(clientID) + ":" + PercentEncoding.encode(clientSecret)
            request.headers["Authorization"] = "Basic \(Data(credentials.utf8).base64EncodedString())"
        } else {
            form.append(QueryItem(name: "client_id", value: clientID))
        }
        request.setFormBody(form)
        return try await OAuthHTTP.send(request, over: transport)
    }

    static func scope(_ scopes: [String]) -> [(String, String)] {
        scopes.isEmpty ? [] : [("scope", scopes.joined(separator: " "))]
    }

    /// Refuses an endpoint that is neither `https` nor on the loopback interface (RFC 6749 §3.1, §3.2; RFC 8252 §8.3).
    static func requireSecure(_ url: URL) throws(OAuthError) {
        let scheme = url.scheme?.lowercased()
        let host = url.host?.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        guard scheme == "https" || scheme == "http" && ["127.0.0.1", "::1", "localhost"].contains(host ?? "") else {
            throw .insecureEndpoint(url)
        }
    }

    public var description: String {
        "OAuthClient(\(clientID)\(clientSecret == nil ? "" : " with a secret"), token endpoint: "
            + "\(SecretRedactor.default.redactedURL(tokenEndpoint)))"
    }

    public var debugDescription: String { description }

    public var customMirror: Mirror { Mirror(self, children: ["description": description], displayStyle: .struct) }
}
