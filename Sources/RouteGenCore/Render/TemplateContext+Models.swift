/// The template values of models: objects and their coding, enums, unions, outcomes and response headers.
extension TemplateContext {
    func model(_ model: Model) -> TemplateValues {
        let doc = SwiftSpelling.documentation(model.description, isDeprecated: model.isDeprecated)
        let access = options.accessLevel.keyword
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
        ]
        switch model.kind {
        case .union(let union):
            context[.isUnion] = true
            context[.typeDeclaration] = typeDeclaration("\(access)indirect enum \(model.name.swift)", of: model)
            context[.variants] = union.variants.map { variant in
                [
                    .declaration: place(Layout { SwiftLayout.list("case \(variant.caseName.escapedSwift)", [variant.type.swiftType], indent: $0) }),
                    .encoding: place(Layout { SwiftLayout.caseClause(".\(variant.caseName.escapedSwift)(let value)", "try container.encode(value)", indent: $0) }),
                ] as TemplateValues
            }
            context[.decodeLines] = unionDecoding(union).map(place)
        case .object(let properties):
            context[.isObject] = true
            let members = Set(properties.map(\.name.swift))
            let decodes = properties.map { decodeStatement($0, besideMembers: members) }
            // A read-only property is never sent; a model only responses reach encodes it, for the app's own use.
            let encodes = properties.map { $0.access == .readOnly && !model.isReadOnly ? nil : encodeStatement($0) }
            context[.properties] = properties.indices.map { index in
                var values = property(properties[index], of: model)
                values[.decodeStatement] = place(decodes[index])
                values[.encodeStatement] = encodes[index].map(place)
                return values
            }
            context.merge(memberBlocks(properties, of: model, decodes: decodes, encodes: encodes.compactMap { $0 })) { $1 }
            context[.hasProperties] = !properties.isEmpty
            context[.hasEncodedProperties] = encodes.contains { $0 != nil }
            context[.typeDeclaration] = typeDeclaration("\(access)struct \(model.name.swift)", of: model)
            context[.initializer] = place(initializer(properties))
        case .stringEnum(let cases), .integerEnum(let cases):
            let isInteger = if case .integerEnum = model.kind { true } else { false }
            context[.isEnum] = true
            context[.isIntegerEnum] = isInteger
            context[.rawType] = isInteger ? "Int" : "String"
            context[.typeDeclaration] = typeDeclaration("\(access)enum \(model.name.swift)", of: model)
            let known = cases.map { "." + $0.name.escapedSwift }
            context[.knownCasesDeclaration] = place(
                Layout { SwiftLayout.arrayConstant("\(access)static let knownCases:", type: "[\(model.name.swift)]", items: known, indent: $0) })
            context[.cases] = cases.map { enumCase in
                let name = enumCase.name.escapedSwift
                let value = isInteger ? enumCase.name.wire : SwiftSpelling.stringLiteral(enumCase.name.wire)
                return [
                    .name: name,
                    .value: value,
                    .initClause: place(Layout { SwiftLayout.caseClause(value, "self = .\(name)", indent: $0) }),
                    .rawValueClause: place(Layout { SwiftLayout.caseClause("." + name, value, indent: $0) }),
                ] as TemplateValues
            }
        case .outcomes(let outcomes):
            context[.isOutcomes] = true
            context[.typeDeclaration] = typeDeclaration("\(access)enum \(model.name.swift)", of: model)
            let readerHead = "\(access)static let reader = ", readerType = "ResponseReader<\(model.name.swift)>"
            context[.readerDeclaration] = place(
                Layout { column in
                    let line = readerHead + readerType + " { response in"
                    return column + line.count <= SwiftLayout.lineLength
                        ? line : readerHead + SwiftLayout.brokenType(readerType, indent: column) + " { response in"
                })
            context[.outcomes] = outcomes.map { outcome in
                [
                    .status: outcome.status,
                    .declaration: "case \(outcome.caseName)" + (outcome.body.map { "(\($0.swiftType))" } ?? ""),
                    .reading: place(outcomeReading(outcome)),
                ] as TemplateValues
            }
        case .responseHeaders(let headers):
            context[.isResponseHeaders] = true
            context[.typeDeclaration] = typeDeclaration("\(access)struct \(model.name.swift)", of: model)
            let members = Set(headers.map(\.name.swift))
            context[.properties] = headers.map { header in
                var values = property(header, of: model)
                let method = header.type.isOptional ? "header" : "requiredHeader"
                let head = "self.\(header.name.escapedSwift) = try response.\(method)"
                let arguments = [
                    SwiftSpelling.stringLiteral(header.name.wire), "as: \(expressionType(header.type.nonOptional, besideMembers: members)).self",
                ]
                values[.readStatement] = place(Layout { SwiftLayout.list(head, arguments, indent: $0) })
                return values
            }
            context[.assignments] = place(.lines(headers.map { header in
                Layout { SwiftLayout.assignment("self.\(header.name.escapedSwift)", header.name.escapedSwift, indent: $0) }
            }))
            context[.initializer] = place(initializer(headers))
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

    /// An object's members as blocks of lines, each line at the column of the first: `propertyDeclarations`
    /// (with their doc comments), `assignments` (the memberwise initializer's body), `decodeStatements`,
    /// `encodeStatements`. The built-in template uses these rather than a section per property, which cost
    /// template lookups per property and line: rendering was most of the time of generating a large API.
    func memberBlocks(_ properties: [Property], of model: Model, decodes: [Layout], encodes: [Layout]) -> TemplateValues {
        let declarations = properties.flatMap { property in
            SwiftSpelling.commentLines(documentation(of: property)).map(Layout.text) + [propertyDeclaration(property, of: model)]
        }
        return [
            .propertyDeclarations: place(.lines(declarations)),
            .assignments: place(.lines(properties.map { property in
                Layout { SwiftLayout.assignment("self.\(property.name.escapedSwift)", property.name.escapedSwift, indent: $0) }
            })),
            .decodeStatements: place(.lines(decodes)),
            .encodeStatements: place(.lines(encodes)),
        ]
    }

    /// `head: A, B {` with the model's conformances, wrapped as `swift format` wraps a long one.
    private func typeDeclaration(_ head: String, of model: Model) -> String {
        let conformances = conformances(of: model)
        return place(Layout { SwiftLayout.typeDeclaration(head, conformances: conformances, indent: $0) })
    }

    /// The template values every property of `model` has: name, type, doc, indirection.
    func property(_ property: Property, of model: Model) -> TemplateValues {
        [
            .name: property.name.escapedSwift,
            .type: property.type.swiftType,
            .doc: CommentLine.lines(documentation(of: property)),
            .isIndirect: isIndirect(property.type, in: model),
            .propertyDeclaration: place(propertyDeclaration(property, of: model)),
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

    /// `public var name: Type`, `@Indirect` when the type refers back to `model`.
    func propertyDeclaration(_ property: Property, of model: Model) -> Layout {
        let indirect = isIndirect(property.type, in: model) ? "@Indirect " : ""
        let head = "\(indirect)\(options.accessLevel.keyword)var \(property.name.escapedSwift):"
        let type = property.type.swiftType
        return Layout { SwiftLayout.annotated(head, type: type, indent: $0) }
    }

    /// The memberwise initializer's signature; optionals default to nil.
    func initializer(_ properties: [Property]) -> Layout {
        let head = "\(options.accessLevel.keyword)init"
        let parameters = properties.map {
            declaration(label: $0.name.argumentLabel, type: $0.type, defaultValue: $0.defaultValue, sendsNull: $0.sendsNull)
        }
        return Layout { SwiftLayout.list(head, parameters, " {", indent: $0) }
    }

    /// The body of a union's `init(from:)`, a line each, nested lines indented from the first: by the discriminator's
    /// value when there is one, else the first variant that decodes; anything else is kept as `unknown`.
    func unionDecoding(_ union: Union) -> [Layout] {
        let members = Set(union.variants.map(\.caseName.swift))
        let types = Dictionary(
            uniqueKeysWithValues: union.variants.map { ($0.caseName.swift, expressionType($0.type, besideMembers: members)) })
        let cases = Dictionary(uniqueKeysWithValues: union.variants.map { ($0.caseName.swift, $0.caseName.escapedSwift) })
        /// `self = .case(try container.decode(Type.self))` one level in, after `case pattern:` when there is one;
        /// the statement below the pattern, and the decoding below the case, when they do not fit.
        func decoding(_ caseName: String, as type: String, in pattern: String? = nil) -> Layout {
            let head = "self = .\(caseName)"
            let items = ["try container.decode(\(type).self)"]
            return Layout { column in
                guard let pattern else { return "    " + SwiftLayout.hugging(head, items, "", indent: column + 4) }
                let line = "    case \(pattern): \(head)(\(items[0]))"
                guard column + line.count > SwiftLayout.lineLength else { return line }
                return "    case \(pattern):" + Layout.lineBreak(at: column + 8) + SwiftLayout.hugging(head, items, "", indent: column + 8)
            }
        }
        /// `case pattern:`, then `let object = try container.decode(Type.self, takingOnly: [keys], in: Self.self)`
        /// and `self = .case(object)`, for the sole variant of its kind when it is a closed object: an object with a
        /// key it does not declare is an error naming the union, not that variant without the key.
        func closedDecoding(_ caseName: String, as type: String, keys: [String], in pattern: String) -> Layout {
            let call = closedDecodeCall(type, keys: keys)
            return Layout { column in
                let next = Layout.lineBreak(at: column + 8)
                let decode = SwiftLayout.list("let object = try container.decode", call, indent: column + 8)
                return "    case \(pattern):" + next + decode + next + "self = .\(caseName)(object)"
            }
        }
        var lines: [Layout] = [.text("let container = try decoder.singleValueContainer()")]
        if let discriminator = union.discriminator {
            let key = ["String.self", "forKey: " + SwiftSpelling.stringLiteral(discriminator)]
            lines.append(Layout { SwiftLayout.list("let discriminator = try? decoder.container(keyedBy: JSONKey.self).decode", key, indent: $0) })
            lines.append(.text("switch discriminator {"))
            for value in union.mapping {
                lines.append(.text("case \(SwiftSpelling.stringLiteral(value.value)):"))
                lines.append(decoding(cases[value.caseName] ?? value.caseName, as: types[value.caseName] ?? ""))
            }
            return lines + ["default:", "    self = .unknown(try container.decode(JSONValue.self))", "}"].map(Layout.text)
        }
        for (index, variant) in union.variants.enumerated() {
            let head = (index == 0 ? "if" : "} else if") + " let value = try? container.decode"
            let type = types[variant.caseName.swift] ?? ""
            let arguments = closedKeys(of: variant).map { closedDecodeCall(type, keys: $0) } ?? [type + ".self"]
            lines.append(Layout { SwiftLayout.list(head, arguments, " {", indent: $0) })
            lines.append(.text("    self = .\(variant.caseName.escapedSwift)(value)"))
        }
        let sole = soleVariantsByJSONKind(union)
        guard !sole.isEmpty else {
            return lines + ["} else {", "    self = .unknown(try container.decode(JSONValue.self))", "}"].map(Layout.text)
        }
        lines += [
            "} else {",
            "    // A value of a kind only one variant takes is that variant, malformed: decode it again for its error.",
            "    let value = try container.decode(JSONValue.self)",
            "    switch value {",
        ].map(Layout.text)
        for (pattern, variant) in sole {
            let type = types[variant.caseName.swift] ?? ""
            if let keys = closedKeys(of: variant) {
                lines.append(closedDecoding(variant.caseName.escapedSwift, as: type, keys: keys, in: pattern))
            } else {
                lines.append(decoding(variant.caseName.escapedSwift, as: type, in: pattern))
            }
        }
        return lines + ["    default: self = .unknown(value)", "    }", "}"].map(Layout.text)
    }

    /// The wire names of a variant's properties when it is a closed object model (`closed: true`), which an
    /// object must not go beyond to be that variant; nil for any other variant.
    func closedKeys(of variant: Union.Variant) -> [String]? {
        guard case .model(let name) = variant.type, let model = model(named: name), model.isClosed else { return nil }
        return model.properties.map(\.name.wire)
    }

    /// The arguments of `container.decode` for a closed variant: its type, the keys it takes, and the union.
    func closedDecodeCall(_ type: String, keys: [String]) -> [String] {
        let literals = keys.map(SwiftSpelling.stringLiteral).joined(separator: ", ")
        return ["\(type).self", "takingOnly: [\(literals)]", "in: Self.self"]
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

    /// `case 200: .ok(try response.decode(T.self))` in an outcomes enum's reader: the value below the status when
    /// it does not fit, and its reading below the case when even that does not.
    func outcomeReading(_ outcome: StatusOutcome) -> Layout {
        let pattern = "case \(outcome.status):"
        guard let body = outcome.body else { return .text("\(pattern) .\(outcome.caseName)") }
        let reading = reading(body, status: outcome.status)
        return Layout { column in
            let line = "\(pattern) .\(outcome.caseName)(\(reading))"
            guard column + line.count > SwiftLayout.lineLength else { return line }
            return pattern + Layout.lineBreak(at: column + 4) + SwiftLayout.hugging(".\(outcome.caseName)", [reading], "", indent: column + 4)
        }
    }

    /// How an outcome's body is read from the `response` of its reader; a 2xx JSON body through the API's
    /// envelope when it has one.
    func reading(_ body: ResponseBody, status: Int) -> String {
        switch body {
        case .json(let type) where api.envelope != nil && (200..<300).contains(status):
            "try response.decode(Enveloped<\(type.swiftType)>.self).payload"
        case .json(let type): "try response.decode(\(type.swiftType).self)"
        case .data: "response.body"
        case .text: "try response.text()"
        }
    }

    /// `self.x = try container.decode(T.self, forKey: "x")` in the model's `init(from:)`: an optional property
    /// decodes from an absent or null key as nil, a property with a default takes it when the key is absent or null,
    /// one with a server default when the key is absent (`null` is nil), a
    /// `T??` tells absent from null, and a date not in RFC 3339 says its format.
    func decodeStatement(_ property: Property, besideMembers members: Set<String>) -> Layout {
        let key = "forKey: \(SwiftSpelling.stringLiteral(property.name.wire))"
        let target = "self.\(property.name.escapedSwift) = try container."
        if property.type.isNullable {
            var arguments = ["\(expressionType(property.type.nonOptional.nonOptional, besideMembers: members)).self", key]
            if let format = dateFormat(of: property.type.nonOptional, declared: property.format) { arguments.append("format: .\(format)") }
            return Layout { [arguments] column in SwiftLayout.list(target + "decodeNullable", arguments, indent: column) }
        }
        var arguments = ["\(expressionType(property.type.nonOptional, besideMembers: members)).self", key]
        if let format = dateFormat(of: property.type, declared: property.format) { arguments.append("format: .\(format)") }
        if let value = property.defaultValue {
            let target = "self.\(property.name.escapedSwift)"
            let fallback = literal(value, of: property.type)
            return Layout { [arguments] column in
                SwiftLayout.fallbackAssignment(target, call: "try container.decodeIfPresent", arguments, fallback: fallback, indent: column)
            }
        }
        // What the server assumes stands for an absent key only: an explicit `null` is nil.
        if let value = property.serverDefault {
            let withDefault = arguments + ["whenAbsent: " + literal(value, of: property.type)]
            return Layout { SwiftLayout.list(target + "decodeIfPresent", withDefault, indent: $0) }
        }
        let method = property.type.isOptional ? "decodeIfPresent" : "decode"
        return Layout { [arguments] column in SwiftLayout.list(target + method, arguments, indent: column) }
    }

    /// `try container.encode(x, forKey: "x")` in the model's `encode(to:)`: a nil optional is left out unless it is
    /// always sent (`null`), a `T??` writes `null` for `.some(nil)`.
    func encodeStatement(_ property: Property) -> Layout {
        let method =
            property.type.isNullable
            ? "encodeNullable" : property.type.isOptional && !property.sendsNull ? "encodeIfPresent" : "encode"
        // `container` or `encoder` alone would be the local, not the property.
        let value = GeneratedVocabulary.codingLocals.contains(property.name.swift) ? "self.\(property.name.swift)" : property.name.escapedSwift
        var arguments = [value, "forKey: \(SwiftSpelling.stringLiteral(property.name.wire))"]
        // A `Date??` says its format as a `Date?` does.
        let dated = property.type.isNullable ? property.type.nonOptional : property.type
        if let format = dateFormat(of: dated, declared: property.format) { arguments.append("format: .\(format)") }
        return Layout { [arguments] column in SwiftLayout.list("try container.\(method)", arguments, indent: column) }
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

    /// `label: Type`, with ` = default` (a spec's `default:`, or nil for an optional not always sent) where it has
    /// one: exactly where `WireValue.mayBeLeftOut(sendsNull:)` holds.
    func declaration(label: String, type: TypeReference, defaultValue: LiteralValue?, sendsNull: Bool = false) -> String {
        declaration(label: label, type: type, default: defaultSpelling(of: type, defaultValue, sendsNull: sendsNull))
    }

    /// `label: Type`, with ` = ` and `spelling` where it is one.
    func declaration(label: String, type: TypeReference, default spelling: DefaultSpelling) -> String {
        "\(label): \(type.swiftType(qualifier: typeQualifier))" + (spelling.literal.map { " = " + $0 } ?? "")
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

    /// The whole literal.
    var literal: String? {
        text ?? elements.map { "[" + $0.joined(separator: ", ") + "]" }
    }
}
