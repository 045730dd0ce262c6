import Foundation

/// Decides what counts as a secret in logs, error messages and cURL output, and hides it.
///
/// By default: `Authorization`, `Proxy-Authorization`, `Cookie`, `Set-Cookie` and API-key headers, any header
/// whose name mentions a token, secret, password or API key, the query items and JSON keys named like
/// credentials, and whatever header or query item a request's ``Authentication`` names.
public struct SecretRedactor: Hashable, Sendable {
    /// What replaces a secret.
    public static let placeholder = "<redacted>"

    /// Header names (lower-cased) always treated as secret.
    public var headerNames: Set<String>
    /// Query item names (lower-cased) always treated as secret.
    public var queryNames: Set<String>
    /// JSON object keys (lower-cased) whose values are hidden in logged bodies.
    public var jsonKeys: Set<String>

    /// The default rules.
    public static let `default` = SecretRedactor(
        headerNames: ["authorization", "proxy-authorization", "cookie", "set-cookie", "x-api-key", "api-key"],
        queryNames: [
            "api_key", "apikey", "api-key", "key", "token", "access_token", "refresh_token", "id_token", "password",
            "secret", "client_secret", "signature", "sig",
        ],
        jsonKeys: [
            "password", "token", "access_token", "refresh_token", "id_token", "secret", "client_secret", "api_key",
            "authorization", "cookie",
        ])

    /// Creates rules.
    public init(headerNames: Set<String>, queryNames: Set<String>, jsonKeys: Set<String>) {
        self.headerNames = Set(headerNames.map { $0.lowercased() })
        self.queryNames = Set(queryNames.map { $0.lowercased() })
        self.jsonKeys = Set(jsonKeys.map { $0.lowercased() })
    }

    /// Whether header `name` holds a secret, for a request authenticated as `authentication`.
    public func isSecretHeader(_ name: String, authentication: Authentication? = nil) -> Bool {
        let lowered = name.lowercased()
        if case .header(let authHeader) = authentication, authHeader.lowercased() == lowered { return true }
        return headerNames.contains(lowered)
            || ["token", "secret", "password", "api-key", "apikey"].contains { lowered.contains($0) }
    }

    /// Whether query item `name` holds a secret, for a request authenticated as `authentication`.
    public func isSecretQueryItem(_ name: String, authentication: Authentication? = nil) -> Bool {
        if case .query(let authName) = authentication, authName.lowercased() == name.lowercased() { return true }
        return queryNames.contains(name.lowercased())
    }

    /// The request's URL with secret query values replaced.
    public func redactedURL(of request: HTTPRequest) -> String {
        var redacted = request
        redacted.query = request.query.map {
            isSecretQueryItem($0.name, authentication: request.authentication)
                ? QueryItem(name: $0.name, value: Self.placeholder) : $0
        }
        return (try? redacted.url().absoluteString.replacingOccurrences(of: "%3Credacted%3E", with: Self.placeholder))
            ?? request.baseURL.absoluteString + request.path
    }

    /// `headers` with secret values replaced.
    public func redacted(_ headers: HTTPHeaders, authentication: Authentication? = nil) -> HTTPHeaders {
        HTTPHeaders(
            headers.map {
                isSecretHeader($0.name, authentication: authentication)
                    ? HTTPHeaders.Field(name: $0.name, value: Self.placeholder) : $0
            })
    }

    /// A JSON value (from `JSONSerialization`) with the values of secret keys replaced, at any depth.
    func redactedJSON(_ value: Any) -> Any {
        if let object = value as? [String: Any] {
            var copy: [String: Any] = [:]
            for (key, inner) in object {
                copy[key] = jsonKeys.contains(key.lowercased()) ? Self.placeholder : redactedJSON(inner)
            }
            return copy
        }
        if let array = value as? [Any] { return array.map(redactedJSON) }
        return value
    }
}
