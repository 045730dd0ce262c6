/// Reads a `default:` value and checks that it has the property's or parameter's type.
struct DefaultValueReader {
    let resolver: TypeResolver

    func read(_ node: SyntaxNode, as type: TypeReference, diagnostics: inout Diagnostics) -> LiteralValue? {
        guard let value = literal(node, as: type) else {
            diagnostics.error(
                "the default `\(Self.describe(node))` does not fit the type `\(type.swiftType)`", at: node.textStart,
                hint: Self.isSupported(type) ? nil : "defaults are for text, numbers, booleans, enums and lists of them")
            return nil
        }
        return value
    }

    private func literal(_ node: SyntaxNode, as type: TypeReference) -> LiteralValue? {
        let plain: String? = if case .scalar(let text, isPlain: true) = node.kind { text } else { nil }
        switch type {
        case .optional(let wrapped):
            return node.isNull ? .null : literal(node, as: wrapped)
        case .array(let element):
            guard let items = node.items else { return nil }
            let values = items.compactMap { literal($0, as: element) }
            return values.count == items.count ? .array(values) : nil
        case .primitive(.string):
            return node.text.map(LiteralValue.string)
        case .primitive(.bool):
            switch plain {
            case "true", "True", "TRUE": return .bool(true)
            case "false", "False", "FALSE": return .bool(false)
            default: return nil
            }
        case .primitive(let primitive):
            return plain.flatMap { NumberLiteral.read($0, as: primitive) }.map(LiteralValue.number)
        case .model(let name):
            guard let values = resolver.enumValues(name), let text = node.text, values.contains(text) else { return nil }
            return .enumCase(text)
        default:
            return nil
        }
    }

    private static func isSupported(_ type: TypeReference) -> Bool {
        switch type.nonOptional {
        case .primitive(let primitive): [.string, .int, .int32, .int64, .uint32, .uint64, .double, .float, .decimal, .bool].contains(primitive)
        case .array(let element): isSupported(element)
        case .model: true
        default: false
        }
    }

    private static func describe(_ node: SyntaxNode) -> String {
        node.text ?? node.kindDescription
    }
}
