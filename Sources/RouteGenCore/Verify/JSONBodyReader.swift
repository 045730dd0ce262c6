import Foundation

/// Reads a recorded body as the generated client's decoder reads it, into the syntax tree the example checker walks.
///
/// Foundation's JSON parser, the client's, decides what is JSON (its syntax, its text encodings, its nesting limit);
/// the tree is then read from the same text with each number's digits kept as written, since the checker decides
/// from them what a number decodes as (`1.5e18` is an `Int` to the client, `1.5` is not). A key written twice
/// keeps its first value, as the client's keyed decoding does.
enum JSONBodyReader {
    /// The body as a tree, or nil when the client would not read it as JSON.
    static func read(_ body: Data) -> SyntaxNode? {
        guard (try? JSONSerialization.jsonObject(with: body, options: .fragmentsAllowed)) != nil,
            let text = text(of: body)
        else { return nil }
        var parser = Parser(scalars: Array(text.unicodeScalars))
        return parser.document()
    }

    /// The body's text in the encoding JSON's first bytes show (RFC 8259's UTF-8, or UTF-16 or UTF-32 by a byte
    /// order mark or by where the zero bytes of the first character fall), as Foundation's parser tells them.
    static func text(of body: Data) -> String? {
        let bytes = [UInt8](body.prefix(4))
        let encodings: [(prefix: [UInt8], encoding: String.Encoding)] = [
            ([0xEF, 0xBB, 0xBF], .utf8), ([0x00, 0x00, 0xFE, 0xFF], .utf32BigEndian), ([0xFF, 0xFE, 0x00, 0x00], .utf32LittleEndian),
            ([0xFE, 0xFF], .utf16BigEndian), ([0xFF, 0xFE], .utf16LittleEndian),
        ]
        if let (prefix, encoding) = encodings.first(where: { bytes.starts(with: $0.prefix) }) {
            return String(data: body.dropFirst(prefix.count), encoding: encoding)
        }
        let zeros = bytes.map { $0 == 0 }
        let encoding: String.Encoding =
            switch zeros {
            case [true, true, true, false]: .utf32BigEndian
            case [false, true, true, true]: .utf32LittleEndian
            case [true, false, true, false], [true, false]: .utf16BigEndian
            case [false, true, false, true], [false, true]: .utf16LittleEndian
            default: .utf8
            }
        return String(data: body, encoding: encoding)
    }

    /// A recursive-descent reader of text Foundation has already accepted as JSON: it trusts the syntax and keeps
    /// what the tree needs. The recursion is as deep as the JSON's nesting, which Foundation bounds (512).
    private struct Parser {
        let scalars: [Unicode.Scalar]
        var index = 0
        /// Where every node is said to be: a body's findings are reported at the spec's line, not the body's.
        let location = SourceLocation(file: "body", line: 1, column: 1)

        init(scalars: [Unicode.Scalar]) {
            self.scalars = scalars
        }

        mutating func document() -> SyntaxNode? {
            skipWhitespace()
            return value()
        }

        private mutating func value() -> SyntaxNode? {
            guard index < scalars.count else { return nil }
            switch scalars[index] {
            case "{":
                index += 1
                var entries: [SyntaxEntry] = []
                var seen: Set<String> = []
                skipWhitespace()
                while index < scalars.count, scalars[index] != "}" {
                    guard let key = string() else { return nil }
                    skipWhitespace()
                    index += 1  // `:`
                    skipWhitespace()
                    guard let value = value() else { return nil }
                    // Keys compared as Swift compares strings, as the decoder's keyed container does: `é` and `e`
                    // with a combining accent are one key to the client, whose first value counts.
                    if seen.insert(key).inserted {
                        entries.append(SyntaxEntry(key: key, keyLocation: location, value: value))
                    }
                    skipWhitespace()
                    if index < scalars.count, scalars[index] == "," { index += 1 }
                    skipWhitespace()
                }
                index += 1
                return SyntaxNode(location: location, kind: .mapping(entries))
            case "[":
                index += 1
                var items: [SyntaxNode] = []
                skipWhitespace()
                while index < scalars.count, scalars[index] != "]" {
                    guard let item = value() else { return nil }
                    items.append(item)
                    skipWhitespace()
                    if index < scalars.count, scalars[index] == "," { index += 1 }
                    skipWhitespace()
                }
                index += 1
                return SyntaxNode(location: location, kind: .sequence(items))
            case "\"":
                return string().map { SyntaxNode(location: location, kind: .scalar(text: $0, isPlain: false)) }
            default:
                // A number, `true`, `false` or `null`, as written.
                let start = index
                while index < scalars.count, !",]} \t\r\n".unicodeScalars.contains(scalars[index]) { index += 1 }
                var text = String.UnicodeScalarView()
                text.append(contentsOf: scalars[start..<index])
                return SyntaxNode(location: location, kind: .scalar(text: String(text), isPlain: true))
            }
        }

        /// A string at `index` (its opening quote), its escapes read; a surrogate pair is one character.
        private mutating func string() -> String? {
            index += 1
            var text = String.UnicodeScalarView()
            while index < scalars.count, scalars[index] != "\"" {
                let scalar = scalars[index]
                index += 1
                guard scalar == "\\", index < scalars.count else {
                    text.append(scalar)
                    continue
                }
                let escaped = scalars[index]
                index += 1
                switch escaped {
                case "b": text.append("\u{8}")
                case "f": text.append("\u{C}")
                case "n": text.append("\n")
                case "r": text.append("\r")
                case "t": text.append("\t")
                case "u":
                    guard let unit = hexUnit() else { return nil }
                    if (0xD800..<0xDC00).contains(unit), index + 1 < scalars.count, scalars[index] == "\\", scalars[index + 1] == "u" {
                        let mark = index
                        index += 2
                        if let low = hexUnit(), (0xDC00..<0xE000).contains(low),
                            let pair = Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))
                        {
                            text.append(pair)
                            continue
                        }
                        index = mark
                    }
                    text.append(Unicode.Scalar(unit) ?? "\u{FFFD}")
                default: text.append(escaped)  // `"`, `\` and `/`
                }
            }
            index += 1
            return String(text)
        }

        /// The four hex digits of a `\u` escape.
        private mutating func hexUnit() -> UInt32? {
            guard index + 4 <= scalars.count else { return nil }
            var digits = String.UnicodeScalarView()
            digits.append(contentsOf: scalars[index..<index + 4])
            index += 4
            return UInt32(String(digits), radix: 16)
        }

        private mutating func skipWhitespace() {
            while index < scalars.count, " \t\r\n".unicodeScalars.contains(scalars[index]) { index += 1 }
        }
    }
}
