import Foundation

extension SecretRedactor {
    /// `text` with the secrets that text can hold replaced wherever they stand: the value of every `name=value` pair
    /// whose name is secret (form fields, query items and fragments of URLs, `Link` targets, auth-params, cookies,
    /// lines of a log), quoted or not, and the user and password of every URL (`https://sk_live_…:@api.stripe.com`).
    ///
    /// A value runs to the next `&`, `;`, white space, `#`, `<`, `>` or `"` (a quoted one, to its closing quote), so a
    /// secret is never cut short: text after it is shown only past one of those.
    public func redactedPairs(in text: String) -> String {
        var scanner = PairScanner(text: Array(text))
        var shown = ""
        shown.reserveCapacity(text.utf8.count)
        while let character = scanner.next() {
            shown.append(character)
            if character == "/", shown.hasSuffix("://") {
                shown += redactedAuthority(scanner.takeAuthority())
            } else if character == "=", let name = Self.pairName(endingAt: shown), isSecret(Self.decodedName(name)) {
                let quoted = scanner.skipValue()
                shown += quoted ? "\"\(Self.placeholder)\"" : Self.placeholder
            }
        }
        return shown
    }

    /// The value of a header field as it may be shown: secret pairs and URL users replaced (see
    /// ``redactedPairs(in:)``), and the token of a challenge or credential (`WWW-Authenticate: Negotiate YIIB…`).
    public func redactedValue(ofHeader name: String, _ value: String) -> String {
        let shown = redactedPairs(in: value)
        guard Self.challengeHeaders.contains(name.lowercased()) else { return shown }
        // RFC 9110 §11.3: a challenge is a scheme, then a token68 or auth-params; a token68 is a credential.
        return shown.split(separator: ",", omittingEmptySubsequences: false).map { element in
            let words = element.split(separator: " ", omittingEmptySubsequences: true)
            guard words.count == 2, Self.isToken68(words[1]) else { return String(element) }
            let indent = element.prefix { $0 == " " }
            return "\(indent)\(words[0]) \(Self.placeholder)"
        }.joined(separator: ",")
    }

    /// The headers that carry challenges and their answers' information, whose token68 is a credential.
    private static let challengeHeaders: Set<String> = [
        "www-authenticate", "proxy-authenticate", "authentication-info", "proxy-authentication-info",
    ]

    /// Whether `word` is a token68 (RFC 9110 §11.2): letters, digits, `-._~+/`, then `=` padding alone.
    private static func isToken68(_ word: Substring) -> Bool {
        let body = word.drop { $0 != "=" }.allSatisfy { $0 == "=" } ? word.prefix { $0 != "=" } : ""
        return !body.isEmpty && body.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "-._~+/".contains($0)) }
    }

    /// A URL's authority with its userinfo, user and password alike, replaced.
    private func redactedAuthority(_ authority: String) -> String {
        guard let at = authority.lastIndex(of: "@") else { return authority }
        return Self.placeholder + authority[at...]
    }

    /// The name of the pair whose `=` ends `shown`: the run of name characters before it, nil when there is none.
    private static func pairName(endingAt shown: String) -> Substring? {
        let beforeEquals = shown.dropLast()
        let name = beforeEquals.reversed().prefix { $0.isLetter || $0.isNumber || "_-.[]%+~".contains($0) }
        return name.isEmpty ? nil : beforeEquals.suffix(name.count)
    }

    /// A pair's name as its sender meant it: `+` is a space and percent-escapes are decoded.
    private static func decodedName(_ name: Substring) -> String {
        let spaced = name.replacingOccurrences(of: "+", with: " ")
        return spaced.removingPercentEncoding ?? spaced
    }
}

/// Reads text a character at a time for ``SecretRedactor/redactedPairs(in:)``, skipping values and authorities.
private struct PairScanner {
    let text: [Character]
    var position = 0

    /// The characters that end an unquoted value.
    private static let valueEnds: Set<Character> = ["&", ";", "#", "<", ">", "\""]
    /// The characters that end a URL's authority.
    private static let authorityEnds: Set<Character> = ["/", "?", "#", "<", ">", "\"", "'", "\\"]

    mutating func next() -> Character? {
        guard position < text.count else { return nil }
        defer { position += 1 }
        return text[position]
    }

    /// Skips a value: a quoted string to its closing quote, or a run to the next character that ends a value.
    /// Returns whether it was quoted.
    mutating func skipValue() -> Bool {
        if position < text.count, text[position] == "\"" {
            position += 1
            while position < text.count, text[position] != "\"" {
                position += text[position] == "\\" ? 2 : 1
            }
            position = min(position + 1, text.count)
            return true
        }
        while position < text.count, !Self.valueEnds.contains(text[position]), !text[position].isWhitespace {
            position += 1
        }
        return false
    }

    /// The authority that follows `://`, up to its path, query, fragment or the end of the URL.
    mutating func takeAuthority() -> String {
        let start = position
        while position < text.count, !Self.authorityEnds.contains(text[position]), !text[position].isWhitespace {
            position += 1
        }
        return String(text[start..<position])
    }
}
