/// Turns the JSON Schemas of an OpenAPI document into spec types, and every schema that needs a type of its own
/// (an object, an enum, a union) into a model, named by the document or by its place.
struct SchemaTranslator {
    let state: TranslationState
    /// What `format: binary` becomes: `File` where a file is sent, `Data` where bytes are received.
    var binary = "Data"
    /// The endpoint whose own type names (`<Endpoint>Response`) new models may take.
    var owner: String?
    /// Whether the values are form or multipart fields, where an empty value can be sent to clear one.
    var isFormField: Bool
    /// The schema of the model whose definition is being translated; nil for an operation's own parameters, body
    /// and responses.
    private var referrer: DocumentNode?
    /// The property being translated, for the `expand` configuration.
    private var property: ModelScope.Property?
    /// Where the value is written, as the import's report names it (`Customer.default_source`).
    private var place: String?
    /// The schemas being typed around this one that need no model of their own (lists, dictionaries, a lone `allOf`
    /// part, a union of one variant), by identity: what a schema that contains itself through them comes back to.
    /// A model starts afresh, as its name is known before its definition.
    private var enclosing: [String] = []

    init(state: TranslationState, binary: String = "Data", owner: String? = nil, isFormField: Bool = false) {
        self.state = state
        self.binary = binary
        self.owner = owner
        self.isFormField = isFormField
    }

    /// The same translator for the value of the property `key` of the model `model`.
    func forProperty(_ key: String, of model: String) -> SchemaTranslator {
        var translator = self
        translator.property = ModelScope.Property(model: model, schemaName: referrer.flatMap(ModelScope.schemaName), key: key)
        translator.place = model + "." + key
        return translator
    }

    /// The same translator for a part of the model `model` other than a property: a variant, an included model.
    func forPart(of model: String, _ part: String) -> SchemaTranslator {
        var translator = self
        translator.property = nil
        translator.place = "\(model) (\(part))"
        return translator
    }

    /// The type of `schema`. An inline schema that needs a model gets one named after `name` (its place).
    func type(of schema: DocumentNode, name: String) -> TranslatedType {
        guard let (resolved, referenceName) = state.resolve(schema, otherwise: "the value is typed as `JSON`") else { return .json }
        if enclosing.contains(resolved.identity) {
            state.unsupported(
                "a schema that contains itself with no model between (only lists, dictionaries, a lone `allOf` part or variant)",
                at: schema,
                consequence: "the value within itself is typed as `JSON`")
            return .json
        }
        guard state.nestingDepth < TranslationState.deepestNesting else {
            state.unsupported(
                "nesting deeper than \(TranslationState.deepestNesting) levels", at: schema, consequence: "the value is typed as `JSON`")
            return .json
        }
        var translator = self
        translator.enclosing.append(resolved.identity)
        return state.nested { translator.type(ofResolved: resolved, schema: schema, referenceName: referenceName, name: name) }
    }

