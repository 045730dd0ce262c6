import Foundation

/// Decides what counts as a secret in logs, error messages and cURL output, and hides it.
///
/// By default: `Authorization`, `Proxy-Authorization`, `Cookie`, `Set-Cookie` and API-key headers, any header
/// whose name mentions a token, secret, password or API key, the query items, form fields and JSON keys named
/// like credentials, and whatever header or query item a request's ``Authentication`` names. A bracketed form
/// key is secret when any of its parts is (`user[password]`), or when its last two are a card's number or
/// code (`card[number]`, `payment_method_data[card][cvc]`).
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
            "secret", "client_secret", "signature", "sig", "cvc", "cvv", "card[number]", "card[cvc]",
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
        let lowered = name.lowercased()
        if case .query(let authName) = authentication, authName.lowercased() == lowered { return true }
        if queryNames.contains(lowered) { return true }
        let parts = lowered.split(whereSeparator: { $0 == "[" || $0 == "]" }).map(String.init)
        guard parts.count > 1 else { return false }
        return parts.contains(where: queryNames.contains) || queryNames.contains("\(parts[parts.count - 2])[\(parts[parts.count - 1])]")
    }

    /// An `application/x-www-form-urlencoded` body with the values of secret fields replaced; nil when `body`
    /// is not form text.
    public func redactedForm(_ body: Data) -> String? {
        guard let text = String(data: body, encoding: .utf8), !text.contains(where: { $0 == " " || $0 == "\n" || $0 == "{" })
        else { return nil }
        return text.split(separator: "&", omittingEmptySubsequences: false).map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = String(parts[0]).removingPercentEncoding ?? String(parts[0])
            return isSecretQueryItem(name) ? "\(parts[0])=\(Self.placeholder)" : String(pair)
        }.joined(separator: "&")
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

    /// A JSON value (from `JSONSerialization`) with the values of secret keys replaced, at any depth; a key is
    /// secret by its own name, or as a field of its parent (`card` → `number`), as in forms.
    func redactedJSON(_ value: Any, parent: String? = nil) -> Any {
        if let object = value as? [String: Any] {
            var copy: [String: Any] = [:]
            for (key, inner) in object {
                let lowered = key.lowercased()
                let isSecret = jsonKeys.contains(lowered) || parent.map { queryNames.contains("\($0)[\(lowered)]") } == true
                copy[key] = isSecret ? Self.placeholder : redactedJSON(inner, parent: lowered)
            }
            return copy
        }
        if let array = value as? [Any] { return array.map { redactedJSON($0, parent: parent) } }
        return value
    }
}
