/// Line and column arithmetic on spec text, for errors that come with an offset instead of a position.
enum TextPosition {
    /// The location of the character at `offset` (counted in Characters, as Yams reports reader errors).
    static func location(ofCharacterOffset offset: Int, in text: String, file: String) -> SourceLocation {
        var line = 1
        var column = 1
        for character in text.prefix(offset) {
            if character == "\n" || character == "\r\n" {
                line += 1
                column = 1
            } else {
                column += character.unicodeScalars.count
            }
        }
        return SourceLocation(file: file, line: line, column: column)
    }

    /// The text of line `number` (1-based), without its line break; empty past the end.
    static func line(_ number: Int, of text: String) -> Substring {
        var current = 1
        var start = text.startIndex
        while current < number {
            guard let newline = text[start...].firstIndex(of: "\n") else { return "" }
            start = text.index(after: newline)
            current += 1
        }
        let end = text[start...].firstIndex(where: { $0 == "\n" || $0 == "\r\n" }) ?? text.endIndex
        return text[start..<end]
    }
}
