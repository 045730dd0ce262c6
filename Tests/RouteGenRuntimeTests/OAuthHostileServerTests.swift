import Foundation
import RouteGenRuntime
import RouteGenTestSupport
import RouteGenTesting
import Testing

@testable import RouteGenToolkit

/// The OAuth client facing an authorization server, or a redirect, that does not play by the rules: a redirect of the
/// token request to another origin, answers too large to be token responses or that are not token responses at all,
/// a replayed sign-in redirect, a refresh storm, and the device grant's own clock.
@Suite struct OAuthHostileServerTests {
    private static let json: HeaderFields = ["Content-Type": "application/json"]

    @Test(arguments: Transport.allCases)
    func aTokenRequestRedirectedToAnotherOriginIsNotFollowed(transport: Transport) async throws {
        let received = Locked<[ReceivedRequest]>([])
        try await withTestServer(handler: { request in
            received.withLock { $0.append(request) }
            return .json(#"{"access_token":"stolen","token_type":"Bearer"}"#)
        }) { elsewhere in
            // `localhost` is another origin than `127.0.0.1`, though the same machine.
            let target = "http://localhost:\(elsewhere.port!)/token"
            try await withTestServer(handler: { _ in ServerReply(status: 307, headers: ["Location": target]) }) {
                base in
                let client = OAuthClient(
                    clientID: "app", tokenEndpoint: base.appendingPathComponent("token"),
                    transport: transport.client())
                let tokens = OAuthTokens(accessToken: "AT-1", refreshToken: "RT-SECRET")
                await #expect(
                    throws: OAuthError.unexpectedTokenResponse(
                        status: 307, reason: "a redirect, which is not followed with the client's credentials")
                ) { try await client.refresh(tokens) }
            }
        }
        #expect(received.withLock { $0.map(\.bodyText) } == [], "the refresh token followed the redirect")
    }