    /// The type of `resolved`, which `schema` is or refers to (under the name `referenceName`).
    private func type(ofResolved resolved: DocumentNode, schema: DocumentNode, referenceName: String?, name: String) -> TranslatedType {
        warnAboutUnsupportedKeywords(in: resolved)
        let shape = SchemaShape(resolved)
        var type: TranslatedType
        if isCut(resolved) {
            type = .json
        } else if shape.isUnion {
            let variants = unionVariants(of: resolved)
            if let variants, let objects = expandableObjects(among: variants) {
                type = expandable(objects, of: resolved, name: referenceName ?? name)
            } else {
                switch variants {
                case nil: type = .json
                case let variants? where variants.count == 1: type = self.type(of: variants[0], name: name)
                // A union of a model kept as `JSON` cannot tell its variants apart.
                case let variants? where variants.contains(where: isCut): type = .json
                case _?: type = TranslatedType(expression: model(resolved, named: referenceName ?? name))
                }
            }
        } else if let part = singleValuePart(of: resolved) {
            type = self.type(of: part, name: referenceName ?? name)
        } else if shape.needsModel {
            type = TranslatedType(expression: model(resolved, named: referenceName ?? name))
        } else {
            type = inlineType(resolved, name: referenceName ?? name)
        }
        if let empty = shape.variants.first(where: { SchemaShape($0).enumValues == [""] }) {
            if isFormField {
                type.isClearable = true
            } else {
                state.unsupported(
                    "the empty string as a variant (to clear a value) outside a form", at: empty,
                    consequence: "the other variants are kept, so an empty string cannot be sent")
            }
        }
        let annotations = referenceName == nil ? resolved : schema
        // A model made from this very schema carries its description itself.
        let isModelOfThisSchema = referenceName == nil && state.models.isDefined(type.expression)
        type.isNullable = type.isNullable || SchemaShape(resolved).isNullable || SchemaShape(schema).isNullable
        type.description = isModelOfThisSchema ? nil : annotations.prose() ?? type.description
        type.isDeprecated = type.isDeprecated || annotations.flag("deprecated") || resolved.flag("deprecated")
        if type.defaultValue == nil, let value = (schema["default"] ?? resolved["default"]) {
            type.defaultValue = defaultValue(
                value, for: type.expression, enumValues: enumValues(of: resolved),
                itemEnumValues: resolved["items"].flatMap(state.quietlyResolved).map(enumValues) ?? [])
        }
        return type
    }

    /// The part that types an `allOf` of single values, none with properties or variants, all of one type or of
    /// none (Lob's `city: allOf: [$ref: city_no_description.yml, { type: string, description: … }]`): its first part
    /// with a type. Nil for any other schema. Such an `allOf` once became an empty struct, sent as `{}`.
    private func singleValuePart(of schema: DocumentNode) -> DocumentNode? {
        let shape = SchemaShape(schema)
        guard shape.allOf.count > 1, !shape.hasProperties, shape.variants.isEmpty, shape.enumValues.isEmpty else { return nil }
        var typed: (part: DocumentNode, type: String)?
        for part in shape.allOf {
            guard let resolved = state.quietlyResolved(part) else { return nil }
            let partShape = SchemaShape(resolved)
            guard !partShape.hasProperties, partShape.variants.isEmpty, partShape.allOf.isEmpty,
                resolved["items"] == nil, resolved["additionalProperties"] == nil
            else { return nil }
            guard partShape.types.count < 2 else { return nil }
            guard let type = partShape.effectiveType else { continue }
            guard SchemaShape.singleValueTypes.contains(type), typed == nil || typed?.type == type else { return nil }
            typed = typed ?? (part, type)
        }
        return typed?.part
    }

    /// A schema that needs no model: a built-in type, a list or a dictionary.
    private func inlineType(_ schema: DocumentNode, name: String) -> TranslatedType {
        let shape = SchemaShape(schema)
        if let only = shape.allOf.first, shape.allOf.count == 1, !shape.hasProperties {
            return type(of: only, name: name)
        }
        if shape.types.count > 1 {
            state.unsupported(
                "a value of several types (\(shape.types.joined(separator: ", ")))", at: schema,
                consequence: "typed as `JSON`")
            return .json
        }
        if shape.types.isEmpty, shape.impliedType == nil, let items = schema["items"], items.node.items != nil {
            state.unsupported(
                "`items` as a list of schemas without a `type` (JSON Schema's tuple form; OpenAPI's `items` is one schema)",
                at: items, consequence: "typed as `JSON`, as it holds any value")
            return .json
        }
        if shape.types.isEmpty, shape.impliedType == nil, shape.enumKinds.count > 1 {
            state.unsupported(
                "an enum of values of several JSON types (\(shape.enumKinds.sorted().joined(separator: ", ")))", at: schema,
                consequence: "typed as `JSON`")
            return .json
        }
        if shape.enumValues.count > 1 && !shape.hasDistinctCaseNames {
            state.unsupported(
                "an enum whose values give two cases the same Swift name", at: schema,
                consequence: "typed as its values' type")
        }
        switch shape.types.first ?? shape.impliedType {
        case "string": return stringType(schema)
        case "integer":
            switch schema.text("format") {
            case "int32": return TranslatedType(expression: "Int32")
            case "int64": return TranslatedType(expression: "Int64")
            // The unsigned formats are unsigned; the narrower ones fit `Int` (64 bits wherever generated code runs).
            case "uint32": return TranslatedType(expression: "UInt32")
            case "uint64": return TranslatedType(expression: "UInt64")
            case "unix-time", "unix-timestamp": return TranslatedType(expression: "Date", dateFormat: "unix")
            default: return TranslatedType(expression: "Int")
            }
        case "number":
            switch schema.text("format") {
            case "float": return TranslatedType(expression: "Float")
            case "decimal": return TranslatedType(expression: "Decimal")
            default: return TranslatedType(expression: "Double")
            }
        case "boolean": return TranslatedType(expression: "Bool")
        case "array": return arrayType(schema, name: name)
        case "object": return dictionaryType(schema, name: name)
        default: return .json
        }
    }

