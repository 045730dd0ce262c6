/// Writes the definition of one model of the spec from the schema that needs it: an object's properties (with
/// the `allOf` models it includes), an enum's values, or a union's variants and discriminator.
struct ModelTranslator {
    let schemas: SchemaTranslator
    private var state: TranslationState { schemas.state }

    /// The model's mapping under `models:`.
    func definition(of schema: DocumentNode, name: String) -> SyntaxNode {
        let shape = SchemaShape(schema)
        var entries: [(String, SyntaxNode)] = []
        if let description = schema.prose() {
            entries.append(("description", .string(description, at: schema.location)))
        }
        if schema.flag("deprecated") { entries.append(("deprecated", .text("true", at: schema.location))) }
        if shape.isUnion {
            entries += union(schema, name: name)
        } else if !shape.hasProperties && shape.allOf.isEmpty {
            let values = shape.enumValues.map {
                shape.effectiveType == "integer" ? SyntaxNode.text($0, at: schema.location) : .string($0, at: schema.location)
            }
            entries.append(("enum", .list(values, at: schema["enum"]?.location ?? schema.location)))
        } else {
            entries += object(schema, name: name)
        }
        return .mapping(entries, at: schema.location)
    }

    /// `allOf` and `properties`: the object models it includes, then every property of its own and of its
    /// inline parts that those models do not already have.
    private func object(_ schema: DocumentNode, name: String) -> [(String, SyntaxNode)] {
        var included: [SyntaxNode] = []
        var inherited = Inherited()
        var parts: [DocumentNode] = []
        var collecting: Set<String> = []
        let required = requiredNames(of: schema)
        collectParts(
            of: schema, name: name, required: required, included: &included, inherited: &inherited, inline: &parts,
            collecting: &collecting)
        if let discriminator = schema["discriminator"] {
            state.unsupported(
                "a `discriminator` on an object without `oneOf`", at: discriminator,
                consequence: "the model is a plain struct; decode its variants by their own models")
        }
        var seen = inherited.wireNames
        // One Swift scope for the whole struct: a property of an inline part named like one of an included model or
        // of another part (`created_at` beside `createdAt`, `@id` beside `id`) gets a `swift_name` of its own (`id2`).
        var names = MemberNameAllocator()
        names.take(inherited.swiftNames)
        let properties = parts.flatMap { self.properties(of: $0, name: name, required: required, names: &names, skipping: &seen) }
        var entries: [(String, SyntaxNode)] = []
        if !included.isEmpty { entries.append(("allOf", .list(included, at: schema["allOf"]?.location ?? schema.location))) }
        entries.append(("properties", .mapping(properties, at: schema["properties"]?.location ?? schema.location)))
        // Closed: a union tries its next variant for an object with a key this one does not declare. OpenAPI 3.1's
        // `unevaluatedProperties: false` closes an `allOf` over every part's properties, as `closed` does.
        if let extra = schema["additionalProperties"] ?? schema["unevaluatedProperties"], extra.text == "false" {
            entries.append(("closed", .text("true", at: extra.location)))
        }
        return entries
    }

