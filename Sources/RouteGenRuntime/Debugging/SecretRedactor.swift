import Foundation

/// Decides what counts as a secret in logs, error messages and cURL output, and hides it.
///
/// One rule holds for every place a name appears: header fields, query items, form fields, multipart fields and
/// JSON keys at any depth. A name is cut into its words whatever its case style (`idToken`, `id_token`,
/// `X-Id-Token`, `ID-TOKEN` and `user[id_token]` are all `id`, `token`), and it is secret when one of its words is a
/// secret word (`password`, `token`, `secret`, …), when a run of its words is a secret phrase (`api key`,
/// `card number`), or when the whole name is a secret name (`key`, `sig`). A JSON key counts with the key that holds
/// it (`"card": {"number": …}` is `card number`). Whatever header or query item a request's ``Authentication``
/// names is secret too.
public struct SecretRedactor: Hashable, Sendable {
    /// What replaces a secret.
    public static let placeholder = "<redacted>"

    /// Words that make any name holding them secret, lower-cased: `password` hides `currentPassword`.
    public var words: Set<String>
    /// Runs of words that make a name holding them, in that order, secret: `["api", "key"]` hides `X-Api-Key`.
    public var phrases: Set<[String]>
    /// Names secret as a whole though none of their words is (`key`, `sig`), as their words joined by `_`.
    public var names: Set<String>
    /// Names secret as a whole only as parameters, before `=` (query items, form fields, a URL's fragment): OAuth's
    /// `code` in a redirect or a token request, where a JSON error's `"code": 404` is not secret.
    public var parameterNames: Set<String>

    /// The default rules.
    public static let `default` = SecretRedactor(
        words: [
            "password", "passwd", "passphrase", "secret", "token", "apikey", "authorization", "cookie", "credential",
            "credentials", "signature", "cvc", "cvv", "otp", "ssn", "jwt", "bearer", "passcode", "assertion", "sessid", "sid",
        ],
        phrases: [
            ["api", "key"], ["access", "key"], ["private", "key"], ["secret", "key"], ["session", "key"], ["auth", "key"],
            ["subscription", "key"], ["master", "key"], ["signing", "key"], ["encryption", "key"], ["client", "key"],
            ["card", "number"], ["account", "number"], ["security", "code"], ["session", "id"], ["code", "verifier"],
            ["auth", "code"], ["device", "code"], ["authorization", "code"], ["application", "key"], ["consumer", "key"],
            ["saml", "response"], ["x", "auth"], ["x", "session"],
        ],
        // `refresh` alone is a refresh token (as JSON web token servers return it); `refresh_interval` is not secret.
        names: ["key", "sig", "pin", "auth", "refresh", "session", "pwd", "pass"],
        parameterNames: ["code"])

    /// Creates rules; every word is lower-cased.
    public init(words: Set<String>, phrases: Set<[String]>, names: Set<String>, parameterNames: Set<String> = []) {
        self.words = Set(words.map { $0.lowercased() })
        self.phrases = Set(phrases.map { $0.map { $0.lowercased() } })
        self.names = Set(names.map { $0.lowercased() })
        self.parameterNames = Set(parameterNames.map { $0.lowercased() })
    }

    /// Whether a value called `name`, in any place, holds a secret, for a request authenticated as `authentication`.
    public func isSecret(_ name: String, authentication: Authentication? = nil) -> Bool {
        if let authentication {
            let lowered = name.lowercased()
            if (authentication.headerNames + authentication.queryNames).contains(where: { $0.lowercased() == lowered }) { return true }
        }
        let words = Self.words(of: name)
        if names.contains(words.joined(separator: "_")) { return true }
        // A word written together with the ones before it (`newpassword`, `refreshtoken`, `xapikey`) ends with the
        // secret word or phrase; plurals and longer words (`tokens`, `tokenizer`, `monkey`) do not.
        let compounds = Array(self.words) + phrases.map { $0.joined() }
        if words.contains(where: { word in self.words.contains(word) || compounds.contains { word.hasSuffix($0) } }) { return true }
        return phrases.contains { phrase in
            phrase.count <= words.count
                && (0...(words.count - phrase.count)).contains { start in Array(words[start..<(start + phrase.count)]) == phrase }
        }
    }

