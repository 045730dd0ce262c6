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
        /// JSON a server sent, read as the client decodes it: a string must be a JSON string and a number a JSON
        /// number (`"1"` is not an integer enum's `1`, nor `"1.5"` a `Decimal`), a date is written in its property's
        /// format (`format:`, else the spec's `dates:`); a value the spec does not list (an enum value, a key) is a
        /// warning, as the client decodes it anyway (`unknown`, ignored).
        case traffic
    }

    /// The checked models, by Swift name.
    let models: [String: Model]
    /// What the values are.
    var mode = Mode.example
    /// How a `Date` property without a `format:` is written (the spec's `dates:`); dates anywhere else are RFC 3339.
    var dates = DateFormat.dateTime

    init(models: [Model], mode: Mode = .example, dates: DateFormat = .dateTime) {
        self.models = Dictionary(models.map { ($0.name.swift, $0) }, uniquingKeysWith: { first, _ in first })
        self.mode = mode
        self.dates = dates
    }

    /// The JSON text of `node` as a value of `type`, or nil after reporting where it does not fit; `example` names
    /// it in messages (the example of `Pet`).
    @discardableResult
    func check(_ node: SyntaxNode, against type: TypeReference, path example: String, diagnostics: inout Diagnostics) -> String? {
        json(node, type, path: Place(example: example), depth: 0, diagnostics: &diagnostics)
    }

    /// Checks a 2xx body a server sent inside the API's `envelope`: `type` under its payload key, the metadata model
    /// under its key; the client requires both keys (a payload that may be nil may be `null`, not absent).
    func check(
        _ node: SyntaxNode, againstEnvelope envelope: Envelope, holding type: TypeReference, path example: String,
        diagnostics: inout Diagnostics
    ) {
        if type.isOptional, let entries = node.entries, !entries.contains(where: { $0.key == envelope.payloadKey }) {
            diagnostics.error("\(example) lacks `\(envelope.payloadKey)`, which the envelope requires", at: node.location)
        }
        var properties = [Property(name: Name(wire: envelope.payloadKey, swift: "payload"), type: type)]
        if let metadata = envelope.metadataModel {
            properties.append(Property(name: Name(wire: envelope.metadataKey, swift: "metadata"), type: .model(metadata)))
        }
        let enveloped = Model(name: Name(wire: "Enveloped", swift: "Enveloped<\(type.swiftType)>"), kind: .object(properties))
        _ = json(node, enveloped, path: Place(example: example), depth: 0, diagnostics: &diagnostics)
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
        _ node: SyntaxNode, _ type: TypeReference, path: Place, depth: Int, dateFormat: DateFormat = .dateTime,
        diagnostics: inout Diagnostics
    ) -> String? {
        func mismatch(_ expected: String) -> String? {
            diagnostics.error("\(path) is \(describe(node)), not \(expected)", at: node.textStart)
            return nil
        }
        // A server's JSON may nest as deep as the client's decoder reads (a recursive model, a long chain).
        let deepest = mode == .example ? 64 : 512
        guard depth < deepest else { return mismatch("nested less than \(deepest) deep") }
        if node.isNull {
            if type.isOptional || type == .primitive(.json) { return "null" }
            // The client decodes `null` as a union's `unknown`, as any value none of its variants takes.
            if mode == .traffic, case .model(let name) = type, case .union? = models[name]?.kind {
                diagnostics.warning("\(path) is `null`, which no variant of `\(name)` takes: it decodes as `unknown`", at: node.location)
                return "null"
            }
            return mismatch("of type `\(type.swiftType)`")
        }
        switch type {
        case .optional(let wrapped):
            return json(node, wrapped, path: path, depth: depth, dateFormat: dateFormat, diagnostics: &diagnostics)
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
            // An ID is text; a server's number or boolean is neither an ID nor the object.
            if case .scalar(let id, let isPlain) = node.kind, mode == .example || !isPlain { return Self.string(id) }
            return json(node, object, path: path, depth: depth, diagnostics: &diagnostics)
        case .primitive(.json):
            return Self.untypedJSON(node, depth: depth)
        case .primitive(.date) where mode == .traffic:
            return trafficDate(node, dateFormat) ?? mismatch("a `\(dateFormat.rawValue)` date")
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
            let isInteger = if case .integerEnum = model.kind { true } else { false }
            // A server's JSON says its own kind (`"1"` is text, which an integer enum cannot decode), and a number
            // is its value (`1.0` is the case `1`).
            let key: String? =
                switch (mode, isInteger) {
                case (.example, _): node.text
                case (.traffic, true): primitiveJSON(node, .int)
                case (.traffic, false): primitiveJSON(node, .string) == nil ? nil : node.text
                }
            guard let text = key, values.contains(text) else {
                let message = "\(path) is \(describe(node)), not one of \(values.map { "`\($0)`" }.joined(separator: ", "))"
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
            if mode == .traffic, let discriminator = union.discriminator {
                // The client decodes the variant the discriminator names, and any other value as `unknown`.
                let value = node.entries?.first { $0.key == discriminator }?.value
                let isText = value.map { if case .scalar(_, isPlain: false) = $0.kind { true } else { false } } ?? false
                guard isText, let selected = union.mapping.first(where: { $0.value == value?.text }),
                    let variant = union.variants.first(where: { $0.caseName.swift == selected.caseName })
                else {
                    diagnostics.warning(
                        "\(path) has no `\(discriminator)` that names a variant of `\(model.name.swift)`: it decodes as `unknown`",
                        at: node.location)
                    return Self.untypedJSON(node, depth: depth)
                }
                return json(node, variant.type, path: path, depth: depth + 1, diagnostics: &diagnostics)
            }
            // A value fits a union when it fits one variant; report only when it fits none.
            for variant in union.variants {
                var scratch = Diagnostics()
                if let value = json(node, variant.type, path: path, depth: depth + 1, diagnostics: &scratch) { return value }
            }
            if mode == .traffic {
                // As the client decodes: a value of a kind only one variant takes is that variant, malformed; any
                // other is `unknown`.
                let modelKind = { (name: String) in models[name]?.kind }
                let sole = union.soleVariantsByJSONKind(modelKind: modelKind).first { $0.kind == Self.jsonKind(of: node) }
                guard let sole else {
                    diagnostics.warning(
                        "\(path) fits none of the variants of `\(model.name.swift)`: it decodes as `unknown`", at: node.location)
                    return Self.untypedJSON(node, depth: depth)
                }
                return json(node, sole.variant.type, path: path, depth: depth + 1, diagnostics: &diagnostics)
            }
            diagnostics.error(
                "\(path) fits none of the variants of `\(model.name.swift)` (\(union.variants.map { "`\($0.type.swiftType)`" }.joined(separator: ", ")))",
                at: node.location)
            return nil
        case .object(let properties), .responseHeaders(let properties):
            guard let entries = node.entries else {
                diagnostics.error("\(path) is \(describe(node)), not a mapping of the properties of `\(model.name.swift)`", at: node.textStart)
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
                // The client reads `null` as a property's `default`.
                if mode == .traffic, entry.value.isNull, property.defaultValue != nil { continue }
                let value = json(
                    entry.value, property.type, path: path.appending(key: entry.key), depth: depth + 1,
                    dateFormat: property.format ?? dates, diagnostics: &diagnostics)
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
        // A number the client's JSON reader takes: finite, and not a non-zero one that underflows to zero
        // (`1e-400`), which it refuses.
        let number = isPlain ? Double(text).flatMap { $0.isFinite && !Self.underflows($0, text) ? $0 : nil } : nil
        // JSON a server sent says its own types: a number is not a string.
        if mode == .traffic, [.string, .uuid, .url, .data].contains(primitive), isPlain { return nil }
        switch primitive {
        case .string: return Self.string(text)
        case .int, .int64: return isPlain ? integer(text, Int64.self).map { String($0) } : nil
        case .int32: return isPlain ? integer(text, Int32.self).map { String($0) } : nil
        case .uint32: return isPlain ? integer(text, UInt32.self).map { String($0) } : nil
        case .uint64: return isPlain ? integer(text, UInt64.self).map { String($0) } : nil
        case .double: return number.map { "\($0)" }
        case .float:
            guard mode == .traffic else { return number.map { "\($0)" } }
            return number.flatMap { _ in Float(text).flatMap { $0.isFinite && !Self.underflows($0, text) ? "\($0)" : nil } }
        case .decimal:
            guard mode == .example || isPlain else { return nil }
            return Double(text) != nil ? Decimal(string: text).map { "\($0)" } : nil
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

    /// An integer written `text`: as written, and in traffic a whole number written otherwise (`1.0`, `1e2`) that a
    /// `Double` holds exactly (below 2^53), which the client's decoder reads too.
    private func integer<Integer: FixedWidthInteger>(_ text: String, _: Integer.Type) -> Integer? {
        if let value = Integer(text) { return value }
        guard mode == .traffic, let number = Double(text) else { return nil }
        if abs(number) < 9_007_199_254_740_992 { return Integer(exactly: number) }
        // Past 2^53 the client's decoder reads the text as a decimal: a whole one whose magnitude fits decodes
        // (`1.5e18`, `9007199254740993.0`), however it is written; a negative one's magnitude must fit too.
        guard var decimal = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")), decimal.isFinite else { return nil }
        var whole = Decimal()
        NSDecimalRound(&whole, &decimal, 0, .plain)
        guard whole == decimal, let magnitude = Integer("\(whole.magnitude)") else { return nil }
        guard whole < 0 else { return magnitude }
        return Integer.isSigned ? Integer.zero - magnitude : nil
    }

    /// Whether `value`, read from `text`, is zero although `text` writes a digit other than zero before its exponent.
    private static func underflows<Number: FloatingPoint>(_ value: Number, _ text: String) -> Bool {
        value == 0 && text.prefix { $0 != "e" && $0 != "E" }.contains { ("1"..."9").contains($0) }
    }

    /// The kind of JSON value `node` is.
    private static func jsonKind(of node: SyntaxNode) -> JSONKind? {
        switch node.kind {
        case .sequence: return .array
        case .mapping: return .object
        case .scalar(let text, let isPlain):
            guard isPlain else { return .string }
            if node.isNull { return nil }
            if text == "true" || text == "false" { return .bool }
            return Double(text) != nil ? .number : .string
        }
    }

    /// A date a server sent, as the client reads it in `format`: RFC 3339 or `YYYY-MM-DD` text, or a number of
    /// seconds or milliseconds.
    private func trafficDate(_ node: SyntaxNode, _ format: DateFormat) -> String? {
        guard case .scalar(let text, let isPlain) = node.kind else { return nil }
        switch format {
        case .dateTime: return !isPlain && Self.isDateTime(text) ? Self.string(text) : nil
        case .date: return !isPlain && Self.isCalendarDate(text) ? Self.string(text) : nil
        case .unix, .unixMilliseconds:
            // Read as a `Double` first, which refuses what is too large and what underflows (`1e-400`).
            return isPlain ? Double(text).flatMap { $0.isFinite && !Self.underflows($0, text) ? "\($0)" : nil } : nil
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
    /// time).
    static func isDateText(_ text: String) -> Bool { isCalendarDate(text) || isDateTime(text) }

    /// Whether `text` is a `YYYY-MM-DD` day that exists, as the runtime's `DateFormat.date` reads it.
    static func isCalendarDate(_ text: String) -> Bool {
        var reader = DateTextReader(text)
        return reader.day() && reader.isAtEnd
    }

    /// Whether `text` is an RFC 3339 date-time the runtime reads (`JSONCoding.date(fromISO8601:)`): a day, `T`, `t`
    /// or a space, `hh:mm:ss` of a time that exists, an optional fraction, then `Z`, `z`, `±hh:mm` or `±hhmm`.
    /// `DateTextTests` checks the two agree on generated text. Read by hand: the regex literal this replaced leaked
    /// its parse tree once per process, which the fuzzer's leak check reports.
    static func isDateTime(_ text: String) -> Bool {
        var reader = DateTextReader(text)
        guard reader.day(), reader.skip(anyOf: "Tt "), let hour = reader.number(digits: 2), hour < 24, reader.skip(anyOf: ":"),
            let minute = reader.number(digits: 2), minute < 60, reader.skip(anyOf: ":"),
            let second = reader.number(digits: 2), second < 60
        else { return false }
        if reader.skip(anyOf: ".") {
            guard reader.number(digits: 1) != nil else { return false }
            while reader.number(digits: 1) != nil {}
        }
        if reader.skip(anyOf: "Zz") { return reader.isAtEnd }
        guard reader.skip(anyOf: "+-"), let hours = reader.number(digits: 2), hours < 24 else { return false }
        _ = reader.skip(anyOf: ":")
        guard let minutes = reader.number(digits: 2), minutes < 60 else { return false }
        return reader.isAtEnd
    }

    /// Reads the parts of a date's text from its UTF-8 bytes.
    private struct DateTextReader {
        let bytes: [UInt8]
        var index = 0

        init(_ text: String) { bytes = Array(text.utf8) }

        var isAtEnd: Bool { index == bytes.count }

        /// `YYYY-MM-DD` of a day that exists.
        mutating func day() -> Bool {
            guard let year = number(digits: 4), skip(anyOf: "-"), let month = number(digits: 2), (1...12).contains(month),
                skip(anyOf: "-"), let day = number(digits: 2)
            else { return false }
            let isLeap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
            let days = [31, isLeap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
            return (1...days).contains(day)
        }

        mutating func number(digits: Int) -> Int? {
            guard index + digits <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[index..<(index + digits)] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            index += digits
            return value
        }

        mutating func skip(anyOf allowed: String) -> Bool {
            guard index < bytes.count, allowed.utf8.contains(bytes[index]) else { return false }
            index += 1
            return true
        }
    }

    /// A value as messages show it; a server's text as the JSON string it is (`"1"`, beside the number `1`).
    private func describe(_ node: SyntaxNode) -> String {
        if mode == .traffic, case .scalar(let text, isPlain: false) = node.kind { return "the text `\(Self.string(text))`" }
        if let text = node.text { return "`\(text)`" }
        return node.kindDescription
    }
}
