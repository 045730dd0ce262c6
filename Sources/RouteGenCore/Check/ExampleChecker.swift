import Foundation

/// Checks `example:` values, of models and of endpoints' responses, against their types once every model is
/// known: an example that does not fit is an error at the value that does not.
struct ExampleChecker {
    /// The checked models, by Swift name.
    let models: [String: Model]

    init(models: [Model]) {
        self.models = Dictionary(models.map { ($0.name.swift, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// Reports where `node` does not fit `type`; `example` names it in messages (the example of `Pet`).
    func check(_ node: SyntaxNode, against type: TypeReference, path example: String, diagnostics: inout Diagnostics) {
        _ = fits(node, type, path: Place(example: example), depth: 0, diagnostics: &diagnostics)
    }

    /// A value inside an example, as messages name it: `` `tags[1]` in the example of `Pet` ``.
    struct Place: CustomStringConvertible {
        var example: String
        var keyPath = ""

        func appending(key: String) -> Place { Place(example: example, keyPath: keyPath.isEmpty ? key : keyPath + "." + key) }
        func appending(index: Int) -> Place { Place(example: example, keyPath: keyPath + "[\(index)]") }
        var description: String { keyPath.isEmpty ? example : "`\(keyPath)` in \(example)" }
    }

    /// Whether `node` fits `type`, reporting the first place it does not.
    private func fits(
        _ node: SyntaxNode, _ type: TypeReference, path: Place, depth: Int, diagnostics: inout Diagnostics
    ) -> Bool {
        func mismatch(_ expected: String) -> Bool {
            diagnostics.error("\(path) is \(Self.describe(node)), not \(expected)", at: node.textStart)
            return false
        }
        guard depth < 64 else { return mismatch("nested less than 64 deep") }
        if node.isNull { return type.isOptional || type == .primitive(.json) ? true : mismatch("of type `\(type.swiftType)`") }
        switch type {
        case .optional(let wrapped):
            return fits(node, wrapped, path: path, depth: depth, diagnostics: &diagnostics)
        case .array(let element):
            guard let items = node.items else { return mismatch("a list") }
            return items.enumerated().allSatisfy {
                fits($0.element, element, path: path.appending(index: $0.offset), depth: depth + 1, diagnostics: &diagnostics)
            }
        case .dictionary(let value):
            guard let entries = node.entries else { return mismatch("a mapping") }
            return entries.allSatisfy {
                fits($0.value, value, path: path.appending(key: $0.key), depth: depth + 1, diagnostics: &diagnostics)
            }
        case .primitive(let primitive):
            return fitsPrimitive(node, primitive) ? true : mismatch("of type `\(primitive.rawValue)`")
        case .model(let name):
            guard let model = models[name] else { return true }
            return fits(node, model, path: path, depth: depth, diagnostics: &diagnostics)
        }
    }

    private func fits(_ node: SyntaxNode, _ model: Model, path: Place, depth: Int, diagnostics: inout Diagnostics) -> Bool {
        switch model.kind {
        case .stringEnum(let cases), .integerEnum(let cases):
            let values = cases.map(\.name.wire)
            guard let text = node.text, values.contains(text) else {
                diagnostics.error(
                    "\(path) is \(Self.describe(node)), not one of \(values.map { "`\($0)`" }.joined(separator: ", "))",
                    at: node.textStart)
                return false
            }
            return true
        case .union(let union):
            // A value fits a union when it fits one variant; report only when it fits none.
            for variant in union.variants {
                var scratch = Diagnostics()
                if fits(node, variant.type, path: path, depth: depth + 1, diagnostics: &scratch) { return true }
            }
            diagnostics.error(
                "\(path) fits none of the variants of `\(model.name.swift)` (\(union.variants.map { "`\($0.type.swiftType)`" }.joined(separator: ", ")))",
                at: node.location)
            return false
        case .object(let properties), .responseHeaders(let properties):
            guard let entries = node.entries else {
                diagnostics.error("\(path) is \(Self.describe(node)), not a mapping of the properties of `\(model.name.swift)`", at: node.textStart)
                return false
            }
            var fitsAll = true
            for entry in entries {
                guard let property = properties.first(where: { $0.name.wire == entry.key }) else {
                    diagnostics.error(
                        "\(path) has `\(entry.key)`, which is not a property of `\(model.name.swift)`", at: entry.keyLocation,
                        hint: Suggestion.didYouMean(entry.key, among: properties.map(\.name.wire)))
                    fitsAll = false
                    continue
                }
                fitsAll = fits(entry.value, property.type, path: path.appending(key: entry.key), depth: depth + 1, diagnostics: &diagnostics) && fitsAll
            }
            let written = Set(entries.map(\.key))
            for property in properties where !property.type.isOptional && property.defaultValue == nil && !written.contains(property.name.wire) {
                diagnostics.error("\(path) lacks `\(property.name.wire)`, which `\(model.name.swift)` requires", at: node.location)
                fitsAll = false
            }
            return fitsAll
        case .outcomes:
            return true
        }
    }

    private func fitsPrimitive(_ node: SyntaxNode, _ primitive: PrimitiveType) -> Bool {
        if primitive == .json { return true }
        guard let text = node.text else { return false }
        let isPlain = if case .scalar(_, isPlain: true) = node.kind { true } else { false }
        switch primitive {
        case .string: return true
        case .int, .int64: return isPlain && Int64(text) != nil
        case .int32: return isPlain && Int32(text) != nil
        case .double, .float: return isPlain && Double(text) != nil
        case .decimal: return Decimal(string: text) != nil && Double(text) != nil
        case .bool: return isPlain && ["true", "false"].contains(text)
        case .uuid: return UUID(uuidString: text) != nil
        case .url: return URL(string: text) != nil
        case .data: return Data(base64Encoded: text) != nil
        case .date: return text.wholeMatch(of: Self.dateText) != nil || (isPlain && Double(text) != nil)
        case .file: return false
        case .json: return true
        }
    }

    /// An RFC 3339 date-time or a `YYYY-MM-DD` date, as examples write dates (a number is a Unix time).
    nonisolated(unsafe) private static let dateText = /\d{4}-\d{2}-\d{2}([Tt ]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2}))?/

    private static func describe(_ node: SyntaxNode) -> String {
        if let text = node.text { return "`\(text)`" }
        return node.kindDescription
    }
}
