import Foundation
import OktaAPI
import OktaSignIn
import RouteGenToolkit
import Testing

/// README's "Sign in with OAuth from your document", run: `OktaAccount` signs alice in against a local authorization
/// server (Authlib, `Tests/RouteGenRuntimeTests/Fixtures/oauth_server.py`, which answers at the paths of Okta's
/// document) with the code flow and PKCE, and calls the generated `getUser` with the token. Skipped where `python3`
/// with Authlib is missing (`pip install authlib==1.9.10`; `.ci/run` installs it).
@Suite(.enabled(if: OAuthServer.isAvailable, "needs python3 with Authlib: pip install authlib==1.9.10"))
struct OktaSignInTests {
    @Test func anAppSignsInWithTheDocumentsSchemeAndCallsTheAPI() async throws {
        try await OAuthServer.run { server in
            let account = OktaAccount(environment: Okta.Environment(baseURL: server.base), clientID: "app")
            // Before a sign-in there is no token to send.
            await #expect(throws: OAuthError.signInRequired(nil)) { try await account.me() }

            let request = try account.signInRequest(redirectURI: OAuthServer.redirectURI)
            // Okta's relative URL, on the environment's host; the scope getUser needs.
            #expect(request.url.absoluteString.hasPrefix(server.base.absoluteString + "/oauth2/v1/authorize?"))
            #expect(request.url.query?.contains("scope=okta.users.read") == true)
            let redirect = try await server.signIn(at: request.url)
            try await account.finishSignIn(request, redirect: redirect)

            let user = try await account.me()
            #expect(user.id == "alice" && user.status == .active && user.profile?.login == "alice@example.com")
        }
    }
}