    /// The words of a name, lower-cased: split at every character that is not a letter or digit, between a letter and
    /// a digit (`password2` is `password`, `2`), between a lower-case letter and an upper-case one, and before the last
    /// capital of a run of capitals followed by a lower-case letter (`APIKey` is `api`, `key`).
    public static func words(of name: String) -> [String] {
        var words: [String] = []
        var current = ""
        let characters = Array(name)
        for (index, character) in characters.enumerated() {
            guard character.isLetter || character.isNumber else {
                if !current.isEmpty { words.append(current) }
                current = ""
                continue
            }
            if let last = current.last {
                let next = index + 1 < characters.count ? characters[index + 1] : nil
                let startsWord =
                    last.isNumber != character.isNumber
                    || character.isUppercase && (last.isLowercase || last.isUppercase && next?.isLowercase == true)
                if startsWord {
                    words.append(current)
                    current = ""
                }
            }
            current.append(character)
        }
        if !current.isEmpty { words.append(current) }
        return words.map { $0.lowercased() }
    }

    /// An `application/x-www-form-urlencoded` body with the values of secret fields replaced (see
    /// ``redactedPairs(in:)``, which keeps a trailing line break or space as it is); nil when `body` is not text.
    public func redactedForm(_ body: Data) -> String? {
        String(data: body, encoding: .utf8).map(redactedPairs(in:))
    }

    /// Text that is not JSON as a whole, as it may be shown, or nil when its secrets cannot be found.
    ///
    /// - Text that starts like JSON (`{`, `[`) is shown only as JSON: a document, or lines of JSON (NDJSON), with
    ///   their secret values replaced; anything else that starts so (two pretty-printed documents, one cut short, a
    ///   number too large, a Python dictionary) is nil: its secrets cannot be found for sure.
    /// - An event stream (`data:`, `event:` … lines) has the JSON of each event's data, over however many `data:`
    ///   lines, redacted as JSON (written on one line); an event whose data starts like JSON and does not parse makes it
    ///   nil.
    /// - JSON behind a prefix (`)]}'`, `while(1);`) is redacted as JSON.
    /// - Any other text has its secret pairs and URL users replaced (``redactedPairs(in:)``).
    public func redactedText(_ text: String) -> String? {
        let trimmed = text.drop { $0.isWhitespace }
        if trimmed.first == "{" || trimmed.first == "[" { return redactedJSONLines(text) }
        if let firstLine = trimmed.split(whereSeparator: \.isNewline).first, Self.isEventStreamLine(firstLine) {
            return redactedEventStream(text)
        }
        if let start = text.firstIndex(where: { $0 == "{" || $0 == "[" }), let json = redactedJSON(Data(text[start...].utf8)) {
            return redactedPairs(in: String(text[..<start])) + String(decoding: json, as: UTF8.self)
        }
        return redactedPairs(in: text)
    }

