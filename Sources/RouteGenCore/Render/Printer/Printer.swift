import Foundation

/// Decides where the generated Swift's long lines break: the one component that does.
///
/// Templates write a construct that may not fit on its line with marks around its parts (``Mark``): an argument
/// list's items, a collection literal's elements, a label, a generic type's arguments. The marks are template values
/// only the printer defines (`{{_call}}`, `{{_item}}`, …), so a rendered line that holds them is a little tree of
/// text and lists, and ``print(_:)`` lays each such line out at the column of its indentation the way `swift format`
/// lays it out: on one line when it fits in ``lineLength``, else broken by the rules of ``Printer+Rules.swift``.
/// Lines without marks are copied as they are; nothing reads the Swift to find where it could break.
///
/// In the rendered text a mark is a private-use character, this printer's key, the mark's letter and another
/// private-use character. The key is random, so a spec's text that happens to hold those characters is printed as
/// written: it cannot make a mark.
struct Printer: Sendable {
    /// The line length of the repository's `.swift-format`, which generated code is linted against.
    static let lineLength = 120

    /// Nineteen random decimal digits: digits, unlike letters, come through Mustache's case transforms unchanged.
    let key: String

    init(key: String = String(UInt64.random(in: 1_000_000_000_000_000_000..<10_000_000_000_000_000_000))) {
        self.key = key
    }

    /// The marks a template writes, each as the template value a template names. Each is a character a case
    /// transform leaves as it is (`{{uppercased(returnType)}}` keeps a generic type's marks whole).
    enum Mark: Character, CaseIterable, Sendable {
        /// Opens an argument or parameter list: put it after `(`, the items after it, ``end`` before `)`.
        case call = "("
        /// Opens a collection literal's elements: after `[`, ``end`` before `]`. A wrapped literal of several
        /// elements ends with a comma, and a line that ends in one keeps the last column free, as `swift format` does.
        case literal = "["
        /// Opens a generic type's arguments: after `<`, ``end`` before `>`.
        case generic = "<"
        /// Opens a case pattern's bindings (after `(`, ``end`` before `):`), or the value a case holds (`self =
        /// .circle(try …)`, ``end`` before `)`). When the line does not fit, they go on the next line together, 4
        /// further in, or one per line when even that does not fit.
        case pattern = "?"
        /// Opens the one statement of a block written on its line (`if let x { … }`): after `{ `, ``end`` before
        /// ` }`. When the line does not fit, the statement goes on a line of its own, 4 further in, and `}` on the
        /// next.
        case body = "{"
        /// Opens a type's conformances: after `Name: `, ``end`` before ` {`. When the declaration does not fit, they
        /// continue 4 further in, as many on a line as fit, and `{` goes on a line of its own.
        case conformances = ":"
        /// In a type declaration, after its attributes (`@_spi(Generated) `): where they go on a line of their own
        /// when the declaration does not fit.
        case attributes = "@"
        /// Starts each item of a list (the printer writes the commas between them).
        case item = ","
        /// Ends a list.
        case end = ")"
        /// In an item, after `label: `: where the item breaks when it does not fit otherwise.
        case label = "="
        /// In an item, before a trailing `.self`: where a type too long for its line breaks.
        case member = "."
        /// After `= ` of a binding whose value is a call: where the line breaks when even the call's `(` would not
        /// fit; on a line without a list, or after a case's pattern before a ``pattern`` list, when the line does
        /// not fit. A declaration with two (`static let x: [T] = [`) breaks after its type's only when its head
        /// passes even the last column.
        case value = "~"
        /// After an argument that is a call or a collection literal: it keeps a column free after it, for a comma
        /// that may follow, when it is laid out on a line of its own.
        case reserve = "_"
        /// After `= ` of a value that is an operator expression (`try decode(…) ?? fallback`): where the line breaks
        /// first when it does not fit on one line, the value then laid out 4 further in.
        case operand = "+"
        /// In a signature, before ` async throws`: where the effects and the result go on a line of their own when
        /// the last line does not fit and the result has no generic arguments to break.
        case effects = "!"

