import Foundation
import RouteGenRuntime

/// The tokens a token endpoint issued (RFC 6749 §5.1), with the time the access token expires.
///
/// Its description, debug description and mirror show no token, so printing or dumping it logs no secret.
public struct OAuthTokens: Codable, Hashable, Sendable, CustomStringConvertible, CustomDebugStringConvertible,
    CustomReflectable
{
    /// The access token, sent to the API.
    public var accessToken: String
    /// How the access token is sent: `Bearer` (RFC 6750).
    public var tokenType: String
    /// The refresh token, if one was issued: it renews the access token without the user.
    public var refreshToken: String?
    /// When the access token expires, if the server said (`expires_in`).
    public var expiresAt: Date?
    /// The scopes granted, when the server said which (they may be fewer than those asked for).
    public var scopes: [String]?
    /// The OpenID Connect ID token, unverified, as the server sent it.
    public var idToken: String?

    /// Creates tokens.
    public init(
        accessToken: String, tokenType: String = "Bearer", refreshToken: String? = nil, expiresAt: Date? = nil,
        scopes: [String]? = nil, idToken: String? = nil
    ) {
        self.accessToken = accessToken
        self.tokenType = tokenType
        self.refreshToken = refreshToken
        self.expiresAt = expiresAt
        self.scopes = scopes
        self.idToken = idToken
    }

    /// Whether the access token has expired at `date`, or expires within `margin` of it.
    public func isExpired(at date: Date, margin: Duration = .seconds(30)) -> Bool {
        guard let expiresAt else { return false }
        return date.addingTimeInterval(margin.timeInterval) >= expiresAt
    }

    public var description: String {
        let expiry = expiresAt.map { ", expires \($0.formatted(.iso8601))" } ?? ""
        let scopes = scopes.map { ", scopes: \($0.joined(separator: " "))" } ?? ""
        let refresh = refreshToken == nil ? "" : " and refresh token"
        return "OAuthTokens(\(tokenType) access token\(refresh)\(expiry)\(scopes))"
    }

    public var debugDescription: String { description }

    public var customMirror: Mirror {
        Mirror(self, children: ["description": description], displayStyle: .struct)
    }
}

/// A token response's JSON (RFC 6749 §5.1).
struct TokenResponse: Decodable {
    var access_token: String
    var token_type: String
    var expires_in: Double?
    var refresh_token: String?
    var scope: String?
    var id_token: String?

    /// The tokens, their expiry counted from `receivedAt`. A refresh that issues no new refresh token keeps
    /// `previousRefreshToken` (RFC 6749 §6).
    func tokens(receivedAt: Date, previousRefreshToken: String? = nil) -> OAuthTokens {
        OAuthTokens(
            accessToken: access_token, tokenType: token_type, refreshToken: refresh_token ?? previousRefreshToken,
            expiresAt: expires_in.map { receivedAt.addingTimeInterval($0) },
            scopes: scope.map { $0.split(separator: " ").map(String.init) }, idToken: id_token)
    }
}

/// A token endpoint's error JSON (RFC 6749 §5.2).
struct TokenErrorResponse: Decodable {
    var error: String
    var error_description: String?
    var error_uri: String?
}