    /// Text of JSON: one document, or one a line; nil when it is neither.
    private func redactedJSONLines(_ text: String) -> String? {
        if let json = redactedJSON(Data(text.utf8)) { return String(decoding: json, as: UTF8.self) }
        var lines: [String] = []
        for line in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            if line.allSatisfy(\.isWhitespace) {
                lines.append(String(line))
            } else if let json = redactedJSON(Data(line.utf8)) {
                lines.append(String(decoding: json, as: UTF8.self))
            } else {
                return nil
            }
        }
        return lines.joined(separator: "\n")
    }

    /// Whether a line is a field of an event stream: `data`, `event`, `id` or `retry` and a colon, or a comment.
    private static func isEventStreamLine(_ line: Substring) -> Bool {
        line.hasPrefix(":") || ["data", "event", "id", "retry"].contains { line == $0 || line.hasPrefix($0 + ":") }
    }

    /// An event stream: each event's data, joined over its `data:` lines, redacted as JSON when it starts like JSON
    /// (nil when such data does not parse); other fields, and data that is not JSON, as pairs.
    private func redactedEventStream(_ text: String) -> String? {
        var shown: [String] = []
        var data: [Substring] = []
        func endEvent() -> Bool {
            defer { data.removeAll() }
            guard !data.isEmpty else { return true }
            let payload = data.joined(separator: "\n")
            guard let first = payload.first(where: { !$0.isWhitespace }), first == "{" || first == "[" else {
                shown += data.map { "data: " + redactedPairs(in: String($0)) }
                return true
            }
            if let json = redactedJSON(Data(payload.utf8)) {
                shown.append("data: " + String(decoding: json, as: UTF8.self))
                return true
            }
            // `[DONE]`: brackets without a string in them hold no secret a pair does not show.
            guard !payload.contains("\"") && !payload.contains("'") else { return false }
            shown += data.map { "data: " + redactedPairs(in: String($0)) }
            return true
        }
        for line in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            if line == "data" || line.hasPrefix("data:") {
                var value = line.dropFirst(4).drop { $0 == ":" }
                if value.first == " " { value = value.dropFirst() }
                data.append(value)
                continue
            }
            guard endEvent() else { return nil }
            shown.append(redactedPairs(in: String(line)))
        }
        guard endEvent() else { return nil }
        return shown.joined(separator: "\n")
    }

    /// `url` with the values of secret query items, its fragment's secret pairs (`#access_token=…`) and its user and
    /// password replaced, for messages about a URL that is not a request's.
    public func redactedURL(_ url: URL, authentication: Authentication? = nil) -> String {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: true) else { return url.absoluteString }
        // Userinfo is a credential, user and password alike (Stripe's secret key is the Basic user).
        if components.percentEncodedUser != nil { components.percentEncodedUser = "%3Credacted%3E" }
        if components.percentEncodedPassword != nil { components.percentEncodedPassword = "%3Credacted%3E" }
        components.percentEncodedQueryItems = components.percentEncodedQueryItems?.map { item in
            let name = item.name.removingPercentEncoding ?? item.name
            return isSecret(pairNamed: name, isParameter: true, authentication: authentication)
                ? URLQueryItem(name: item.name, value: "%3Credacted%3E") : item
        }
        if let fragment = components.percentEncodedFragment {
            components.percentEncodedFragment = redactedPairs(in: fragment).replacingOccurrences(of: Self.placeholder, with: "%3Credacted%3E")
        }
        return (components.string ?? url.absoluteString).replacingOccurrences(of: "%3Credacted%3E", with: Self.placeholder)
    }

    /// The request's URL with secret query values, and the user and password in the URL, replaced.
    public func redactedURL(of request: APIRequest) -> String {
        guard let url = try? request.url() else { return redactedURL(request.baseURL) + request.path }
        return redactedURL(url, authentication: request.authentication)
    }

    /// `headers` with secret values replaced: the whole value of a secret field, and the secrets inside every other
    /// (``redactedValue(ofHeader:_:)``: a `Location`'s `#access_token=…`, a `Link` target's query credential).
    public func redacted(_ headers: HeaderFields, authentication: Authentication? = nil) -> HeaderFields {
        HeaderFields(
            headers.map { field in
                // HTTP's own `Refresh` (`5; url=/next`) is no refresh token.
                let isSecretByName = isSecret(field.name, authentication: authentication) && field.name.lowercased() != "refresh"
                let value = isSecretByName ? Self.placeholder : redactedValue(ofHeader: field.name, field.value)
                return HeaderFields.Field(name: field.name, value: value)
            })
    }

    /// A JSON body with the values of secret keys replaced at any depth, written compactly with sorted keys; nil when
    /// `body` is not JSON.
    public func redactedJSON(_ body: Data) -> Data? {
        guard let object = try? JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed]) else { return nil }
        return try? JSONSerialization.data(
            withJSONObject: redactedJSON(object), options: [.sortedKeys, .fragmentsAllowed, .withoutEscapingSlashes])
    }

    /// A JSON value (from `JSONSerialization`) with the values of secret keys replaced, at any depth; a key is
    /// secret by its own name, or with the key holding it (`card` → `number`), as in forms.
    func redactedJSON(_ value: Any, parent: String? = nil) -> Any {
        if let object = value as? [String: Any] {
            var copy: [String: Any] = [:]
            for (key, inner) in object {
                let secret = isSecret(key) || parent.map { isSecret("\($0)[\(key)]") } == true
                copy[key] = secret ? Self.placeholder : redactedJSON(inner, parent: key)
            }
            return copy
        }
        if let array = value as? [Any] { return array.map { redactedJSON($0, parent: parent) } }
        // A string may hold a URL or a form (`"next": "https://…?access_token=…"`).
        if let text = value as? String { return redactedPairs(in: text) }
        return value
    }
}
