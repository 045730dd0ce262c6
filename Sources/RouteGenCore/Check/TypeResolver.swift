/// Resolves type names against the built-in types and the spec's models.
struct TypeResolver {
    /// What the resolver knows of a model before the model itself is checked.
    struct ModelSymbol {
        var swiftName: String
        var isEnum: Bool
        /// The values of an enum, as written.
        var enumValues: [String] = []
    }

    /// Models by wire name (the key under `models:`).
    let models: [String: ModelSymbol]

    /// Parses and resolves the type written at `node`; nil with an error reported.
    func resolve(_ node: SyntaxNode, diagnostics: inout Diagnostics) -> TypeReference? {
        guard let expression = TypeExpressionParser.parse(node, diagnostics: &diagnostics) else { return nil }
        return resolve(expression, diagnostics: &diagnostics)
    }

    /// Resolves a parsed type.
    func resolve(_ expression: TypeExpression, diagnostics: inout Diagnostics) -> TypeReference? {
        switch expression {
        case .array(let element): return resolve(element, diagnostics: &diagnostics).map { .array($0) }
        case .dictionary(let value): return resolve(value, diagnostics: &diagnostics).map { .dictionary($0) }
        case .optional(let wrapped): return resolve(wrapped, diagnostics: &diagnostics).map { .optional($0) }
        case .expandable(let object, let location):
            guard let resolved = resolve(object, diagnostics: &diagnostics) else { return nil }
            switch resolved {
            case .primitive(.json): return .expandable(resolved)
            case .model(let name) where !isEnum(name): return .expandable(resolved)
            default:
                diagnostics.error(
                    "`Expandable` holds a model or `JSON`, not `\(resolved.swiftType)`", at: location,
                    hint: "the server sends an ID or an object: `Expandable<Customer>`, or `Expandable<JSON>` for an object not modelled")
                return nil
            }
        case .named(let name, let location):
            if let primitive = PrimitiveType(rawValue: name) ?? PrimitiveType.jsonSchemaAliases[name] {
                return .primitive(primitive)
            }
            if let model = models[name] {
                return .model(model.swiftName)
            }
            let known = PrimitiveType.allCases.map(\.rawValue) + models.keys.sorted()
            let hint =
                name == "Expandable" ? "an ID or the object is written with the object's type: `Expandable<Customer>`"
                : models.isEmpty ? "declare it under `models:`" : nil
            diagnostics.error(
                "unknown type `\(name)`" + (Suggestion.didYouMean(name, among: known).map { "; \($0)" } ?? ""),
                at: location, hint: hint)
            return nil
        }
    }

    /// Resolves a model reference that must name an object model; `role` names its place in messages.
    func objectModel(_ node: SyntaxNode, role: String, diagnostics: inout Diagnostics) -> String? {
        guard let type = resolve(node, diagnostics: &diagnostics) else { return nil }
        guard case .model(let name) = type, !isEnum(name) else {
            diagnostics.error("\(role) must name an object model, not `\(type.swiftType)`", at: node.textStart)
            return nil
        }
        return name
    }

    /// The values of the enum model with this Swift name, as written; nil for other models.
    func enumValues(_ swiftName: String) -> [String]? {
        models.values.first { $0.swiftName == swiftName && $0.isEnum }?.enumValues
    }

    /// Whether a model type (by Swift name) is an enum.
    func isEnum(_ swiftName: String) -> Bool {
        models.values.contains { $0.swiftName == swiftName && $0.isEnum }
    }

    /// Whether `type` can be written as text in a path, query or header: a primitive other than `Data`, or a
    /// string enum.
    func isTextValue(_ type: TypeReference) -> Bool {
        switch type {
        case .primitive(let primitive): primitive.isTextEncodable
        case .model(let name): isEnum(name)
        default: false
        }
    }
}
