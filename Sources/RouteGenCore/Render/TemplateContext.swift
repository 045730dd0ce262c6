/// Turns a checked ``API`` into the values templates render: every name escaped, every type spelled, every
/// expression and pattern written, every ordering decided, so an overriding template only arranges text.
///
/// The keys are documented in `Templates/README.md`.
struct TemplateContext {
    let api: API
    let options: GenerationOptions

    /// The context of every template of this API.
    func make() -> [String: Any] {
        var context: [String: Any] = [
            "sourceFile": api.sourceFile.split(separator: "/").last.map(String.init) ?? api.sourceFile,
            "namespace": api.name.swift,
            "access": options.accessLevel.keyword,
            "doc": SwiftSyntax.documentation(api.description),
            "errorBodyArgument": api.errorModel.map { ", errorBody: \($0).self" } ?? "",
            "hasHosts": !api.hosts.isEmpty,
            "requestCall": requestCall(),
            "endpoints": api.endpoints.map(endpoint),
            "models": api.models.map { model($0, errorModels: errorModels) },
        ]
        context.merge(environments()) { $1 }
        context.merge(routeMembers()) { $1 }
        if let envelope = api.envelope { context["envelope"] = self.envelope(envelope) }
        return context
    }

    /// The `Environment` statics.
    private func environments() -> [String: Any] {
        let access = options.accessLevel.keyword
        let entries: [[String: Any]] = api.environments.enumerated().map { index, environment in
            var arguments = [
                "name: \(SwiftSyntax.stringLiteral(environment.name.wire))",
                "baseURL: URL(string: \(SwiftSyntax.stringLiteral(environment.baseURL)))!",
            ]
            if !api.hosts.isEmpty {
                let hosts = api.hosts.map {
                    "\(SwiftSyntax.stringLiteral($0.name)): URL(string: \(SwiftSyntax.stringLiteral($0.baseURLs[index])))!"
                }
                arguments.append(SwiftLayout.list("hosts: ", hosts, indent: 12, open: "[", close: "]"))
            }
            return [
                "name": environment.name.escapedSwift,
                "declaration": SwiftLayout.list(
                    "\(access)static let \(environment.name.escapedSwift) = Environment", arguments, indent: 8),
            ]
        }
        let names = api.environments.map { "." + $0.name.escapedSwift }
        return [
            "environments": entries,
            "defaultEnvironment": api.environments.first?.name.escapedSwift ?? "",
            "allCasesDeclaration": SwiftLayout.list(
                "\(access)static let allCases: [Environment] = ", names, indent: 8, open: "[", close: "]"),
        ]
    }

    /// The `APIRoute` members: the request signature, the fixed headers and the descriptor switch, split into
    /// chunks of ``chunkSize`` cases when the API is large (the compiler checks a 2,000-case switch too slowly).
    private func routeMembers() -> [String: Any] {
        let access = options.accessLevel.keyword
        let headerLiterals = api.headers.map {
            "\(SwiftSyntax.stringLiteral($0.name)): \(SwiftSyntax.stringLiteral($0.value))"
        }
        let requestParameters = ["for environment: Environment", "encoder: JSONEncoder = JSONCoding.makeEncoder()"]
        let cases = api.endpoints.map(descriptorCase)
        let chunks = stride(from: 0, to: cases.count, by: Self.chunkSize).map { start in
            ["index": start / Self.chunkSize, "cases": Array(cases[start..<min(start + Self.chunkSize, cases.count)])] as [String: Any]
        }
        return [
            "hasStaticHeaders": !headerLiterals.isEmpty,
            "staticHeadersDeclaration": SwiftLayout.list(
                "private static let staticHeaders: HTTPHeaders = ", headerLiterals, indent: 8, open: "[", close: "]"),
            "requestSignature": SwiftLayout.list(
                "\(access)func request", requestParameters, " throws -> HTTPRequest {", indent: 8),
            "isChunked": cases.count > Self.chunkSize,
            "descriptorCases": cases,
            "chunks": chunks,
        ]
    }

