import Yams

/// Turns Yams' errors into positioned diagnostics, with a hint for the YAML mistakes spec writers make most.
enum YAMLErrorTranslation {
    static func diagnostics(for error: any Error, in text: String, file: String) -> Diagnostics {
        var diagnostics = Diagnostics()
        func at(_ mark: Mark) -> SourceLocation { SourceLocation(file: file, line: mark.line, column: mark.column) }
        guard let error = error as? YamlError else {
            diagnostics.error("invalid YAML: \(error)", at: SourceLocation(file: file, line: 1, column: 1))
            return diagnostics
        }
        switch error {
        case .scanner(let context, let problem, let mark, _),
            .parser(let context, let problem, let mark, _),
            .composer(let context, let problem, let mark, _):
            var message = "invalid YAML: \(problem)"
            if problem.hasPrefix("Maximum nesting level reached") {
                message = "invalid YAML: nesting is deeper than 1000 levels"
            } else if let context {
                message += " (\(context.text) at line \(context.mark.line))"
            }
            diagnostics.error(message, at: at(mark), hint: hint(forLine: mark.line, of: text))
        case .reader(let problem, let offset, _, _):
            let location = TextPosition.location(ofCharacterOffset: offset ?? 0, in: text, file: file)
            diagnostics.error("invalid YAML: \(problem)", at: location, hint: "specs are plain UTF-8 text")
        case .duplicatedKeysInMapping(let duplicates, let context):
            let key = duplicates.sorted().first ?? ""
            let first = at(context.mark)
            let repeated = DuplicateKeyLocator.repeatedKey(key, firstAt: first, in: text) ?? first
            diagnostics.error(
                "duplicate key `\(key)` in one mapping", at: repeated,
                hint: "`\(key)` is first written at line \(first.line); YAML would silently keep only the last, so remove one")
        default:
            diagnostics.error("invalid YAML: \(error)", at: SourceLocation(file: file, line: 1, column: 1))
        }
        return diagnostics
    }

    /// A hint for the line the parser stopped at, when its text shows a well-known mistake.
    private static func hint(forLine line: Int, of text: String) -> String? {
        let source = TextPosition.line(line, of: text)
        if source.contains("]?") {
            return "quote types that YAML cannot read as a list: write `\"[String]?\"` rather than `[String]?`"
        }
        if source.contains("\t") {
            return "YAML does not allow tabs for indentation; indent with spaces"
        }
        return nil
    }
}

/// Finds where a duplicated block-mapping key is written the second time, given where it is first written.
enum DuplicateKeyLocator {
    static func repeatedKey(_ key: String, firstAt first: SourceLocation, in text: String) -> SourceLocation? {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let indent = first.column - 1
        var number = first.line
        while number < lines.count {
            let line = lines[number]
            number += 1
            let content = line.drop { $0 == " " }
            if content.isEmpty || content.first == "#" || content == "\r" { continue }
            let lineIndent = line.count - content.count
            if lineIndent < indent { return nil }
            guard lineIndent == indent else { continue }
            for spelling in [key, "\"\(key)\"", "'\(key)'"] where content.hasPrefix(spelling) {
                if content.dropFirst(spelling.count).drop(while: { $0 == " " }).first == ":" {
                    return SourceLocation(file: first.file, line: number, column: first.column)
                }
            }
        }
        return nil
    }
}
