import Foundation
import OktaAPI
import RouteGenToolkit
import RouteGenURLSession

/// An app's Okta account: it signs the user in with the authorization code flow and PKCE, at the URLs and with the
/// scopes the document declares (the generated `Okta.OAuth.Oauth2`), and calls the API with the token, renewed as
/// needed. An iOS app opens ``signInRequest(redirectURI:)``'s `url` with `open(presentingOver:)`.
public final class OktaAccount: Sendable {
    /// The API, which sends the signed-in user's token.
    public let okta: Okta.RequestHandler
    private let oauth: OAuthClient
    private let session: OAuthSession
    private let flow: Okta.OAuth.AuthorizationCodeFlow

    /// The account of the app `clientID` at the Okta organisation `environment`.
    public init(environment: Okta.Environment, clientID: String) {
        flow = Okta.OAuth.Oauth2.authorizationCode(in: environment)
        oauth = OAuthClient(clientID: clientID, tokenEndpoint: flow.tokenURL, transport: URLSessionClient())
        session = OAuthSession(client: oauth)
        let client = URLSessionClient().authenticated(by: session, onlyTo: environment.baseURL)
        okta = Okta.RequestHandler(environment: environment, client: client)
    }

    /// A new sign-in, asking for the scopes of the endpoints the app calls: open its `url` in a browser.
    public func signInRequest(redirectURI: String) throws -> AuthorizationRequest {
        let scopes = Okta.OAuth.Oauth2.RequiredScopes.getUser
        return try oauth.authorizationRequest(
            endpoint: flow.authorizationURL, redirectURI: redirectURI, scopes: scopes.map(\.rawValue))
    }

    /// Ends `request` with the redirect the browser came back to: exchanges its code for the user's tokens.
    public func finishSignIn(_ request: AuthorizationRequest, redirect: URL) async throws {
        try await session.signIn(with: try await oauth.exchangeCode(from: redirect, for: request))
    }

    /// The signed-in user.
    public func me() async throws -> Okta.User {
        try await okta.getUser(id: "me")
    }
}
