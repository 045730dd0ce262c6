import Foundation

/// How the render stage spells values in Swift: string literals, doc comment lines, attributes, comment-safe text.
enum SwiftSpelling {
    /// The `#`s a raw string literal needs to hold `text` verbatim: one more than any `"` or `\` in it is followed by.
    static func rawDelimiter(for text: String) -> String {
        var hashes = "#"
        while text.contains("\"" + hashes) || text.contains("\\" + hashes) { hashes += "#" }
        return hashes
    }

    /// `text` as a Swift string literal, quotes included.
    static func stringLiteral(_ text: String) -> String {
        var literal = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": literal += "\\\\"
            case "\"": literal += "\\\""
            case "\n": literal += "\\n"
            case "\r": literal += "\\r"
            case "\t": literal += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    literal += "\\u{\(String(scalar.value, radix: 16))}"
                } else {
                    literal.unicodeScalars.append(scalar)
                }
            }
        }
        return literal + "\""
    }

    /// The lines of a doc comment (without `///`) from a summary and a description: trimmed, blank lines
    /// between paragraphs kept, a blank line between the parts, and a deprecation warning last when asked. (Models
    /// and properties are deprecated this way only: the generated coding code uses them, and the compiler would warn
    /// there.)
    static func documentation(_ parts: String?..., isDeprecated: Bool = false) -> [String] {
        var lines: [String] = []
        let paragraphs = parts.compactMap { $0 } + (isDeprecated ? ["- Warning: Deprecated."] : [])
        for part in paragraphs {
            let text = trimmed(part, of: .whitespacesAndNewlines)
            guard !text.isEmpty else { continue }
            if !lines.isEmpty { lines.append("") }
            lines += text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
                .map { trimmed(commentSafe($0), of: .whitespaces) }
        }
        return lines
    }

    /// `text` trimmed of `characters` at both ends, as `trimmingCharacters(in:)` trims it; as it is, without asking
    /// Foundation, when both its ends are ASCII but no space or control character, as most lines' are (Foundation's
    /// trimming was a tenth of the time of generating a large API).
    static func trimmed(_ text: String, of characters: CharacterSet) -> String {
        guard let first = text.utf8.first, let last = text.utf8.last, isPrintableASCII(first), isPrintableASCII(last)
        else { return text.trimmingCharacters(in: characters) }
        return text
    }

    /// Whether `byte` is an ASCII character other than a space or a control character (UTF-8 starts and ends
    /// every other character with bytes above 0x7F).
    private static func isPrintableASCII(_ byte: UInt8) -> Bool {
        byte > 0x20 && byte < 0x7F
    }

    /// The spec's file name as the header comment of every generated file names it: its last path component, on
    /// one line (a file name may hold a line break, and the rest would be read as code).
    static func sourceFileName(_ path: String) -> String {
        commentSafe(Substring((path as NSString).lastPathComponent))
    }

    /// One line of text with each control character but tab (NUL, escape, a lone carriage return or line feed
    /// inside it) made a space: in a comment, the compiler rejects NUL and takes a line break for the end of the
    /// comment, so the rest of the text would be read as code.
    static func commentSafe(_ line: Substring) -> String {
        // Most lines are printable ASCII and tabs: nothing to replace.
        if line.utf8.allSatisfy({ ($0 >= 0x20 && $0 < 0x7F) || $0 == 0x09 }) { return String(line) }
        return String(String.UnicodeScalarView(line.unicodeScalars.map { $0 != "\t" && $0.properties.generalCategory == .control ? " " : $0 }))
    }
}
