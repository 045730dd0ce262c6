extension Printer {
    /// How a line that does not fit breaks: where `swift format` breaks each construct, so that its lint accepts the
    /// output. Every function takes the pieces of a line (or of an item) whose first character is at column `indent`
    /// and returns its text, every line after the first carrying its own indentation.
    enum Rules {
        typealias Piece = PrintedLine.Piece
        typealias List = PrintedLine.List

        /// A line: its first argument list or collection literal laid out by ``list(head:_:tail:indent:reserve:)``;
        /// without one, a line that does not fit breaks inside its first generic arguments (``type(_:indent:reserve:)``),
        /// after its ``Printer/Mark/value`` mark first (4 further in) when even their `<` does not fit; a line with no
        /// list at all breaks after its ``Printer/Mark/value`` mark.
        static func line(_ pieces: [Piece], indent: Int, reserve: Int = 0) -> String {
            if let index = pieces.firstIndex(where: {
                if case .list(let list) = $0 { list.kind != .generic } else { false }
            }),
                case .list(let list) = pieces[index]
            {
                return self.list(
                    head: Array(pieces[..<index]), list, tail: Array(pieces[(index + 1)...]), indent: indent,
                    reserve: reserve)
            }
            let text = PrintedLine.flat(pieces)
            guard indent + text.count + reserve > lineLength else { return text }
            if let generic = pieces.firstIndex(where: isList) {
                let head = Array(pieces[..<generic])
                guard indent + PrintedLine.flat(head).count > lineLength, let value = head.firstIndex(of: .value) else {
                    return type(pieces, indent: indent, reserve: reserve)
                }
                return trailingSpaceDropped(PrintedLine.flat(Array(pieces[..<value]))) + "\n" + spaces(indent + 4)
                    + line(Array(pieces[(value + 1)...]), indent: indent + 4, reserve: reserve)
            }
            guard let value = pieces.firstIndex(of: .value) else { return text }
            return trailingSpaceDropped(PrintedLine.flat(Array(pieces[..<value]))) + "\n" + spaces(indent + 4)
                + PrintedLine.flat(Array(pieces[(value + 1)...]))
        }

        /// `head(items)tail` (the head ends with the list's opening bracket, the tail starts with its closing one):
        /// on one line when it fits with `reserve` columns after it, else one item per line, 4 further in, each
        /// broken by ``item(_:text:suffix:indent:)`` when too long for its line. A wrapped collection literal of several
        /// elements ends with a comma. A binding whose call does not fit even before its first argument breaks
        /// after its ``Printer/Mark/value`` mark first, and one that does not fit on one line after its
        /// ``Printer/Mark/operand`` mark; a last line too long breaks in its result type or before its effects
        /// (``result(_:indent:)``).
        static func list(head: [Piece], _ list: List, tail: [Piece], indent: Int, reserve: Int = 0) -> String {
            let headText = PrintedLine.flat(head)
            let tailText = PrintedLine.flat(tail)
            switch list.kind {
            case .pattern:
                let items = list.items.map(PrintedLine.flat)
                // A statement after a case's pattern (`case 200: .ok(…)`): on one line when it fits, else on the next
                // line, 4 further in.
                if let value = head.firstIndex(of: .value),
                    indent + (headText + items.joined(separator: ", ") + tailText).count > lineLength
                {
                    return trailingSpaceDropped(PrintedLine.flat(Array(head[..<value]))) + "\n" + spaces(indent + 4)
                        + pattern(PrintedLine.flat(Array(head[(value + 1)...])), items, tailText, indent: indent + 4)
                }
                return pattern(headText, items, tailText, indent: indent)
            case .body: return body(head: headText, list.items.first ?? [], tail: tailText, indent: indent)
            case .conformances:
                return conformances(head: head, list.items.map(PrintedLine.flat), tail: tailText, indent: indent)
            case .call, .literal, .generic: break
            }
            if let operand = head.firstIndex(of: .operand) {
                // An operator expression after `= `: on one line when it fits, else broken after `=` first.
                var whole = head
                whole.remove(at: operand)
                let line = self.list(head: whole, list, tail: tail, indent: indent, reserve: reserve)
                guard line.contains("\n") else { return line }
                return trailingSpaceDropped(PrintedLine.flat(Array(head[..<operand]))) + "\n" + spaces(indent + 4)
                    + self.list(
                        head: Array(head[(operand + 1)...]), list, tail: tail, indent: indent + 4, reserve: reserve)
            }
            // An item holding a list of its own (a call, a collection literal as an argument) is laid out where it
            // goes when the list wraps: 4 further in, keeping a column for a comma after it when it is marked so
            // (``Printer/Mark/reserve``). A collection literal that is a default value (after a
            // ``Printer/Mark/value`` mark) breaks only when its item does not fit (``item(_:text:suffix:indent:)``).
            let items = list.items.map { item in
                item.contains(where: isList) && !isDefaultLiteral(item)
                    ? line(item, indent: indent + 4, reserve: item.contains(.reserve) ? 1 : 0) : PrintedLine.flat(item)
            }
            let oneLine = headText + items.joined(separator: ", ") + tailText
            // `swift format` breaks a collection literal that reaches the last column (it keeps room for the comma),
            // and so a line that holds one as an argument or at its end.
            let endsInBracket = list.kind == .literal || tailText.hasSuffix("]") || items.contains { $0.hasSuffix("]") }
            let limit = endsInBracket ? lineLength - 1 : lineLength
            guard indent + oneLine.count + reserve > limit else { return oneLine }
            guard !items.isEmpty else { return result(head + [.list(list)] + tail, indent: indent) }
            // A declaration with two value marks (`static let x: [T] = [`, its type's and its value's) breaks after its
            // type's only when its head passes even the last column.
            if indent + headText.count > limit,
                let value = indent + headText.count > lineLength
                    ? head.firstIndex(of: .value) : head.lastIndex(of: .value)
            {
                return trailingSpaceDropped(PrintedLine.flat(Array(head[..<value]))) + "\n" + spaces(indent + 4)
                    + self.list(
                        head: Array(head[(value + 1)...]), list, tail: tail, indent: indent + 4, reserve: reserve)
            }
            // `swift format` ends a wrapped collection literal of several elements with a comma, and one of one without.
            let lastComma = list.kind == .literal && items.count > 1 ? "," : ""
            let body = zip(list.items, items).enumerated().map { index, item in
                self.item(item.0, text: item.1, suffix: index == items.count - 1 ? lastComma : ",", indent: indent + 4)
            }
            let lastLine =
                indent + tailText.count + reserve > limit
                ? literal(tail, suffix: "", indent: indent) ?? result(tail, indent: indent) : tailText
            return headText + "\n" + body.joined(separator: "\n") + "\n" + spaces(indent) + lastLine
        }

        /// `head(bindings)tail` (a case pattern): on one line when it fits; else the bindings on the next line, 4
        /// further in, with the closing parenthesis after them, as `swift format` breaks a case pattern it cannot
        /// fit; one binding per line when even that does not fit.
        static func pattern(_ head: String, _ items: [String], _ tail: String, indent: Int) -> String {
            let line = head + items.joined(separator: ", ") + tail
            guard indent + line.count > lineLength else { return line }
            let inner = spaces(indent + 4) + items.joined(separator: ", ") + tail
            if inner.count <= lineLength { return head + "\n" + inner }
            return head + "\n" + items.map { spaces(indent + 4) + $0 }.joined(separator: ",\n") + tail
        }

        /// `head { statement }`: on one line when it fits; else the statement on a line of its own, 4 further in
        /// (broken as ``line(_:indent:reserve:)`` breaks it), and the closing brace on the next.
        static func body(head: String, _ statement: [Piece], tail: String, indent: Int) -> String {
            let line = head + PrintedLine.flat(statement) + tail
            guard indent + line.count > lineLength else { return line }
            return trailingSpaceDropped(head) + "\n" + spaces(indent + 4) + self.line(statement, indent: indent + 4)
                + "\n"
                + spaces(indent) + tail.drop { $0 == " " }
        }

        /// `attributes head: A, B {` (`head` ends with `: `): on one line when it fits; else its attributes (before
        /// the ``Printer/Mark/attributes`` mark) on a line of their own, and conformances that do not fit continue 4
        /// further in, as many on a line as fit, with `{` on a line of its own.
        static func conformances(head: [Piece], _ items: [String], tail: String, indent: Int) -> String {
            if let mark = head.firstIndex(of: .attributes) {
                let attributes = PrintedLine.flat(Array(head[..<mark]))
                let rest = conformances(head: Array(head[(mark + 1)...]), items, tail: tail, indent: indent)
                let line = PrintedLine.flat(head) + items.joined(separator: ", ") + tail
                guard !attributes.isEmpty, indent + line.count > lineLength else { return attributes + rest }
                return trailingSpaceDropped(attributes) + "\n" + spaces(indent) + rest
            }
            let headText = PrintedLine.flat(head)
            let line = headText + items.joined(separator: ", ") + tail
            guard indent + line.count > lineLength else { return line }
            var lines = [trailingSpaceDropped(headText)]
            for (index, item) in items.enumerated() {
                let piece = item + (index == items.count - 1 ? "" : ",")
                let width = (lines.count == 1 ? indent : 0) + lines[lines.count - 1].count
                if width + 1 + piece.count <= lineLength {
                    lines[lines.count - 1] += " " + piece
                } else {
                    lines.append(spaces(indent + 4) + piece)
                }
            }
            return lines.joined(separator: "\n") + "\n" + spaces(indent) + tail.drop { $0 == " " }
        }

        /// An item of a wrapped list on its line at `indent`, `suffix` (its comma) after it: as it is when it fits;
        /// else broken before its ``Printer/Mark/member`` mark (a type's `.self`), inside the collection literal it
        /// ends with, or after its ``Printer/Mark/label`` mark, the rest 4 further in.
        static func item(_ pieces: [Piece], text: String, suffix: String, indent: Int) -> String {
            let whole = text + suffix
            guard indent + whole.count > lineLength, !whole.contains("\n") else { return spaces(indent) + whole }
            if let member = pieces.firstIndex(of: .member) {
                return spaces(indent) + PrintedLine.flat(Array(pieces[..<member])) + "\n" + spaces(indent + 4)
                    + PrintedLine.flat(Array(pieces[(member + 1)...])) + suffix
            }
            if let literal = literal(pieces, suffix: suffix, indent: indent) { return spaces(indent) + literal }
            if let label = pieces.firstIndex(of: .label) {
                return spaces(indent) + trailingSpaceDropped(PrintedLine.flat(Array(pieces[..<label]))) + "\n"
                    + spaces(indent + 4) + PrintedLine.flat(Array(pieces[(label + 1)...])) + suffix
            }
            return spaces(indent) + whole
        }

        /// Pieces that end with a collection literal of elements (a default value, a dictionary argument), `suffix`
        /// after them, with the literal broken one element per line, 4 further in (`tags: [String] = [`, the
        /// elements, `],`); when even its `[` does not fit, broken after the ``Printer/Mark/label`` mark first. Nil
        /// when they end with no such literal.
        static func literal(_ pieces: [Piece], suffix: String, indent: Int) -> String? {
            guard let index = pieces.lastIndex(where: isList), case .list(let list) = pieces[index],
                list.kind == .literal,
                !list.items.isEmpty, pieces[(index + 1)...].allSatisfy({ $0 == .text("]") })
            else { return nil }
            let head = Array(pieces[..<index])
            let headText = PrintedLine.flat(head)
            if indent + headText.count > lineLength, let label = head.firstIndex(of: .label),
                let rest = literal(Array(pieces[(label + 1)...]), suffix: suffix, indent: indent + 4)
            {
                return trailingSpaceDropped(PrintedLine.flat(Array(head[..<label]))) + "\n" + spaces(indent + 4) + rest
            }
            // Several elements end with a comma, one without, as `swift format` writes them.
            let comma = list.items.count > 1 ? "," : ""
            let body = list.items.map { spaces(indent + 4) + PrintedLine.flat($0) + comma }.joined(separator: "\n")
            return headText + "\n" + body + "\n" + spaces(indent) + "]" + suffix
        }

        /// The last line of a signature (or the whole of one without parameters) that does not fit: broken inside
        /// the generic arguments of its result type (`-> Pages<`, the arguments 4 further in, `> {`), or else before
        /// its effects (`async throws -> T` 4 further in, then `{` on a line of its own). A line with neither stays as
        /// it is: a name too long for a line has nowhere to break.
        static func result(_ pieces: [Piece], indent: Int) -> String {
            guard let effects = pieces.firstIndex(of: .effects) else { return PrintedLine.flat(pieces) }
            if let generic = pieces[effects...].firstIndex(where: {
                if case .list(let list) = $0 { list.kind == .generic } else { false }
            }),
                case .list(let list) = pieces[generic]
            {
                return PrintedLine.flat(Array(pieces[..<generic])) + "\n" + arguments(list.items, indent: indent + 4)
                    + "\n"
                    + spaces(indent) + PrintedLine.flat(Array(pieces[(generic + 1)...]))
            }
            let signature = PrintedLine.flat(Array(pieces[(effects + 1)...])).dropFirst()
            let before = PrintedLine.flat(Array(pieces[..<effects]))
            guard signature.hasSuffix(" {") else { return before + "\n" + spaces(indent + 4) + signature }
            return before + "\n" + spaces(indent + 4) + signature.dropLast(2) + "\n" + spaces(indent) + "{"
        }

        /// Generic arguments at column `indent`, each line indented: on one line when they fit, else one per line, each
        /// broken inside its own generic arguments when too long.
        static func arguments(_ arguments: [[Piece]], indent: Int) -> String {
            let oneLine = arguments.map(PrintedLine.flat).joined(separator: ", ")
            if indent + oneLine.count <= lineLength { return spaces(indent) + oneLine }
            return arguments.enumerated().map { index, argument in
                let last = index == arguments.count - 1
                return spaces(indent) + type(argument, indent: indent, reserve: last ? 0 : 1) + (last ? "" : ",")
            }.joined(separator: "\n")
        }

        /// A type at column `indent`, broken inside its first generic arguments (`Name<`, the arguments 4 further in,
        /// `>`) when it does not fit with `reserve` columns after it.
        static func type(_ pieces: [Piece], indent: Int, reserve: Int = 0) -> String {
            let text = PrintedLine.flat(pieces)
            guard indent + text.count + reserve > lineLength, let generic = pieces.firstIndex(where: isList),
                case .list(let list) = pieces[generic]
            else { return text }
            return PrintedLine.flat(Array(pieces[..<generic])) + "\n" + arguments(list.items, indent: indent + 4) + "\n"
                + spaces(indent) + PrintedLine.flat(Array(pieces[(generic + 1)...]))
        }

        /// Whether `item` holds no call, and a collection literal after its ``Printer/Mark/value`` mark: a
        /// parameter's default.
        private static func isDefaultLiteral(_ item: [Piece]) -> Bool {
            guard let value = item.firstIndex(of: .value) else { return false }
            return item[value...].contains { if case .list(let list) = $0 { list.kind == .literal } else { false } }
                && !item.contains { if case .list(let list) = $0 { list.kind == .call } else { false } }
        }

        private static func isList(_ piece: Piece) -> Bool {
            if case .list = piece { true } else { false }
        }

        /// Text before a line break, without the space that separated it from what now goes on the next line.
        static func trailingSpaceDropped(_ text: String) -> String {
            text.hasSuffix(" ") ? String(text.dropLast()) : text
        }

        static func spaces(_ count: Int) -> String { String(repeating: " ", count: count) }
    }
}
