/// Lays out the generated constructs that can grow long (declarations, parameter lists, calls, collection
/// literals, switch cases) the way `swift format` accepts them: on one line when it fits in ``lineLength``,
/// otherwise broken where `swift format` breaks them. Every function returns text whose first line starts at
/// column `indent` (the template writes that indentation) and whose other lines carry their own.
enum SwiftLayout {
    /// The line length of the repository's `.swift-format`, which generated code is linted against.
    static let lineLength = 120

    /// `head(items)tail`; wrapped one item per line when it would not fit. Collection literals (`open` is `[`)
    /// of several items get a trailing comma when wrapped. An item too long for its own line is broken after its label
    /// (`label:` then the value 4 further in) or before a trailing `.self`. `reserve` counts what follows on the
    /// line (a comma).
    static func list(
        _ head: String, _ items: [String], _ tail: String = "", indent: Int, open: String = "(", close: String = ")",
        reserve: Int = 0
    ) -> String {
        let line = head + open + items.joined(separator: ", ") + close + tail
        // `swift format` breaks a collection literal that reaches the last column (it keeps room for the comma), and
        // so a line that holds one as an argument or at its end.
        let endsInLiteral = open == "[" || tail.hasSuffix("]") || items.contains { $0.hasSuffix("]") }
        let limit = endsInLiteral ? lineLength - 1 : lineLength
        guard indent + line.count + reserve > limit else { return line }
        guard !items.isEmpty else { return breakingReturnType(line, indent: indent) }
        // A value whose call does not fit even before its first argument goes on the next line, 4 further in.
        if indent + head.count + open.count > limit, let equals = head.range(of: " = ") {
            let value = String(head[equals.upperBound...])
            return head[..<equals.lowerBound] + " =\n" + spaces(indent + 4)
                + list(value, items, tail, indent: indent + 4, open: open, close: close, reserve: reserve)
        }
        // `swift format` ends a wrapped collection literal of several elements with a comma, and one of one without.
        let separator = open == "[" && items.count > 1 ? "," : ""
        let body = items.enumerated().map { index, item in
            breakingLongItem(item + (index == items.count - 1 ? separator : ","), indent: indent + 4)
        }
        let closing = close + tail
        let lastLine =
            indent + closing.count + reserve > limit
            ? brokenCollectionLiteral(closing, indent: indent) ?? breakingReturnType(closing, indent: indent) : closing
        return head + open + "\n" + body.joined(separator: "\n") + "\n" + spaces(indent) + lastLine
    }

    /// A line at column `indent` that does not fit, broken inside the generic arguments of its return type
    /// (`-> Pages<` then the arguments 4 further in, then `> {`), or else before its effects (`async throws -> T`
    /// 4 further in, then `{` on a line of its own), as `swift format` breaks them. A line with neither stays as it
    /// is: a name too long for a line has nowhere to break.
    private static func breakingReturnType(_ line: String, indent: Int) -> String {
        if let arrow = line.range(of: "-> "), let generic = genericArguments(in: line[arrow.upperBound...]) {
            return line[..<generic.open] + "<\n" + arguments(generic.arguments, indent: indent + 4) + "\n" + spaces(indent)
                + line[generic.close...]
        }
        guard let effects = [" async", " throws", " ->"].compactMap({ line.range(of: $0)?.lowerBound }).min() else { return line }
        let signature = line[line.index(after: effects)...]
        guard signature.hasSuffix(" {") else { return line[..<effects] + "\n" + spaces(indent + 4) + signature }
        return line[..<effects] + "\n" + spaces(indent + 4) + signature.dropLast(2) + "\n" + spaces(indent) + "{"
    }

    /// `type` at column `indent`, broken inside its generic arguments (``brokenType(_:indent:)``) when it does not
    /// fit with `reserve` columns after it.
    private static func type(_ type: String, indent: Int, reserve: Int = 0) -> String {
        indent + type.count + reserve > lineLength ? brokenType(type, indent: indent) : type
    }