    /// The `request(for:encoder:)` body's call: on the endpoint's host when the spec has `hosts`, with a form
    /// encoder of the API's `query_arrays` when it is not the default.
    private func requestCall() -> String {
        var arguments = [api.hosts.isEmpty ? "baseURL: environment.baseURL" : "baseURL: environment.baseURL(forHost: descriptor.host)"]
        arguments.append("encoder: encoder")
        if api.queryArrays != .repeat { arguments.append("formEncoder: FormEncoder(arrayStyle: .\(api.queryArrays.rawValue))") }
        return SwiftLayout.list(api.hosts.isEmpty ? "try descriptor.request" : "return try descriptor.request", arguments, indent: 12)
    }

    /// The most cases one generated switch holds.
    static let chunkSize = 100

    // MARK: - Endpoints

    private func endpoint(_ endpoint: Endpoint) -> [String: Any] {
        let values = associatedValues(of: endpoint)
        let doc = SwiftSyntax.documentation(endpoint.summary, endpoint.description, isDeprecated: endpoint.isDeprecated)
        let access = options.accessLevel.keyword
        let name = endpoint.name.escapedSwift
        let returnType = self.returnType(of: endpoint)
        let returns = returnType.map { " -> \($0)" } ?? ""
        let routeArguments = values.map { "\($0.label): \($0.value)" }
        let routeHead = "let request = try APIRoute.\(name)"
        let routeTail = ".request(for: environment, encoder: encoder)"
        return [
            "caseDeclaration": values.isEmpty
                ? "case \(name)"
                : SwiftLayout.list("case \(name)", values.map(\.declaration), indent: 8),
            "requirement": SwiftLayout.list(
                "func \(name)", values.map { "\($0.label): \($0.type)" }, " async throws\(returns)", indent: 8),
            "handlerSignature": SwiftLayout.list(
                "\(access)func \(name)", values.map(\.declaration),
                " async throws\(returns) {", indent: 8),
            "routeCall": routeArguments.isEmpty
                ? routeHead + routeTail : SwiftLayout.list(routeHead, routeArguments, routeTail, indent: 12),
            "sendCall": sendCall(endpoint),
            "caseName": endpoint.name.escapedSwift,
            "doc": doc,
            "isDeprecated": endpoint.isDeprecated,
        ]
    }

    /// What the handler method returns: the body, the outcomes enum or the event stream, wrapped with the typed
    /// headers when the endpoint declares them; nil for nothing.
    private func returnType(of endpoint: Endpoint) -> String? {
        let result: String? =
            switch endpoint.result {
            case .none: nil
            case .body(let body): body.swiftType
            case .outcomes(let name): name
            case .events(let type): "EventStream<\(type.swiftType)>"
            }
        guard let headers = endpoint.responseHeaders else { return result }
        return "TypedResponse<\(result ?? "Void"), \(headers)>"
    }

    /// The statement that sends the request and returns the result. A JSON body (or none) with the API's error
    /// model keeps the plain `send(_:decoding:)` call; everything else reads the response with a
    /// `ResponseReader`.
    private func sendCall(_ endpoint: Endpoint) -> String {
        let apiErrorBody = api.errorModel.map { ["errorBody: \($0).self"] } ?? []
        if endpoint.errors == nil, endpoint.responseHeaders == nil {
            switch endpoint.result {
            case .none:
                return SwiftLayout.list("try await client.send", ["request", "decoder: decoder"] + apiErrorBody, indent: 12)
            case .body(.json(let type)):
                let decoded = api.envelope == nil ? type.swiftType : "Enveloped<\(type.swiftType)>"
                return SwiftLayout.list(
                    "return try await client.send", ["request", "decoding: \(decoded).self", "decoder: decoder"] + apiErrorBody,
                    api.envelope == nil ? "" : ".payload", indent: 12)
            default:
                break
            }
        }
        let errors = errorBodies(endpoint).map { ["errors: \($0)"] } ?? []
        if case .events(let type) = endpoint.result {
            return SwiftLayout.list(
                "return try await client.events", ["request", "decoding: \(type.swiftType).self", "decoder: decoder"] + errors,
                indent: 12)
        }
        let reader: String =
            switch endpoint.result {
            case .none, .events: ".none"
            case .body(.json(let type)): ".json(\(type.swiftType).self)"
            case .body(.data): ".data"
            case .body(.text): ".text"
            case .outcomes(let name): "\(name).reader"
            }
        let headers = endpoint.responseHeaders.map { ["headers: \($0).init"] } ?? []
        return SwiftLayout.list(
            "return try await client.send", ["request", "reading: \(reader)"] + headers + ["decoder: decoder"] + errors,
            indent: 12)
    }

