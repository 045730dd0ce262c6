import Foundation
import RouteGenRuntime
import RouteGenTestSupport
import RouteGenURLSession
import Testing

@testable import RouteGenToolkit

/// The toolkit's OAuth flows against a real authorization server (Authlib, `Fixtures/oauth_server.py`), started by
/// each test on 127.0.0.1: a headless user agent signs in through its login and consent form. Skipped where
/// `python3` with Authlib is missing (`pip install authlib==1.9.10`; `.ci/run` installs it).
@Suite(.enabled(if: OAuthServer.isAvailable, "needs python3 with Authlib: pip install authlib==1.9.10"))
struct OAuthServerTests {
    /// The public client `app`, over `transport`.
    private static func app(_ server: OAuthServer, transport: any HTTPTransport = URLSessionClient()) -> OAuthClient {
        OAuthClient(
            clientID: "app", tokenEndpoint: server.tokenEndpoint, revocationEndpoint: server.revocationEndpoint,
            transport: transport)
    }

    /// Signs `alice` in with the code flow and PKCE.
    private static func signIn(_ server: OAuthServer, with client: OAuthClient) async throws -> OAuthTokens {
        let request = try client.authorizationRequest(
            endpoint: server.authorizationEndpoint, redirectURI: OAuthServer.redirectURI, scopes: ["profile"])
        return try await client.exchangeCode(from: try await server.signIn(at: request.url), for: request)
    }

    /// The user `/api/me` answers for, through `transport`.
    private static func user(_ server: OAuthServer, through transport: any HTTPTransport) async throws -> String {
        let (data, response) = try await transport.load(server.me())
        try #require(response.statusCode == 200, "\(response.statusCode)")
        return try #require(try JSONDecoder().decode([String: String].self, from: data)["user"])
    }