    /// `type` at column `indent` broken inside its generic arguments: `Name<`, the arguments 4 further in, `>`.
    static func brokenType(_ type: String, indent: Int) -> String {
        guard let generic = genericArguments(in: type[...]) else { return type }
        return type[..<generic.open] + "<\n" + arguments(generic.arguments, indent: indent + 4) + "\n" + spaces(indent)
            + type[generic.close...]
    }

    /// Generic arguments at column `indent`, each line indented: on one line when they fit, else one per line, each
    /// broken as ``type(_:indent:reserve:)`` breaks it.
    private static func arguments(_ arguments: [String], indent: Int) -> String {
        let oneLine = arguments.joined(separator: ", ")
        if indent + oneLine.count <= lineLength { return spaces(indent) + oneLine }
        return arguments.enumerated().map { index, argument in
            let last = index == arguments.count - 1
            return spaces(indent) + type(argument, indent: indent, reserve: last ? 0 : 1) + (last ? "" : ",")
        }.joined(separator: "\n")
    }

    /// The first generic argument list of `text`: where its `<` and its `>` are, and its arguments (split at the
    /// commas outside brackets); nil when there is none.
    private static func genericArguments(in text: Substring) -> (open: String.Index, close: String.Index, arguments: [String])? {
        guard let open = text.firstIndex(of: "<") else { return nil }
        var depth = 0
        var arguments: [String] = []
        var argumentStart = text.index(after: open)
        for index in text[open...].indices {
            switch text[index] {
            case "<", "[", "(":
                depth += 1
            case ">", "]", ")":
                depth -= 1
                guard depth == 0 else { continue }
                arguments.append(String(text[argumentStart..<index].drop { $0 == " " }))
                return (open, index, arguments)
            case "," where depth == 1:
                arguments.append(String(text[argumentStart..<index].drop { $0 == " " }))
                argumentStart = text.index(after: index)
            default:
                continue
            }
        }
        return nil
    }

    /// `attributes head: A, B {` (`attributes` ends in a space, or is empty): when it does not fit on a line, the
    /// attributes go on a line of their own and the rest is a ``typeDeclaration(_:conformances:indent:)``.
    static func typeDeclaration(attributes: String, _ head: String, conformances: [String], indent: Int) -> String {
        let line = attributes + head + ": " + conformances.joined(separator: ", ") + " {"
        guard !attributes.isEmpty, indent + line.count > lineLength else {
            return attributes + typeDeclaration(head, conformances: conformances, indent: indent)
        }
        return String(attributes.dropLast()) + "\n" + spaces(indent) + typeDeclaration(head, conformances: conformances, indent: indent)
    }

    /// `head: A, B {`: conformances that do not fit continue 4 further in, and `{` then goes on its own line.
    static func typeDeclaration(_ head: String, conformances: [String], indent: Int) -> String {
        let line = head + ": " + conformances.joined(separator: ", ") + " {"
        guard indent + line.count > lineLength else { return line }
        var lines = [head + ":"]
        for (index, conformance) in conformances.enumerated() {
            let piece = conformance + (index == conformances.count - 1 ? "" : ",")
            let width = (lines.count == 1 ? indent : 0) + lines[lines.count - 1].count
            if width + 1 + piece.count <= lineLength {
                lines[lines.count - 1] += " " + piece
            } else {
                lines.append(spaces(indent + 4) + piece)
            }
        }
        return lines.joined(separator: "\n") + "\n" + spaces(indent) + "{"
    }

    /// `head Type`, a stored property or constant: the type on the next line, 4 further in, when it would not fit.
    static func annotated(_ head: String, type: String, indent: Int) -> String {
        indent + head.count + 1 + type.count <= lineLength ? head + " " + type : head + "\n" + spaces(indent + 4) + type
    }