        /// The name a template writes: `_call`, `_literal`, …
        var name: String {
            switch self {
            case .call: "_call"
            case .literal: "_literal"
            case .generic: "_generic"
            case .pattern: "_pattern"
            case .body: "_body"
            case .conformances: "_conformances"
            case .attributes: "_attributes"
            case .item: "_item"
            case .end: "_end"
            case .label: "_label"
            case .member: "_member"
            case .value: "_value"
            case .effects: "_effects"
            case .reserve: "_reserve"
            case .operand: "_operand"
            }
        }
    }

    /// The private-use characters a mark starts and ends with.
    static let opening: Unicode.Scalar = "\u{E002}"
    static let closing: Unicode.Scalar = "\u{E003}"

    /// `mark` as it stands in template values and rendered text.
    func text(of mark: Mark) -> String {
        "\(Self.opening)\(key)\(mark.rawValue)\(Self.closing)"
    }

    /// Every mark by the name templates write: what the renderer adds to each template's values.
    var templateValues: [String: String] {
        Dictionary(uniqueKeysWithValues: Mark.allCases.map { ($0.name, text(of: $0)) })
    }

    /// `template` with each mark's tag (`{{_call}}`) replaced by the mark: rendering then looks none up. (The
    /// marks are also template values, for a tag written another way, `{{ _call }}`.)
    func writingMarks(into template: String) -> String {
        guard template.contains("{{_") else { return template }
        var template = template
        for mark in Mark.allCases {
            template = template.replacingOccurrences(of: "{{\(mark.name)}}", with: text(of: mark))
        }
        return template
    }

    /// Whether `text` holds marks of any printer (a value spelled with ``genericType(_:_:)``): what a template must
    /// not transform, as a transform would spoil them.
    static func holdsMarks(_ text: String) -> Bool {
        text.unicodeScalars.contains(opening)
    }

    /// The names templates write marks by.
    static let markNames: Set<String> = Set(Mark.allCases.map(\.name))

    /// A generic type, `name<arguments>`, its arguments marked so that a signature too long for its line can break
    /// them (each argument is a type, spelled with this function when it is generic too).
    func genericType(_ name: String, _ arguments: [String]) -> String {
        name + "<" + text(of: .generic) + arguments.map { text(of: .item) + $0 }.joined() + text(of: .end) + ">"
    }

    /// A collection literal of `elements` that is a default value (a fallback, what the server assumes): on its line
    /// when it fits, else one element per line, as a parameter's default breaks.
    func defaultLiteral(_ elements: [String]) -> String {
        text(of: .value) + "[" + text(of: .literal) + elements.map { text(of: .item) + $0 }.joined() + text(of: .end)
            + "]"
    }

    /// `rendered` with every line that holds marks laid out at its indentation (spaces; a tab counts to the next
    /// multiple of 4) and its marks gone. One pass over the bytes, the lines without marks copied as they are: a
    /// large API's output is megabytes.
    func print(_ rendered: String) -> String {
        let marker = Array("\(Self.opening)\(key)".utf8)
        var text = rendered
        let printed: String? = text.withUTF8 { bytes in
            let newline = UInt8(ascii: "\n")
            var output: [UInt8] = []
            var copied = 0
            var index = 0
            // `memchr` finds the next byte a mark starts with: the scan of a large API's megabytes is then as quick
            // in a debug build (which the build plugin runs) as in a release one.
            func next(_ byte: UInt8, from start: Int) -> Int? {
                guard start < bytes.count, let base = bytes.baseAddress,
                    let found = memchr(base + start, Int32(byte), bytes.count - start)
                else { return nil }
                return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            }
            while let found = next(marker[0], from: index) {
                guard bytes[found...].starts(with: marker) else {
                    index = found + 1
                    continue
                }
                var lineStart = found
                while lineStart > copied, bytes[lineStart - 1] != newline { lineStart -= 1 }
                let lineEnd = next(newline, from: found) ?? bytes.count
                if output.isEmpty { output.reserveCapacity(bytes.count) }
                output.append(contentsOf: bytes[copied..<lineStart])
                if !appendFlat(bytes[lineStart..<lineEnd], marker: marker, to: &output) {
                    let line = Substring(decoding: bytes[lineStart..<lineEnd], as: UTF8.self)
                    let laidOut = layOut(line: line)
                    output.append(contentsOf: laidOut.text.utf8)
                    if laidOut.continuesFurtherIn {
                        // The construct's next lines, up to the one that closes it at the line's own indentation, go
                        // 4 further in with it (a blank line stays blank); a line among them that holds marks is laid
                        // out where it now starts.
                        let column = line.prefix { $0 == " " }.count
                        var end = lineEnd
                        while end < bytes.count {
                            let start = end + 1
                            end = next(newline, from: start) ?? bytes.count
                            let following = Substring(decoding: bytes[start..<end], as: UTF8.self)
                            output.append(newline)
                            guard !following.isEmpty else { continue }
                            let shifted = "    " + following
                            let holdsMarks = shifted.utf8.contains(marker[0])
                            output.append(contentsOf: (holdsMarks ? layOut(line: shifted[...]).text : shifted).utf8)
                            if following.prefix(while: { $0 == " " }).count <= column { break }
                        }
                        copied = end
                        index = end
                        continue
                    }
                }
                copied = lineEnd
                index = lineEnd
            }
            guard copied > 0 else { return nil }
            output.append(contentsOf: bytes[copied...])
            return String(decoding: output, as: UTF8.self)
        }
        return printed ?? rendered
    }