    /// The properties an object schema lists itself, each with the type it has in the model `name`, required when
    /// the schema or `required` (what the whole object requires, when the schema is one of its `allOf` parts) lists
    /// it; for a form or multipart body, with the list style its `encoding` gives. `areFormFields` says the
    /// properties are a form's own fields, sent as text, where nil cannot be sent: the properties of an object
    /// within (a multipart form's JSON part) are JSON.
    func properties(
        of schema: DocumentNode, name: String, required: Set<String> = [], encoding: DocumentNode? = nil,
        areFormFields: Bool = false, names: inout MemberNameAllocator, skipping seen: inout Set<String>
    ) -> [(String, SyntaxNode)] {
        let required = required.union(schema["required"]?.items.compactMap(\.text) ?? [])
        if let extra = schema["additionalProperties"], extra.node.entries != nil, SchemaShape(schema).hasProperties {
            state.unsupported(
                "`additionalProperties` beside `properties`", at: extra, consequence: "only the listed properties are decoded")
        }
        var properties: [(String, SyntaxNode)] = []
        for (key, _, value) in schema["properties"]?.entries ?? [] where seen.insert(key).inserted {
            let access = self.access(of: value)
            // A form is only ever sent: what the server sets has no field in it.
            if areFormFields, access == "read_only" { continue }
            let type = schemas.forProperty(key, of: name).type(of: value, name: name + SwiftNaming.typeName(key))
            let style = encoding?[key].flatMap { listStyle(of: $0, for: type) }
            var extra: [(String, SyntaxNode)] = style.map { [("style", .text($0, at: value.location))] } ?? []
            if let swiftName = names.swiftName(for: key) { extra.append(("swift_name", .text(swiftName, at: value.location))) }
            if let access, !areFormFields { extra.append((access, .text("true", at: value.location))) }
            let optional = !required.contains(key) && !isFixed(value, type)
            // Required and nullable: the key is always sent, nil as `null`. A form's text fields have no `null`.
            if !optional, type.isNullable {
                if areFormFields {
                    state.warning(
                        "the form field `\(key)` is required and may be null, which a form cannot send: nil is left out", at: value)
                } else {
                    extra.append(("required", .text("true", at: value.location)))
                }
            }
            properties.append((key, type.node(optional: optional, extra: extra, at: value.location)))
        }
        return properties
    }

    /// `read_only` or `write_only` for a property schema marked `readOnly` or `writeOnly` (not both: such a value
    /// travels neither way, and is left as it is), through its `$ref`.
    private func access(of property: DocumentNode) -> String? {
        let schema = state.quietlyResolved(property) ?? property
        switch (property.flag("readOnly") || schema.flag("readOnly"), property.flag("writeOnly") || schema.flag("writeOnly")) {
        case (true, false): return "read_only"
        case (false, true): return "write_only"
        default: return nil
        }
    }

    /// Whether a property the object does not require can hold one value only (`const`, or an enum of one), which is
    /// also its `default` (Mistral's `role: { const: user, default: user }`, what tells its messages apart): the value
    /// is then always the same whether sent or not, so it is imported as a required one with that default, always
    /// sent. As an optional value it was left out unless the caller set it, and a message without it matched none
    /// of the variants of the union, or several.
    private func isFixed(_ schema: DocumentNode, _ type: TranslatedType) -> Bool {
        guard let resolved = state.quietlyResolved(schema), !type.isNullable, let value = type.defaultValue?.text else { return false }
        return SchemaShape(resolved).enumValues == [value]
    }

    /// The `style` a form field's encoding asks for, when it is not the default `repeat`.
    private func listStyle(of encoding: DocumentNode, for type: TranslatedType) -> String? {
        guard type.expression.hasPrefix("["), !type.expression.hasPrefix("[String:") else { return nil }
        switch (encoding.text("style") ?? "form", encoding["explode"].map { $0.text == "true" } ?? true) {
        case ("deepObject", _): return "brackets"
        case ("form", false): return "comma"
        case ("form", true): return nil
        case (let style, _):
            state.unsupported("the `\(style)` style", at: encoding, consequence: "the list is sent with repeated keys")
            return nil
        }
    }

    /// Sorts the `allOf` parts of `schema` into object models to include and inline parts to merge. `collecting`
    /// holds the schemas whose parts are being sorted: a part that comes back to one of them adds nothing more, and
    /// a model that would include the model being defined (a cycle of `allOf`s) is merged instead, as is one that
    /// leaves optional a property the whole object `required` (a base schema's `type`, required by each variant),
    /// and one that declares again a property an earlier part has (PayPal's `allOf: [error_403, 403]`, where `403`
    /// narrows `details`): a value has to match both, so the earlier declaration reads it, as a property an inline
    /// part redeclares keeps the included model's type.
    /// The properties the models an object includes give it, by wire name and by Swift name.
    private struct Inherited {
        var wireNames: Set<String> = []
        var swiftNames: Set<String> = []
    }

