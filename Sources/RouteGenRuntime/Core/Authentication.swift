import Foundation

/// Where a request carries its credentials. Generated routes set it from the spec's `auth:`; the
/// `AuthenticatingClient` supplies the token.
public enum Authentication: Hashable, Sendable {
    /// The request is sent without credentials (for example, the login endpoint itself).
    case none
    /// `Authorization: Bearer <token>`.
    case bearer
    /// `Authorization: Basic <base64 of user:password>` (RFC 7617). The token is `BasicCredentials.token` (RouteGenToolkit).
    case basic
    /// The token as the value of the named header.
    case header(String)
    /// The token as the value of the named query parameter.
    case query(String)
    /// Any one of these schemes (an OpenAPI `security` list of alternatives, Stripe's "Basic or Bearer"): the first
    /// of them an `AuthenticatingClient` in the chain serves is used.
    indirect case anyOf([Authentication])
    /// All of these schemes at once (an OpenAPI security requirement that names several, Plaid's client ID and secret
    /// headers): each `AuthenticatingClient` in the chain adds the credential of those it serves.
    indirect case allOf([Authentication])

    /// The schemes this placement allows, alternatives flattened, in order; a requirement of several schemes at once
    /// is one alternative.
    public var alternatives: [Authentication] {
        if case .anyOf(let schemes) = self { return schemes.flatMap(\.alternatives) }
        return [self]
    }

    /// The single schemes this placement names, in any alternative or requirement.
    var schemes: [Authentication] {
        switch self {
        case .anyOf(let schemes), .allOf(let schemes): schemes.flatMap(\.schemes)
        default: [self]
        }
    }

    /// The header fields that carry the credential of a request authenticated this way.
    public var headerNames: [String] {
        schemes.compactMap { scheme in
            switch scheme {
            case .bearer, .basic: "Authorization"
            case .header(let name): name
            case .none, .query, .anyOf, .allOf: nil
            }
        }
    }

    /// The query items that carry the credential of a request authenticated this way.
    public var queryNames: [String] {
        schemes.compactMap { if case .query(let name) = $0 { name } else { nil } }
    }
}
