import Foundation
import RouteGenRuntime

/// One sign-in with the authorization code flow (RFC 6749 §4.1) and PKCE (RFC 7636): the URL to open in a browser,
/// and what reading its redirect and exchanging its code need (the `state` it sent and the PKCE verifier).
///
/// Made by ``OAuthClient/authorizationRequest(endpoint:redirectURI:scopes:additionalParameters:)``; keep it until
/// the redirect arrives, then pass both to ``OAuthClient/exchangeCode(from:for:)``, which reads a sign-in's
/// redirect once. Its description shows no verifier.
public struct AuthorizationRequest: Hashable, Sendable, CustomStringConvertible, CustomDebugStringConvertible,
    CustomReflectable
{
    /// The URL to open in the browser (`ASWebAuthenticationSession` on Apple platforms).
    public let url: URL
    /// Where the authorization server sends the browser back, as sent.
    public let redirectURI: String
    /// The random `state` sent, which the redirect must carry back.
    public let state: String
    /// The random `nonce` sent, which the ID token must carry back: an OpenID Connect sign-in's, else nil.
    public let nonce: String?
    /// The PKCE verifier: a secret sent only to the token endpoint, with the code.
    let codeVerifier: String
    /// The issuer the redirect's `iss` must name when it has one (RFC 9207): the client's OpenID provider's.
    let issuer: String?
    /// Whether the redirect must have an `iss`: its provider says it always sends one (RFC 9207 §2.4).
    let requiresIssuer: Bool
    /// Whether a redirect of this sign-in was read for its code exchange, shared by the copies of this value.
    private let read = Locked(false)

    init(
        url: URL, redirectURI: String, state: String, codeVerifier: String, nonce: String? = nil, issuer: String? = nil,
        requiresIssuer: Bool = false
    ) {
        self.url = url
        self.redirectURI = redirectURI
        self.state = state
        self.codeVerifier = codeVerifier
        self.nonce = nonce
        self.issuer = issuer
        self.requiresIssuer = requiresIssuer
    }

    /// Marks the sign-in's redirect read; throws ``OAuthError/redirectReplayed`` when it already was.
    func markRead() throws(OAuthError) {
        let wasRead = read.withLock { read in
            defer { read = true }
            return read
        }
        if wasRead { throw .redirectReplayed }
    }

    public static func == (lhs: Self, rhs: Self) -> Bool {
        (lhs.url, lhs.redirectURI, lhs.state, lhs.nonce, lhs.codeVerifier, lhs.issuer)
            == (rhs.url, rhs.redirectURI, rhs.state, rhs.nonce, rhs.codeVerifier, rhs.issuer)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(state)
        hasher.combine(codeVerifier)
    }

    /// The code in `redirect`, the URL the authorization server sent the browser back to.
    ///
    /// Refuses a redirect whose `state` is missing or is not this request's before reading anything else
    /// (``OAuthError/stateMismatch``); then one whose `iss` names another issuer than the client's OpenID provider
    /// (``OAuthError/issuerMismatch(expected:found:)``, RFC 9207), or names none when the provider says it always
    /// does (``OAuthError/issuerMissing(expected:)``); then an error the server sent
    /// (``OAuthError/authorizationFailed(error:description:)``); then a redirect without a code
    /// (``OAuthError/missingCode``).
    public func code(from redirect: URL) throws(OAuthError) -> String {
        let items = URLComponents(url: redirect, resolvingAgainstBaseURL: false)?.queryItems ?? []
        func value(_ name: String) -> String? { items.first { $0.name == name }?.value }
        guard let state = value("state"), state == self.state else { throw .stateMismatch }
        if let issuer, let named = value("iss"), named != issuer {
            throw .issuerMismatch(expected: issuer, found: named)
        }
        if let issuer, requiresIssuer, value("iss") == nil { throw .issuerMissing(expected: issuer) }
        if let error = value("error") {
            throw .authorizationFailed(error: error, description: value("error_description"))
        }
        guard let code = value("code"), !code.isEmpty else { throw .missingCode }
        return code
    }

    public var description: String { "AuthorizationRequest(\(SecretRedactor.default.redactedURL(url)))" }

    public var debugDescription: String { description }

    public var customMirror: Mirror { Mirror(self, children: ["description": description], displayStyle: .struct) }
}
