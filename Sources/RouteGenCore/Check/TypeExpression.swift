/// A type as written in a spec, before names are resolved: `Pet`, `[String]?`, `[String: Owner]`,
/// `Expandable<Customer>`.
indirect enum TypeExpression: Equatable {
    case named(String, SourceLocation)
    case array(TypeExpression)
    case dictionary(TypeExpression)
    case optional(TypeExpression)
    /// `Expandable<T>`: an ID, or the object when the request asks for it; written at the location.
    case expandable(TypeExpression, SourceLocation)
}

/// Parses the type grammar from a spec node: text like `"[String]?"`, or YAML's own reading of an unquoted
/// `[T]` (a one-item list) and `[String: T]` (a list holding a one-key mapping).
enum TypeExpressionParser {
    /// The parsed type, or nil with an error reported; `depth` lists (YAML's own `[T]`) enclose it.
    static func parse(_ node: SyntaxNode, depth: Int = 0, diagnostics: inout Diagnostics) -> TypeExpression? {
        switch node.kind {
        case .scalar:
            guard let text = node.text else {
                diagnostics.error("expected a type, found an empty value", at: node.location, hint: "write a type such as `String`")
                return nil
            }
            return parse(text: text, at: node.textStart, depth: depth, diagnostics: &diagnostics)
        case .sequence(let items):
            guard depth < deepestNesting else {
                reportTooDeep(at: node.location, diagnostics: &diagnostics)
                return nil
            }
            guard items.count == 1, let item = items.first else {
                diagnostics.error(
                    "a list type holds exactly one element type, found \(items.count)", at: node.location,
                    hint: "write `[T]` for a list of T")
                return nil
            }
            if let entries = item.entries {
                guard entries.count == 1, let entry = entries.first else {
                    diagnostics.error("a dictionary type is written `[String: T]`", at: item.location)
                    return nil
                }
                guard entry.key == "String" else {
                    diagnostics.error(
                        "dictionary keys must be `String`, not `\(entry.key)`", at: entry.keyLocation,
                        hint: "JSON object keys are always text")
                    return nil
                }
                return parse(entry.value, depth: depth + 1, diagnostics: &diagnostics).map { .dictionary($0) }
            }
            return parse(item, depth: depth + 1, diagnostics: &diagnostics).map { .array($0) }
        case .mapping:
            diagnostics.error("expected a type, found a mapping", at: node.location)
            return nil
        }
    }

    /// Parses type text written at `location`; positions inside the text are reported exactly.
    static func parse(text: String, at location: SourceLocation, depth: Int = 0, diagnostics: inout Diagnostics) -> TypeExpression? {
        var scanner = Scanner(text: Array(text.unicodeScalars), origin: location)
        scanner.depth = depth
        guard let type = scanner.parseType(diagnostics: &diagnostics) else { return nil }
        scanner.skipSpaces()
        guard scanner.isAtEnd else {
            diagnostics.error(
                "unexpected `\(scanner.rest)` after type `\(String(String.UnicodeScalarView(scanner.text[..<scanner.index])))`",
                at: scanner.location)
            return nil
        }
        return type
    }

    /// The most lists, dictionaries and generic arguments a type nests. No API nests deeper, and past that the
    /// compiler's time to check the generated code grows several times with each level (22 nested lists: 40 s).
    static let deepestNesting = 8

    /// The error for a type nested past ``deepestNesting``.
    private static func reportTooDeep(at location: SourceLocation, diagnostics: inout Diagnostics) {
        diagnostics.error(
            "a type nests at most \(deepestNesting) lists, dictionaries or `Expandable`s", at: location,
            hint: "use `JSON` for deeper values")
    }

    private struct Scanner {
        let text: [Unicode.Scalar]
        let origin: SourceLocation
        var index = 0
        /// How many lists, dictionaries and generic arguments enclose the type being parsed.
        var depth = 0

        init(text: [Unicode.Scalar], origin: SourceLocation) {
            self.text = text
            self.origin = origin
        }

        var isAtEnd: Bool { index >= text.count }
        var current: Unicode.Scalar? { isAtEnd ? nil : text[index] }
        var rest: String { String(String.UnicodeScalarView(text[index...])) }
        /// Exact for single-line (plain or quoted) scalars; quoted ones are off by the opening quote.
        var location: SourceLocation {
            SourceLocation(file: origin.file, line: origin.line, column: origin.column + index)
        }

        mutating func skipSpaces() {
            while current == " " { index += 1 }
        }

        mutating func parseType(diagnostics: inout Diagnostics) -> TypeExpression? {
            skipSpaces()
            var type: TypeExpression
            if current == "[" {
                let open = location
                guard enter(at: open, diagnostics: &diagnostics) else { return nil }
                defer { depth -= 1 }
                index += 1
                guard let element = parseType(diagnostics: &diagnostics) else { return nil }
                skipSpaces()
                if current == ":" {
                    index += 1
                    guard case .named("String", _) = element else {
                        diagnostics.error("dictionary keys must be `String`", at: open, hint: "JSON object keys are always text")
                        return nil
                    }
                    guard let value = parseType(diagnostics: &diagnostics) else { return nil }
                    type = .dictionary(value)
                    skipSpaces()
                } else {
                    type = .array(element)
                }
                guard current == "]" else {
                    diagnostics.error("missing `]` to close the `[` at column \(open.column)", at: location)
                    return nil
                }
                index += 1
            } else {
                let start = index
                let startLocation = location
                while let scalar = current, scalar.properties.isAlphabetic || scalar.properties.numericType != nil
                    || scalar == "_" || scalar == "-" || scalar == "."
                {
                    index += 1
                }
                guard index > start else {
                    let found = current.map { "`\($0)`" } ?? "the end of the text"
                    diagnostics.error("expected a type name, found \(found)", at: location)
                    return nil
                }
                let name = String(String.UnicodeScalarView(text[start..<index]))
                type = .named(name, startLocation)
                if name == "Expandable" && current == "<" {
                    guard let object = parseGenericArgument(diagnostics: &diagnostics) else { return nil }
                    type = .expandable(object, startLocation)
                }
            }
            skipSpaces()
            if current == "?" {
                index += 1
                type = .optional(type)
                // `T??`: absent, explicit null, or a value.
                if current == "?" {
                    index += 1
                    type = .optional(type)
                }
                skipSpaces()
                if current == "?" {
                    diagnostics.error("a type is optional at most twice (`T??`: absent, null or a value)", at: location)
                    return nil
                }
            }
            return type
        }

        /// One level deeper, or an error past ``TypeExpressionParser/deepestNesting``.
        mutating func enter(at location: SourceLocation, diagnostics: inout Diagnostics) -> Bool {
            guard depth < TypeExpressionParser.deepestNesting else {
                TypeExpressionParser.reportTooDeep(at: location, diagnostics: &diagnostics)
                return false
            }
            depth += 1
            return true
        }

        /// The `<T>` after a generic type's name, the scanner at its `<`.
        mutating func parseGenericArgument(diagnostics: inout Diagnostics) -> TypeExpression? {
            let open = location
            guard enter(at: open, diagnostics: &diagnostics) else { return nil }
            defer { depth -= 1 }
            index += 1
            guard let argument = parseType(diagnostics: &diagnostics) else { return nil }
            skipSpaces()
            guard current == ">" else {
                diagnostics.error("missing `>` to close the `<` at column \(open.column)", at: location)
                return nil
            }
            index += 1
            return argument
        }
    }
}
