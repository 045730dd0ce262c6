/// Where a request carries its credentials. Generated routes set it from the spec's `auth:`; the
/// ``AuthenticatingClient`` supplies the token.
public enum Authentication: Hashable, Sendable {
    /// The request is sent without credentials (for example, the login endpoint itself).
    case none
    /// `Authorization: Bearer <token>`.
    case bearer
    /// The token as the value of the named header.
    case header(String)
    /// The token as the value of the named query parameter.
    case query(String)
}