    private func stringType(_ schema: DocumentNode) -> TranslatedType {
        switch schema.text("format") {
        case "date-time": TranslatedType(expression: "Date")
        case "date": TranslatedType(expression: "Date", dateFormat: "date")
        case "uuid": TranslatedType(expression: "UUID")
        case "uri", "url": TranslatedType(expression: "URL")
        case "byte": TranslatedType(expression: "Data")
        case "binary": TranslatedType(expression: binary)
        default: TranslatedType(expression: "String")
        }
    }

    private func arrayType(_ schema: DocumentNode, name: String) -> TranslatedType {
        guard let items = schema["items"] else { return TranslatedType(expression: "[JSON]") }
        var element = type(of: items, name: name + "Item")
        if let format = element.dateFormat {
            let wire = format == "date" ? "String" : format == "unix" ? "Int" : "Int64"
            state.unsupported(
                "a list of dates in the `\(format)` format", at: items,
                consequence: "typed as `[\(wire)]`, as the dates are sent (only single dates take a format)")
            element = TranslatedType(expression: wire)
        }
        return collection("[\(elementExpression(element))]", at: schema)
    }

    /// An element's or value's type inside a list or dictionary: optional when null is one of its values (pydantic's
    /// `List[Optional[str]]`), so a `null` item decodes; a form sends no null, so there it is the type alone.
    private func elementExpression(_ element: TranslatedType) -> String {
        element.isNullable && !isFormField && element.expression != "JSON" ? element.expression + "?" : element.expression
    }

    private func dictionaryType(_ schema: DocumentNode, name: String) -> TranslatedType {
        guard let values = schema["additionalProperties"], values.node.entries != nil else {
            return TranslatedType(expression: "[String: JSON]")
        }
        let value = type(of: values, name: name + "Value")
        guard value.dateFormat == nil else { return TranslatedType(expression: "[String: JSON]") }
        return collection("[String: \(elementExpression(value))]", at: schema)
    }

    /// A list or dictionary spelled `expression`, or `JSON` (with a warning) when it nests deeper than the
    /// format's types may.
    private func collection(_ expression: String, at schema: DocumentNode) -> TranslatedType {
        let depth = expression.filter { $0 == "[" || $0 == "<" }.count
        guard depth <= TypeExpressionParser.deepestNesting else {
            state.unsupported(
                "a list or dictionary nested more than \(TypeExpressionParser.deepestNesting) deep", at: schema,
                consequence: "the value is typed as `JSON`")
            return .json
        }
        return TranslatedType(expression: expression)
    }

    /// The model made from `schema`, named after `wire` the first time.
    func model(_ schema: DocumentNode, named wire: String) -> String {
        let identity = schema.identity
        record(identity)
        if let name = state.models.name(of: identity) { return name }
        let name = state.models.claim(wire, for: identity, owner: owner)
        var inner = self
        inner.referrer = schema
        inner.property = nil
        inner.place = nil
        inner.enclosing = []
        state.defineModel { state.models.define(ModelTranslator(schemas: inner).definition(of: schema, name: name), as: name) }
        return name
    }