    /// `ErrorBodies(…)` for the endpoint's own `errors:`, or the API's; nil when there are none.
    private func errorBodies(_ endpoint: Endpoint) -> String? {
        guard let errors = endpoint.errors ?? api.errorModel.map({ ErrorModels(default: $0) }) else { return nil }
        var arguments: [String] = []
        if !errors.byStatus.isEmpty {
            arguments.append("[" + errors.byStatus.map { "\($0.status): \($0.model).self" }.joined(separator: ", ") + "]")
        }
        if let fallback = errors.default { arguments.append("default: \(fallback).self") }
        return "ErrorBodies(" + arguments.joined(separator: ", ") + ")"
    }

    /// One case of the descriptor switch: the pattern binding what the request uses, the query and header
    /// statements, and the `RouteDescriptor`. Continuation lines carry their indentation (the case is at 12).
    private func descriptorCase(_ endpoint: Endpoint) -> String {
        let values = associatedValues(of: endpoint)
        let used = Set((endpoint.pathParameters + endpoint.query + endpoint.headers).map(\.name.swift))
            .union(endpoint.body == nil ? [] : ["body"])
        let statementIndent = String(repeating: " ", count: 16)
        var lines = ["case \(pattern(endpoint, values, binding: used)):"]
        let path = pathExpression(endpoint)
        // A path too long for its line goes on the next one, as swift-format puts it (arguments are at 20).
        let pathArgument = 20 + "path: ".count + path.count + 1 > SwiftLayout.lineLength
            ? "path:\n" + String(repeating: " ", count: 24) + path : "path: " + path
        var arguments = ["method: .\(endpoint.method.rawValue.lowercased())", pathArgument]
        if !endpoint.query.isEmpty {
            lines.append(statementIndent + "var routeQuery: [QueryItem] = []")
            lines += endpoint.query.map { statementIndent + queryStatement($0) }
            arguments.append("queryItems: routeQuery")
        }
        if !endpoint.headers.isEmpty {
            lines.append(statementIndent + "var routeHeaders = Self.staticHeaders")
            lines += endpoint.headers.map { statementIndent + headerStatement($0) }
            arguments.append("headers: routeHeaders")
        } else if !api.headers.isEmpty {
            arguments.append("headers: Self.staticHeaders")
        }
        arguments += [
            "authentication: \(authentication(endpoint.auth))",
            "name: \(SwiftSyntax.stringLiteral("\(api.name.swift).\(endpoint.name.swift)"))",
        ]
        if let body = endpoint.body { arguments.append(content(body)) }
        if let host = endpoint.host { arguments.append("host: \(SwiftSyntax.stringLiteral(host))") }
        lines.append(statementIndent + SwiftLayout.list("return RouteDescriptor", arguments, indent: 16))
        return lines.joined(separator: "\n")
    }

