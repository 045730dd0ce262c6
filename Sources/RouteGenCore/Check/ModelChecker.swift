/// Checks the `models:` section: objects (`properties`, `allOf`), enums of strings or integers, and unions
/// (`oneOf`). What needs every model checked first (flattening `allOf`, the discriminator of every variant)
/// is left to ``CompositionChecker``.
struct ModelChecker {
    static let modelKeys = [
        "description", "properties", "allOf", "enum", "oneOf", "discriminator", "mapping", "deprecated", "example",
        "closed",
    ]
    /// Case names a generated string enum already uses (its forward-compatible `unknown` case, `rawValue`, …).
    static let reservedCaseNames: [String: String] = NameScope.unusableMemberSuffixes.merging(
        GeneratedVocabulary.enumMembers.map { ($0, "_") }) { $1 }
    /// Case names of an enum of values, which also declares `knownCases` and `httpParameterValue`.
    static let reservedEnumValueNames = reservedCaseNames.merging(GeneratedVocabulary.valueEnumMembers.map { ($0, "_") }) { $1 }

    let resolver: TypeResolver
    /// The models an endpoint sends as its `multipart:` body: their fields may be `File`s.
    var multipartBodies: Set<String> = []

    /// A checked model with where its properties are written.
    struct Checked {
        var model: Model
        /// Where each property is written, by wire name; for a union, where each variant is, by case name.
        var propertyLocations: [String: SourceLocation]
        /// The models of `allOf:` (Swift names), with where each is written.
        var allOf: [(name: String, location: SourceLocation)] = []
        /// Where `discriminator:` is written.
        var discriminatorLocation: SourceLocation?
    }

    /// Checks one model whose Swift name was already claimed.
    func check(_ entry: SyntaxEntry, name: Name, diagnostics: inout Diagnostics) -> Checked? {
        let context = "model `\(entry.key)`"
        guard
            let mapping = MappingReader(entry.value, context: context, known: Self.modelKeys, diagnostics: &diagnostics)
        else { return nil }
        let description = mapping.text("description", context: context, diagnostics: &diagnostics)
        let isDeprecated = mapping.flag("deprecated", context: context, diagnostics: &diagnostics)
        let families = [("properties", mapping["properties"] ?? mapping["allOf"]), ("enum", mapping["enum"]), ("oneOf", mapping["oneOf"])]
            .compactMap { family, entry in entry.map { (family, $0) } }
        if families.count > 1 {
            diagnostics.error(
                "\(context) has both `\(families[0].1.key)` and `\(families[1].1.key)`", at: families[1].1.keyLocation,
                hint: "a model is an object (`properties`, `allOf`), an enum (`enum`) or a union (`oneOf`)")
            return nil
        }
        let isClosed = mapping.flag("closed", context: context, diagnostics: &diagnostics)
        if isClosed, families.first?.0 != "properties", let entry = mapping["closed"] {
            diagnostics.error(
                "`closed` of \(context) needs `properties` or `allOf`", at: entry.keyLocation,
                hint: "only an object takes no keys but its own")
        }
        if families.first?.0 != "oneOf" {
            for key in ["discriminator", "mapping"] {
                if let entry = mapping[key] {
                    diagnostics.error("`\(key)` of \(context) needs `oneOf`", at: entry.keyLocation)
                }
            }
        }
        switch families.first?.0 {
        case "properties":
            let role: PropertyListChecker.Role = multipartBodies.contains(entry.key) ? .multipart : .json
            let result = mapping["properties"].map {
                PropertyListChecker.check($0.value, owner: context, role: role, resolver: resolver, diagnostics: &diagnostics)
            } ?? PropertyListChecker.Result()
            let allOf = mapping["allOf"].map {
                modelList($0, of: context, allowsFiles: role == .multipart, diagnostics: &diagnostics)
            } ?? []
            var model = Model(
                name: name, description: description, isDeprecated: isDeprecated, kind: .object(result.properties))
            model.isClosed = isClosed
            return Checked(model: model, propertyLocations: result.locations, allOf: allOf)
        case "enum":
            guard let values = mapping["enum"],
                let (cases, isInteger) = checkEnumValues(values.value, context: context, diagnostics: &diagnostics)
            else { return nil }
            let model = Model(
                name: name, description: description, isDeprecated: isDeprecated,
                kind: isInteger ? .integerEnum(cases) : .stringEnum(cases))
            return Checked(model: model, propertyLocations: [:])
        case "oneOf":
            guard let (union, variantLocations) = checkUnion(mapping, context: context, diagnostics: &diagnostics) else { return nil }
            let model = Model(name: name, description: description, isDeprecated: isDeprecated, kind: .union(union))
            return Checked(
                model: model, propertyLocations: variantLocations, discriminatorLocation: mapping["discriminator"]?.value.textStart)
        default:
            diagnostics.error(
                "\(context) needs `properties` or `allOf` (an object), `enum` (an enum) or `oneOf` (a union)",
                at: entry.keyLocation)
            return nil
        }
    }