    /// Whether `schema` (or the schema it refers to) is one whose model the configuration keeps as `JSON`.
    private func isCut(_ schema: DocumentNode) -> Bool {
        guard let resolved = state.quietlyResolved(schema) else { return false }
        let shape = SchemaShape(resolved)
        return (shape.isUnion || shape.needsModel)
            && state.scope.isOpaque(identity: resolved.identity, schemaName: ModelScope.schemaName(of: resolved))
    }

    /// Records in the import's graph that the model or operation being translated needs the model `identity`.
    private func record(_ identity: String) {
        let operation = state.currentOperation ?? ""
        let source = referrer.map { ModelGraph.Node.model($0.identity) } ?? .operation(operation)
        state.graph.add(from: source, to: identity, place: place ?? operation)
    }

    /// The object variants of a union that is "an ID or the object" (Stripe's expandable fields:
    /// `anyOf: [string, $ref: Customer]`): one plain string beside objects only. Nil for any other union, and in
    /// a form, where such a union is a choice of what to send.
    private func expandableObjects(among variants: [DocumentNode]) -> [DocumentNode]? {
        guard !isFormField, variants.count > 1 else { return nil }
        var strings = 0
        var objects: [DocumentNode] = []
        for variant in variants {
            guard let (resolved, _) = state.resolve(variant, otherwise: "the value is typed as `JSON`") else { return nil }
            let shape = SchemaShape(resolved)
            if shape.effectiveType == "string" && shape.enumValues.isEmpty && !SchemaShape.typedStringFormats.contains(resolved.text("format") ?? "") {
                strings += 1
            } else if shape.needsModel && shape.enumValues.count < 2 {
                objects.append(variant)
            } else {
                return nil
            }
        }
        return strings == 1 ? objects : nil
    }

    /// `Expandable<Object>` for an expandable reference whose expansion the configuration asks for (the object's
    /// model, or a union of its object variants named after `name`), else `Expandable<JSON>`, which still decodes
    /// an object the server sends.
    private func expandable(_ objects: [DocumentNode], of union: DocumentNode, name: String) -> TranslatedType {
        guard state.scope.expands(property), !objects.contains(where: isCut) else {
            return TranslatedType(expression: "Expandable<JSON>")
        }
        let object: String
        if objects.count == 1 {
            object = type(of: objects[0], name: name).expression
        } else {
            let variants = SyntaxNode.list(objects.map(\.node), at: union.location)
            var entries = union.node.entries?.filter { !["anyOf", "oneOf", "description"].contains($0.key) } ?? []
            entries.append(SyntaxEntry(key: "anyOf", keyLocation: union.location, value: variants))
            let objectsOnly = DocumentNode(node: SyntaxNode(location: union.location, kind: .mapping(entries)), pointer: union.pointer + "/anyOf")
            object = model(objectsOnly, named: name)
        }
        return TranslatedType(expression: "Expandable<\(object)>")
    }

    /// The variants of a union that RouteGen can express, without `null` and without the empty string some APIs
    /// accept to clear a value (a form field takes it as `T??`); nil, with a warning, when a variant is a list or a
    /// free-form value.
    func unionVariants(of schema: DocumentNode) -> [DocumentNode]? {
        let shape = SchemaShape(schema)
        var variants: [DocumentNode] = []
        var cannotBeVariant: DocumentNode?
        var seen: Set<String> = []
        for variant in shape.variants {
            guard let (resolved, _) = state.resolve(variant, otherwise: "the value is typed as `JSON`") else { return nil }
            let variantShape = SchemaShape(resolved)
            if variantShape.isNullType { continue }
            if variantShape.enumValues == [""] { continue }  // see `type(of:name:)`
            let isModel = variantShape.needsModel || variantShape.isUnion
            // Lists and dictionaries are variants of their own kind (`[String]` beside `String`); only a value of
            // any type cannot be told apart from the others.
            let isComposite = variantShape.effectiveType == "array" || variantShape.effectiveType == "object"
            // Objects of any properties are one variant however they say it (`additionalProperties: true`, or
            // `properties: {}`), as Mistral's workflow input does twice.
            let additional = resolved["additionalProperties"]
            let isAnyObject =
                !isModel && variantShape.effectiveType == "object" && !variantShape.hasProperties
                && (additional == nil || additional?.text == "true" || additional?.node.entries?.isEmpty == true)
            let key = isAnyObject ? "any object" : isModel || isComposite ? resolved.identity : variantShape.primitiveKey
            guard seen.insert(key).inserted else { continue }
            if !isModel && !isComposite && !variantShape.isSingleValue && cannotBeVariant == nil { cannotBeVariant = variant }
            variants.append(variant)
        }
        guard variants.count > 1 else { return variants.isEmpty ? nil : variants }
        if let cannotBeVariant {
            state.unsupported(
                "a union with a variant of any type", at: cannotBeVariant,
                consequence: "the value is typed as `JSON`")
            return nil
        }
        return variants
    }

