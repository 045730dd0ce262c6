import Foundation
import GeneratedClients
import Testing

/// The OAuth values generated from `Tests/Specs/SignIn.yaml`: each flow's URLs in an environment, the scopes, and the
/// scopes each endpoint needs.
@Suite struct SignInClientTests {
    /// Base URLs of every shape an environment has: either scheme, a port or none, a path or none, with a query.
    static let bases: [URL] = ["http", "https"].flatMap { scheme in
        ["127.0.0.1", "id.example.com", "[::1]"].flatMap { host in
            ["", ":8443"].flatMap { port in
                ["", "/", "/v1", "/tenants/acme/", "/v1?region=eu"].map { URL(string: "\(scheme)://\(host)\(port)\($0)")! }
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
            #expect(code.authorizationURL == Self.onHost(of: base, "/oauth/authorize"), "\(base)")
            #expect(code.tokenURL == Self.onHost(of: base, "/oauth/token"), "\(base)")
            #expect(code.refreshURL == URL(string: "https://refresh.signin.example/token"))
            let device = SignIn.OAuth.Accounts.deviceAuthorization(in: environment)
            #expect(device.deviceAuthorizationURL == Self.onHost(of: base, "/oauth/device"), "\(base)")
            #expect(device.refreshURL == nil)
            #expect(SignIn.OAuth.Accounts.password(in: environment).tokenURL == Self.onHost(of: base, "/oauth/token"))
            #expect(
                SignIn.OAuth.Accounts.clientCredentials(in: environment).tokenURL
                    == URL(string: "https://auth.signin.example/token"))
            #expect(
                SignIn.OAuth.EnvironmentScheme.discoveryURL(in: environment)
                    == Self.onHost(of: base, "/.well-known/openid-configuration"))
        }
        #expect(SignIn.OAuth.Accounts.authorizationCode().tokenURL.absoluteString == "https://api.signin.example/oauth/token")
        #expect(
            SignIn.OAuth.Accounts.implicit().authorizationURL.absoluteString == "https://auth.signin.example/authorize")
    }

    @Test func theScopesAreTheDocumentsAndEachEndpointNeedsItsOwn() {
        typealias Scope = SignIn.OAuth.Accounts.Scope
        #expect(
            [Scope.readProfile, .writeProfile, .default, .none_].map(\.rawValue)
                == ["read:profile", "write:profile", "default", "none"])
        // The API's `auth` for an endpoint without its own; an endpoint's own, of each scheme it names; none for one
        // the scheme does not guard (`health` has no member).
        #expect(SignIn.OAuth.Accounts.RequiredScopes.getProfile == [.readProfile])
        #expect(SignIn.OAuth.Accounts.RequiredScopes.updateProfile == [.writeProfile, .readProfile])
        #expect(SignIn.OAuth.Accounts.RequiredScopes.signInWithDefaults == [.default, .none_])
        #expect(SignIn.OAuth.EnvironmentScheme.RequiredScopes.updateProfile == [.openid])
        // The model named like the enum of schemes took another name.
        #expect(SignIn.OAuthModel(name: "ann").name == "ann")
    }
}
