/// The template values of models: objects and their coding, enums, unions, outcomes and response headers.
extension TemplateContext {
    func model(_ model: Model) -> TemplateValues {
        let doc = SwiftSpelling.documentation(model.description, isDeprecated: model.isDeprecated)
        var context: TemplateValues = [
            .name: model.name.swift,
            .doc: CommentLine.lines(doc),
            .hasDoc: !doc.isEmpty,
            .isObject: false,
            .isEnum: false,
            .isOutcomes: false,
            .isResponseHeaders: false,
            .isUnion: false,
            .isDecodable: !model.isEncodeOnly,
            .isEncodable: !isDecodeOnly(model),
            .conformances: conformances(of: model),
        ]
        switch model.kind {
        case .union(let union):
            context[.isUnion] = true
            context.merge(unionValues(union)) { $1 }
        case .object(let properties):
            context[.isObject] = true
            let members = Set(properties.map(\.name.swift))
            context[.properties] = properties.map { objectProperty($0, of: model, besideMembers: members) }
            context[.hasProperties] = !properties.isEmpty
            context[.hasEncodedProperties] = properties.contains { isEncoded($0, of: model) }
        case .stringEnum(let cases), .integerEnum(let cases):
            let isInteger = if case .integerEnum = model.kind { true } else { false }
            context[.isEnum] = true
            context[.isIntegerEnum] = isInteger
            context[.rawType] = isInteger ? "Int" : "String"
            context[.cases] = cases.map { enumCase in
                [
                    .name: enumCase.name.escapedSwift,
                    .value: isInteger ? enumCase.name.wire : SwiftSpelling.stringLiteral(enumCase.name.wire),
                ] as TemplateValues
            }
        case .outcomes(let outcomes):
            context[.isOutcomes] = true
            context[.outcomes] = outcomes.map { outcome in
                var values: TemplateValues = [.status: outcome.status, .caseName: outcome.caseName]
                values[.reading] = outcome.body.map { reading($0, status: outcome.status) }
                return values
            }
        case .responseHeaders(let headers):
            context[.isResponseHeaders] = true
            let members = Set(headers.map(\.name.swift))
            context[.properties] = headers.map { header in
                var values = property(header, of: model)
                values.merge(parameter(of: header)) { $1 }
                values[.key] = SwiftSpelling.stringLiteral(header.name.wire)
                values[.decodeType] = expressionType(header.type.nonOptional, besideMembers: members)
                values[.isOptional] = header.type.isOptional
                return values
            }
        }
        return context
    }

    /// The protocols a model conforms to, in the order its declaration lists them: every model is `Sendable` and
    /// `Hashable`; what is read from JSON is `Codable` (only sent: `Encodable`), a model decoded from error bodies
    /// is an `APIErrorBody`, an enum is also a raw value and a parameter value. A conformance every model gets is
    /// added here, once.
    func conformances(of model: Model) -> [String] {
        let isDecodeOnly = isDecodeOnly(model)
        let shared = isDecodeOnly ? ["Sendable"] : ["Sendable", "Hashable"]
        let coding = model.isEncodeOnly ? "Encodable" : isDecodeOnly ? "Decodable" : "Codable"
        switch model.kind {
        case .outcomes, .responseHeaders: return shared
        case .union: return [coding] + shared
        case .object: return [coding] + shared + (errorModels.contains(model.name.swift) ? ["APIErrorBody"] : [])
        case .stringEnum, .integerEnum: return [coding] + shared + ["RawRepresentable", "HTTPParameterValue"]
        }
    }

    /// Whether `model` is generated `Decodable` alone, with no encoder and no `Hashable`: a read-only object, union,
    /// outcome or response headers when the slice leaves their encoding out. (An enum of values keeps both: it is
    /// small, and may be a parameter.)
    func isDecodeOnly(_ model: Model) -> Bool {
        guard slice.leavesOutEncodingOfResponses, model.isReadOnly else { return false }
        if case .stringEnum = model.kind { return false }
        if case .integerEnum = model.kind { return false }
        return true
    }

