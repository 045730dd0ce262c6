import Foundation
import RouteGenRuntime
import RouteGenTestSupport
import RouteGenTesting
import Testing

@testable import RouteGenToolkit

/// What the OAuth client decides on its own, without a server: PKCE, the authorization URL, the redirect's state,
/// where tokens go, how the token endpoint's answers are read. The flows against a server are `OAuthServerTests`.
@Suite struct OAuthClientTests {
    private static let client = OAuthClient(
        clientID: "app", tokenEndpoint: URL(string: "https://auth.example.com/oauth/token")!, transport: StubTransport()
    )
    private static let authorize = URL(string: "https://auth.example.com/oauth/authorize?tenant=acme")!

    @Test func theS256ChallengeIsRFC7636sExample() {
        // RFC 7636, appendix B.
        #expect(
            PKCE.challenge(for: "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk")
                == "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM")
    }

    @Test func everyVerifierAndStateIsFreshAndOfRFC7636sAlphabetAndLength() throws {
        let alphabet = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
        var verifiers: Set<String> = []
        var states: Set<String> = []
        for _ in 0..<500 {
            let request = try Self.client.authorizationRequest(
                endpoint: Self.authorize, redirectURI: "com.example.app:/oauth")
            #expect(
                (43...128).contains(request.codeVerifier.count) && request.codeVerifier.allSatisfy(alphabet.contains))
            #expect(request.state.count >= 22 && request.state.allSatisfy(alphabet.contains))
            verifiers.insert(request.codeVerifier)
            states.insert(request.state)
            let items = URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems ?? []
            #expect(items.first { $0.name == "code_challenge" }?.value == PKCE.challenge(for: request.codeVerifier))
            #expect(!request.url.absoluteString.contains(request.codeVerifier))
        }
        #expect(verifiers.count == 500 && states.count == 500)
    }

    @Test func theAuthorizationURLKeepsTheEndpointsQueryAndSaysWhatTheFlowNeeds() throws {
        let request = try Self.client.authorizationRequest(
            endpoint: Self.authorize, redirectURI: "com.example.app:/oauth", scopes: ["pets.read", "profile"],
            additionalParameters: ["prompt": "login"])
        let items = try #require(URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems)
        let values = Dictionary(items.map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { first, _ in first })
        #expect(values["tenant"] == "acme" && values["response_type"] == "code" && values["client_id"] == "app")
        #expect(values["redirect_uri"] == "com.example.app:/oauth" && values["scope"] == "pets.read profile")
        #expect(
            values["state"] == request.state && values["code_challenge_method"] == "S256" && values["prompt"] == "login"
        )
        #expect(request.url.absoluteString.hasPrefix("https://auth.example.com/oauth/authorize?tenant=acme&"))
    }

    @Test func anEndpointNeitherHTTPSNorLoopbackIsRefused() throws {
        #expect(throws: OAuthError.insecureEndpoint(URL(string: "http://auth.example.com/authorize")!)) {
            try Self.client.authorizationRequest(
                endpoint: URL(string: "http://auth.example.com/authorize")!, redirectURI: "x:/y")
        }
        for loopback in [
            "http://127.0.0.1:8080/authorize", "http://[::1]:8080/authorize", "http://localhost/authorize",
        ] {
            #expect(throws: Never.self) {
                try Self.client.authorizationRequest(endpoint: URL(string: loopback)!, redirectURI: "x:/y")
            }
        }
    }

    @Test func aRedirectIsReadOnlyWithItsOwnState() throws {
        let request = try Self.client.authorizationRequest(
            endpoint: Self.authorize, redirectURI: "com.example.app:/oauth")
        let state = request.state
        #expect(try request.code(from: URL(string: "com.example.app:/oauth?code=C1&state=\(state)")!) == "C1")
        for forged in [
            "code=C1&state=\(state)x", "code=C1&state=", "code=C1", "error=access_denied",
            "code=C1&state=\(state.dropLast())",
        ] {
            #expect(throws: OAuthError.stateMismatch) {
                try request.code(from: URL(string: "com.example.app:/oauth?\(forged)")!)
            }
        }
        #expect(throws: OAuthError.authorizationFailed(error: "access_denied", description: "no thanks")) {
            try request.code(
                from: URL(
                    string: "com.example.app:/oauth?error=access_denied&error_description=no%20thanks&state=\(state)")!)
        }
        #expect(throws: OAuthError.missingCode) {
            try request.code(from: URL(string: "com.example.app:/oauth?state=\(state)")!)
        }
    }

    @Test func aTokenGoesOnlyToTheOriginItWasIssuedFor() async throws {
        let stub = StubTransport()
        stub.register(.get, "/v1/pets", response: StubResponse(statusCode: 200))
        let session = OAuthSession(client: Self.client, store: MemoryTokenStore(OAuthTokens(accessToken: "AT-1")))
        let api = stub.authenticated(by: session, onlyTo: URL(string: "https://api.example.com/v1")!)
        for base in [
            "https://api.example.com", "https://API.example.com:443", "https://evil.example.com",
            "http://api.example.com",
            "https://api.example.com:8443", "https://api.example.com.evil.example",
        ] {
            _ = try await api.load(APIRequest(method: .get, baseURL: URL(string: base)!, path: "/v1/pets"))
        }
        #expect(
            stub.requests.map { $0.headers["Authorization"] } == ["Bearer AT-1", "Bearer AT-1", nil, nil, nil, nil])
    }

    /// Okta's routes take an API key in `Authorization` or an OAuth token: the session's token is the OAuth one, sent
    /// as `Bearer`, not put in the key's place; and a route that takes a key alone does not get it.
    @Test func aSessionsTokenIsSentAsABearerTokenOnly() async throws {
        let stub = StubTransport()
        stub.register(.get, "/api/v1/users/me", response: StubResponse(statusCode: 200))
        let session = OAuthSession(client: Self.client, store: MemoryTokenStore(OAuthTokens(accessToken: "AT-1")))
        let api = stub.authenticated(by: session, onlyTo: URL(string: "https://okta.example.com")!)
        for authentication in [Authentication.anyOf([.header("Authorization"), .bearer]), .header("X-API-Key")] {
            var request = APIRequest(
                method: .get, baseURL: URL(string: "https://okta.example.com")!, path: "/api/v1/users/me")
            request.authentication = authentication
            _ = try await api.load(request)
        }
        #expect(stub.requests.map { $0.headers["Authorization"] } == ["Bearer AT-1", nil])
        #expect(stub.requests.map { $0.headers["X-API-Key"] } == [nil, nil])
    }

    /// A discovery URL is the issuer's with `/.well-known/openid-configuration` appended: any other is refused
    /// before a request, as its issuer cannot be known.
    @Test func aDiscoveryURLThatIsNoIssuersIsRefusedUnsent() async throws {
        let stub = StubTransport()
        for url in ["https://id.example.com/.well-known/oauth-authorization-server", "https://id.example.com/discovery"] {
            await #expect(
                throws: OAuthError.invalidDiscoveryDocument(
                    reason: "its URL does not end with `/.well-known/openid-configuration`")
            ) { try await OpenIDConfiguration.discover(at: URL(string: url)!, transport: stub) }
        }
        #expect(stub.requests.isEmpty)
    }

    @Test func theTokenEndpointsErrorsAreReadAsRFC6749Says() async throws {
        let stub = StubTransport()
        let client = OAuthClient(
            clientID: "app", tokenEndpoint: URL(string: "https://auth.example.com/token")!, transport: stub)
        let json: HeaderFields = ["Content-Type": "application/json"]
        stub.register(.post, "/token") { request in
            let form = String(
                decoding: request.body.flatMap { if case .data(let data) = $0 { data } else { nil } } ?? Data(),
                as: UTF8.self)
            if form.contains("scope=broken") {
                return StubResponse(statusCode: 502, body: Data("<html>bad gateway</html>".utf8))
            }
            if form.contains("scope=wrong") {
                return StubResponse(
                    statusCode: 200, headers: json, body: Data(#"{"access_token":"A","token_type":"mac"}"#.utf8))
            }
            if form.contains("grant_type=refresh_token") {
                return StubResponse(
                    statusCode: 200, headers: json,
                    body: Data(#"{"access_token":"A2","token_type":"Bearer","expires_in":60}"#.utf8))
            }
            return StubResponse(
                statusCode: 400, headers: json,
                body: Data(
                    #"{"error":"invalid_scope","error_description":"no such scope","error_uri":"https://auth.example.com/e"}"#
                        .utf8))
        }
        await #expect(
            throws: OAuthError.tokenRequestRefused(
                TokenEndpointError(
                    statusCode: 400, error: "invalid_scope", errorDescription: "no such scope",
                    errorURI: "https://auth.example.com/e"))
        ) { try await client.clientCredentials(scopes: ["admin"]) }
        await #expect(
            throws: OAuthError.unexpectedTokenResponse(status: 502, reason: "the body is not an OAuth error's JSON")
        ) {
            try await client.clientCredentials(scopes: ["broken"])
        }
        await #expect(throws: OAuthError.unexpectedTokenResponse(status: 200, reason: "token type `mac`, not Bearer")) {
            try await client.clientCredentials(scopes: ["wrong"])
        }
        // A server that does not rotate refresh tokens: the old one is kept.
        let refreshed = try await client.refresh(OAuthTokens(accessToken: "A1", refreshToken: "R1"))
        #expect(refreshed.accessToken == "A2" && refreshed.refreshToken == "R1")
        await #expect(throws: OAuthError.signInRequired(nil)) {
            try await client.refresh(OAuthTokens(accessToken: "A1"))
        }
    }

    @Test func tokensShowNoSecretWhenPrintedOrDumped() {
        let tokens = OAuthTokens(
            accessToken: "AT-SECRET", refreshToken: "RT-SECRET", expiresAt: Date(timeIntervalSince1970: 0),
            idToken: "ID-SECRET")
        var dumped = ""
        dump(tokens, to: &dumped)
        for shown in ["\(tokens)", String(reflecting: tokens), dumped, "\([tokens])"] {
            #expect(!shown.contains("SECRET") && shown.contains("refresh token"), "\(shown)")
        }
    }
}
