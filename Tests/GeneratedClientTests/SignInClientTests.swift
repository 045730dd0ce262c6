import Foundation
import GeneratedClients
import RouteGenToolkit
import RouteGenURLSession
import Testing

/// The OAuth values generated from `Tests/Specs/SignIn.yaml`: each flow's URLs in an environment, the scopes, and the
/// scopes each endpoint needs; and each flow run with them against the toolkit's test authorization server (Authlib),
/// through the generated client.
@Suite struct SignInClientTests {
    /// Base URLs of every shape an environment has: either scheme, a port or none, a path or none, with a query.
    static let bases: [URL] = ["http", "https"].flatMap { scheme in
        ["127.0.0.1", "id.example.com", "[::1]"].flatMap { host in
            ["", ":8443"].flatMap { port in
                ["", "/", "/v1", "/tenants/acme/", "/v1?region=eu"].map {
                    URL(string: "\(scheme)://\(host)\(port)\($0)")!
                }
            }
        }
    }

    /// The environment's scheme, host and port, and `path`: where a path of the document is (RFC 3986 §5.2).
    static func onHost(of base: URL, _ path: String) -> URL {
        var components = URLComponents(url: base, resolvingAgainstBaseURL: false)!
        components.path = path
        components.query = nil
        return components.url!
    }

    @Test func aPathOfTheDocumentIsOnTheEnvironmentsHostAndAnAbsoluteURLIsAsWritten() {
        for base in Self.bases {
            let environment = SignIn.Environment(baseURL: base)
            let code = SignIn.OAuth.Accounts.authorizationCode(in: environment)
            #expect(code.authorizationURL == Self.onHost(of: base, "/authorize"), "\(base)")
            #expect(code.tokenURL == Self.onHost(of: base, "/token"), "\(base)")
            #expect(code.refreshURL == URL(string: "https://refresh.signin.example/token"))
            let device = SignIn.OAuth.Accounts.deviceAuthorization(in: environment)
            #expect(device.deviceAuthorizationURL == Self.onHost(of: base, "/device_authorization"), "\(base)")
            #expect(device.refreshURL == nil)
            #expect(SignIn.OAuth.Accounts.password(in: environment).tokenURL == Self.onHost(of: base, "/token"))
            #expect(
                SignIn.OAuth.Accounts.clientCredentials(in: environment).tokenURL == Self.onHost(of: base, "/token"))
            #expect(
                SignIn.OAuth.EnvironmentScheme.discoveryURL(in: environment)
                    == Self.onHost(of: base, "/.well-known/openid-configuration"))
        }
        #expect(SignIn.OAuth.Accounts.authorizationCode().tokenURL.absoluteString == "https://api.signin.example/token")
        #expect(
            SignIn.OAuth.Accounts.implicit().authorizationURL.absoluteString == "https://auth.signin.example/authorize")
    }

    @Test func theScopesAreTheDocumentsAndEachEndpointNeedsItsOwn() {
        typealias Scope = SignIn.OAuth.Accounts.Scope
        #expect(
            [Scope.profile, .petsWrite, .default, .none_].map(\.rawValue) == [
                "profile", "pets.write", "default", "none",
            ])
        // The API's `auth` for an endpoint without its own; an endpoint's own, of each scheme it names; none for one
        // the scheme does not guard (`health` has no member).
        #expect(SignIn.OAuth.Accounts.RequiredScopes.me == [.profile])
        #expect(SignIn.OAuth.Accounts.RequiredScopes.updateProfile == [.petsWrite, .profile])
        #expect(SignIn.OAuth.Accounts.RequiredScopes.signInWithDefaults == [.default, .none_])
        #expect(SignIn.OAuth.EnvironmentScheme.RequiredScopes.updateProfile == [.openid])
        // The model named like the enum of schemes took another name.
        #expect(SignIn.OAuthModel(user: "ann").user == "ann")
    }
}