    /// A list of object models (`allOf:`): their Swift names and where each is written.
    private func modelList(
        _ entry: SyntaxEntry, of context: String, allowsFiles: Bool, diagnostics: inout Diagnostics
    ) -> [(name: String, location: SourceLocation)] {
        guard let items = entry.value.items, !items.isEmpty else {
            diagnostics.error("`allOf` of \(context) must be a list of models", at: entry.value.location, hint: "write `allOf: [Named]`")
            return []
        }
        return items.compactMap { item in
            resolver.objectModel(
                item, role: "an `allOf` item of \(context)", allowsFiles: allowsFiles, diagnostics: &diagnostics
            ).map { ($0, item.textStart) }
        }
    }

    /// `oneOf`, `discriminator` and `mapping`: the variants, each a case named after its type, and where each variant
    /// is written, by case name.
    private func checkUnion(
        _ mapping: MappingReader, context: String, diagnostics: inout Diagnostics
    ) -> (Union, [String: SourceLocation])? {
        guard let entry = mapping["oneOf"], let items = entry.value.items, items.count >= 2 else {
            diagnostics.error(
                "`oneOf` of \(context) must list at least two types", at: mapping["oneOf"]?.value.location ?? mapping.node.location,
                hint: "write `oneOf: [Circle, Square]`")
            return nil
        }
        var scope = NameScope(what: "variant", reserved: Self.reservedCaseNames)
        var variants: [Union.Variant] = []
        var locations: [String: SourceLocation] = [:]
        var modelNames: [String: String] = [:]  // spec name → case
        for item in items {
            guard let type = resolver.resolve(item, diagnostics: &diagnostics) else { continue }
            if type.isOptional || type.containsFile || type == .primitive(.json) {
                diagnostics.error(
                    "`\(type.swiftType)` cannot be a variant of \(context)", at: item.textStart,
                    hint: "variants are models or built-in types; to allow null, make what holds the union optional")
                continue
            }
            if let message = resolver.fileMisuse(in: type, place: "a variant of \(context)") {
                diagnostics.error(message, at: item.textStart)
                continue
            }
            let caseName = scope.claim(
                wire: item.text ?? type.swiftType, swift: Self.caseName(of: type), at: item.textStart, diagnostics: &diagnostics)
            variants.append(Union.Variant(caseName: caseName, type: type))
            locations[caseName.swift] = item.textStart
            if case .model = type, let text = item.text { modelNames[text] = caseName.swift }
        }
        let discriminator = mapping.text("discriminator", context: context, diagnostics: &diagnostics)
        var values: [Union.DiscriminatorValue] = []
        if let entry = mapping["mapping"] {
            if discriminator == nil {
                diagnostics.error("`mapping` of \(context) needs a `discriminator`", at: entry.keyLocation)
            }
            for pair in entry.value.entries ?? [] {
                guard let model = pair.value.text, let caseName = modelNames[model] else {
                    diagnostics.error(
                        "`mapping` value `\(pair.value.text ?? "")` of \(context) is not one of its `oneOf` models",
                        at: pair.value.textStart,
                        hint: Suggestion.didYouMean(pair.value.text ?? "", among: modelNames.keys))
                    continue
                }
                values.append(Union.DiscriminatorValue(value: pair.key, caseName: caseName))
            }
        }
        if discriminator != nil {
            let mapped = Set(values.map(\.caseName))
            for (model, caseName) in modelNames.sorted(by: { $0.value < $1.value }) where !mapped.contains(caseName) {
                values.append(Union.DiscriminatorValue(value: model, caseName: caseName))
            }
            values.sort { lhs, rhs in
                (variants.firstIndex { $0.caseName.swift == lhs.caseName } ?? 0, lhs.value)
                    < (variants.firstIndex { $0.caseName.swift == rhs.caseName } ?? 0, rhs.value)
            }
        }
        return (Union(variants: variants, discriminator: discriminator, mapping: values), locations)
    }