    /// The descriptor's body argument: `body: body` for JSON, `content: …` for the other kinds.
    private func content(_ body: RequestBody) -> String {
        switch body {
        case .json: return "body: body"
        case .raw(let type): return type == .primitive(.file) ? "content: .file(body)" : "content: .data(body)"
        case .form(let type), .multipart(let type):
            let kind = if case .form = body { "form" } else { "multipart" }
            // A field's list style; objects are bracketed whatever the style, so `deepObject` needs no entry.
            let fields = type.modelName.flatMap(api.model(named:))?.properties ?? []
            let styles = fields.compactMap { property -> String? in
                guard let style = property.style, style != .deepObject else { return nil }
                return "\(SwiftSyntax.stringLiteral(property.name.wire)): .\(SwiftKeywords.escaped(style.rawValue))"
            }
            return styles.isEmpty ? "content: .\(kind)(body)" : "content: .\(kind)(body, styles: [\(styles.joined(separator: ", "))])"
        }
    }

    private struct AssociatedValue {
        /// The argument label (keywords unescaped).
        var label: String
        /// The name as a value (keywords escaped).
        var value: String
        var swiftName: String
        var type: String
        var isOptional: Bool
        /// `label: Type`, with its default where it has one.
        var declaration: String
    }

    /// Path parameters, then query, then header parameters, then the body: the route case's labels.
    private func associatedValues(of endpoint: Endpoint) -> [AssociatedValue] {
        var values = (endpoint.pathParameters + endpoint.query + endpoint.headers).map {
            AssociatedValue(
                label: $0.name.argumentLabel, value: $0.name.escapedSwift, swiftName: $0.name.swift,
                type: $0.type.swiftType, isOptional: $0.type.isOptional,
                declaration: declaration(label: $0.name.argumentLabel, type: $0.type, defaultValue: $0.defaultValue))
        }
        if let body = endpoint.body?.type {
            values.append(
                AssociatedValue(
                    label: "body", value: "body", swiftName: "body", type: body.swiftType, isOptional: body.isOptional,
                    declaration: declaration(label: "body", type: body, defaultValue: nil)))
        }
        return values
    }

    /// `.caseName`, or `.caseName(let a, _, let c)` binding only the values a switch uses.
    private func pattern(_ endpoint: Endpoint, _ values: [AssociatedValue], binding used: Set<String>) -> String {
        let name = "." + endpoint.name.escapedSwift
        guard values.contains(where: { used.contains($0.swiftName) }) else { return name }
        return name + "(" + values.map { used.contains($0.swiftName) ? "let \($0.value)" : "_" }.joined(separator: ", ") + ")"
    }

    /// A string literal of the path, with each parameter percent-encoded into its segment.
    private func pathExpression(_ endpoint: Endpoint) -> String {
        let parameters = Dictionary(uniqueKeysWithValues: endpoint.pathParameters.map { ($0.name.wire, $0) })
        var text = api.version.map { "/" + $0 } ?? ""
        for segment in endpoint.path.segments {
            switch segment {
            case .literal(let literal):
                text += String(SwiftSyntax.stringLiteral(literal).dropFirst().dropLast())
            case .parameter(let wire):
                let value = parameters[wire]?.name.escapedSwift ?? wire
                let encode = parameters[wire]?.allowsSlashes == true ? "encodePathSegments" : "encodePathSegment"
                text += "\\(PercentEncoding.\(encode)(\(value).httpParameterValue))"
            }
        }
        return "\"" + text + "\""
    }

    /// `routeQuery.append("name", value)`, with the list style, date format or `deepObject` the value needs.
    private func queryStatement(_ parameter: Parameter) -> String {
        let name = SwiftSyntax.stringLiteral(parameter.name.wire)
        let value = parameter.name.escapedSwift
        let style = parameter.style ?? api.queryArrays
        switch parameter.type.nonOptional {
        case .model(let model) where api.model(named: model)?.isEnum != true:
            return "routeQuery.append(\(name), deepObject: \(value)\(deepObjectArrayStyle))"
        case .dictionary:
            return "routeQuery.append(\(name), deepObject: \(value)\(deepObjectArrayStyle))"
        case .array where style != .repeat && style != .deepObject:
            return "routeQuery.append(\(name), \(value), style: .\(style.rawValue))"
        default:
            let format = dateFormat(of: parameter.type, declared: parameter.format).map { ", format: .\($0)" } ?? ""
            return "routeQuery.append(\(name), \(value)\(format))"
        }
    }