    /// The values of the enum `schema` is, or wraps in a lone `allOf` part or variant beside `null` (pydantic's
    /// `allOf: [$ref: Status], default: active`, and `anyOf: [$ref: Status, type: null]`).
    private func enumValues(of schema: DocumentNode) -> [String] {
        var node = schema
        for _ in 0..<TranslationState.deepestNesting {
            let shape = SchemaShape(node)
            if !shape.enumValues.isEmpty { return shape.enumValues }
            let parts = shape.allOf.isEmpty ? shape.variants : shape.allOf
            let wrapped = parts.filter { state.quietlyResolved($0).map { !SchemaShape($0).isNullType } ?? true }
            guard wrapped.count == 1, let next = state.quietlyResolved(wrapped[0]) else { return [] }
            node = next
        }
        return []
    }

    /// `value` as the default of a value of type `expression`, or nil when it does not fit (with a warning). A list's
    /// default is a list of its items' defaults (`tags: []`), `itemEnumValues` the values its items' enum takes.
    private func defaultValue(
        _ value: DocumentNode, for expression: String, enumValues: [String], itemEnumValues: [String] = []
    ) -> SyntaxNode? {
        if let items = value.node.items, expression.hasPrefix("["), expression.hasSuffix("]"), !expression.contains(":") {
            let element = String(expression.dropFirst().dropLast())
            // Items that may be null and lists of lists take no default in the format.
            guard !element.hasSuffix("?"), !element.hasPrefix("[") else { return nil }
            let defaults = value.items.compactMap { defaultValue($0, for: element, enumValues: itemEnumValues) }
            return defaults.count == items.count ? .list(defaults, at: value.location) : nil
        }
        guard let text = value.text else { return nil }
        let fits: Bool
        switch expression {
        case "String": fits = true
        case "Int", "Int32", "Int64", "UInt32", "UInt64", "Double", "Float", "Decimal":
            fits = PrimitiveType(rawValue: expression).flatMap { NumberLiteral.read(text, as: $0) } != nil
        case "Bool": fits = text == "true" || text == "false"
        default: fits = enumValues.contains(text)
        }
        guard fits else {
            if !["JSON", "Date", "URL", "UUID", "Data"].contains(expression) && !expression.hasPrefix("[") {
                state.unsupported("the default `\(text)`, which does not fit `\(expression)`,", at: value, consequence: "left out")
            }
            return nil
        }
        // Text for a `String` and a string enum's value; a number or a boolean as written (a `const: false` is
        // a `Bool`'s one value, not an enum's).
        let isText =
            switch expression {
            case "String": true
            case "Bool", "Int", "Int32", "Int64", "UInt32", "UInt64", "Double", "Float", "Decimal": false
            default: Int(text) == nil
            }
        return isText ? .string(text, at: value.location) : .text(text, at: value.location)
    }

    private func warnAboutUnsupportedKeywords(in schema: DocumentNode) {
        for keyword in ["not", "if", "patternProperties", "prefixItems"] {
            if let node = schema[keyword] {
                state.unsupported("`\(keyword)`", at: node, consequence: "the constraint is not checked or typed")
            }
        }
    }
}
