import Foundation

/// Rules of HTTP and URLs that spec values must follow.
enum HTTPSyntax {
    /// Whether `name` is an RFC 9110 token, the grammar of header names.
    static func isToken(_ name: String) -> Bool {
        !name.isEmpty && name.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII
                && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "!#$%&'*+-.^_`|~".unicodeScalars.contains(scalar))
        }
    }

    /// Whether a header value would be sent as written: no CR, LF or other control characters but tab.
    static func isValidHeaderValue(_ value: String) -> Bool {
        value.unicodeScalars.allSatisfy { $0 == "\t" || !($0.value < 0x20 || $0.value == 0x7F) }
    }

    /// Whether `scope` is an RFC 6749 scope token: printable ASCII but space, `"` and `\\`.
    static func isScopeToken(_ scope: String) -> Bool {
        !scope.isEmpty && scope.unicodeScalars.allSatisfy { (0x21...0x7E).contains($0.value) && $0 != "\"" && $0 != "\\" }
    }

    /// Why `text` is not a usable OAuth URL, or nil when it is one: an absolute `https` URL, an `http` URL on a
    /// loopback host (a local authorization server), or a path beginning with `/`, on the host of the environment a
    /// client uses (as OpenAPI reads a relative URL against the server). None has a fragment (RFC 6749 3.1), a user
    /// or password, or a character a URL may not hold as written (RFC 3986): a space, a control character, or a
    /// backslash, which browsers read as `/` (`/\evil.example` is `//evil.example`, another host).
    static func problemWithOAuthURL(_ text: String) -> (message: String, hint: String?)? {
        let expected = "expected an absolute https URL (http only on a loopback host) or a path beginning with `/`"
        if let character = text.unicodeScalars.first(where: isOutsideURLs) {
            // A control character is named, not written: a line break would cut the diagnostic in two.
            let shown = character.value < 0x21 || character.value == 0x7F
                ? String(format: "U+%04X", character.value) : "`\(character)`"
            return ("invalid OAuth URL: it holds \(shown), which a URL may not hold as written", "percent-encode it")
        }
        guard let components = URLComponents(string: text), !text.isEmpty else {
            return ("invalid OAuth URL `\(text)`: \(expected)", nil)
        }
        guard components.fragment == nil else {
            return ("invalid OAuth URL `\(text)`: it may not have a fragment", nil)
        }
        guard components.user == nil, components.password == nil else {
            return ("invalid OAuth URL `\(text)`: it may not have a user or password", nil)
        }
        guard let scheme = components.scheme?.lowercased() else {
            guard text.hasPrefix("/"), !text.hasPrefix("//") else {
                let path = "/" + text.drop { $0 == "/" }
                return ("invalid OAuth URL `\(text)`: \(expected)", "write `\(path)` for a path on the environment's host")
            }
            return nil
        }
        guard let host = components.host, !host.isEmpty else { return ("invalid OAuth URL `\(text)`: it has no host", nil) }
        switch scheme {
        case "https": return nil
        case "http" where ["localhost", "127.0.0.1", "::1", "[::1]"].contains(host.lowercased()): return nil
        case "http":
            var secure = components
            secure.scheme = "https"
            return (
                "invalid OAuth URL `\(text)`: tokens and codes travel over https, http only to a loopback host",
                secure.string.map { "write `\($0)`" })
        default: return ("invalid OAuth URL `\(text)`: the scheme must be https, not `\(scheme)`", nil)
        }
    }

    /// Whether `scalar` is an ASCII character no URL holds as written (RFC 3986 §2): a control character, a space,
    /// `"`, `<`, `>`, `\`, `^`, `` ` ``, `{`, `|` or `}`.
    private static func isOutsideURLs(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x21 || scalar.value == 0x7F || "\"<>\\^`{|}".unicodeScalars.contains(scalar)
    }

    /// Why `text` is not a usable base URL, or nil when it is one.
    static func problemWithBaseURL(_ text: String) -> (message: String, hint: String?)? {
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased() else {
            let hint = text.contains("://") ? nil : "add the scheme: `https://\(text)`"
            return ("invalid base URL `\(text)`: expected an absolute http or https URL", hint)
        }
        guard scheme == "http" || scheme == "https" else {
            return ("invalid base URL `\(text)`: the scheme must be http or https, not `\(scheme)`", nil)
        }
        guard let host = components.host, !host.isEmpty else {
            return ("invalid base URL `\(text)`: it has no host", nil)
        }
        guard components.query == nil, components.fragment == nil else {
            return ("invalid base URL `\(text)`: it may not have a query or fragment", "move query parameters to endpoints' `query:`")
        }
        return nil
    }
}