    /// A variant's case: the model or type's name in lowerCamelCase, `…List` for a list, `…Map` for a dictionary.
    private static func caseName(of type: TypeReference) -> String {
        switch type {
        case .primitive(let primitive): SwiftNaming.memberName(primitive.rawValue)
        case .model(let name): SwiftNaming.memberName(name)
        case .array(let element): caseName(of: element) + "List"
        case .dictionary(let value): caseName(of: value) + "Map"
        case .optional(let wrapped): caseName(of: wrapped)
        case .expandable(let object): caseName(of: object) + "Reference"
        }
    }

    /// The cases, and whether they are integers; nil with errors when the values are neither all strings nor
    /// all integers (`true`, `1.5`, or a mix).
    private func checkEnumValues(
        _ node: SyntaxNode, context: String, diagnostics: inout Diagnostics
    ) -> ([EnumCase], isInteger: Bool)? {
        guard let items = node.items, !items.isEmpty else {
            diagnostics.error(
                "the `enum` of \(context) must be a non-empty list of values", at: node.location,
                hint: "write `enum: [available, pending, sold]`")
            return nil
        }
        let kinds = items.map(EnumValueKind.init)
        if let bad = zip(items, kinds).first(where: { $1 == .boolean || $1 == .float }) {
            diagnostics.error(
                "enum value `\(bad.0.text ?? "")` of \(context) is \(bad.1 == .boolean ? "a boolean" : "a fractional number")",
                at: bad.0.location, hint: "enum values are all strings or all integers; quote it to make it a string")
            return nil
        }
        let isInteger = kinds.first == .integer
        if let mixed = zip(items, kinds).first(where: { ($1 == .integer) != isInteger }) {
            diagnostics.error(
                "enum value `\(mixed.0.text ?? "")` of \(context) is \(isInteger ? "not an integer" : "an integer among strings")",
                at: mixed.0.location, hint: "enum values are all strings or all integers; quote integers to make them strings")
            return nil
        }
        var scope = NameScope(what: "enum value", reserved: Self.reservedEnumValueNames)
        var seen: [String: SourceLocation] = [:]
        var cases: [EnumCase] = []
        for item in items {
            guard let value = item.text else {
                diagnostics.error("enum values of \(context) must be text, not \(item.kindDescription)", at: item.location)
                continue
            }
            if let first = seen[value] {
                diagnostics.error(
                    "enum value `\(value)` of \(context) is listed twice", at: item.location,
                    hint: "first listed at line \(first.line), column \(first.column)")
                continue
            }
            seen[value] = item.location
            cases.append(EnumCase(name: scope.claimMember(value, at: item.location, diagnostics: &diagnostics)))
        }
        return (cases, isInteger)
    }
}

/// What a plain (unquoted) YAML scalar in an `enum` list is: quoted values are always strings.
private enum EnumValueKind: Equatable {
    case string, integer, float, boolean

    init(_ node: SyntaxNode) {
        guard case .scalar(let text, isPlain: true) = node.kind else {
            self = .string
            return
        }
        if ["true", "false", "True", "False", "TRUE", "FALSE"].contains(text) {
            self = .boolean
        } else if Int64(text) != nil {
            self = .integer
        } else if Double(text) != nil, text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }) {
            self = .float
        } else {
            self = .string
        }
    }
}