    /// `target = value`; the value on the next line, 4 further in, when it would not fit.
    static func assignment(_ target: String, _ value: String, indent: Int) -> String {
        let line = target + " = " + value
        return indent + line.count <= lineLength ? line : target + " =\n" + spaces(indent + 4) + value
    }

    private static func breakingLongItem(_ item: String, indent: Int) -> String {
        guard indent + item.count > lineLength, !item.contains("\n") else { return spaces(indent) + item }
        if item.hasSuffix(".self,") || item.hasSuffix(".self") {
            let base = item.dropLast(item.hasSuffix(",") ? 6 : 5)
            return spaces(indent) + base + "\n" + spaces(indent + 4) + (item.hasSuffix(",") ? ".self," : ".self")
        }
        if let literal = brokenCollectionLiteral(item, indent: indent) { return spaces(indent) + literal }
        if let colon = labelColon(in: item) {
            return spaces(indent) + item[..<colon.lowerBound] + ":\n" + spaces(indent + 4) + item[colon.upperBound...]
        }
        return spaces(indent) + item
    }

    /// The `: ` after the label `item` starts with (`name: `, `_ name: `); nil when it starts with none (a call, a
    /// string, a value).
    private static func labelColon(in item: some StringProtocol) -> Range<String.Index>? {
        let labelStart = item.hasPrefix("_ ") ? item.index(item.startIndex, offsetBy: 2) : item.startIndex
        guard let colon = item.range(of: ": "),
            !item[labelStart..<colon.lowerBound].contains(where: { $0 == " " || $0 == "(" || $0 == "\"" })
        else { return nil }
        return colon
    }

    /// `item` (an argument or a parameter with its comma, or a line ending in a fallback) whose value is a collection
    /// literal after `= `, `: ` or `?? `, the literal broken one element per line, 4 further in
    /// (`parent: [Decimal] = [`, the elements, `],`); nil when its value is no collection literal, or an empty one.
    private static func brokenCollectionLiteral(_ item: String, indent: Int) -> String? {
        let comma = item.hasSuffix(",") ? "," : ""
        let text = item.dropLast(comma.count)
        guard text.hasSuffix("]") else { return nil }
        // The brackets outside string literals, to find the one the last `]` closes and the commas between elements.
        var opens: [String.Index] = []
        var commas: [String.Index: [String.Index]] = [:]
        var inString = false, escaped = false
        var literalStart: String.Index?
        for index in text.indices {
            let character = text[index]
            if inString {
                if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == "\"" { inString = false }
                continue
            }
            switch character {
            case "\"": inString = true
            case "[", "(": opens.append(index)
            case "]", ")": literalStart = opens.popLast()
            case ",": if let open = opens.last { commas[open, default: []].append(index) }
            default: break
            }
        }
        guard let open = literalStart, opens.isEmpty, ["= ", ": ", "?? "].contains(where: { text[..<open].hasSuffix($0) }),
            text.index(after: open) < text.index(before: text.endIndex)
        else { return nil }
        // A head too long for its line (`label: Type = [`): the label alone, the rest on the next line 4 further in.
        if indent + text[...open].count > lineLength, let colon = labelColon(in: text), colon.lowerBound < open,
            let rest = brokenCollectionLiteral(String(item[colon.upperBound...]), indent: indent + 4)
        {
            return text[..<colon.lowerBound] + ":\n" + spaces(indent + 4) + rest
        }
        let separators = commas[open] ?? []
        var elements: [Substring] = []
        var start = text.index(after: open)
        for separator in separators + [text.index(before: text.endIndex)] {
            elements.append(text[start..<separator].drop { $0 == " " })
            start = text.index(after: separator)
        }
        // Several elements end with a comma, one without, as `swift format` writes them.
        let body = elements.map { spaces(indent + 4) + $0 + (elements.count > 1 ? "," : "") }.joined(separator: "\n")
        return text[...open] + "\n" + body + "\n" + spaces(indent) + "]" + comma
    }

    private static func spaces(_ count: Int) -> String { String(repeating: " ", count: count) }
}