/// Each flow of `SignIn.OAuth` against the Authlib server (`Tests/RouteGenRuntimeTests/Fixtures/oauth_server.py`),
/// whose endpoints are where the spec's relative URLs put them: the client is made from the generated values alone,
/// and the generated `me` is called with the token. Skipped where `python3` with Authlib is missing.
@Suite(.enabled(if: OAuthServer.isAvailable, "needs python3 with Authlib: pip install authlib==1.9.10"))
struct SignInServerTests {
    typealias Accounts = SignIn.OAuth.Accounts

    /// The generated client over a session of `session`'s tokens, on `environment`.
    private static func api(_ session: OAuthSession, _ environment: SignIn.Environment) -> SignIn.RequestHandler {
        SignIn.RequestHandler(
            environment: environment, client: URLSessionClient().authenticated(by: session, onlyTo: environment.baseURL)
        )
    }

    @Test func theAuthorizationCodeFlowWithPKCE() async throws {
        try await OAuthServer.run { server in
            let environment = SignIn.Environment(baseURL: server.base)
            let flow = Accounts.authorizationCode(in: environment)
            let oauth = OAuthClient(clientID: "app", tokenEndpoint: flow.tokenURL, transport: URLSessionClient())
            let request = try oauth.authorizationRequest(
                endpoint: flow.authorizationURL, redirectURI: OAuthServer.redirectURI,
                scopes: Accounts.RequiredScopes.me.map(\.rawValue))
            let session = OAuthSession(client: oauth)
            try await session.signIn(
                with: try await oauth.exchangeCode(from: try await server.signIn(at: request.url), for: request))
            #expect(try await Self.api(session, environment).me().user == "alice")
            #expect(try await session.tokens()?.scopes == ["profile"])
        }
    }

    @Test func theClientCredentialsFlow() async throws {
        try await OAuthServer.run { server in
            let environment = SignIn.Environment(baseURL: server.base)
            let oauth = OAuthClient(
                clientID: "service", clientSecret: "service-secret",
                tokenEndpoint: Accounts.clientCredentials(in: environment).tokenURL, transport: URLSessionClient())
            let session = OAuthSession(
                client: oauth, renewal: .clientCredentials(scopes: Accounts.RequiredScopes.me.map(\.rawValue)))
            let me = try await Self.api(session, environment).me()
            #expect(me.user == "service")
        }
    }

    @Test func theDeviceAuthorizationFlow() async throws {
        try await OAuthServer.run { server in
            let environment = SignIn.Environment(baseURL: server.base)
            let flow = Accounts.deviceAuthorization(in: environment)
            var oauth = OAuthClient(clientID: "tv", tokenEndpoint: flow.tokenURL, transport: URLSessionClient())
            oauth.deviceAuthorizationEndpoint = flow.deviceAuthorizationURL
            let device = try await oauth.authorizeDevice(scopes: Accounts.RequiredScopes.me.map(\.rawValue))
            // The user approves on another device while this one waits for its first poll.
            let tokens = try await oauth.tokens(for: device) { _ in try await server.approve(userCode: device.userCode)
            }
            let session = OAuthSession(client: oauth, store: MemoryTokenStore(tokens))
            #expect(try await Self.api(session, environment).me().user == "alice")
        }
    }

    @Test func openIDConnectFromTheDiscoveryURL() async throws {
        try await OAuthServer.run { server in
            let environment = SignIn.Environment(baseURL: server.base)
            let provider = try await OpenIDConfiguration.discover(
                at: SignIn.OAuth.EnvironmentScheme.discoveryURL(in: environment), transport: URLSessionClient())
            #expect(provider.issuer == server.base.absoluteString)
            let oauth = provider.client(clientID: "app", transport: URLSessionClient())
            let scopes = SignIn.OAuth.EnvironmentScheme.RequiredScopes.updateProfile.map(\.rawValue)
            let request = try oauth.authorizationRequest(
                endpoint: provider.authorizationEndpoint, redirectURI: OAuthServer.redirectURI, scopes: scopes)
            let tokens = try await oauth.exchangeCode(from: try await server.signIn(at: request.url), for: request)
            let claims = try #require(try tokens.idTokenClaims())
            #expect(claims.subject == "alice")
        }
    }
}