    /// `, arrayStyle: .brackets` for the lists inside a `deepObject` when the API's `query_arrays` is not
    /// `repeat`, else nothing.
    private var deepObjectArrayStyle: String {
        api.queryArrays == .repeat ? "" : ", arrayStyle: .\(api.queryArrays.rawValue)"
    }

    private func headerStatement(_ parameter: Parameter) -> String {
        let name = SwiftSyntax.stringLiteral(parameter.name.wire)
        let value = parameter.name.escapedSwift
        return parameter.type.isOptional
            ? "if let \(value) { routeHeaders[\(name)] = \(value).httpParameterValue }"
            : "routeHeaders[\(name)] = \(value).httpParameterValue"
    }

    private func authentication(_ scheme: AuthScheme) -> String {
        switch scheme {
        case .none: ".none"
        case .bearer: ".bearer"
        case .basic: ".basic"
        case .header(let name): ".header(\(SwiftSyntax.stringLiteral(name)))"
        case .query(let name): ".query(\(SwiftSyntax.stringLiteral(name)))"
        }
    }

    private func envelope(_ envelope: Envelope) -> [String: Any] {
        [
            "payloadKey": SwiftSyntax.stringLiteral(envelope.payloadKey),
            "metadataKey": SwiftSyntax.stringLiteral(envelope.metadataKey),
            "metadataType": envelope.metadataModel ?? "",
            "hasMetadata": envelope.metadataModel != nil,
        ]
    }

    // MARK: - Models

    /// - Parameter errorModels: the models decoded from error bodies, which conform to `APIErrorBody`.
    private func model(_ model: Model, errorModels: Set<String>) -> [String: Any] {
        let doc = SwiftSyntax.documentation(model.description, isDeprecated: model.isDeprecated)
        let access = options.accessLevel.keyword
        var context: [String: Any] = [
            "name": model.name.swift,
            "doc": doc,
            "hasDoc": !doc.isEmpty,
            "isObject": false,
            "isEnum": false,
            "isOutcomes": false,
            "isResponseHeaders": false,
            "isUnion": false,
        ]
        switch model.kind {
        case .union(let union):
            context["isUnion"] = true
            context["variants"] = union.variants.map { variant in
                [
                    "declaration": "case \(variant.caseName.escapedSwift)(\(variant.type.swiftType))",
                    "encoding": "case .\(variant.caseName.escapedSwift)(let value): try container.encode(value)",
                ] as [String: Any]
            }
            context["decodeLines"] = unionDecoding(union)
        case .object(let properties):
            context["isObject"] = true
            context["properties"] = properties.map { property in
                var values = self.property(property)
                values["decodeStatement"] = decodeStatement(property)
                values["encodeStatement"] = encodeStatement(property)
                return values
            }
            context["hasProperties"] = !properties.isEmpty
            context["isDecodable"] = !model.isEncodeOnly
            context["conformances"] =
                (model.isEncodeOnly ? "Encodable" : "Codable") + ", Sendable, Hashable"
                + (errorModels.contains(model.name.swift) ? ", APIErrorBody" : "")
            context["initializer"] = initializer(properties)
        case .stringEnum(let cases), .integerEnum(let cases):
            let isInteger = if case .integerEnum = model.kind { true } else { false }
            context["isEnum"] = true
            context["isIntegerEnum"] = isInteger
            context["rawType"] = isInteger ? "Int" : "String"
            context["knownCasesDeclaration"] = SwiftLayout.list(
                "\(access)static let knownCases: [\(model.name.swift)] = ", cases.map { "." + $0.name.escapedSwift }, indent: 8,
                open: "[", close: "]")
            context["cases"] = cases.map { enumCase in
                [
                    "name": enumCase.name.escapedSwift,
                    "value": isInteger ? enumCase.name.wire : SwiftSyntax.stringLiteral(enumCase.name.wire),
                ] as [String: Any]
            }
        case .outcomes(let outcomes):
            context["isOutcomes"] = true
            context["outcomes"] = outcomes.map { outcome in
                [
                    "status": outcome.status,
                    "declaration": "case \(outcome.caseName)" + (outcome.body.map { "(\($0.swiftType))" } ?? ""),
                    "reading": "case \(outcome.status): ." + outcome.caseName + (outcome.body.map { "(\(reading($0)))" } ?? ""),
                ] as [String: Any]
            }
        case .responseHeaders(let headers):
            context["isResponseHeaders"] = true
            context["properties"] = headers.map { header in
                var values = property(header)
                let method = header.type.isOptional ? "header" : "requiredHeader"
                values["readStatement"] = SwiftLayout.list(
                    "self.\(header.name.escapedSwift) = try response.\(method)",
                    [SwiftSyntax.stringLiteral(header.name.wire), "as: \(header.type.nonOptional.swiftType).self"], indent: 12)
                return values
            }
            context["initializer"] = initializer(headers)
        }
        return context
    }

