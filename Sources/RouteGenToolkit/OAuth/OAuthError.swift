import Foundation
import RouteGenRuntime

/// Why an OAuth flow failed. No case holds a token, code, verifier or secret, and none is in a description, a debug
/// description or a dump (whose mirror is the description: the text a server sent is shown redacted).
public enum OAuthError: Error, Hashable, Sendable, CustomStringConvertible, CustomReflectable {
    /// The redirect's `state` is missing or is not the one this sign-in sent: a forged or stale redirect, refused
    /// before anything else in it is read (RFC 6749 §10.12).
    case stateMismatch
    /// The authorization server answered the sign-in with an error (RFC 6749 §4.1.2.1): `access_denied` when the
    /// user said no.
    case authorizationFailed(error: String, description: String?)
    /// The redirect has the right `state` but neither a `code` nor an `error`.
    case missingCode
    /// A redirect for a sign-in whose code was already exchanged: a replayed redirect, refused before its code is
    /// sent anywhere. A sign-in is read once; after a failed exchange the user signs in again.
    case redirectReplayed
    /// The token endpoint refused a request (RFC 6749 §5.2): a verifier that does not match the code's challenge,
    /// an unknown client, a scope not allowed, …
    case tokenRequestRefused(TokenEndpointError)
    /// The stored tokens can no longer be renewed (the refresh token was revoked, has expired or was used twice, or
    /// there is none): the app must sign the user in again. Holds the token endpoint's answer when it gave one
    /// (`invalid_grant`).
    case signInRequired(TokenEndpointError?)
    /// An answer of the authorization server is not what the protocol says (a token response, an RFC 6749 error, a
    /// document): its status and what is wrong. A redirect and a body over 1 MiB are among them.
    case unexpectedTokenResponse(status: Int, reason: String)
    /// An endpoint that is neither `https` nor on the loopback interface: tokens and secrets are not sent to it.
    case insecureEndpoint(URL)
    /// The discovery document's `issuer` is not the issuer it was fetched for (OpenID Connect Discovery §4.3,
    /// RFC 8414 §3.3), or a sign-in's redirect names another issuer in `iss` than the client's provider (RFC 9207,
    /// a mix-up of two providers): refused.
    case issuerMismatch(expected: String, found: String)
    /// A sign-in's redirect names no issuer (`iss`) though the client's provider says it names itself in every one
    /// (RFC 9207 §2.4): a redirect from another provider, which would not, is refused.
    case issuerMissing(expected: String)
    /// The discovery document could not be read: its status or what is wrong with it.
    case invalidDiscoveryDocument(reason: String)
    /// The ID token of a sign-in is not one this client may accept (OpenID Connect Core §3.1.3.7).
    case idTokenRejected(IDTokenRejection)
    /// The device code expired before the user approved the device (RFC 8628 §3.5 `expired_token`): start again.
    case deviceCodeExpired
    /// The client knows no endpoint of the kind a flow needs (the metadata name, `device_authorization_endpoint`).
    case missingEndpoint(String)

    public var description: String {
        switch self {
        case .stateMismatch: "the sign-in's redirect does not carry this sign-in's `state`: refused"
        case .authorizationFailed(let error, let description):
            "the authorization server refused the sign-in: \(error)"
                + (description.map { " (\(SecretRedactor.default.redactedPairs(in: $0)))" } ?? "")
        case .missingCode: "the sign-in's redirect has no `code` and no `error`"
        case .redirectReplayed: "the sign-in's redirect was already read: a replayed redirect is refused"
        case .tokenRequestRefused(let error): error.description
        case .signInRequired(let error):
            "the session's tokens can no longer be renewed: sign in again" + (error.map { " (\($0))" } ?? "")
        case .unexpectedTokenResponse(let status, let reason):
            "the authorization server's answer (\(status)) is not usable: \(reason)"
        case .insecureEndpoint(let url):
            "`\(SecretRedactor.default.redactedURL(url))` is neither https nor loopback: no credential is sent to it"
        case .issuerMismatch(let expected, let found):
            "`\(expected)` was expected and another issuer, `\(found)`, was named: refused"
        case .issuerMissing(let expected):
            "the sign-in's redirect names no issuer, which `\(expected)` always names: refused"
        case .invalidDiscoveryDocument(let reason): "the discovery document is not usable: \(reason)"
        case .idTokenRejected(let rejection): "the ID token is refused: \(rejection)"
        case .deviceCodeExpired: "the device code expired before the user approved the device: start again"
        case .missingEndpoint(let name): "the client knows no `\(name)`"
        }
    }

    public var customMirror: Mirror { Mirror(self, children: ["description": description], displayStyle: .enum) }
}

/// An error response of the token endpoint (RFC 6749 §5.2).
public struct TokenEndpointError: Error, Hashable, Sendable, CustomStringConvertible, CustomReflectable {
    /// The HTTP status, 400 or 401 from a server that follows RFC 6749.
    public var statusCode: Int
    /// The error code: `invalid_request`, `invalid_client`, `invalid_grant`, `unauthorized_client`,
    /// `unsupported_grant_type`, `invalid_scope`, or one an extension defines.
    public var error: String
    /// The server's explanation, for developers, if it gave one.
    public var errorDescription: String?
    /// A page about the error, if the server named one.
    public var errorURI: String?

    /// Creates an error response.
    public init(statusCode: Int, error: String, errorDescription: String? = nil, errorURI: String? = nil) {
        self.statusCode = statusCode
        self.error = error
        self.errorDescription = errorDescription
        self.errorURI = errorURI
    }

    public var description: String {
        "the token endpoint refused the request (\(statusCode)): \(error)"
            + (errorDescription.map { " (\(SecretRedactor.default.redactedPairs(in: $0)))" } ?? "")
    }

    public var customMirror: Mirror { Mirror(self, children: ["description": description], displayStyle: .struct) }
}
