/// What needs every model checked first: `allOf` flattened into one struct (a property in two parts is an
/// error), and the `discriminator` of a union found, as a `String`, in every variant.
enum CompositionChecker {
    static func check(_ checked: [ModelChecker.Checked], diagnostics: inout Diagnostics) -> [ModelChecker.Checked] {
        let byName = Dictionary(checked.map { ($0.model.name.swift, $0) }, uniquingKeysWith: { first, _ in first })
        let flattened = checked.map { flatten($0, byName: byName, diagnostics: &diagnostics) }
        let objects = Dictionary(flattened.map { ($0.model.name.swift, $0.model) }, uniquingKeysWith: { first, _ in first })
        for model in flattened {
            if case .union(let union) = model.model.kind, let discriminator = union.discriminator {
                checkDiscriminator(discriminator, of: union, in: model, objects: objects, diagnostics: &diagnostics)
            }
        }
        return flattened
    }

    /// The model with its `allOf` parts' properties first (recursively), then its own.
    private static func flatten(
        _ model: ModelChecker.Checked, byName: [String: ModelChecker.Checked], diagnostics: inout Diagnostics
    ) -> ModelChecker.Checked {
        guard !model.allOf.isEmpty, case .object(let own) = model.model.kind else { return model }
        var merged: [Property] = []
        var origin: [String: String] = [:]  // wire name → the model it came from
        var locations = model.propertyLocations
        for part in model.allOf {
            var visiting: Set<String> = [model.model.name.swift]
            guard let inherited = Self.properties(of: part.name, byName: byName, visiting: &visiting) else {
                diagnostics.error(
                    "model `\(model.model.name.wire)` includes itself through `allOf`", at: part.location,
                    hint: "`allOf` copies properties; use a property to nest a model in itself")
                continue
            }
            for property in inherited {
                if let first = origin[property.name.wire] {
                    diagnostics.error(
                        "property `\(property.name.wire)` comes from both `\(first)` and `\(part.name)` in the `allOf` of model `\(model.model.name.wire)`",
                        at: part.location, hint: "a flat struct has each property once: remove it from one part")
                    continue
                }
                origin[property.name.wire] = part.name
                locations[property.name.wire] = locations[property.name.wire] ?? part.location
                merged.append(property)
            }
        }
        for property in own {
            if let first = origin[property.name.wire] {
                diagnostics.error(
                    "property `\(property.name.wire)` of model `\(model.model.name.wire)` is also in `\(first)`, which it includes with `allOf`",
                    at: model.propertyLocations[property.name.wire] ?? model.allOf[0].location,
                    hint: "remove it here or there")
                continue
            }
            merged.append(property)
        }
        var result = model
        result.model.kind = .object(merged)
        result.propertyLocations = locations
        return result
    }

    /// Every property of `name`, its own `allOf` parts' first; nil on a cycle.
    private static func properties(
        of name: String, byName: [String: ModelChecker.Checked], visiting: inout Set<String>
    ) -> [Property]? {
        guard let model = byName[name], visiting.insert(name).inserted else { return nil }
        var result: [Property] = []
        for part in model.allOf {
            guard let inherited = Self.properties(of: part.name, byName: byName, visiting: &visiting) else { return nil }
            result += inherited.filter { property in !result.contains { $0.name.wire == property.name.wire } }
        }
        result += model.model.properties.filter { property in !result.contains { $0.name.wire == property.name.wire } }
        visiting.remove(name)
        return result
    }

    private static func checkDiscriminator(
        _ discriminator: String, of union: Union, in model: ModelChecker.Checked, objects: [String: Model],
        diagnostics: inout Diagnostics
    ) {
        let location = model.discriminatorLocation ?? SourceLocation(file: "", line: 0, column: 0)
        for variant in union.variants {
            guard case .model(let name) = variant.type, let variantModel = objects[name], case .object(let properties) = variantModel.kind
            else {
                diagnostics.error(
                    "union `\(model.model.name.wire)` has a `discriminator`, so every variant must be an object model, not `\(variant.type.swiftType)`",
                    at: location)
                continue
            }
            guard let property = properties.first(where: { $0.name.wire == discriminator }),
                property.type == .primitive(.string)
            else {
                diagnostics.error(
                    "the discriminator `\(discriminator)` of union `\(model.model.name.wire)` is not a `String` property of `\(variantModel.name.wire)`",
                    at: location, hint: "add `\(discriminator): String` to `\(variantModel.name.wire)`")
                continue
            }
        }
    }
}