    /// An object's property (`Object.mustache`): what every property has (``property(_:of:)``), its parameter of
    /// the memberwise initializer (`label`, and its default: `defaultValue` or `defaultElements`), how `init(from:)`
    /// decodes it (``decoding(_:besideMembers:)``) and whether and how `encode(to:)` encodes it
    /// (``encoding(_:of:)``).
    func objectProperty(_ property: Property, of model: Model, besideMembers members: Set<String>) -> TemplateValues {
        var values = self.property(property, of: model)
        values.merge(parameter(of: property)) { $1 }
        values.merge(decoding(property, besideMembers: members)) { $1 }
        values.merge(encoding(property, of: model)) { $1 }
        return values
    }

    /// A property's parameter of the memberwise initializer: its `label`, and its default (`defaultValue` or
    /// `defaultElements`; optionals default to nil).
    func parameter(of property: Property) -> TemplateValues {
        let spelling = defaultSpelling(of: property.type, property.defaultValue, sendsNull: property.sendsNull)
        var values: TemplateValues = [.label: property.name.argumentLabel]
        values[here: .defaultValue] = spelling.text
        values[here: .defaultElements] = spelling.elements
        return values
    }

    /// The template values every property of `model` has: name, type, doc, indirection.
    func property(_ property: Property, of model: Model) -> TemplateValues {
        [
            // Also the file's, but read in each property's declaration: Mustache finds it here without searching
            // the model's values and the file's.
            .access: options.accessLevel.keyword,
            .name: property.name.escapedSwift,
            .type: property.type.swiftType,
            .doc: CommentLine.lines(documentation(of: property)),
            .isIndirect: isIndirect(property.type, in: model),
        ]
    }

    /// A property's doc comment: its description, what the server assumes when it is not set or that nil is sent,
    /// its deprecation.
    func documentation(of property: Property) -> [String] {
        let serverDefault = property.serverDefault.map {
            "When not set, it is not sent and the server uses `\(documentedLiteral($0, of: property.type))`; an absent key decodes to that value."
        }
        let sendsNull = property.sendsNull ? "Always sent: nil is sent as `null`." : nil
        return SwiftSpelling.documentation(property.description, serverDefault, sendsNull, isDeprecated: property.isDeprecated)
    }

    /// A union's `variants` (each with `caseName`, `type` and, for `init(from:)`, the `decodeType` it decodes and,
    /// when it is a closed object, `isClosed` and its `keys`), and how `init(from:)` tells them apart: by the
    /// `discriminator`'s value (its `mapping`, each `value` with its variant's `caseName` and `decodeType`), or else
    /// each variant in turn and then the `soleVariants` (each a variant with the `pattern` of the only kind of JSON
    /// value it takes).
    func unionValues(_ union: Union) -> TemplateValues {
        let members = Set(union.variants.map(\.caseName.swift))
        func variant(_ variant: Union.Variant) -> TemplateValues {
            let keys = closedKeys(of: variant)
            return [
                .caseName: variant.caseName.escapedSwift,
                .type: variant.type.swiftType,
                .decodeType: expressionType(variant.type, besideMembers: members),
                .isClosed: keys != nil,
                .keys: (keys ?? []).map(SwiftSpelling.stringLiteral),
            ]
        }
        var values: TemplateValues = [.variants: union.variants.map(variant)]
        if let discriminator = union.discriminator {
            let variants = Dictionary(union.variants.map { ($0.caseName.swift, $0) }) { first, _ in first }
            values[.discriminator] = SwiftSpelling.stringLiteral(discriminator)
            values[.mapping] = union.mapping.map { value in
                let mapped = variants[value.caseName]
                return [
                    .value: SwiftSpelling.stringLiteral(value.value),
                    .caseName: mapped?.caseName.escapedSwift ?? value.caseName,
                    .decodeType: mapped.map { expressionType($0.type, besideMembers: members) } ?? "",
                ] as TemplateValues
            }
        } else {
            values[.soleVariants] = soleVariantsByJSONKind(union).map { pattern, sole in
                var values = variant(sole)
                values[.pattern] = pattern
                return values
            }
        }
        return values
    }

    /// The wire names of a variant's properties when it is a closed object model (`closed: true`), which an
    /// object must not go beyond to be that variant; nil for any other variant.
    func closedKeys(of variant: Union.Variant) -> [String]? {
        guard case .model(let name) = variant.type, let model = model(named: name), model.isClosed else { return nil }
        return model.properties.map(\.name.wire)
    }

