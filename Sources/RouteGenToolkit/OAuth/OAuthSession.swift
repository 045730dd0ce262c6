import Foundation
import RouteGenRuntime

/// A signed-in user's (or a server's) tokens, renewed as they are needed: before a request when the access token
/// has expired, and after a 401, one refresh at a time however many requests need one. Give it to an API client
/// with `authenticated(by:onlyTo:)`:
///
/// ```swift
/// let session = OAuthSession(client: oauth)
/// try await session.signIn(with: try await oauth.exchangeCode(from: redirect, for: signIn))
/// let api = URLSessionClient().authenticated(by: session, onlyTo: apiBaseURL)
/// ```
///
/// When the tokens can no longer be renewed (the refresh token was revoked or has expired), they are removed and
/// every request throws ``OAuthError/signInRequired(_:)``: the app signs the user in again.
///
/// A server's session renews its token with client credentials instead (``Renewal/clientCredentials(scopes:)``),
/// and gets the first one when it is first asked for a token.
public final class OAuthSession: Sendable {
    /// How a session gets a new access token.
    public enum Renewal: Hashable, Sendable {
        /// With the refresh token (RFC 6749 §6): a user's session.
        case refreshToken
        /// With the client's credentials, asking for `scopes` (RFC 6749 §4.4): a server's session, which has no
        /// refresh token and no user to sign in again.
        case clientCredentials(scopes: [String])
    }

    /// The client that refreshes and revokes the tokens.
    public let client: OAuthClient
    /// How the session gets a new access token.
    public let renewal: Renewal
    private let store: any OAuthTokenStore
    private let now: @Sendable () -> Date
    private let refresher: TokenRefresher

    /// A session whose tokens `store` keeps, renewed as `renewal` says, with `now` the current time (injected by
    /// tests).
    public init(
        client: OAuthClient, store: any OAuthTokenStore = MemoryTokenStore(), renewal: Renewal = .refreshToken,
        now: @escaping @Sendable () -> Date = Date.init
    ) {
        var client = client
        client.now = now
        self.client = client
        self.renewal = renewal
        self.store = store
        self.now = now
        refresher = TokenRefresher { [client] rejected in
            try await Self.renew(replacing: rejected, client: client, store: store, renewal: renewal)
        }
    }

    /// Stores `tokens`, the result of a sign-in.
    public func signIn(with tokens: OAuthTokens) async throws {
        try await store.save(tokens)
    }

    /// The stored tokens, nil when signed out.
    public func tokens() async throws -> OAuthTokens? {
        try await store.tokens()
    }

    /// A valid access token: the stored one, or a renewed one when it has expired (or, for a server's session, when
    /// there is none yet).
    public func accessToken() async throws -> String {
        guard let tokens = try await store.tokens() else {
            guard case .clientCredentials = renewal else { throw OAuthError.signInRequired(nil) }
            // No token was rejected: a value no token is, so no earlier renewal's answer is taken for this one's.
            return try await refresher.token(replacing: "none \(UUID())")
        }
        guard tokens.isExpired(at: now()) else { return tokens.accessToken }
        return try await refresher.token(replacing: tokens.accessToken)
    }

    /// A new access token after the API rejected `rejected`; a token already renewed is not renewed again.
    public func accessToken(replacing rejected: String) async throws -> String {
        try await refresher.token(replacing: rejected)
    }

    /// Removes the tokens, then revokes the refresh token (or the access token when there is none) at the server,
    /// when the client knows its revocation endpoint. The user is signed out of the app even when the revocation
    /// fails (offline, the server down): its error is thrown after the tokens are gone.
    public func signOut() async throws {
        let tokens = try await store.tokens()
        try await store.save(nil)
        if let tokens {
            try await client.revoke(
                tokens.refreshToken ?? tokens.accessToken, isRefreshToken: tokens.refreshToken != nil)
        }
    }

    /// Renews the stored tokens unless they no longer hold `rejected` (another sign-in or renewal replaced it).
    private static func renew(
        replacing rejected: String, client: OAuthClient, store: any OAuthTokenStore, renewal: Renewal
    ) async throws -> String {
        let stored = try await store.tokens()
        if let stored, stored.accessToken != rejected { return stored.accessToken }
        if case .clientCredentials(let scopes) = renewal {
            let fresh = try await client.clientCredentials(scopes: scopes)
            try await store.save(fresh)
            return fresh.accessToken
        }
        guard let tokens = stored else { throw OAuthError.signInRequired(nil) }
        let outcome: Result<OAuthTokens, OAuthError>
        do {
            outcome = .success(try await client.refresh(tokens))
        } catch OAuthError.signInRequired(let refusal) {
            outcome = .failure(.signInRequired(refusal))
        }
        // A sign-out, a sign-in or another session sharing the store may have changed the tokens while the refresh
        // was under way: theirs stand. A refresh answered after a sign-out does not sign the user back in, and a
        // refresh token refused after a new sign-in (or used by the other session first) does not sign them out.
        // The tokens are told apart by the tokens themselves: a store may keep the expiry less precisely.
        let current = try await store.tokens()
        guard current?.accessToken == tokens.accessToken, current?.refreshToken == tokens.refreshToken else {
            guard let current else { throw OAuthError.signInRequired(nil) }
            return current.accessToken
        }
        switch outcome {
        case .success(let fresh):
            try await store.save(fresh)
            return fresh.accessToken
        case .failure(let refusal):
            try await store.save(nil)
            throw refusal
        }
    }
}

extension HTTPTransport {
    /// Adds `session`'s access token (`Authorization: Bearer`) to the requests to `api`'s origin (scheme, host and
    /// port) that need one, renewing it when it has expired and after a 401, as ``AuthenticatingClient`` does.
    /// Requests to any other origin are sent without it: a token goes only to the API it was issued for. It is sent
    /// as a bearer token only (RFC 6750): a route that takes an API key or an OAuth token (Okta's `[header
    /// Authorization, oauth …]`) gets it as `Bearer`, never as the key.
    public func authenticated(by session: OAuthSession, onlyTo api: URL) -> AuthenticatingClient {
        var client = AuthenticatingClient(
            wrapping: self, for: [.bearer], token: { try await session.accessToken() },
            refresh: { rejected in try await session.accessToken(replacing: rejected) })
        client.origin = api
        return client
    }
}