    /// The template values every property has: name, type, doc, indirection.
    private func property(_ property: Property) -> [String: Any] {
        [
            "name": property.name.escapedSwift,
            "type": property.type.swiftType,
            "doc": SwiftSyntax.documentation(property.description, isDeprecated: property.isDeprecated),
            "isIndirect": isIndirect(property.type),
        ]
    }

    /// The memberwise initializer's signature; optionals default to nil.
    private func initializer(_ properties: [Property]) -> String {
        SwiftLayout.list(
            "\(options.accessLevel.keyword)init",
            properties.map { declaration(label: $0.name.argumentLabel, type: $0.type, defaultValue: $0.defaultValue) },
            " {", indent: 8)
    }

    /// The body of a union's `init(from:)`, its lines indented for their place (12): by the discriminator's
    /// value when there is one, else the first variant that decodes; anything else is kept as `unknown`.
    private func unionDecoding(_ union: Union) -> [String] {
        let types = Dictionary(uniqueKeysWithValues: union.variants.map { ($0.caseName.swift, $0.type.swiftType) })
        let cases = Dictionary(uniqueKeysWithValues: union.variants.map { ($0.caseName.swift, $0.caseName.escapedSwift) })
        var lines = ["let container = try decoder.singleValueContainer()"]
        if let discriminator = union.discriminator {
            lines.append(
                "let discriminator = try? decoder.container(keyedBy: JSONKey.self).decode(String.self, forKey: "
                    + SwiftSyntax.stringLiteral(discriminator) + ")")
            lines.append("switch discriminator {")
            for value in union.mapping {
                lines.append("case \(SwiftSyntax.stringLiteral(value.value)):")
                lines.append("    self = .\(cases[value.caseName] ?? value.caseName)(try container.decode(\(types[value.caseName] ?? "").self))")
            }
            lines += ["default:", "    self = .unknown(try container.decode(JSONValue.self))", "}"]
            return lines
        }
        for (index, variant) in union.variants.enumerated() {
            lines.append(
                (index == 0 ? "if" : "} else if") + " let value = try? container.decode(\(variant.type.swiftType).self) {")
            lines.append("    self = .\(variant.caseName.escapedSwift)(value)")
        }
        lines += ["} else {", "    self = .unknown(try container.decode(JSONValue.self))", "}"]
        return lines
    }

    /// How an outcome's body is read from the `response` of its reader.
    private func reading(_ body: ResponseBody) -> String {
        switch body {
        case .json(let type): "try response.decode(\(type.swiftType).self)"
        case .data: "response.body"
        case .text: "try response.text()"
        }
    }

    /// The models decoded from error bodies, API-wide or by endpoint.
    private var errorModels: Set<String> {
        var names = Set(api.errorModel.map { [$0] } ?? [])
        for errors in api.endpoints.compactMap(\.errors) {
            names.formUnion(errors.byStatus.map(\.model))
            if let fallback = errors.default { names.insert(fallback) }
        }
        return names
    }