    private func collectParts(
        of schema: DocumentNode, name: String, required: Set<String>, included: inout [SyntaxNode], inherited: inout Inherited,
        inline: inout [DocumentNode], collecting: inout Set<String>
    ) {
        collecting.insert(schema.identity)
        for part in SchemaShape(schema).allOf {
            guard let (resolved, referenceName) = state.resolve(part, otherwise: "its properties are left out"),
                !collecting.contains(resolved.identity)
            else { continue }
            let shape = SchemaShape(resolved)
            if let referenceName, shape.needsModel, !shape.isUnion, shape.enumValues.count < 2 || shape.hasProperties,
                !includes(resolved, anyOf: collecting),
                propertyNames(of: resolved).intersection(required).isSubset(of: requiredNames(of: resolved)),
                propertyNames(of: resolved).isDisjoint(with: inherited.wireNames),
                memberNames(of: resolved).isDisjoint(with: inherited.swiftNames)
            {
                // Within the reading, one level deeper: a chain of models each including the next is then defined
                // after the outermost reading (see `TranslationState.defineModel`), not by a call per link.
                let model = state.nested { schemas.forPart(of: name, "allOf").model(resolved, named: referenceName) }
                included.append(.text(model, at: part.location))
                inherited.wireNames.formUnion(propertyNames(of: resolved))
                inherited.swiftNames.formUnion(state.models.memberNames(of: model) ?? memberNames(of: resolved))
            } else if shape.isUnion || (shape.needsModel && !shape.hasProperties && shape.allOf.isEmpty)
                || SchemaShape.singleValueTypes.union(["array"]).contains(shape.effectiveType ?? "")
            {
                state.unsupported(
                    "an `allOf` part that is not an object", at: part, consequence: "its properties cannot be included")
            } else if state.nestingDepth >= TranslationState.deepestNesting {
                state.unsupported(
                    "nesting deeper than \(TranslationState.deepestNesting) levels", at: part, consequence: "its properties are left out")
            } else {
                state.nested {
                    collectParts(
                        of: resolved, name: name, required: required, included: &included, inherited: &inherited, inline: &inline,
                        collecting: &collecting)
                }
            }
        }
        inline.append(schema)
    }

    /// The Swift names the properties of the object schema `schema` take in its model: as its model's definition
    /// gives them when it has one; else (its definition is being written: a model that includes it is reached from
    /// its own properties) the names derived from their wire names and those one scope would give them all (`label`
    /// and `label_` take `label` and `label2`, whichever takes which).
    private func memberNames(of schema: DocumentNode) -> Set<String> {
        if let name = state.models.name(of: schema.identity), let names = state.models.memberNames(of: name) { return names }
        let wireNames = propertyNames(in: schema)
        var scope = MemberNameAllocator()
        return Set(wireNames.map(SwiftNaming.memberName)).union(wireNames.map { scope.swiftName(for: $0) ?? SwiftNaming.memberName($0) })
    }

    /// Whether the `allOf` parts of `schema`, or theirs in turn, include one of the schemas `identities`.
    private func includes(_ schema: DocumentNode, anyOf identities: Set<String>) -> Bool {
        var schemas = [schema.identity: schema]
        let reached = Reachability.nodes(from: [schema.identity]) { identity in
            let parts = SchemaShape(schemas[identity] ?? schema).allOf.compactMap(state.quietlyResolved)
            for part in parts { schemas[part.identity] = part }
            return parts.map(\.identity)
        }
        return !reached.isDisjoint(with: identities)
    }

    /// The names of every property of an object schema, its `allOf` parts' included.
    private func propertyNames(of schema: DocumentNode, depth: Int = 0) -> Set<String> {
        var names = Set((schema["properties"]?.entries ?? []).map(\.key))
        guard depth < 32 else { return names }
        for part in SchemaShape(schema).allOf {
            var ignored = Diagnostics()
            if let (resolved, _) = state.documents.resolve(part, diagnostics: &ignored) {
                names.formUnion(propertyNames(of: resolved, depth: depth + 1))
            }
        }
        return names
    }

