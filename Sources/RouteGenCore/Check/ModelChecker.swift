/// Checks the `models:` section: objects with properties and string enums.
struct ModelChecker {
    static let modelKeys = ["description", "properties", "enum", "deprecated"]
    /// Case names a generated string enum already uses (its forward-compatible `unknown` case, `rawValue`, …).
    static let reservedCaseNames: [String: String] = NameScope.unusableMemberSuffixes.merging(
        ["none": "_", "unknown": "_", "init": "_", "rawValue": "_", "allCases": "_"]) { $1 }

    let resolver: TypeResolver

    /// A checked model with where its properties are written.
    struct Checked {
        var model: Model
        var propertyLocations: [String: SourceLocation]
    }

    /// Checks one model whose Swift name was already claimed.
    func check(_ entry: SyntaxEntry, name: Name, diagnostics: inout Diagnostics) -> Checked? {
        let context = "model `\(entry.key)`"
        guard
            let mapping = MappingReader(entry.value, context: context, known: Self.modelKeys, diagnostics: &diagnostics)
        else { return nil }
        let description = mapping.text("description", context: context, diagnostics: &diagnostics)
        let isDeprecated = mapping.flag("deprecated", context: context, diagnostics: &diagnostics)
        switch (mapping["properties"], mapping["enum"]) {
        case (.some, .some(let enumEntry)):
            diagnostics.error(
                "\(context) has both `properties` and `enum`", at: enumEntry.keyLocation,
                hint: "a model is either an object (`properties`) or a string enum (`enum`)")
            return nil
        case (.none, .none):
            diagnostics.error(
                "\(context) needs `properties` (an object) or `enum` (a string enum)", at: entry.keyLocation)
            return nil
        case (.some(let properties), .none):
            let result = PropertyListChecker.check(
                properties.value, owner: context, resolver: resolver, diagnostics: &diagnostics)
            let model = Model(
                name: name, description: description, isDeprecated: isDeprecated, kind: .object(result.properties))
            return Checked(model: model, propertyLocations: result.locations)
        case (.none, .some(let values)):
            guard let cases = checkEnumValues(values.value, context: context, diagnostics: &diagnostics) else {
                return nil
            }
            let model = Model(
                name: name, description: description, isDeprecated: isDeprecated, kind: .stringEnum(cases))
            return Checked(model: model, propertyLocations: [:])
        }
    }

    private func checkEnumValues(
        _ node: SyntaxNode, context: String, diagnostics: inout Diagnostics
    ) -> [EnumCase]? {
        guard let items = node.items, !items.isEmpty else {
            diagnostics.error(
                "the `enum` of \(context) must be a non-empty list of values", at: node.location,
                hint: "write `enum: [available, pending, sold]`")
            return nil
        }
        var scope = NameScope(what: "enum value", reserved: Self.reservedCaseNames)
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
        return cases
    }
}
