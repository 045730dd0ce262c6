import Foundation
import RouteGenRuntime
import RouteGenURLSession
import Testing

@testable import RouteGenToolkit

/// OpenID Connect against the real Authlib server (`Fixtures/oauth_server.py`): discovery, a sign-in whose ID token
/// (signed RS256 by the server) is checked and read as data, and the ID tokens a client must refuse. The signature
/// itself is verified only on Apple platforms (see `OAuthClient.checkIDToken`); these tests run on Linux.
@Suite(.enabled(if: OAuthServer.isAvailable, "needs python3 with Authlib: pip install authlib==1.9.10"))
struct OpenIDConnectServerTests {
    /// The server's provider metadata, discovered, and its public client `app`.
    private static func app(_ server: OAuthServer) async throws -> (OpenIDConfiguration, OAuthClient) {
        let provider = try await OpenIDConfiguration.discover(issuer: server.base, transport: URLSessionClient())
        return (provider, provider.client(clientID: "app", transport: URLSessionClient()))
    }

    @Test func discoveryGivesTheEndpointsAndASignInChecksAndReadsItsIDToken() async throws {
        try await OAuthServer.run { server in
            let (provider, client) = try await Self.app(server)
            #expect(provider.issuer == server.base.absoluteString)
            #expect(provider.authorizationEndpoint == server.authorizationEndpoint)
            #expect(provider.tokenEndpoint == server.tokenEndpoint && client.tokenEndpoint == server.tokenEndpoint)
            #expect(client.revocationEndpoint == server.revocationEndpoint)
            #expect(client.deviceAuthorizationEndpoint == server.base.appendingPathComponent("device_authorization"))
            #expect(provider.keysEndpoint == server.base.appendingPathComponent("jwks"))

            let request = try client.authorizationRequest(
                endpoint: provider.authorizationEndpoint, redirectURI: OAuthServer.redirectURI,
                scopes: ["openid", "profile"])
            let nonce = try #require(request.nonce)
            #expect(request.url.query?.contains("nonce=\(nonce)") == true)
            let tokens = try await client.exchangeCode(from: try await server.signIn(at: request.url), for: request)
            let claims = try #require(try tokens.idTokenClaims())
            #expect(claims.issuer == server.base.absoluteString && claims.subject == "alice")
            #expect(claims.audience == ["app"] && claims.nonce == nonce)
            #expect(claims.all["name"] == "Alice Liddell" && claims.all["sub"] == "alice")
            #expect(claims.expiresAt > claims.issuedAt && claims.expiresAt.timeIntervalSince(claims.issuedAt) == 3600)
            #expect(!"\(claims)".contains(try #require(tokens.idToken)))
        }
    }

    @Test func aSignInWithoutOpenIDHasNoNonceAndNoIDToken() async throws {
        try await OAuthServer.run { server in
            let (provider, client) = try await Self.app(server)
            let request = try client.authorizationRequest(
                endpoint: provider.authorizationEndpoint, redirectURI: OAuthServer.redirectURI, scopes: ["profile"])
            #expect(request.nonce == nil && request.url.query?.contains("nonce=") == false)
            let tokens = try await client.exchangeCode(from: try await server.signIn(at: request.url), for: request)
            let claims = try tokens.idTokenClaims()
            #expect(tokens.idToken == nil && claims == nil)
        }
    }

    @Test func aDiscoveryDocumentNamingAnotherIssuerIsRefused() async throws {
        try await OAuthServer.run { server in
            // The same server under another name: its document says `http://127.0.0.1:…`.
            let port = try #require(server.base.port)
            let alias = try #require(URL(string: "http://localhost:\(port)"))
            await #expect(
                throws: OAuthError.issuerMismatch(expected: alias.absoluteString, found: server.base.absoluteString)
            ) {
                try await OpenIDConfiguration.discover(issuer: alias, transport: URLSessionClient())
            }
            await #expect(throws: OAuthError.invalidDiscoveryDocument(reason: "the server answered 404")) {
                try await OpenIDConfiguration.discover(
                    issuer: server.base.appendingPathComponent("tenant"), transport: URLSessionClient())
            }
        }
    }

    @Test func anIDTokenIsRefusedForAnotherNonceAnotherClientOrOnceExpired() async throws {
        try await OAuthServer.run { server in
            let (provider, client) = try await Self.app(server)
            let request = try client.authorizationRequest(
                endpoint: provider.authorizationEndpoint, redirectURI: OAuthServer.redirectURI, scopes: ["openid"])
            let redirect = try await server.signIn(at: request.url)
            // The same sign-in expecting another nonce: the server's ID token carries the one sent.
            let otherNonce = AuthorizationRequest(
                url: request.url, redirectURI: request.redirectURI, state: request.state,
                codeVerifier: request.codeVerifier, nonce: "another-sign-in")
            await #expect(throws: OAuthError.idTokenRejected(.nonceMismatch)) {
                try await client.exchangeCode(from: redirect, for: otherNonce)
            }

            let second = try client.authorizationRequest(
                endpoint: provider.authorizationEndpoint, redirectURI: OAuthServer.redirectURI, scopes: ["openid"])
            let tokens = try await client.exchangeCode(from: try await server.signIn(at: second.url), for: second)
            let idToken = try #require(tokens.idToken)
            var stranger = client
            stranger.clientID = "another-app"
            await #expect(throws: OAuthError.idTokenRejected(.audience(["app"]))) {
                try await stranger.checkIDToken(idToken, nonce: second.nonce)
            }
            var later = client
            let expiry = try #require(try tokens.idTokenClaims()).expiresAt
            later.now = { expiry.addingTimeInterval(IDTokenClaims.leeway) }
            await #expect(throws: OAuthError.idTokenRejected(.expired(expiry))) {
                try await later.checkIDToken(idToken, nonce: second.nonce)
            }
            var impostor = client
            impostor.openID?.issuer = "https://id.example.com"
            await #expect(
                throws: OAuthError.idTokenRejected(
                    .issuer(expected: "https://id.example.com", found: server.base.absoluteString))
            ) {
                try await impostor.checkIDToken(idToken, nonce: second.nonce)
            }
            #expect(try await client.checkIDToken(idToken, nonce: second.nonce).subject == "alice")
        }
    }
}
