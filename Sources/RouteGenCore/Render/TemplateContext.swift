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
            "endpoints": api.endpoints.map(endpoint),
            "models": api.models.map(model),
        ]
        context.merge(environments()) { $1 }
        context.merge(routeMembers()) { $1 }
        if let envelope = api.envelope { context["envelope"] = self.envelope(envelope) }
        return context
    }

    /// The `Environment` statics.
    private func environments() -> [String: Any] {
        let access = options.accessLevel.keyword
        let entries: [[String: Any]] = api.environments.map { environment in
            let arguments = [
                "name: \(SwiftSyntax.stringLiteral(environment.name.wire))",
                "baseURL: URL(string: \(SwiftSyntax.stringLiteral(environment.baseURL)))!",
            ]
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

    /// The most cases one generated switch holds.
    static let chunkSize = 100

    // MARK: - Endpoints

    private func endpoint(_ endpoint: Endpoint) -> [String: Any] {
        let values = associatedValues(of: endpoint)
        let response = endpoint.response?.swiftType
        let decoded = response.map { type in api.envelope == nil ? type : "Enveloped<\(type)>" }
        let doc = SwiftSyntax.documentation(endpoint.summary, endpoint.description, isDeprecated: endpoint.isDeprecated)
        let access = options.accessLevel.keyword
        let name = endpoint.name.escapedSwift
        let returns = response.map { " -> \($0)" } ?? ""
        let routeArguments = values.map { "\($0.label): \($0.value)" }
        let routeHead = "let request = try APIRoute.\(name)"
        let routeTail = ".request(for: environment, encoder: encoder)"
        let errorBody = api.errorModel.map { ["errorBody: \($0).self"] } ?? []
        let send =
            decoded.map {
                SwiftLayout.list(
                    "return try await client.send", ["request", "decoding: \($0).self", "decoder: decoder"] + errorBody,
                    api.envelope == nil ? "" : ".payload", indent: 12)
            } ?? SwiftLayout.list("try await client.send", ["request", "decoder: decoder"] + errorBody, indent: 12)
        return [
            "caseDeclaration": values.isEmpty
                ? "case \(name)"
                : SwiftLayout.list("case \(name)", values.map { "\($0.label): \($0.type)\($0.isOptional ? " = nil" : "")" }, indent: 8),
            "requirement": SwiftLayout.list(
                "func \(name)", values.map { "\($0.label): \($0.type)" }, " async throws\(returns)", indent: 8),
            "handlerSignature": SwiftLayout.list(
                "\(access)func \(name)", values.map { "\($0.label): \($0.type)\($0.isOptional ? " = nil" : "")" },
                " async throws\(returns) {", indent: 8),
            "routeCall": routeArguments.isEmpty
                ? routeHead + routeTail : SwiftLayout.list(routeHead, routeArguments, routeTail, indent: 12),
            "sendCall": send,
            "caseName": endpoint.name.escapedSwift,
            "doc": doc,
            "isDeprecated": endpoint.isDeprecated,
        ]
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
            lines += endpoint.query.map {
                statementIndent + "routeQuery.append(\(SwiftSyntax.stringLiteral($0.name.wire)), \($0.name.escapedSwift))"
            }
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
        if endpoint.body != nil { arguments.append("body: body") }
        lines.append(statementIndent + SwiftLayout.list("return RouteDescriptor", arguments, indent: 16))
        return lines.joined(separator: "\n")
    }

    private struct AssociatedValue {
        /// The argument label (keywords unescaped).
        var label: String
        /// The name as a value (keywords escaped).
        var value: String
        var swiftName: String
        var type: String
        var isOptional: Bool
    }

    /// Path parameters, then query, then header parameters, then the body: the route case's labels.
    private func associatedValues(of endpoint: Endpoint) -> [AssociatedValue] {
        var values = (endpoint.pathParameters + endpoint.query + endpoint.headers).map {
            AssociatedValue(
                label: $0.name.argumentLabel, value: $0.name.escapedSwift, swiftName: $0.name.swift,
                type: $0.type.swiftType, isOptional: $0.type.isOptional)
        }
        if let body = endpoint.body {
            values.append(
                AssociatedValue(label: "body", value: "body", swiftName: "body", type: body.swiftType, isOptional: body.isOptional))
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
        let names = Dictionary(uniqueKeysWithValues: endpoint.pathParameters.map { ($0.name.wire, $0.name.escapedSwift) })
        var text = api.version.map { "/" + $0 } ?? ""
        for segment in endpoint.path.segments {
            switch segment {
            case .literal(let literal):
                text += String(SwiftSyntax.stringLiteral(literal).dropFirst().dropLast())
            case .parameter(let wire):
                text += "\\(PercentEncoding.encodePathSegment(\(names[wire] ?? wire).httpParameterValue))"
            }
        }
        return "\"" + text + "\""
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

    private func model(_ model: Model) -> [String: Any] {
        let doc = SwiftSyntax.documentation(model.description, isDeprecated: model.isDeprecated)
        let access = options.accessLevel.keyword
        var context: [String: Any] = [
            "name": model.name.swift,
            "doc": doc,
            "hasDoc": !doc.isEmpty,
            "isObject": !model.isEnum,
            "isEnum": model.isEnum,
        ]
        switch model.kind {
        case .object(let properties):
            context["properties"] = properties.map { property in
                let doc = SwiftSyntax.documentation(property.description, isDeprecated: property.isDeprecated)
                return [
                    "name": property.name.escapedSwift,
                    "type": property.type.swiftType,
                    "doc": doc,
                    "isIndirect": isIndirect(property.type),
                    "decodeStatement": decodeStatement(property),
                    "encodeStatement": encodeStatement(property),
                ] as [String: Any]
            }
            context["hasProperties"] = !properties.isEmpty
            context["initializer"] = SwiftLayout.list(
                "\(access)init",
                properties.map { "\($0.name.argumentLabel): \($0.type.swiftType)\($0.type.isOptional ? " = nil" : "")" },
                " {", indent: 8)
        case .stringEnum(let cases):
            context["knownCasesDeclaration"] = SwiftLayout.list(
                "\(access)static let knownCases: [\(model.name.swift)] = ", cases.map { "." + $0.name.escapedSwift }, indent: 8,
                open: "[", close: "]")
            context["cases"] = cases.map { enumCase in
                [
                    "name": enumCase.name.escapedSwift, "value": SwiftSyntax.stringLiteral(enumCase.name.wire),
                ] as [String: Any]
            }
        }
        return context
    }

    /// `self.x = try container.decode(T.self, forKey: "x")` in the model's `init(from:)`: an optional property
    /// decodes from an absent or null key as nil.
    private func decodeStatement(_ property: Property) -> String {
        let method = property.type.isOptional ? "decodeIfPresent" : "decode"
        return SwiftLayout.list(
            "self.\(property.name.escapedSwift) = try container.\(method)",
            ["\(property.type.nonOptional.swiftType).self", "forKey: \(SwiftSyntax.stringLiteral(property.name.wire))"],
            indent: 12)
    }

    /// `try container.encode(x, forKey: "x")` in the model's `encode(to:)`: a nil optional is left out.
    private func encodeStatement(_ property: Property) -> String {
        let method = property.type.isOptional ? "encodeIfPresent" : "encode"
        return SwiftLayout.list(
            "try container.\(method)",
            ["\(property.name.escapedSwift)", "forKey: \(SwiftSyntax.stringLiteral(property.name.wire))"],
            indent: 12)
    }

    /// A property that holds a recursive model directly (not in a list) is stored out of line.
    private func isIndirect(_ type: TypeReference) -> Bool {
        guard case .model(let name) = type.nonOptional else { return false }
        return api.model(named: name)?.isRecursive == true
    }
}