    /// The variants of an untagged union that are the only one taking some kind of JSON value, with the
    /// `JSONValue` pattern of that kind (see ``Union/soleVariantsByJSONKind(modelKind:)``).
    func soleVariantsByJSONKind(_ union: Union) -> [(pattern: String, variant: Union.Variant)] {
        union.soleVariantsByJSONKind(modelKind: { model(named: $0)?.kind }).map { kind, variant in
            let pattern =
                switch kind {
                case .string: ".string"
                case .number: ".integer, .number"
                case .bool: ".bool"
                case .array: ".array"
                case .object: ".object"
                }
            return (pattern, variant)
        }
    }

    /// How an outcome's body is read from the `response` of its reader: its `type`, and `isJSON` (through the API's
    /// envelope when `isEnveloped`: a 2xx body of an API with one), `isData` or `isText`.
    func reading(_ body: ResponseBody, status: Int) -> TemplateValues {
        var values: TemplateValues = [.type: body.swiftType, .isJSON: false, .isEnveloped: false, .isData: false, .isText: false]
        switch body {
        case .json:
            values[.isJSON] = true
            values[.isEnveloped] = api.envelope != nil && (200..<300).contains(status)
        case .data: values[.isData] = true
        case .text: values[.isText] = true
        }
        return values
    }

    /// How the model's `init(from:)` decodes `property` (`self.x = try container.decode(T.self, forKey: "x")`): its
    /// `decodeMethod`, the `decodeType` it decodes, its `key` and `format`. An optional property decodes from an
    /// absent or null key as nil, a property with a default takes it (`fallback`) when the key is absent or null, one
    /// with a server default (`whenAbsent`) when the key is absent (`null` is nil), a `T??` tells absent from null
    /// (`decodeNullable`), and a date not in RFC 3339 says its `format`.
    func decoding(_ property: Property, besideMembers members: Set<String>) -> TemplateValues {
        let decoded = property.type.isNullable ? property.type.nonOptional.nonOptional : property.type.nonOptional
        var values: TemplateValues = [
            .key: SwiftSpelling.stringLiteral(property.name.wire),
            .decodeType: expressionType(decoded, besideMembers: members),
        ]
        // A `Date??` says its format as a `Date?` does.
        values[here: .format] = dateFormat(of: property.type.isNullable ? property.type.nonOptional : property.type, declared: property.format)
        values[here: .fallback] = nil
        values[here: .whenAbsent] = nil
        if property.type.isNullable {
            values[.decodeMethod] = "decodeNullable"
        } else if let value = property.defaultValue {
            values[.decodeMethod] = "decodeIfPresent"
            values[.fallback] = defaultLiteral(value, of: property.type)
        } else if let value = property.serverDefault {
            // What the server assumes stands for an absent key only: an explicit `null` is nil.
            values[.decodeMethod] = "decodeIfPresent"
            values[.whenAbsent] = defaultLiteral(value, of: property.type)
        } else {
            values[.decodeMethod] = property.type.isOptional ? "decodeIfPresent" : "decode"
        }
        return values
    }

    /// Whether the model's `encode(to:)` encodes `property`: a read-only property is never sent, but a model only
    /// responses reach encodes it, for the app's own use.
    func isEncoded(_ property: Property, of model: Model) -> Bool {
        property.access != .readOnly || model.isReadOnly
    }

    /// Whether and how the model's `encode(to:)` encodes `property` (`try container.encode(x, forKey: "x")`):
    /// `isEncoded`, its `encodeMethod` (a nil optional is left out unless it is always sent, `null`; a `T??` writes
    /// `null` for `.some(nil)`) and the `encodeValue` it encodes.
    func encoding(_ property: Property, of model: Model) -> TemplateValues {
        let method =
            property.type.isNullable
            ? "encodeNullable" : property.type.isOptional && !property.sendsNull ? "encodeIfPresent" : "encode"
        // `container` or `encoder` alone would be the local, not the property.
        let value = GeneratedVocabulary.codingLocals.contains(property.name.swift) ? "self.\(property.name.swift)" : property.name.escapedSwift
        return [.isEncoded: isEncoded(property, of: model), .encodeMethod: method, .encodeValue: value]
    }

