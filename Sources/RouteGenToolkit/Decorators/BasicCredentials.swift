import Foundation

/// A user and password for `Authorization: Basic` (RFC 7617). Stripe, for one, takes its secret key as the user
/// and an empty password.
public struct BasicCredentials: Hashable, Sendable {
    /// The user id; it cannot contain `:`.
    public var user: String
    /// The password.
    public var password: String

    /// Creates credentials.
    public init(user: String, password: String) {
        self.user = user
        self.password = password
    }

    /// `user:password`, the token ``AuthenticatingClient`` base64-encodes into the header.
    public var token: String { "\(user):\(password)" }
}
