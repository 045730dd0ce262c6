import Foundation
import RouteGenRuntime

/// Why an OAuth flow failed. No case holds a token, code, verifier or secret, and none is in a description.
public enum OAuthError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The redirect's `state` is missing or is not the one this sign-in sent: a forged or stale redirect, refused
    /// before anything else in it is read (RFC 6749 §10.12).
    case stateMismatch
    /// The authorization server answered the sign-in with an error (RFC 6749 §4.1.2.1): `access_denied` when the
    /// user said no.
    case authorizationFailed(error: String, description: String?)
    /// The redirect has the right `state` but neither a `code` nor an `error`.
    case missingCode
    /// The token endpoint refused a request (RFC 6749 §5.2): a verifier that does not match the code's challenge,
    /// an unknown client, a scope not allowed, …
    case tokenRequestRefused(TokenEndpointError)
    /// The stored tokens can no longer be renewed (the refresh token was revoked, has expired or was used twice, or
    /// there is none): the app must sign the user in again. Holds the token endpoint's answer when it gave one
    /// (`invalid_grant`).
    case signInRequired(TokenEndpointError?)
    /// The token endpoint's answer is not a token response nor an RFC 6749 error: its status and what is wrong.
    case unexpectedTokenResponse(status: Int, reason: String)
    /// An endpoint that is neither `https` nor on the loopback interface: tokens and secrets are not sent to it.
    case insecureEndpoint(URL)

    public var description: String {
        switch self {
        case .stateMismatch: "the sign-in's redirect does not carry this sign-in's `state`: refused"
        case .authorizationFailed(let error, let description):
            "the authorization server refused the sign-in: \(error)" + (description.map { " (\($0))" } ?? "")
        case .missingCode: "the sign-in's redirect has no `code` and no `error`"
        case .tokenRequestRefused(let error): error.description
        case .signInRequired(let error):
            "the session's tokens can no longer be renewed: sign in again" + (error.map { " (\($0))" } ?? "")
        case .unexpectedTokenResponse(let status, let reason):
            "the token endpoint's answer (\(status)) is not usable: \(reason)"
        case .insecureEndpoint(let url):
            "`\(SecretRedactor.default.redactedURL(url))` is neither https nor loopback: no credential is sent to it"
        }
    }
}

/// An error response of the token endpoint (RFC 6749 §5.2).
public struct TokenEndpointError: Error, Hashable, Sendable, CustomStringConvertible {
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
}