    /// The Swift case of the date format of a `Date` (or `Date?`) value when it is not RFC 3339, which the
    /// coders use by default; nil otherwise.
    func dateFormat(of type: TypeReference, declared: DateFormat?) -> String? {
        guard type.nonOptional == .primitive(.date) else { return nil }
        switch declared ?? api.dates {
        case .dateTime: return nil
        case .unix: return "unix"
        case .unixMilliseconds: return "unixMilliseconds"
        case .date: return "date"
        }
    }

    /// A spec's `default:` as a doc comment shows it: as ``literal(_:of:)`` writes it, but a number as written.
    func documentedLiteral(_ value: LiteralValue, of type: TypeReference) -> String {
        if case .number(let text) = value { return text }
        return literal(value, of: type)
    }

    /// A spec's `default:` as a Swift expression of `type`.
    func literal(_ value: LiteralValue, of type: TypeReference) -> String {
        switch value {
        case .string(let text): return SwiftSpelling.stringLiteral(text)
        case .number(let text): return type.nonOptional == .primitive(.decimal) ? NumberLiteral.decimal(text) : text
        case .bool(let flag): return flag ? "true" : "false"
        case .null: return "nil"
        case .enumCase(let wire):
            let cases: [EnumCase] =
                switch type.modelName.flatMap(model(named:))?.kind {
                case .stringEnum(let cases), .integerEnum(let cases): cases
                default: []
                }
            return "." + (cases.first { $0.name.wire == wire }?.name.escapedSwift ?? wire)
        case .array(let items):
            guard case .array(let element) = type.nonOptional else { return "[]" }
            return "[" + items.map { literal($0, of: element) }.joined(separator: ", ") + "]"
        }
    }

    /// The default of a value of `type`: the spec's `default:`, or nil for an optional not always sent; none for
    /// the others.
    func defaultSpelling(of type: TypeReference, _ defaultValue: LiteralValue?, sendsNull: Bool = false) -> DefaultSpelling {
        if let defaultValue {
            if case .array(let items) = defaultValue, !items.isEmpty, case .array(let element) = type.nonOptional {
                return DefaultSpelling(elements: items.map { literal($0, of: element) })
            }
            return DefaultSpelling(text: literal(defaultValue, of: type))
        }
        return type.isOptional && !sendsNull ? DefaultSpelling(text: "nil") : DefaultSpelling()
    }

    /// A spec's `default:` as a Swift expression of `type` that a decoding falls back on: a collection literal of
    /// elements spelled so that a line too long breaks it one element per line (``Printer/defaultLiteral(_:)``).
    func defaultLiteral(_ value: LiteralValue, of type: TypeReference) -> String {
        if case .array(let items) = value, !items.isEmpty, case .array(let element) = type.nonOptional {
            return printer.defaultLiteral(items.map { literal($0, of: element) })
        }
        return literal(value, of: type)
    }

    /// `type` spelled for an expression (`T.self`) in a type whose members are named `members`: qualified with the
    /// namespace when its model is named like a member (a model and a case both `_400`, as names starting with a
    /// digit are), since the expression would find the member first.
    func expressionType(_ type: TypeReference, besideMembers members: Set<String>) -> String {
        guard let model = type.innermostModelName, members.contains(model) else { return type.swiftType(qualifier: typeQualifier) }
        return type.swiftType(qualifier: api.name.swift + ".")
    }

    /// A property of `owner` that holds a model of `owner`'s own cycle directly (not in a list) is stored out of
    /// line: only such a property makes a struct contain itself. `T??` holds it inline as much as `T?` does.
    func isIndirect(_ type: TypeReference, in owner: Model) -> Bool {
        var stored = type
        while case .optional(let wrapped) = stored { stored = wrapped }
        guard case .model(let name) = stored, let group = owner.recursionGroup else { return false }
        return model(named: name)?.recursionGroup == group
    }
}

/// A value's default as a declaration writes it after ` = `: a literal, or the elements of a collection literal of
/// some (which a wrapped line breaks one per line); neither when it has none.
struct DefaultSpelling {
    /// The default when it is no collection literal of elements: `nil`, `5`, `"a"`, `[]`, `.init()`.
    var text: String?
    /// The elements of a collection literal of some.
    var elements: [String]?
}
