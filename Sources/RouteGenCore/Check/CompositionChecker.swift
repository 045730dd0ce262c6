/// What needs every model checked first: `allOf` flattened into one struct, and the `discriminator` of a union
/// found, as a `String`, in every variant.
///
/// A property declared twice (by two parts, or by a part and the model) is one property: a value of the model
/// satisfies every part, so the first declaration types it (required when either requires it). Declarations of the
/// same type merge quietly; of different types that JSON values of one kind can satisfy both (two lists, two
/// objects) the first is kept with a warning; of kinds no value satisfies both (a string and a number) it is an error.
enum CompositionChecker {
    static func check(_ checked: [ModelChecker.Checked], diagnostics: inout Diagnostics) -> [ModelChecker.Checked] {
        let byName = Dictionary(checked.map { ($0.model.name.swift, $0) }, uniquingKeysWith: { first, _ in first })
        var known: [String: [Property]] = [:]
        let flattened = checked.map { flatten($0, byName: byName, known: &known, diagnostics: &diagnostics) }
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
        _ model: ModelChecker.Checked, byName: [String: ModelChecker.Checked], known: inout [String: [Property]],
        diagnostics: inout Diagnostics
    ) -> ModelChecker.Checked {
        guard !model.allOf.isEmpty, case .object(let own) = model.model.kind else { return model }
        var merged: [Property] = []
        var origin: [String: String] = [:]  // wire name → the model it came from
        var locations = model.propertyLocations
        for part in model.allOf {
            var visiting: Set<String> = [model.model.name.swift]
            guard let inherited = Self.properties(of: part.name, byName: byName, visiting: &visiting, known: &known) else {
                diagnostics.error(
                    "model `\(model.model.name.wire)` includes itself through `allOf`", at: part.location,
                    hint: "`allOf` copies properties; use a property to nest a model in itself")
                continue
            }
            for property in inherited {
                if let first = origin[property.name.wire], let index = merged.firstIndex(where: { $0.name.wire == property.name.wire }) {
                    let what = "property `\(property.name.wire)` comes from both `\(first)` and `\(part.name)` in the `allOf` of model `\(model.model.name.wire)`"
                    merge(property, into: &merged[index], what, at: part.location, byName: byName, diagnostics: &diagnostics)
                    continue
                }
                origin[property.name.wire] = part.name
                locations[property.name.wire] = locations[property.name.wire] ?? part.location
                merged.append(property)
            }
        }
        for property in own {
            if let first = origin[property.name.wire], let index = merged.firstIndex(where: { $0.name.wire == property.name.wire }) {
                let what = "property `\(property.name.wire)` of model `\(model.model.name.wire)` is also in `\(first)`, which it includes with `allOf`"
                let location = model.propertyLocations[property.name.wire] ?? model.allOf[0].location
                merge(property, into: &merged[index], what, at: location, byName: byName, diagnostics: &diagnostics)
                continue
            }
            merged.append(property)
        }
        reportSwiftNameCollisions(in: merged, of: model, origin: origin, locations: locations, diagnostics: &diagnostics)
        var result = model
        result.model.kind = .object(merged)
        result.propertyLocations = locations
        return result
    }

    /// Reports two properties of one flattened struct that come from different places (two parts, or a part and the
    /// model) and have one Swift name (`createdAt` beside `created_at`): the struct would declare it twice. Two of
    /// one place are reported where that place is checked.
    private static func reportSwiftNameCollisions(
        in merged: [Property], of model: ModelChecker.Checked, origin: [String: String], locations: [String: SourceLocation],
        diagnostics: inout Diagnostics
    ) {
        var first: [String: Property] = [:]
        func describe(_ property: Property) -> String {
            "property `\(property.name.wire)` of `\(origin[property.name.wire] ?? model.model.name.wire)`"
        }
        for property in merged {
            guard let earlier = first[property.name.swift] else {
                first[property.name.swift] = property
                continue
            }
            guard origin[earlier.name.wire] != origin[property.name.wire] else { continue }
            diagnostics.error(
                "\(describe(property)) and \(describe(earlier)) both become the Swift name `\(property.name.swift)` in model `\(model.model.name.wire)`, which flattens its `allOf`",
                at: locations[property.name.wire] ?? model.allOf[0].location,
                hint: "give one of them a `swift_name`")
        }
    }

