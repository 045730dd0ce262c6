import Foundation

/// Checks `example:` values, of models and of endpoints' responses, against their types once every model is
/// known: an example that does not fit is an error at the value that does not. One that fits is translated to
/// the JSON its type decodes from, for the generated mocks: scalars become strings or numbers as the type says
/// (`name: 123` is the string `"123"` for a `String`), whatever YAML would make of them.
///
/// `routegen verify` checks recorded JSON the same way, as ``Mode/traffic``.
struct ExampleChecker {
    /// What the values are.
    enum Mode {
        /// A spec's `example:`: YAML, whose scalars take the type they are checked against.
        case example
        /// JSON a server sent: a string must be a JSON string, as the client decodes it; a value the spec does not
        /// list (an enum value, a key) is a warning, as the client decodes it anyway (`unknown`, ignored).
        case traffic
    }

    /// The checked models, by Swift name.
    let models: [String: Model]
    /// What the values are.
    var mode = Mode.example

    init(models: [Model], mode: Mode = .example) {
        self.models = Dictionary(models.map { ($0.name.swift, $0) }, uniquingKeysWith: { first, _ in first })
        self.mode = mode
    }

    /// The JSON text of `node` as a value of `type`, or nil after reporting where it does not fit; `example` names
    /// it in messages (the example of `Pet`).
    @discardableResult
    func check(_ node: SyntaxNode, against type: TypeReference, path example: String, diagnostics: inout Diagnostics) -> String? {
        json(node, type, path: Place(example: example), depth: 0, diagnostics: &diagnostics)
    }

    /// A value inside an example, as messages name it: `` `tags[1]` in the example of `Pet` ``.
    struct Place: CustomStringConvertible {
        var example: String
        var keyPath = ""

        func appending(key: String) -> Place { Place(example: example, keyPath: keyPath.isEmpty ? key : keyPath + "." + key) }
        func appending(index: Int) -> Place { Place(example: example, keyPath: keyPath + "[\(index)]") }
        var description: String { keyPath.isEmpty ? example : "`\(keyPath)` in \(example)" }
    }

    /// The JSON of `node` as a `type`, or nil after reporting the first place it does not fit.
    private func json(
        _ node: SyntaxNode, _ type: TypeReference, path: Place, depth: Int, diagnostics: inout Diagnostics
    ) -> String? {
        func mismatch(_ expected: String) -> String? {
            diagnostics.error("\(path) is \(Self.describe(node)), not \(expected)", at: node.textStart)
            return nil
        }
        guard depth < 64 else { return mismatch("nested less than 64 deep") }
        if node.isNull { return type.isOptional || type == .primitive(.json) ? "null" : mismatch("of type `\(type.swiftType)`") }
        switch type {
        case .optional(let wrapped):
            return json(node, wrapped, path: path, depth: depth, diagnostics: &diagnostics)
        case .array(let element):
            guard let items = node.items else { return mismatch("a list") }
            let values = items.enumerated().map {
                json($0.element, element, path: path.appending(index: $0.offset), depth: depth + 1, diagnostics: &diagnostics)
            }
            return values.contains(nil) ? nil : "[" + values.compactMap { $0 }.joined(separator: ",") + "]"
        case .dictionary(let value):
            guard let entries = node.entries else { return mismatch("a mapping") }
            let values = entries.map {
                json($0.value, value, path: path.appending(key: $0.key), depth: depth + 1, diagnostics: &diagnostics)
            }
            return values.contains(nil) ? nil : Self.object(zip(entries.map(\.key), values.compactMap { $0 }))
        case .expandable(let object):
            if node.items == nil, node.entries == nil, let id = node.text { return Self.string(id) }
            return json(node, object, path: path, depth: depth, diagnostics: &diagnostics)
        case .primitive(.json):
            return Self.untypedJSON(node, depth: depth)
        case .primitive(let primitive):
            return primitiveJSON(node, primitive) ?? mismatch("of type `\(primitive.rawValue)`")
        case .model(let name):
            guard let model = models[name] else { return Self.untypedJSON(node, depth: depth) }
            return json(node, model, path: path, depth: depth, diagnostics: &diagnostics)
        }
    }

    private func json(_ node: SyntaxNode, _ model: Model, path: Place, depth: Int, diagnostics: inout Diagnostics) -> String? {
        switch model.kind {
        case .stringEnum(let cases), .integerEnum(let cases):
            let values = cases.map(\.name.wire)
            guard let text = node.text, values.contains(text) else {
                let message = "\(path) is \(Self.describe(node)), not one of \(values.map { "`\($0)`" }.joined(separator: ", "))"
                let isInteger = if case .integerEnum = model.kind { true } else { false }
                if mode == .traffic, let value = primitiveJSON(node, isInteger ? .int : .string) {
                    diagnostics.warning(message + ": it decodes as `unknown`", at: node.textStart)
                    return value
                }
                diagnostics.error(message, at: node.textStart)
                return nil
            }
            if case .integerEnum = model.kind { return text }
            return Self.string(text)
        case .union(let union):
            // A value fits a union when it fits one variant; report only when it fits none.
            for variant in union.variants {
                var scratch = Diagnostics()
                if let value = json(node, variant.type, path: path, depth: depth + 1, diagnostics: &scratch) { return value }
            }
            diagnostics.error(
                "\(path) fits none of the variants of `\(model.name.swift)` (\(union.variants.map { "`\($0.type.swiftType)`" }.joined(separator: ", ")))",
                at: node.location)
            return nil
        case .object(let properties), .responseHeaders(let properties):
            guard let entries = node.entries else {
                diagnostics.error("\(path) is \(Self.describe(node)), not a mapping of the properties of `\(model.name.swift)`", at: node.textStart)
                return nil
            }
            var members: [(String, String)] = []
            var fitsAll = true
            for entry in entries {
                guard let property = properties.first(where: { $0.name.wire == entry.key }) else {
                    let message = "\(path) has `\(entry.key)`, which is not a property of `\(model.name.swift)`"
                    if mode == .traffic {
                        diagnostics.warning(message + ": the client ignores it", at: entry.keyLocation)
                        continue
                    }
                    diagnostics.error(message, at: entry.keyLocation, hint: Suggestion.didYouMean(entry.key, among: properties.map(\.name.wire)))
                    fitsAll = false
                    continue
                }
                let value = json(entry.value, property.type, path: path.appending(key: entry.key), depth: depth + 1, diagnostics: &diagnostics)
                if let value { members.append((entry.key, value)) } else { fitsAll = false }
            }
            let written = Set(entries.map(\.key))
            for property in properties where !property.type.isOptional && property.defaultValue == nil && !written.contains(property.name.wire) {
                diagnostics.error("\(path) lacks `\(property.name.wire)`, which `\(model.name.swift)` requires", at: node.location)
                fitsAll = false
            }
            return fitsAll ? Self.object(members) : nil
        case .outcomes:
            return Self.untypedJSON(node, depth: depth)
        }
    }