    /// The names an object schema requires, its `allOf` parts' included: in JSON Schema a part's `required` holds
    /// for the whole object, whichever part declares the property.
    private func requiredNames(of schema: DocumentNode, depth: Int = 0) -> Set<String> {
        var names = Set(schema["required"]?.items.compactMap(\.text) ?? [])
        guard depth < 32 else { return names }
        for part in SchemaShape(schema).allOf {
            if let resolved = state.quietlyResolved(part) {
                names.formUnion(requiredNames(of: resolved, depth: depth + 1))
            }
        }
        return names
    }

    /// Whether `property` is a required text property of the object schema `variant` or of its `allOf` parts.
    private func hasRequiredText(_ property: String, in variant: DocumentNode, depth: Int = 0) -> Bool {
        var ignored = Diagnostics()
        guard depth < 32, let (schema, _) = state.documents.resolve(variant, diagnostics: &ignored) else { return false }
        let parts = [schema] + SchemaShape(schema).allOf
        let required = parts.contains { part in
            let resolved = state.documents.resolve(part, diagnostics: &ignored)?.node
            return resolved?["required"]?.items.contains { $0.text == property } ?? false
        }
        let isText = parts.contains { part in
            guard let resolved = state.documents.resolve(part, diagnostics: &ignored)?.node else { return false }
            if let declared = resolved["properties"]?[property] {
                let type = SchemaShape(declared).effectiveType
                return type == "string" || (type == nil && declared.has("$ref") == false && declared.has("const"))
            }
            return part.pointer != schema.pointer && hasRequiredText(property, in: part, depth: depth + 1)
        }
        return required && isText
    }

    /// `oneOf`, and the `discriminator` with its `mapping`.
    private func union(_ schema: DocumentNode, name: String) -> [(String, SyntaxNode)] {
        let variants = schemas.unionVariants(of: schema) ?? []
        var names: [String] = []
        var typed: [(variant: DocumentNode, type: String)] = []
        for (index, variant) in variants.enumerated() {
            let hint = name + (variant.text("title").map(SwiftNaming.typeName) ?? "Variant\(index + 1)")
            let expression = schemas.forPart(of: name, "variant").type(of: variant, name: hint).expression
            // Two schemas of one Swift type (a one-value string enum beside a patterned string) are one variant.
            if !names.contains(expression) { names.append(expression) }
            typed.append((variant, expression))
        }
        let location = (schema["oneOf"] ?? schema["anyOf"])?.location ?? schema.location
        var entries: [(String, SyntaxNode)] = [("oneOf", .list(names.map { .text($0, at: location) }, at: location))]
        guard let discriminator = schema["discriminator"], let property = discriminator.text("propertyName") else {
            return entries + impliedDiscriminator(of: typed, at: location)
        }
        if let variant = variants.first(where: { !hasRequiredText(property, in: $0) }) {
            state.unsupported(
                "a discriminator that is not a required string of every variant", at: variant,
                consequence: "the variants are told apart by trying each in turn")
            return entries
        }
        entries.append(("discriminator", .string(property, at: discriminator.location)))
        var mapping: [(String, SyntaxNode)] = []
        var ignored = Diagnostics()
        for (value, _, target) in discriminator["mapping"]?.entries ?? [] {
            guard let reference = target.text else { continue }
            let pointer = reference.contains("#") || reference.contains(".") ? reference : "#/components/schemas/" + reference
            let node = DocumentNode(
                node: .mapping([("$ref", .text(pointer, at: target.location))], at: target.location), pointer: target.pointer)
            let model = schemas.forPart(of: name, "variant").type(of: node, name: value).expression
            if names.contains(model) {
                mapping.append((value, .text(model, at: target.location)))
            } else {
                state.unsupported(
                    "a `mapping` to `\(reference)`, which is not a variant,", at: target, consequence: "left out")
            }
        }
        // A variant whose discriminator property can hold one value only (OpenAI's `type: { enum: [function] }`, or
        // `const`) is named by that value, not by its schema's name.
        // The others are named by their schema's name (OpenAPI's implicit mapping), which the model's name, made a
        // Swift type name, may not be.
        for (variant, type) in typed where !mapping.contains(where: { $0.1.text == type }) {
            let implicit = state.documents.resolve(variant, diagnostics: &ignored)?.name
            guard let value = constant(property, in: variant) ?? implicit.flatMap({ $0 == type ? nil : $0 }),
                !mapping.contains(where: { $0.0 == value })
            else { continue }
            mapping.append((value, .text(type, at: discriminator.location)))
        }
        if !mapping.isEmpty { entries.append(("mapping", .mapping(mapping, at: discriminator.location))) }
        return entries
    }

