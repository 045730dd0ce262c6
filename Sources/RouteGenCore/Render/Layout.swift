import Foundation

/// Swift text whose line breaks depend on the column it starts at: a declaration, a call or a block of lines
/// that ``SwiftLayout`` wraps when it would pass the line length. It is printed where a template places it, at the
/// column the template's indentation gives, so a template indents its values as it likes and nothing in the
/// render stage counts columns: a layout says only how much deeper than its own first line its parts go.
struct Layout: Sendable {
    private let body: @Sendable (_ column: Int) -> String

    /// A layout that prints `body(column)` when placed at `column`: the first line is written at `column` by what
    /// precedes it, every other line carries its own indentation.
    init(_ body: @escaping @Sendable (_ column: Int) -> String) {
        self.body = body
    }

    /// The text, its first line starting at `column`.
    func text(at column: Int) -> String {
        body(column)
    }

    /// Text that is the same wherever it is printed.
    static func text(_ text: String) -> Layout {
        Layout { _ in text }
    }

    /// Each layout on a line of its own, all at the column of the first.
    static func lines(_ layouts: [Layout]) -> Layout {
        Layout { column in joined(layouts.map { $0.text(at: column) }, at: column) }
    }

    /// Each layout on lines of its own, a blank line between them, all at the column of the first: declarations.
    static func blocks(_ layouts: [Layout]) -> Layout {
        Layout { column in layouts.map { $0.text(at: column) }.joined(separator: "\n" + lineBreak(at: column)) }
    }

    /// A line break and the spaces that start the next line at `column`.
    static func lineBreak(at column: Int) -> String {
        "\n" + String(repeating: " ", count: column)
    }

    /// `lines` one under the other, every line after the first starting at `column`; an empty line stays empty
    /// (no trailing spaces).
    static func joined(_ lines: [String], at column: Int) -> String {
        var text = ""
        for (index, line) in lines.enumerated() {
            if index > 0 { text += line.isEmpty ? "\n" : lineBreak(at: column) }
            text += line
        }
        return text
    }

    /// Each text on a line of its own, all at the column of the first.
    static func lines(_ texts: [String]) -> Layout {
        lines(texts.map(text))
    }
}

/// The layouts of one rendering. A template value that is a layout is a token in the rendered text (a private-use
/// character, this rendering's key, the layout's number, another private-use character); ``print(_:)`` then writes
/// each layout in its token's place at the token's column. The key is random, so text from a spec that happens to
/// hold the token characters is printed as written: it cannot name a layout.
final class PlacedLayouts: @unchecked Sendable {
    private let lock = NSLock()
    private var layouts: [Layout] = []
    /// Nineteen random decimal digits: digits, unlike letters, come through Mustache's case transforms unchanged
    /// (`{{uppercased(imports)}}` left the token unprinted when the key was hexadecimal).
    private let key = String(UInt64.random(in: 1_000_000_000_000_000_000 ..< 10_000_000_000_000_000_000))

    /// The first and last character of a token.
    static let opening: Unicode.Scalar = "\u{E000}"
    static let closing: Unicode.Scalar = "\u{E001}"

    /// The token that stands for `layout` in template values until ``print(_:)``.
    func place(_ layout: Layout) -> String {
        let number = lock.withLock {
            layouts.append(layout)
            return layouts.count - 1
        }
        return "\(Self.opening)\(key)\(number)\(Self.closing)"
    }

    /// `rendered` with every token replaced by its layout, printed at the column the token starts at (counted in
    /// Unicode scalars from the start of its line, a tab to the next multiple of 4). One pass over the bytes: a large API's output is megabytes.
    func print(_ rendered: String) -> String {
        let layouts = lock.withLock { self.layouts }
        guard !layouts.isEmpty else { return rendered }
        let key = Array(self.key.utf8)
        var rendered = rendered
        return rendered.withUTF8 { bytes in
            // U+E000 is EE 80 80 in UTF-8, U+E001 is EE 80 81.
            func isToken(_ last: UInt8, at position: Int) -> Bool {
                position + 2 < bytes.count && bytes[position] == 0xEE && bytes[position + 1] == 0x80 && bytes[position + 2] == last
            }
            var output: [UInt8] = []
            output.reserveCapacity(bytes.count + bytes.count / 4)
            var lineStart = 0  // in `output`
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                if isToken(0x80, at: index), bytes[(index + 3)...].starts(with: key) {
                    var end = index + 3 + key.count
                    var number = 0
                    while end < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[end]) {
                        number = number * 10 + Int(bytes[end] - UInt8(ascii: "0"))
                        end += 1
                    }
                    if isToken(0x81, at: end), number < layouts.count {
                        // Columns in Unicode scalars; a tab goes to the next multiple of 4, as the continuation lines'
                        // spaces then line up with a template indented by tabs shown 4 wide.
                        let column = output[lineStart...].reduce(0) { column, byte in
                            byte == UInt8(ascii: "\t") ? (column / 4 + 1) * 4 : column + (byte & 0xC0 == 0x80 ? 0 : 1)
                        }
                        let text = layouts[number].text(at: column)
                        output.append(contentsOf: text.utf8)
                        if let lastNewline = text.utf8.lastIndex(of: UInt8(ascii: "\n")) {
                            lineStart = output.count - text.utf8.distance(from: lastNewline, to: text.utf8.endIndex) + 1
                        }
                        index = end + 3
                        continue
                    }
                }
                output.append(byte)
                if byte == UInt8(ascii: "\n") { lineStart = output.count }
                index += 1
            }
            return String(decoding: output, as: UTF8.self)
        }
    }
}