    /// The JSON of a scalar of `primitive`, or nil when it is not one. Numbers and booleans must be plain YAML
    /// scalars; everything else is a JSON string (a date written as a number is a Unix time, and stays a number).
    private func primitiveJSON(_ node: SyntaxNode, _ primitive: PrimitiveType) -> String? {
        guard let text = node.text else { return nil }
        let isPlain = if case .scalar(_, isPlain: true) = node.kind { true } else { false }
        let number = isPlain ? Double(text).flatMap { $0.isFinite ? $0 : nil } : nil
        // JSON a server sent says its own types: a number is not a string.
        if mode == .traffic, [.string, .uuid, .url, .data].contains(primitive), isPlain { return nil }
        switch primitive {
        case .string: return Self.string(text)
        case .int, .int64: return isPlain ? Int64(text).map { String($0) } : nil
        case .int32: return isPlain ? Int32(text).map { String($0) } : nil
        case .double, .float: return number.map { "\($0)" }
        case .decimal: return Double(text) != nil ? Decimal(string: text).map { "\($0)" } : nil
        case .bool: return isPlain && ["true", "false"].contains(text) ? text : nil
        case .uuid: return UUID(uuidString: text) != nil ? Self.string(text) : nil
        case .url: return URL(string: text) != nil ? Self.string(text) : nil
        case .data: return Data(base64Encoded: text) != nil ? Self.string(text) : nil
        case .date:
            if let number { return "\(number)" }
            return Self.isDateText(text) ? Self.string(text) : nil
        case .file, .json: return nil
        }
    }

    /// Any YAML value as JSON, for `JSON` values: plain scalars that read as numbers, booleans or null keep
    /// their kind, every other scalar is a string.
    private static func untypedJSON(_ node: SyntaxNode, depth: Int) -> String {
        if let items = node.items { return "[" + items.map { untypedJSON($0, depth: depth + 1) }.joined(separator: ",") + "]" }
        if let entries = node.entries { return object(entries.map { ($0.key, untypedJSON($0.value, depth: depth + 1)) }) }
        guard case .scalar(let text, let isPlain) = node.kind else { return "null" }
        if isPlain {
            if node.isNull { return "null" }
            if text == "true" || text == "false" { return text }
            if let number = Double(text), number.isFinite { return Int64(text).map { String($0) } ?? "\(number)" }
        }
        return string(text)
    }

    private static func object<Members: Sequence<(String, String)>>(_ members: Members) -> String {
        "{" + members.map { string($0.0) + ":" + $0.1 }.joined(separator: ",") + "}"
    }

    /// `text` as a JSON string literal.
    static func string(_ text: String) -> String {
        // Encoding a string cannot fail.
        (try? jsonEncoder.encode(text)).map { String(decoding: $0, as: UTF8.self) } ?? "\"\""
    }

    private static let jsonEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        return encoder
    }()

    /// Whether `text` is an RFC 3339 date-time or a `YYYY-MM-DD` date, as examples write dates (a number is a Unix
    /// time). Matched by hand: the regex literal this replaced leaked its parse tree once per process, which the
    /// fuzzer's leak check reports.
    static func isDateText(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        func digits(_ range: Range<Int>) -> Bool {
            range.upperBound <= bytes.count && bytes[range].allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
        }
        func byte(_ index: Int, in allowed: String) -> Bool { index < bytes.count && allowed.utf8.contains(bytes[index]) }
        guard digits(0..<4), byte(4, in: "-"), digits(5..<7), byte(7, in: "-"), digits(8..<10) else { return false }
        if bytes.count == 10 { return true }
        guard byte(10, in: "Tt "), digits(11..<13), byte(13, in: ":"), digits(14..<16), byte(16, in: ":"), digits(17..<19)
        else { return false }
        var index = 19
        if byte(index, in: ".") {
            let start = index + 1
            index = start
            while digits(index..<(index + 1)) { index += 1 }
            guard index > start else { return false }
        }
        if byte(index, in: "Zz") { return index + 1 == bytes.count }
        return byte(index, in: "+-") && bytes.count == index + 6 && digits((index + 1)..<(index + 3))
            && byte(index + 3, in: ":") && digits((index + 4)..<(index + 6))
    }

    private static func describe(_ node: SyntaxNode) -> String {
        if let text = node.text { return "`\(text)`" }
        return node.kindDescription
    }
}