    /// Merges a second declaration of a property into the first (`kept`): required when either is, nil sent as `null`
    /// when either says `required: true`; an error when no JSON value satisfies both or the second names it in Swift
    /// otherwise, a warning when the types differ and the first's is kept.
    private static func merge(
        _ second: Property, into kept: inout Property, _ what: String, at location: SourceLocation,
        byName: [String: ModelChecker.Checked], diagnostics: inout Diagnostics
    ) {
        let first = kept.type
        if second.name.swift != kept.name.swift {
            diagnostics.error(
                "\(what), named `\(second.name.swift)` here in Swift but `\(kept.name.swift)` where first declared, which names the property",
                at: location, hint: "a flat struct has each property once: give the `swift_name` where it is first declared")
        }
        // `required: true` (nil sent as `null`) on either declaration is kept: the value has to satisfy both.
        if second.sendsNull, !kept.sendsNull {
            if kept.serverDefault != nil {
                diagnostics.error(
                    "\(what), with `required` there and `server_default` in the first, which a value cannot have both", at: location,
                    hint: "remove `required` or `server_default`")
            }
            kept.sendsNull = true
        }
        guard first.nonOptional != second.type.nonOptional else {
            if !second.type.isOptional { kept.type = second.type }
            return
        }
        let modelKind = { (name: String) in byName[name]?.model.kind }
        if let firstKind = first.jsonKind(modelKind: modelKind)?.kind,
            let secondKind = second.type.jsonKind(modelKind: modelKind)?.kind, firstKind != secondKind
        {
            diagnostics.error(
                "\(what), as `\(first.nonOptional.swiftType)` and as `\(second.type.nonOptional.swiftType)`, which no value is both",
                at: location, hint: "a flat struct has each property once: remove it from one part, or give both one type")
            return
        }
        diagnostics.warning(
            "\(what), as `\(first.nonOptional.swiftType)` and as `\(second.type.nonOptional.swiftType)`: it is typed as the first",
            at: location, hint: "a value satisfies both declarations, so the first decodes it; give both one type to silence this")
        if !second.type.isOptional, first.isOptional { kept.type = first.nonOptional }
    }

    /// Every property of `name`, its own `allOf` parts' first; nil on a cycle. `known` keeps each model's once
    /// found (a model on a cycle has none to keep), so a long `allOf` chain costs its length, not its square.
    private static func properties(
        of name: String, byName: [String: ModelChecker.Checked], visiting: inout Set<String>,
        known: inout [String: [Property]]
    ) -> [Property]? {
        if let found = known[name] { return found }
        guard let model = byName[name], visiting.insert(name).inserted else { return nil }
        var result: [Property] = []
        var names: Set<String> = []
        for part in model.allOf {
            guard let inherited = Self.properties(of: part.name, byName: byName, visiting: &visiting, known: &known) else {
                return nil
            }
            result += inherited.filter { names.insert($0.name.wire).inserted }
        }
        result += model.model.properties.filter { names.insert($0.name.wire).inserted }
        visiting.remove(name)
        known[name] = result
        return result
    }

    /// Whether a value of `type` is written as a JSON string: `String` or a string enum.
    private static func isText(_ type: TypeReference, _ models: [String: Model]) -> Bool {
        switch type {
        case .primitive(.string): true
        case .model(let name): if case .stringEnum = models[name]?.kind { true } else { false }
        default: false
        }
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
            // The union reads the discriminator from the JSON as text; the variant holds it as text too, optional or
            // a string enum (Intercom's `data_type: { enum: [string] }`), so that it encodes back.
            guard let property = properties.first(where: { $0.name.wire == discriminator }), isText(property.type.nonOptional, objects)
            else {
                diagnostics.error(
                    "the discriminator `\(discriminator)` of union `\(model.model.name.wire)` is not a text property (`String`, or a string enum) of `\(variantModel.name.wire)`",
                    at: location, hint: "add `\(discriminator): String` to `\(variantModel.name.wire)`")
                continue
            }
        }
    }
}
