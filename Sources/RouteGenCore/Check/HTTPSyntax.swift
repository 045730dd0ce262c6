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