    /// The discriminator a union without one has all the same: a required text property of every variant that holds
    /// one value in each, a different one (serde's and pydantic's tagged unions: `type: { const: circle }`). Told
    /// apart by trying each in turn, a square that fits the circle's shape decoded as a circle.
    private func impliedDiscriminator(
        of typed: [(variant: DocumentNode, type: String)], at location: SourceLocation
    ) -> [(String, SyntaxNode)] {
        guard typed.count > 1, Set(typed.map(\.type)).count == typed.count, let first = typed.first else { return [] }
        var ignored = Diagnostics()
        let candidates = state.documents.resolve(first.variant, diagnostics: &ignored).map { propertyNames(in: $0.node) } ?? []
        for property in candidates {
            let values = typed.map { constant(property, in: $0.variant) }
            // Text the checker reads as a `String`: a tag of a `date` or `uuid` format is a `Date` or a `UUID`.
            let isPlainText = typed.allSatisfy { variant in
                declaration(of: property, in: variant.variant)?.text("format").map { !SchemaShape.typedStringFormats.contains($0) } ?? true
            }
            guard values.allSatisfy({ $0 != nil }), Set(values).count == values.count, isPlainText,
                typed.allSatisfy({ hasRequiredText(property, in: $0.variant) })
            else { continue }
            let mapping = zip(values, typed).map { value, variant in (value ?? "", SyntaxNode.text(variant.type, at: location)) }
            return [("discriminator", .string(property, at: location)), ("mapping", .mapping(mapping, at: location))]
        }
        return []
    }

    /// The names of the properties an object schema declares, its `allOf` parts' too, in order.
    private func propertyNames(in schema: DocumentNode, depth: Int = 0) -> [String] {
        var ignored = Diagnostics()
        var names = schema["properties"]?.entries.map(\.0) ?? []
        guard depth < 32 else { return names }
        for part in SchemaShape(schema).allOf {
            guard let (resolved, _) = state.documents.resolve(part, diagnostics: &ignored) else { continue }
            names += propertyNames(in: resolved, depth: depth + 1).filter { !names.contains($0) }
        }
        return names
    }

    /// The one value `property` can hold in the object schema `variant` or its `allOf` parts, if it can hold one only.
    private func constant(_ property: String, in variant: DocumentNode) -> String? {
        guard let values = declaration(of: property, in: variant).map({ SchemaShape($0).enumValues }) else { return nil }
        return values.count == 1 ? values[0] : nil
    }

    /// The schema `property` has in the object schema `variant`, or in the first of its `allOf` parts declaring it.
    private func declaration(of property: String, in variant: DocumentNode, depth: Int = 0) -> DocumentNode? {
        var ignored = Diagnostics()
        guard depth < 32, let (schema, _) = state.documents.resolve(variant, diagnostics: &ignored) else { return nil }
        if let declared = schema["properties"]?[property] {
            return state.documents.resolve(declared, diagnostics: &ignored)?.node
        }
        for part in SchemaShape(schema).allOf {
            if let found = declaration(of: property, in: part, depth: depth + 1) { return found }
        }
        return nil
    }
}