    /// `self.x = try container.decode(T.self, forKey: "x")` in the model's `init(from:)`: an optional property
    /// decodes from an absent or null key as nil, a property with a default takes it when the key is absent, a
    /// `T??` tells absent from null, and a date not in RFC 3339 says its format.
    private func decodeStatement(_ property: Property) -> String {
        let key = "forKey: \(SwiftSyntax.stringLiteral(property.name.wire))"
        let target = "self.\(property.name.escapedSwift) = try container."
        if property.type.isNullable {
            return SwiftLayout.list(target + "decodeNullable", ["\(property.type.nonOptional.nonOptional.swiftType).self", key], indent: 12)
        }
        var arguments = ["\(property.type.nonOptional.swiftType).self", key]
        if let format = dateFormat(of: property.type, declared: property.format) { arguments.append("format: .\(format)") }
        if let value = property.defaultValue {
            return SwiftLayout.list(target + "decodeIfPresent", arguments, " ?? " + literal(value, of: property.type), indent: 12)
        }
        return SwiftLayout.list(target + (property.type.isOptional ? "decodeIfPresent" : "decode"), arguments, indent: 12)
    }

    /// `try container.encode(x, forKey: "x")` in the model's `encode(to:)`: a nil optional is left out, a `T??`
    /// writes `null` for `.some(nil)`.
    private func encodeStatement(_ property: Property) -> String {
        let method =
            property.type.isNullable ? "encodeNullable" : property.type.isOptional ? "encodeIfPresent" : "encode"
        var arguments = ["\(property.name.escapedSwift)", "forKey: \(SwiftSyntax.stringLiteral(property.name.wire))"]
        if let format = dateFormat(of: property.type, declared: property.format) { arguments.append("format: .\(format)") }
        return SwiftLayout.list("try container.\(method)", arguments, indent: 12)
    }

    /// The Swift case of the date format of a `Date` (or `Date?`) value when it is not RFC 3339, which the
    /// coders use by default; nil otherwise.
    private func dateFormat(of type: TypeReference, declared: DateFormat?) -> String? {
        guard type.nonOptional == .primitive(.date) else { return nil }
        switch declared ?? api.dates {
        case .dateTime: return nil
        case .unix: return "unix"
        case .unixMilliseconds: return "unixMilliseconds"
        case .date: return "date"
        }
    }

    /// A spec's `default:` as a Swift expression of `type`.
    private func literal(_ value: LiteralValue, of type: TypeReference) -> String {
        switch value {
        case .string(let text): return SwiftSyntax.stringLiteral(text)
        case .number(let text): return type.nonOptional == .primitive(.decimal) ? "Decimal(string: \"\(text)\")!" : text
        case .bool(let flag): return flag ? "true" : "false"
        case .null: return "nil"
        case .enumCase(let wire):
            let cases: [EnumCase] =
                switch type.modelName.flatMap(api.model(named:))?.kind {
                case .stringEnum(let cases), .integerEnum(let cases): cases
                default: []
                }
            return "." + (cases.first { $0.name.wire == wire }?.name.escapedSwift ?? wire)
        case .array(let items):
            guard case .array(let element) = type.nonOptional else { return "[]" }
            return "[" + items.map { literal($0, of: element) }.joined(separator: ", ") + "]"
        }
    }

    /// `label: Type`, with ` = default` (a spec's `default:`, or nil for an optional) where it has one.
    private func declaration(label: String, type: TypeReference, defaultValue: LiteralValue?) -> String {
        if let defaultValue { return "\(label): \(type.swiftType) = \(literal(defaultValue, of: type))" }
        return "\(label): \(type.swiftType)\(type.isOptional ? " = nil" : "")"
    }

    /// A property that holds a recursive model directly (not in a list) is stored out of line.
    private func isIndirect(_ type: TypeReference) -> Bool {
        guard case .model(let name) = type.nonOptional else { return false }
        return api.model(named: name)?.isRecursive == true
    }
}