    /// Appends `line` without its marks to `output` and returns true when it is ASCII and so fits within the last
    /// column but one that every rule keeps it on one line (most lines): laying it out would print it so.
    /// Returns false, appending nothing, for any other line.
    private func appendFlat(_ line: Slice<UnsafeBufferPointer<UInt8>>, marker: [UInt8], to output: inout [UInt8])
        -> Bool
    {
        let start = output.count
        var index = line.startIndex
        // A mark is the marker, its letter, and U+E003 (EE 80 83).
        let markLength = marker.count + 4
        // For each list open, whether an item of it has come: the items after the first are written after `, `.
        var lists: [Bool] = []
        while index < line.endIndex {
            let byte = line[index]
            guard byte < 0x80 else {
                guard index + markLength <= line.endIndex, line[index..<(index + marker.count)].elementsEqual(marker),
                    line[index + marker.count + 1] == 0xEE, line[index + marker.count + 2] == 0x80,
                    line[index + marker.count + 3] == 0x83,
                    let mark = Mark(rawValue: Character(Unicode.Scalar(line[index + marker.count])))
                else {
                    output.removeSubrange(start...)
                    return false
                }
                switch mark {
                case .call, .literal, .generic, .pattern, .body, .conformances: lists.append(false)
                case .end: _ = lists.popLast()
                case .item:
                    if lists.last == true { output.append(contentsOf: [UInt8(ascii: ","), UInt8(ascii: " ")]) }
                    if !lists.isEmpty { lists[lists.count - 1] = true }
                default: break
                }
                index += markLength
                continue
            }
            output.append(byte == UInt8(ascii: "\t") ? UInt8(ascii: " ") : byte)
            if byte == UInt8(ascii: "\t") { break }
            index += 1
        }
        guard index == line.endIndex, output.count - start <= Self.lineLength - 1 else {
            output.removeSubrange(start...)
            return false
        }
        return true
    }

    /// One line with marks, laid out at the column of its indentation; and whether the lines after it continue it 4
    /// further in: it opens a bracket it does not close, and broke after its ``Mark/value`` mark (a binding whose
    /// value does not even start on its line, as a long-named mock's with an example), so everything up to its
    /// closing bracket is part of the value.
    func layOut(line: Substring) -> (text: String, continuesFurtherIn: Bool) {
        let indentation = line.prefix { $0 == " " || $0 == "\t" }
        let column = indentation.reduce(0) { column, character in character == "\t" ? (column / 4 + 1) * 4 : column + 1
        }
        var parser = PrintedLine.Parser(text: line.dropFirst(indentation.count), key: key)
        let pieces = parser.pieces()
        let text = Rules.line(pieces, indent: column)
        guard let value = pieces.firstIndex(of: .value), let last = PrintedLine.flat(pieces).last, "([{".contains(last)
        else { return (indentation + text, false) }
        let binding = Rules.trailingSpaceDropped(PrintedLine.flat(Array(pieces[..<value])))
        return (indentation + text, text.hasPrefix(binding + "\n"))
    }
}