    @Test func aTokenResponseOverOneMebibyteIsRefusedUnread() async throws {
        let huge = #"{"token_type":"Bearer","access_token":""# + String(repeating: "A", count: 8 << 20) + #""}"#
        try await withTestServer(handler: { _ in .json(huge) }) { base in
            let client = OAuthClient(
                clientID: "service", clientSecret: "s", tokenEndpoint: base.appendingPathComponent("token"),
                transport: Transport.urlSession.client())
            await #expect(
                throws: OAuthError.unexpectedTokenResponse(status: 200, reason: "the body is over 1 MiB")
            ) { try await client.clientCredentials() }
        }
    }

    @Test func answersThatAreNoTokenResponsesAreTypedErrorsAndOddOnesAreRead() async throws {
        let stub = StubTransport()
        let client = OAuthClient(
            clientID: "app", tokenEndpoint: URL(string: "https://auth.example.com/token")!, transport: stub)
        let answers: [(String, StubResponse, OAuthError?)] = [
            (
                "html", StubResponse(statusCode: 200, body: Data("<html>login</html>".utf8)),
                .unexpectedTokenResponse(status: 200, reason: "the body is not a token response's JSON")
            ),
            (
                "untyped", StubResponse(statusCode: 200, headers: Self.json, body: Data(#"{"access_token":"A"}"#.utf8)),
                .unexpectedTokenResponse(status: 200, reason: "the body is not a token response's JSON")
            ),
            (
                "dpop",
                StubResponse(
                    statusCode: 200, headers: Self.json, body: Data(#"{"access_token":"A","token_type":"DPoP"}"#.utf8)),
                .unexpectedTokenResponse(status: 200, reason: "token type `DPoP`, not Bearer")
            ),
            (
                "timeless",
                StubResponse(
                    statusCode: 200, headers: Self.json, body: Data(#"{"access_token":"A","token_type":"bearer"}"#.utf8)
                ),
                nil
            ),
            (
                "forever",
                StubResponse(
                    statusCode: 200, headers: Self.json,
                    body: Data(#"{"access_token":"A","token_type":"Bearer","expires_in":1e300}"#.utf8)), nil
            ),
            (
                "empty", StubResponse(statusCode: 500),
                .unexpectedTokenResponse(status: 500, reason: "the body is not an OAuth error's JSON")
            ),
        ]
        for (scope, answer, error) in answers {
            stub.register(.post, "/token") { _ in answer }
            if let error {
                await #expect(throws: error, "\(scope)") { try await client.clientCredentials(scopes: [scope]) }
            } else {
                let tokens = try await client.clientCredentials(scopes: [scope])
                // Without `expires_in` the token is used until the API refuses it: the 401 renews it.
                #expect(!tokens.isExpired(at: .distantFuture) || scope == "forever", "\(scope)")
                #expect("\(tokens)".contains("Bearer access token") || "\(tokens)".contains("bearer access token"))
            }
        }
    }

    @Test func aReplayedRedirectIsRefusedWithoutSendingItsCode() async throws {
        let stub = StubTransport()
        stub.register(
            .post, "/token",
            response: StubResponse(
                statusCode: 200, headers: Self.json, body: Data(#"{"access_token":"A","token_type":"Bearer"}"#.utf8)))
        let client = OAuthClient(
            clientID: "app", tokenEndpoint: URL(string: "https://auth.example.com/token")!, transport: stub)
        let request = try client.authorizationRequest(
            endpoint: URL(string: "https://auth.example.com/authorize")!, redirectURI: "com.example.app:/oauth")
        let redirect = URL(string: "com.example.app:/oauth?code=C1&state=\(request.state)")!
        _ = try await client.exchangeCode(from: redirect, for: request)
        let copy = request
        for replayed in [redirect, URL(string: "com.example.app:/oauth?code=C2&state=\(request.state)")!] {
            await #expect(throws: OAuthError.redirectReplayed) {
                try await client.exchangeCode(from: replayed, for: copy)
            }
        }
        #expect(stub.requests.count == 1)
    }

    @Test func aRedirectNamingAnotherIssuerIsRefusedAsAMixUp() throws {
        // RFC 9207: an app with two providers cannot be made to send one provider's code to the other.
        let provider = OpenIDConfiguration(
            issuer: "https://id.example.com", authorizationEndpoint: URL(string: "https://id.example.com/authorize")!,
            tokenEndpoint: URL(string: "https://id.example.com/token")!)
        let client = provider.client(clientID: "app", transport: StubTransport())
        let request = try client.authorizationRequest(
            endpoint: provider.authorizationEndpoint, redirectURI: "com.example.app:/oauth", scopes: ["openid"])
        let redirect = "com.example.app:/oauth?code=C1&state=\(request.state)"
        #expect(throws: OAuthError.issuerMismatch(expected: "https://id.example.com", found: "https://evil.example")) {
            try request.code(from: URL(string: redirect + "&iss=https%3A%2F%2Fevil.example")!)
        }
        #expect(try request.code(from: URL(string: redirect + "&iss=https%3A%2F%2Fid.example.com")!) == "C1")
        // A provider that does not send `iss` is not refused for it.
        #expect(try request.code(from: URL(string: redirect)!) == "C1")
    }

    @Test func aRedirectWithoutAnIssuerIsRefusedWhenTheProviderAlwaysNamesItself() async throws {
        // RFC 9207 §2.4: a provider whose metadata says it sends `iss` sends it in every redirect; one without it
        // comes from another provider (a mix-up), which the check of a named issuer alone would let through.
        let server = Locked("")
        try await withTestServer(handler: { _ in
            let issuer = server.withLock { $0 }
            return .json(
                #"{"issuer":"\#(issuer)","authorization_endpoint":"\#(issuer)/authorize","token_endpoint":"\#(issuer)/token","authorization_response_iss_parameter_supported":true}"#
            )
        }) { base in
            server.withLock { $0 = base.absoluteString }
            let http = Transport.urlSession.client()
            let provider = try await OpenIDConfiguration.discover(issuer: base, transport: http)
            #expect(provider.namesItselfInRedirects)
            let request = try provider.client(clientID: "app", transport: StubTransport()).authorizationRequest(
                endpoint: provider.authorizationEndpoint, redirectURI: "com.example.app:/oauth", scopes: ["openid"])
            let redirect = "com.example.app:/oauth?code=C1&state=\(request.state)"
            #expect(throws: OAuthError.issuerMissing(expected: provider.issuer)) {
                try request.code(from: URL(string: redirect)!)
            }
            let named = provider.issuer.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
            #expect(try request.code(from: URL(string: redirect + "&iss=\(named)")!) == "C1")
        }
    }

    @Test(arguments: Transport.allCases)
    func signingOutWhileTheRevocationEndpointIsDownStillForgetsTheTokens(transport: Transport) async throws {
        let received = Locked<[ReceivedRequest]>([])
        try await withTestServer(handler: { request in
            received.withLock { $0.append(request) }
            return ServerReply(status: 503, body: Data("down for maintenance".utf8))
        }) { base in
            let client = OAuthClient(
                clientID: "app", tokenEndpoint: base.appendingPathComponent("token"),
                revocationEndpoint: base.appendingPathComponent("revoke"), transport: transport.client())
            let session = OAuthSession(
                client: client, store: MemoryTokenStore(OAuthTokens(accessToken: "AT-1", refreshToken: "RT-1")))
            await #expect(
                throws: OAuthError.unexpectedTokenResponse(status: 503, reason: "the body is not an OAuth error's JSON")
            ) { try await session.signOut() }
            // On a shared device, the next user finds no one signed in, whatever the server said.
            let left = try await session.tokens()
            #expect(left == nil)
            await #expect(throws: OAuthError.signInRequired(nil)) { try await session.accessToken() }
        }
        let paths = received.withLock { $0.map(\.path) }
        let body = received.withLock { $0.first?.bodyText ?? "" }
        #expect(paths == ["/revoke"] && body.contains("token=RT-1"))
    }

    /// A session over `store` whose token endpoint reaches `refreshes` when a refresh arrives, and answers `answer`
    /// once `release` is reached.
    private static func sessionRefreshing(
        answer: StubResponse, refreshes: Checkpoint, release: Checkpoint, store: MemoryTokenStore
    ) -> OAuthSession {
        let stub = StubTransport()
        stub.register(.post, "/token") { _ in
            _ = refreshes.reach()
            await release.wait()
            return answer
        }
        let client = OAuthClient(
            clientID: "app", tokenEndpoint: URL(string: "https://auth.example.com/token")!, transport: stub)
        return OAuthSession(client: client, store: store, now: { Date(timeIntervalSince1970: 2_000_000_000) })
    }

    private static let expired = OAuthTokens(
        accessToken: "AT-0", refreshToken: "RT-0", expiresAt: Date(timeIntervalSince1970: 1_999_999_000))

    @Test func aRefreshAnsweredAfterASignOutDoesNotSignTheUserBackIn() async throws {
        let refreshes = Checkpoint()
        let release = Checkpoint()
        let store = MemoryTokenStore(Self.expired)
        let session = Self.sessionRefreshing(
            answer: StubResponse(
                statusCode: 200, headers: Self.json,
                body: Data(
                    #"{"access_token":"AT-1","refresh_token":"RT-1","token_type":"Bearer","expires_in":3600}"#.utf8)),
            refreshes: refreshes, release: release, store: store)
        let request = Task { try await session.accessToken() }
        await refreshes.wait()
        try await session.signOut()
        release.reach()
        await #expect(throws: OAuthError.signInRequired(nil)) { try await request.value }
        let left = await store.tokens()
        #expect(left == nil, "the user signed out and is signed in again")
    }

    @Test func aRefreshTokenRefusedAfterANewSignInDoesNotSignTheUserOut() async throws {
        let refreshes = Checkpoint()
        let release = Checkpoint()
        let store = MemoryTokenStore(Self.expired)
        let session = Self.sessionRefreshing(
            answer: StubResponse(statusCode: 400, headers: Self.json, body: Data(#"{"error":"invalid_grant"}"#.utf8)),
            refreshes: refreshes, release: release, store: store)
        let request = Task { try await session.accessToken() }
        await refreshes.wait()
        // The user signs in again (or another session sharing the store rotates the refresh token) meanwhile.
        let signedIn = OAuthTokens(accessToken: "AT-9", refreshToken: "RT-9")
        try await session.signIn(with: signedIn)
        release.reach()
        #expect(try await request.value == "AT-9")
        let left = await store.tokens()
        #expect(left == signedIn, "the new sign-in was forgotten")
    }

    @Test func aHundredCallersOfAnExpiredSessionShareOneRefresh() async throws {
        let stub = StubTransport()
        let refreshes = Checkpoint()
        let waiting = Checkpoint()
        let release = Checkpoint()
        stub.register(.post, "/token") { _ in
            let count = refreshes.reach()
            // The first refresh answers only once every caller is waiting for it.
            await release.wait()
            return StubResponse(
                statusCode: 200, headers: Self.json,
                body: Data(
                    #"{"access_token":"AT-\#(count)","refresh_token":"RT-\#(count)","token_type":"Bearer","expires_in":3600}"#
                        .utf8))
        }
        let clock = Locked(Date(timeIntervalSince1970: 2_000_000_000))
        let client = OAuthClient(
            clientID: "app", tokenEndpoint: URL(string: "https://auth.example.com/token")!, transport: stub)
        let session = OAuthSession(
            client: client,
            store: MemoryTokenStore(
                OAuthTokens(accessToken: "AT-0", refreshToken: "RT-0", expiresAt: clock.withLock { $0 })),
            now: { clock.withLock { $0 } })
        try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<100 {
                group.addTask {
                    waiting.reach()
                    return try await session.accessToken()
                }
            }
            await waiting.wait(for: 100)
            await refreshes.wait()
            release.reach()
            for try await token in group { #expect(token == "AT-1") }
        }
        #expect(refreshes.count == 1)
        #expect(try await session.tokens()?.refreshToken == "RT-1")
    }

    @Test func aDeviceAuthorizationWithAbsurdLifetimesIsBoundedNotACrash() async throws {
        let stub = StubTransport()
        stub.register(
            .post, "/device",
            response: StubResponse(
                statusCode: 200, headers: Self.json,
                body: Data(
                    #"{"device_code":"D","user_code":"U","verification_uri":"https://auth.example.com/d","expires_in":1e300,"interval":1e300}"#
                        .utf8)))
        var client = OAuthClient(
            clientID: "tv", tokenEndpoint: URL(string: "https://auth.example.com/token")!, transport: stub)
        client.deviceAuthorizationEndpoint = URL(string: "https://auth.example.com/device")!
        let device = try await client.authorizeDevice()
        #expect(device.expiresIn == .seconds(86_400) && device.interval == .seconds(86_400))
        await #expect(throws: OAuthError.deviceCodeExpired) {
            try await client.tokens(for: device) { _ in Issue.record("a wait past the code's lifetime") }
        }
    }

    @Test func theDeviceGrantStopsPollingWhenItsWaitsReachTheCodesLifetime() async throws {
        let stub = StubTransport()
        stub.register(
            .post, "/device",
            response: StubResponse(
                statusCode: 200, headers: Self.json,
                body: Data(
                    #"{"device_code":"DC-SECRET","user_code":"ABCD-EFGH","verification_uri":"https://auth.example.com/device","expires_in":12}"#
                        .utf8)))
        stub.register(
            .post, "/token",
            response: StubResponse(
                statusCode: 400, headers: Self.json, body: Data(#"{"error":"authorization_pending"}"#.utf8)))
        var client = OAuthClient(
            clientID: "tv", tokenEndpoint: URL(string: "https://auth.example.com/token")!, transport: stub)
        await #expect(throws: OAuthError.missingEndpoint("device_authorization_endpoint")) {
            try await client.authorizeDevice()
        }
        client.deviceAuthorizationEndpoint = URL(string: "https://auth.example.com/device")!
        let device = try await client.authorizeDevice()
        #expect(device.interval == .seconds(5) && device.verificationURIComplete == nil)
        let waits = Locked<[Duration]>([])
        await #expect(throws: OAuthError.deviceCodeExpired) {
            try await client.tokens(for: device) { duration in waits.withLock { $0.append(duration) } }
        }
        #expect(waits.withLock { $0 } == [.seconds(5), .seconds(5)])
        #expect(stub.requests.filter { $0.path == "/token" }.count == 2)
    }
}
