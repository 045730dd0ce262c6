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
    /// The Swift names of the models that hold a `File`: only a `multipart:` body can send them, as each file is a part
    /// of its own (see ``fileHolders(_:multipartBodies:)``).
    var fileHolders: Set<String> = []
    /// The API's Swift name. Generated code outside the namespace names the API's types through it
    /// (`Shop.APIRoute`), so a member, parameter or endpoint of that name would hide it (a spec named `_2fa` with an
    /// endpoint `2fa`): such a name gets `_` (see ``reservingAPIName(_:)``).
    var apiName: String?

    /// `reserved` (names and the suffix each gets) with the API's name added.
    func reservingAPIName(_ reserved: [String: String]) -> [String: String] {
        guard let apiName else { return reserved }
        return reserved.merging([apiName: "_"]) { $1 }
    }

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

    /// Resolves a model reference that must name an object model; `role` names its place in messages. A model that
    /// holds a `File` is an error unless `allowsFiles` (a `multipart:` body, or the `allOf` of one).
    func objectModel(_ node: SyntaxNode, role: String, allowsFiles: Bool = false, diagnostics: inout Diagnostics) -> String? {
        guard let type = resolve(node, diagnostics: &diagnostics) else { return nil }
        guard case .model(let name) = type, !isEnum(name) else {
            diagnostics.error("\(role) must name an object model, not `\(type.swiftType)`", at: node.textStart)
            return nil
        }
        if !allowsFiles, let message = fileMisuse(in: type, place: role) {
            diagnostics.error(message, at: node.textStart, hint: Self.fileHint)
            return nil
        }
        return name
    }

    /// The error for a type that holds a `File` where no file can be sent (`place`, as in "a query parameter"); nil
    /// when it holds none.
    func fileMisuse(in type: TypeReference, place: String) -> String? {
        if type.containsFile { return "`File` is only for a `body`, a `multipart` field or a list of them, not \(place)" }
        guard let holder = type.innermostModelName, fileHolders.contains(holder) else { return nil }
        return "`\(holder)` holds a `File`, which only a `multipart:` body can send, not \(place)"
    }

    static let fileHint = "send files in a `multipart:` body"

    /// The values of the enum model with this Swift name, as written; nil for other models.
    func enumValues(_ swiftName: String) -> [String]? {
        models.values.first { $0.swiftName == swiftName && $0.isEnum }?.enumValues
    }

    /// The wire names of the models that hold a `File`, read from the spec before any model is checked: a
    /// `multipart:` body's model with a `File` field, and a model whose `allOf` lists one.
    static func fileHolders(_ modelEntries: [SyntaxEntry], multipartBodies: Set<String>) -> Set<String> {
        func innermostName(of expression: TypeExpression) -> String {
            switch expression {
            case .named(let name, _): name
            case .array(let inner), .dictionary(let inner), .optional(let inner), .expandable(let inner, _): innermostName(of: inner)
            }
        }
        func writtenType(_ node: SyntaxNode) -> String? {
            var ignored = Diagnostics()
            let typeNode = node.entries?.first { $0.key == "type" }?.value ?? node
            return TypeExpressionParser.parse(typeNode, diagnostics: &ignored).map(innermostName(of:))
        }
        var holders = Set(
            modelEntries.filter { entry in
                multipartBodies.contains(entry.key)
                    && (entry.value.entries?.first { $0.key == "properties" }?.value.entries ?? []).contains {
                        writtenType($0.value) == "File"
                    }
            }.map(\.key))
        // A model whose `allOf` lists a holder holds its `File` too, however long the chain.
        var grew = true
        while grew {
            grew = false
            for entry in modelEntries where !holders.contains(entry.key) {
                let allOf = entry.value.entries?.first { $0.key == "allOf" }?.value.items ?? []
                if allOf.contains(where: { $0.text.map(holders.contains) ?? false }) {
                    holders.insert(entry.key)
                    grew = true
                }
            }
        }
        return holders
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
