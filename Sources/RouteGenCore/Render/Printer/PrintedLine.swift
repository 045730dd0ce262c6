/// A rendered line as the ``Printer`` reads it: text, and the lists and break points its marks delimit.
enum PrintedLine {
    /// A piece of a line.
    indirect enum Piece: Equatable {
        case text(String)
        case list(List)
        /// ``Printer/Mark/label``.
        case label
        /// ``Printer/Mark/member``.
        case member
        /// ``Printer/Mark/value``.
        case value
        /// ``Printer/Mark/effects``.
        case effects
        /// ``Printer/Mark/reserve``.
        case reserve
        /// ``Printer/Mark/attributes``.
        case attributes
        /// ``Printer/Mark/operand``.
        case operand
    }

    /// What a list holds: call arguments or parameters, a collection literal's elements, generic arguments, a case
    /// pattern's bindings, a block's statement, a type's conformances.
    enum Kind: Equatable {
        case call, literal, generic, pattern, body, conformances
    }

    /// A list and its items, each a sequence of pieces.
    struct List: Equatable {
        var kind: Kind
        var items: [[Piece]]
    }

    /// The text of `pieces` on one line, without breaks.
    static func flat(_ pieces: [Piece]) -> String {
        var text = ""
        for piece in pieces {
            switch piece {
            case .text(let string): text += string
            case .list(let list): text += list.items.map(flat).joined(separator: ", ")
            case .label, .member, .value, .effects, .reserve, .attributes, .operand: continue
            }
        }
        return text
    }

    /// Reads the marks of one line (without its line break) into pieces. A mark out of place (an ``Printer/Mark/end``
    /// that closes nothing, an ``Printer/Mark/item`` outside a list) is dropped, and a list left open ends with the
    /// line: a user's template can misplace a mark, and the line is then printed as if it were not there.
    struct Parser {
        private let scalars: [Unicode.Scalar]
        private let key: [Unicode.Scalar]
        private var position = 0

        init(text: Substring, key: String) {
            self.scalars = Array(text.unicodeScalars)
            self.key = Array(key.unicodeScalars)
        }

        /// The pieces of the whole line.
        mutating func pieces() -> [Piece] {
            var pieces: [Piece] = []
            while position < scalars.count { _ = read(into: &pieces, inList: false) }
            return pieces
        }

        /// Reads pieces into `pieces` until the end of the line, or within a list until its next item or its end;
        /// returns the mark that stopped it.
        private mutating func read(into pieces: inout [Piece], inList: Bool) -> Printer.Mark? {
            var text = String.UnicodeScalarView()
            func flush() {
                if !text.isEmpty { pieces.append(.text(String(text))) }
                text = String.UnicodeScalarView()
            }
            while position < scalars.count {
                guard let (mark, length) = mark(at: position) else {
                    text.append(scalars[position])
                    position += 1
                    continue
                }
                position += length
                switch mark {
                case .item, .end:
                    guard inList else { continue }
                    flush()
                    return mark
                case .call, .literal, .generic, .pattern, .body, .conformances:
                    flush()
                    let kinds: [Printer.Mark: Kind] = [
                        .call: .call, .literal: .literal, .generic: .generic, .pattern: .pattern, .body: .body,
                        .conformances: .conformances,
                    ]
                    pieces.append(.list(readList(kinds[mark] ?? .call)))
                case .label: flush(); pieces.append(.label)
                case .member: flush(); pieces.append(.member)
                case .value: flush(); pieces.append(.value)
                case .effects: flush(); pieces.append(.effects)
                case .reserve: flush(); pieces.append(.reserve)
                case .attributes: flush(); pieces.append(.attributes)
                case .operand: flush(); pieces.append(.operand)
                }
            }
            flush()
            return nil
        }

        private mutating func readList(_ kind: Kind) -> List {
            var items: [[Piece]] = []
            var current: [Piece] = []
            var started = false
            while true {
                let stop = read(into: &current, inList: true)
                if started || !current.isEmpty { items.append(current) }
                current = []
                guard stop == .item else { break }
                started = true
            }
            return List(kind: kind, items: items)
        }

        /// The mark starting at `index` and its length in scalars.
        private func mark(at index: Int) -> (Printer.Mark, Int)? {
            let end = index + key.count + 2
            guard scalars[index] == Printer.opening, end < scalars.count, scalars[end] == Printer.closing,
                scalars[(index + 1)..<(end - 1)].elementsEqual(key),
                let mark = Printer.Mark(rawValue: Character(scalars[end - 1]))
            else { return nil }
            return (mark, key.count + 3)
        }
    }
}
