import Foundation

/// Derives Swift identifiers from wire names. The rules, which Documentation/SpecGuide.md documents:
///
/// 1. Accents are removed (`Ünïcode` → `Unicode`); every character that is not an ASCII letter or digit
///    separates words (`first-name`, `photo_urls`, `$ref`, `X-Request-ID`).
/// 2. Words keep their letters; only the first letter of each word changes case. So `photo_urls` becomes
///    `photoUrls`, `X-Request-ID` becomes `xRequestID`, `userID` stays `userID`.
/// 3. A leading acronym is lower-cased as a whole in lowerCamelCase: `URL` → `url`, `URLPath` → `urlPath`.
/// 4. A name that starts with a digit gets a leading underscore: `2fa` → `_2fa`.
/// 5. Keywords stay as they are and are backticked where declared (`default` → `` `default` ``); the few names
///    no backtick rescues get a suffix (see ``SwiftKeywords``).
enum SwiftNaming {
    /// A name for a property, case, method, parameter or static: `lowerCamelCase`.
    static func memberName(_ wire: String) -> String {
        if wire.isEmpty { return "empty" }
        let words = self.words(in: wire)
        guard let first = words.first else { return fallback(for: wire) }
        let name = lowercasedLeadingWord(first) + words.dropFirst().map(capitalizedFirst).joined()
        return validated(name)
    }

    /// A name for a type: `UpperCamelCase`.
    static func typeName(_ wire: String) -> String {
        if wire.isEmpty { return "Empty" }
        let words = self.words(in: wire)
        guard !words.isEmpty else { return fallback(for: wire).uppercased() }
        return validated(words.map(capitalizedFirst).joined())
    }

    /// Whether `text` is usable as written: ASCII letters, digits and underscores, not starting with a digit.
    static func isPlainIdentifier(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
        return text.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_") }
    }

    // MARK: - Steps

    private static func words(in wire: String) -> [String] {
        let folded =
            wire.utf8.allSatisfy { $0 < 0x80 }
            ? Array(wire.unicodeScalars)
            : wire.decomposedStringWithCanonicalMapping.unicodeScalars.filter {
                $0.properties.generalCategory != .nonspacingMark
            }
        var words: [String] = []
        var current = ""
        for scalar in folded {
            if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                current.unicodeScalars.append(scalar)
            } else if !current.isEmpty {
                words.append(current)
                current = ""
            }
        }
        if !current.isEmpty { words.append(current) }
        // SCREAMING_CASE (`FIRST_TIME_CONTRIBUTOR`): capitals mark no word boundaries, so read the words in lower
        // case, as `first_time_contributor` would be.
        if words.count > 1, !folded.contains(where: { $0.properties.isLowercase }) {
            return words.map { $0.lowercased() }
        }
        return words
    }

    private static func capitalizedFirst(_ word: String) -> String {
        word.prefix(1).uppercased() + word.dropFirst()
    }

    private static func lowercasedLeadingWord(_ word: String) -> String {
        let characters = Array(word)
        let upperRun = characters.prefix { $0.isUppercase }.count
        switch upperRun {
        case 0:
            return word
        case characters.count:
            return word.lowercased()
        case 1:
            return characters[0].lowercased() + String(characters[1...])
        default:
            // `URLPath`: keep the last capital, which starts the next word.
            let lowered = String(characters[..<(upperRun - 1)]).lowercased()
            return lowered + String(characters[(upperRun - 1)...])
        }
    }

    private static func validated(_ name: String) -> String {
        guard let first = name.unicodeScalars.first, ("0"..."9").contains(first) else { return name }
        return "_" + name
    }

    /// For names with no usable letters at all (`日本`): their code points, so distinct names stay distinct.
    private static func fallback(for wire: String) -> String {
        "_" + wire.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: "_")
    }
}