    @Test func signsInWithTheCodeAndPKCEAndCallsTheAPIWithoutASecretInTheLogs() async throws {
        try await OAuthServer.run { server in
            let (logger, messages) = capturingLogger()
            let client = Self.app(
                server, transport: URLSessionClient().logging(to: logger, level: .info, bodyLimit: 100_000))
            let request = try client.authorizationRequest(
                endpoint: server.authorizationEndpoint, redirectURI: OAuthServer.redirectURI, scopes: ["profile"])
            #expect(request.url.query?.contains("code_challenge_method=S256") == true)
            #expect(request.url.query?.contains("state=\(request.state)") == true)
            let redirect = try await server.signIn(at: request.url)
            let code = try request.code(from: redirect)
            let tokens = try await client.exchangeCode(from: redirect, for: request)
            #expect(
                tokens.tokenType.lowercased() == "bearer" && tokens.scopes == ["profile"] && tokens.expiresAt != nil)
            let refreshToken = try #require(tokens.refreshToken)

            let session = OAuthSession(client: client)
            try await session.signIn(with: tokens)
            let api = URLSessionClient().logging(to: logger, level: .info, bodyLimit: 100_000).authenticated(
                by: session, onlyTo: server.base)
            #expect(try await Self.user(server, through: api) == "alice")
            let refreshed = try await client.refresh(tokens)

            let logs = messages.withLock { $0 }.joined(separator: "\n")
            #expect(logs.contains("/token") && logs.contains("grant_type=authorization_code"), "\(logs)")
            let secrets = [
                code, request.codeVerifier, tokens.accessToken, refreshToken, refreshed.accessToken,
                refreshed.refreshToken ?? "-",
            ]
            for secret in secrets {
                #expect(!logs.contains(secret), "a secret in the logs: \(logs)")
                #expect(!"\(tokens) \(refreshed) \(request)".contains(secret))
            }
        }
    }

    @Test func clientCredentialsGetATokenTheAPIAcceptsAndAWrongSecretIsATypedError() async throws {
        try await OAuthServer.run { server in
            let service = OAuthClient(
                clientID: "service", clientSecret: "service-secret", tokenEndpoint: server.tokenEndpoint,
                transport: URLSessionClient())
            let tokens = try await service.clientCredentials(scopes: ["pets.read"])
            #expect(tokens.refreshToken == nil && tokens.scopes == ["pets.read"])
            let session = OAuthSession(client: service, store: MemoryTokenStore(tokens))
            #expect(
                try await Self.user(server, through: URLSessionClient().authenticated(by: session, onlyTo: server.base))
                    == "service")

            var impostor = service
            impostor.clientSecret = "guessed"
            let error = await #expect(throws: OAuthError.self) { try await impostor.clientCredentials() }
            guard case .tokenRequestRefused(let refusal) = error else {
                Issue.record("\(String(describing: error))")
                return
            }
            #expect(refusal.error == "invalid_client" && refusal.statusCode == 401)
            #expect(!"\(refusal)".contains("guessed"))
        }
    }

    /// Counts the requests it passes on.
    private struct Counting: HTTPTransport {
        let base: any HTTPTransport
        let count = Locked(0)

        func load(_ request: APIRequest) async throws -> (Data, APIResponse) {
            count.withLock { $0 += 1 }
            return try await base.load(request)
        }
    }

    @Test func aServersSessionGetsItsTokenWithClientCredentialsAndRenewsItOnceWhenItExpires() async throws {
        try await OAuthServer.run { server in
            let tokenRequests = Counting(base: URLSessionClient())
            let service = OAuthClient(
                clientID: "service", clientSecret: "service-secret", tokenEndpoint: server.tokenEndpoint,
                transport: tokenRequests)
            let session = OAuthSession(client: service, renewal: .clientCredentials(scopes: ["pets.read"]))
            let api = URLSessionClient().authenticated(by: session, onlyTo: server.base)
            for round in 1...2 {
                try await withThrowingTaskGroup(of: String.self) { group in
                    for _ in 0..<8 { group.addTask { try await Self.user(server, through: api) } }
                    for try await user in group { #expect(user == "service") }
                }
                #expect(tokenRequests.count.withLock { $0 } == round)
                // The server no longer accepts the token: the 401s of the next round share one new token.
                try await server.expireAccessTokens()
            }
            #expect(try await session.tokens()?.scopes == ["pets.read"])
        }
    }

    @Test func aRefreshRotatesTheRefreshTokenAndTheOldOneIsThenRefused() async throws {
        try await OAuthServer.run { server in
            let client = Self.app(server)
            let tokens = try await Self.signIn(server, with: client)
            let refreshed = try await client.refresh(tokens)
            #expect(refreshed.refreshToken != nil && refreshed.refreshToken != tokens.refreshToken)
            #expect(refreshed.accessToken != tokens.accessToken)
            // The rotated-out token is revoked: using it again is the sign of a stolen token.
            let error = await #expect(throws: OAuthError.self) { try await client.refresh(tokens) }
            guard case .signInRequired(let refusal) = error else {
                Issue.record("\(String(describing: error))")
                return
            }
            #expect(refusal?.error == "invalid_grant")
            // The new one works.
            #expect(try await client.refresh(refreshed).refreshToken != refreshed.refreshToken)
        }
    }

    @Test func aRevokedRefreshTokenTellsTheAppToSignInAgainAndForgetsTheTokens() async throws {
        try await OAuthServer.run { server in
            let client = Self.app(server)
            let tokens = try await Self.signIn(server, with: client)
            let session = OAuthSession(client: client, store: MemoryTokenStore(tokens))
            try await client.revoke(try #require(tokens.refreshToken))
            try await server.expireAccessTokens()
            let api = URLSessionClient().authenticated(by: session, onlyTo: server.base)
            let error = await #expect(throws: OAuthError.self) { try await api.load(server.me()) }
            guard case .signInRequired(let refusal) = error else {
                Issue.record("\(String(describing: error))")
                return
            }
            #expect(refusal?.error == "invalid_grant")
            #expect(try await session.tokens() == nil)
            // Signed out: the next request says so without asking the server.
            await #expect(throws: OAuthError.signInRequired(nil)) { try await api.load(server.me()) }
        }
    }

    @Test func anAccessTokenTheServerNoLongerAcceptsIsRefreshedOnceForManyRequestsAndEachIsRetried() async throws {
        try await OAuthServer.run { server in
            let client = Self.app(server)
            let tokens = try await Self.signIn(server, with: client)
            let session = OAuthSession(client: client, store: MemoryTokenStore(tokens))
            let api = URLSessionClient().authenticated(by: session, onlyTo: server.base)
            try await server.expireAccessTokens()
            // The server rotates refresh tokens: a second refresh with the same token would be refused, so eight
            // requests answered 401 together all succeed only if they share one refresh.
            try await withThrowingTaskGroup(of: String.self) { group in
                for _ in 0..<8 { group.addTask { try await Self.user(server, through: api) } }
                for try await user in group { #expect(user == "alice") }
            }
            let renewed = try #require(try await session.tokens())
            #expect(renewed.accessToken != tokens.accessToken && renewed.refreshToken != tokens.refreshToken)
        }
    }

    @Test func anAccessTokenPastItsExpiryIsRefreshedOnceBeforeTheRequestsAreSent() async throws {
        try await OAuthServer.run { server in
            let clock = Locked(Date(timeIntervalSince1970: 2_000_000_000))
            let client = Self.app(server)
            let session = OAuthSession(client: client, now: { clock.withLock { $0 } })
            try await session.signIn(with: try await Self.signIn(server, with: session.client))
            let tokens = try #require(try await session.tokens())
            #expect(tokens.expiresAt == clock.withLock { $0 }.addingTimeInterval(864_000))
            let api = URLSessionClient().authenticated(by: session, onlyTo: server.base)
            #expect(try await Self.user(server, through: api) == "alice")
            #expect(try await session.tokens() == tokens)
            // The server still accepts the old token: only the clock says it has expired. The server rotates refresh
            // tokens, so eight requests at once all succeed only if they share one refresh.
            clock.withLock { $0 = $0.addingTimeInterval(864_000) }
            try await withThrowingTaskGroup(of: String.self) { group in
                for _ in 0..<8 { group.addTask { try await Self.user(server, through: api) } }
                for try await user in group { #expect(user == "alice") }
            }
            let renewed = try #require(try await session.tokens())
            #expect(renewed.accessToken != tokens.accessToken && renewed.refreshToken != tokens.refreshToken)
        }
    }

    @Test func aRedirectWithAnotherStateIsRefusedBeforeItsCodeIsExchanged() async throws {
        try await OAuthServer.run { server in
            let client = Self.app(server)
            let request = try client.authorizationRequest(
                endpoint: server.authorizationEndpoint, redirectURI: OAuthServer.redirectURI)
            let redirect = try await server.signIn(at: request.url)
            var forged = try #require(URLComponents(url: redirect, resolvingAgainstBaseURL: false))
            forged.queryItems = forged.queryItems?.map {
                $0.name == "state" ? URLQueryItem(name: "state", value: "attacker") : $0
            }
            var stateless = forged
            stateless.queryItems = forged.queryItems?.filter { $0.name != "state" }
            for url in [forged.url!, stateless.url!] {
                await #expect(throws: OAuthError.stateMismatch) {
                    try await client.exchangeCode(from: url, for: request)
                }
            }
            // Refused locally: the code was never sent, and is still good.
            #expect(try await client.exchangeCode(from: redirect, for: request).refreshToken != nil)
        }
    }

    @Test func aVerifierThatDoesNotMatchTheChallengeIsRefusedByTheServer() async throws {
        try await OAuthServer.run { server in
            let client = Self.app(server)
            let request = try client.authorizationRequest(
                endpoint: server.authorizationEndpoint, redirectURI: OAuthServer.redirectURI)
            let redirect = try await server.signIn(at: request.url)
            let other = try client.authorizationRequest(
                endpoint: server.authorizationEndpoint, redirectURI: OAuthServer.redirectURI)
            let mismatched = AuthorizationRequest(
                url: request.url, redirectURI: request.redirectURI, state: request.state,
                codeVerifier: other.codeVerifier)
            let error = await #expect(throws: OAuthError.self) {
                try await client.exchangeCode(from: redirect, for: mismatched)
            }
            guard case .tokenRequestRefused(let refusal) = error else {
                Issue.record("\(String(describing: error))")
                return
            }
            #expect(refusal.error == "invalid_grant" && refusal.statusCode == 400)
        }
    }

    @Test func theUserSayingNoIsAnAuthorizationError() async throws {
        try await OAuthServer.run { server in
            let client = Self.app(server)
            let request = try client.authorizationRequest(
                endpoint: server.authorizationEndpoint, redirectURI: OAuthServer.redirectURI)
            let redirect = try await server.signIn(at: request.url, consent: "deny")
            let error = await #expect(throws: OAuthError.self) {
                try await client.exchangeCode(from: redirect, for: request)
            }
            guard case .authorizationFailed(let code, let description) = error else {
                Issue.record("\(String(describing: error))")
                return
            }
            #expect(code == "access_denied" && description?.isEmpty == false)
        }
    }
}
