import Foundation

extension SecretRedactor {
    /// `text` with the secrets that text can hold replaced wherever they stand, in one pass over it:
    ///
    /// - the value of every pair whose name is secret: `name=value` (form fields, query items and fragments of URLs,
    ///   `Link` targets, cookies, auth-params, `password = x`), `"name": value` and `'name': value` (JSON and the like,
    ///   even cut short), and `name: value` (a header or a line of a log); a quoted value to its closing quote, a bare
    ///   one to the next `&`, `;`, `#`, `<`, `>` or white space after `=`, to the end of the line or a `,`, `}` or `]`
    ///   after `:`;
    /// - the user and password of every URL (`https://sk_live_…:@api.stripe.com`, `//user:pass@host`).
    ///
    /// A name is secret by ``isSecret(_:authentication:)``; before `=` also by ``parameterNames`` (OAuth's `code`).
    public func redactedPairs(in text: String) -> String {
        var scanner = PairScanner(text: Array(text), redactor: self)
        return scanner.scan()
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

    /// Whether a pair's value is secret by its name: by ``isSecret(_:authentication:)``, or, for a parameter
    /// (`name=value`, a query item), by ``parameterNames``.
    func isSecret(pairNamed name: String, isParameter: Bool, authentication: Authentication? = nil) -> Bool {
        isSecret(name, authentication: authentication)
            || isParameter && parameterNames.contains(Self.words(of: name).joined(separator: "_"))
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
}

/// One pass over text for ``SecretRedactor/redactedPairs(in:)``: each character is read once, so the time is linear
/// in the text, whatever a hostile server sends.
private struct PairScanner {
    let text: [Character]
    let redactor: SecretRedactor
    private var shown: [Character] = []
    private var position = 0
    /// The run of name characters being read.
    private var run: [Character] = []
    /// The name a following `=` or `:` would close: the run just read, with only quotes and spaces after it
    /// (`"name": …`, `'name' = …`).
    private var pendingName: String?

    init(text: [Character], redactor: SecretRedactor) {
        self.text = text
        self.redactor = redactor
        shown.reserveCapacity(text.count)
    }

    /// The characters of a name: letters, digits and `_-.[]%+~`.
    private static func isNameCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || "_-.[]%+~".contains(character)
    }

    /// What ends a bare value after `=`, and after `:`.
    private static let parameterValueEnds: Set<Character> = ["&", ";", "#", "<", ">", "\"", "'"]
    private static let fieldValueEnds: Set<Character> = [",", ";", "&", "}", "]", "<", ">", "\"", "'"]
    /// What ends a URL's authority.
    private static let authorityEnds: Set<Character> = ["/", "?", "#", "<", ">", "\"", "'", "\\"]
    /// What may stand before a scheme-relative `//host`.
    private static let authorityLeads: Set<Character> = ["<", "\"", "'", "(", "=", ",", ":"]

    mutating func scan() -> String {
        while position < text.count {
            let character = text[position]
            if Self.isNameCharacter(character) {
                run.append(character)
                shown.append(character)
                position += 1
                continue
            }
            if !run.isEmpty {
                pendingName = String(run)
                run.removeAll(keepingCapacity: true)
            }
            switch character {
            case "/" where position + 1 < text.count && text[position + 1] == "/" && startsAuthority:
                shown += ["/", "/"]
                position += 2
                redactAuthority()
                pendingName = nil
            case "\"", "'", " ", "\t":
                // Quotes are read like any character (an apostrophe in `can't` opens nothing); they and spaces keep
                // the name before them.
                shown.append(character)
                position += 1
            case "=", ":":
                shown.append(character)
                position += 1
                if let name = pendingName, redactor.isSecret(pairNamed: SecretRedactor.decodedName(name), isParameter: character == "=") {
                    redactValue(endingAt: character == "=" ? Self.parameterValueEnds : Self.fieldValueEnds, untilLineEnd: character == ":")
                }
                pendingName = nil
            default:
                shown.append(character)
                position += 1
                pendingName = nil
            }
        }
        return String(shown)
    }

    /// Whether a `//` here starts an authority: after a scheme's `:`, at the start, or after white space or a
    /// character that opens a value.
    private var startsAuthority: Bool {
        guard let previous = shown.last else { return true }
        return previous.isWhitespace || Self.authorityLeads.contains(previous)
    }

    /// Moves past a quoted string, its closing quote included (to the end when it has none); `\` escapes.
    private mutating func skipQuoted() {
        let quote = text[position]
        position += 1
        while position < text.count, text[position] != quote {
            position += text[position] == "\\" ? 2 : 1
        }
        position = min(position + 1, text.count)
    }

    /// Replaces the value that starts here, after any spaces (and, after `:`, line breaks before a quoted value:
    /// pretty JSON cut short): a quoted one whole, in its quotes; a bare one up to a character of `ends`, white space
    /// (or, with `untilLineEnd`, the end of the line).
    private mutating func redactValue(endingAt ends: Set<Character>, untilLineEnd: Bool) {
        var next = position
        while next < text.count, text[next] == " " || text[next] == "\t" || untilLineEnd && text[next].isNewline { next += 1 }
        if untilLineEnd, next < text.count, text[next] != "\"", text[position...].prefix(next - position).contains(where: \.isNewline) {
            // A bare value does not continue on the next line.
            next = position
            while next < text.count, text[next] == " " || text[next] == "\t" { next += 1 }
        }
        shown += text[position..<next]
        position = next
        guard position < text.count else { return }
        if text[position] == "\"" || text[position] == "'" {
            let quote = text[position]
            skipQuoted()
            shown += [quote] + Array(SecretRedactor.placeholder) + [quote]
            return
        }
        let start = position
        while position < text.count, !ends.contains(text[position]) || isInsideValue(quoteAt: position, ends: ends),
            untilLineEnd ? !text[position].isNewline : !text[position].isWhitespace
        {
            position += 1
        }
        // Spaces before the end of a field's value stay shown.
        var end = position
        while untilLineEnd, end > start, text[end - 1] == " " || text[end - 1] == "\t" { end -= 1 }
        if end > start { shown += Array(SecretRedactor.placeholder) }
        shown += text[end..<position]
    }

    /// Whether the quote at `index` is part of a bare value (`it's`, `abc"def`) rather than its end: a quote ends a
    /// value only where the text, or the value, ends after it (`href="…?token=S">`).
    private func isInsideValue(quoteAt index: Int, ends: Set<Character>) -> Bool {
        guard text[index] == "\"" || text[index] == "'" else { return false }
        guard index + 1 < text.count else { return false }
        let next = text[index + 1]
        return !next.isWhitespace && !ends.contains(next) && !["/", ")", "]", "}"].contains(next)
    }

    /// Copies the authority that follows `//` with its userinfo, user and password alike, replaced.
    private mutating func redactAuthority() {
        let start = position
        while position < text.count, !Self.authorityEnds.contains(text[position]), !text[position].isWhitespace {
            position += 1
        }
        let authority = text[start..<position]
        guard let at = authority.lastIndex(of: "@") else {
            shown += authority
            return
        }
        shown += Array(SecretRedactor.placeholder) + authority[at...]
    }
}

extension SecretRedactor {
    /// A pair's name as its sender meant it: `+` is a space and percent-escapes are decoded.
    static func decodedName(_ name: String) -> String {
        let spaced = name.replacingOccurrences(of: "+", with: " ")
        return spaced.removingPercentEncoding ?? spaced
    }
}
