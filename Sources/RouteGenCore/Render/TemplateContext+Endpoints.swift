/// The template values of endpoints: route cases and their descriptors, handler methods and how they send.
extension TemplateContext {
    /// An endpoint's values inside the namespace: its route case, its `RequestHandling` requirement and its
    /// `MockEndpoint`, each also as a block of lines with its doc comment and deprecation (`caseBlock`,
    /// `requirementBlock`, `mockDeclarationBlock`).
    /// The built-in templates use the blocks rather than a tag per line: each tag is a lookup through the
    /// template's context, and those lookups were most of the time of generating a large API.
    func endpoint(_ endpoint: Endpoint) -> TemplateValues {
        let values = associatedValues(of: endpoint)
        let doc = documentation(of: endpoint)
        let name = endpoint.name.escapedSwift
        let returnType = self.returnType(of: endpoint)
        let returns = returnType.map { " -> \($0)" } ?? ""
        let declarations = values.map(\.declaration)
        let caseDeclaration =
            values.isEmpty ? .text("case \(name)") : Layout { SwiftLayout.list("case \(name)", declarations, indent: $0) }
        let takesArguments = takesArgumentsValue(endpoint)
        let parameters =
            takesArguments ? ["_ arguments: Arguments.\(argumentsTypeName(endpoint))"] : values.map { "\($0.label): \($0.type)" }
        let requirement = Layout { SwiftLayout.list("func \(name)", parameters, " async throws\(returns)", indent: $0) }
        let mockDeclaration = mockDeclaration(endpoint, output: returnType)
        let deprecation = SwiftSyntax.attributes(isDeprecated: endpoint.isDeprecated).map(Layout.text)
        let requirementDoc = SwiftSyntax.commentLines(takesArguments ? summary(of: endpoint) : doc).map(Layout.text)
        return [
            .caseDeclaration: place(caseDeclaration),
            .requirement: place(requirement),
            .caseName: name,
            .doc: CommentLine.lines(doc),
            .isDeprecated: endpoint.isDeprecated,
            .mockDeclaration: place(mockDeclaration),
            .caseBlock: place(.lines(SwiftSyntax.commentLines(doc).map(Layout.text) + [caseDeclaration])),
            .requirementBlock: place(.lines(requirementDoc + deprecation + [requirement])),
            .mockDeclarationBlock: place(.lines(deprecation + [mockDeclaration])),
            .takesArguments: takesArguments,
        ]
    }

    /// An endpoint's doc comment without the notes on its parameters, for the methods that take them as one
    /// `Arguments` value: its summary and description, its deprecation.
    func summary(of endpoint: Endpoint) -> [String] {
        SwiftSyntax.documentation(
            endpoint.summary, endpoint.description, transportNote(of: endpoint), isDeprecated: endpoint.isDeprecated)
    }

    /// What a caller must know about the transport: that a GET or HEAD with a body (`allow_body: true`) cannot go
    /// through `URLSessionClient`.
    func transportNote(of endpoint: Endpoint) -> String? {
        guard endpoint.body != nil, !endpoint.method.allowsBody else { return nil }
        return """
            - Note: Sends a body with \(endpoint.method.rawValue), which `URLSessionClient` cannot send: through it, the call
            throws `RouteGenError.invalidRequest` before sending anything. Send it with `AsyncHTTPClientTransport`.
            """
    }

    /// An endpoint's doc comment: its summary and description, what the server assumes for each parameter it is
    /// not sent, its deprecation.
    func documentation(of endpoint: Endpoint) -> [String] {
        let notes = (endpoint.pathParameters + endpoint.query + endpoint.headers).compactMap { parameter in
            parameter.serverDefault.map {
                "- Parameter \(parameter.name.argumentLabel): When nil, it is not sent and the server uses `\(documentedLiteral($0, of: parameter.type))`."
            }
        }
        return SwiftSyntax.documentation(
            endpoint.summary, endpoint.description, notes.isEmpty ? nil : notes.joined(separator: "\n"),
            transportNote(of: endpoint), isDeprecated: endpoint.isDeprecated)
    }

    /// The endpoint's method in the extensions of `Name.RouteSending`, outside the namespace, so with the API's
    /// types qualified: `handlerSignature`, then `routeCall` binding `route`, then `sendCall` sending it with the
    /// exchange that reads its response; and all of it as `handlerMethod`, a block of lines with its doc comment
    /// and deprecation. An endpoint whose requirement takes an `Arguments` value also has
    /// `convenienceMethod` (the method with the defaults), and one with pagination `pagesMethod`; both are for the
    /// extension of `Name.RequestHandling`, and `requestHandlingBlock` is both together. These are the
    /// handler's share of the split: any part can hold them.
    func handlerMethod(_ endpoint: Endpoint) -> TemplateValues {
        var outside = self
        outside.typeQualifier = api.name.swift + "."
        let values = outside.associatedValues(of: endpoint)
        let takesArguments = takesArgumentsValue(endpoint)
        let access = options.accessLevel.keyword
        let name = endpoint.name.escapedSwift
        let returns = outside.returnType(of: endpoint).map { " -> \($0)" } ?? ""
        let routeHead = "let route = \(slice.namespace).APIRoute.\(name)"
        let parameters =
            takesArguments ? ["_ arguments: \(slice.namespace).Arguments.\(argumentsTypeName(endpoint))"] : values.map(\.declaration)
        let signature = Layout { SwiftLayout.list("\(access)func \(name)", parameters, " async throws\(returns) {", indent: $0) }
        let arguments = values.map { "\($0.callLabel): \(takesArguments ? "arguments." + $0.value : $0.value)" }
        let routeCall = values.isEmpty ? .text(routeHead) : Layout { SwiftLayout.list(routeHead, arguments, indent: $0) }
        // A parameter named like `RouteSending`'s method would hide it (an `Arguments` value names none).
        let send = !takesArguments && values.contains { GeneratedVocabulary.routeSendingMembers.contains($0.swiftName) } ? "self.send" : "send"
        let reading = outside.reading(endpoint)
        let sendCall = Layout { column in
            // The exchange is an argument, one level deeper when the arguments wrap.
            SwiftLayout.list(
                (returns.isEmpty ? "try await " : "return try await ") + send, ["route", reading.text(at: column + 4)], indent: column)
        }
        let doc = takesArguments ? summary(of: endpoint) : documentation(of: endpoint)
        let attributes =
            (SwiftSyntax.commentLines(doc) + SwiftSyntax.attributes(isDeprecated: endpoint.isDeprecated)).map(Layout.text)
        let body = Layout.lines([routeCall, sendCall])
        let method = Layout.lines(
            attributes + [
                Layout { column in
                    signature.text(at: column) + Layout.lineBreak(at: column + 4) + body.text(at: column + 4)
                        + Layout.lineBreak(at: column) + "}"
                }
            ])
        let convenience = takesArguments ? outside.convenienceMethod(endpoint, values: values, returns: returns) : nil
        let pages = endpoint.pagination.map { outside.pagesMethod(endpoint, $0, values: values) }
        var entry: TemplateValues = [
            .handlerSignature: place(signature),
            .routeCall: place(routeCall),
            .sendCall: place(sendCall),
            .handlerMethod: place(method),
        ]
        entry[.convenienceMethod] = convenience.map(place)
        entry[.pagesMethod] = pages.map(place)
        let requestHandlingMethods = [convenience, pages].compactMap { $0 }
        if !requestHandlingMethods.isEmpty {
            entry[.requestHandlingBlock] = place(.blocks(requestHandlingMethods))
        }
        return entry
    }

    /// `<endpoint>Pages(…)`, for an endpoint with `pagination:`: the endpoint's arguments but the one the pages
    /// set, and the pages it returns, each requested with the value the page before gave, as a loop reaches it.
    func pagesMethod(_ endpoint: Endpoint, _ pagination: Pagination, values: [AssociatedValue]) -> Layout {
        guard case .body(let body) = endpoint.result else { preconditionFailure("the checker lets only a body page") }
        let name = endpoint.name.swift + "Pages"
        let label = pagination.parameter.argumentLabel
        let cursorType = pagination.isNumbered ? "Int" : "String"
        let arguments = Self.pagesArguments(values.filter { $0.label != label })
        let head = "\(options.accessLevel.keyword)func \(name)"
        let declarations = arguments.map(\.declaration)
        let tail = " -> CursorPages<\(body.swiftType(qualifier: typeQualifier)), \(typeQualifier + pagination.itemModel), \(cursorType)> {"
        let callHead = "try await self.\(endpoint.name.escapedSwift)"
        let callArguments = values.map { value in "\(value.callLabel): \(arguments.first { $0.label == value.label }?.value ?? "cursor")" }
        let callTail = endpoint.responseHeaders == nil ? "" : ".body"
        let (next, until) = nextCursor(pagination)
        let doc = SwiftSyntax.documentation(
            "Every page of `\(endpoint.name.swift)`, requested as a loop reaches it; `.items` reads every item in order.\n"
                + "Each next request sets `\(pagination.parameter.wire)` \(until).",
            isDeprecated: endpoint.isDeprecated)
        let attributes = SwiftSyntax.commentLines(doc) + SwiftSyntax.attributes(isDeprecated: endpoint.isDeprecated)
        let pagesArguments = ["items: \\.\(pagination.items.escapedSwift)", "next: \(next)"]
        return Layout { column in
            let lines = attributes + [
                SwiftLayout.list(head, declarations, tail, indent: column),
                "    " + SwiftLayout.list("CursorPages", pagesArguments, " { cursor in", indent: column + 4),
                "        " + SwiftLayout.list(callHead, callArguments, callTail, indent: column + 8),
                "    }",
                "}",
            ]
            return Layout.joined(lines, at: column)
        }
    }

    /// The names `<endpoint>Pages(…)` gives its closures' parameters: `cursor` (see ``pagesMethod(_:_:values:)``),
    /// `page` and `current` (see ``nextCursor(_:)``).
    private static let pagesLocals: Set<String> = ["cursor", "page", "current"]

    /// The arguments of `<endpoint>Pages(…)`: `values`, but one named like a closure parameter of the method is
    /// known within it by a name of its own (`cursor cursor_: Int?`), so the closures neither capture nor hide it.
    private static func pagesArguments(_ values: [AssociatedValue]) -> [AssociatedValue] {
        var taken = pagesLocals.union(values.map(\.value))
        return values.map { value in
            guard pagesLocals.contains(value.value) else { return value }
            var renamed = value
            while taken.contains(renamed.value) { renamed.value += "_" }
            taken.insert(renamed.value)
            renamed.declaration = value.label + " " + renamed.value + value.declaration.dropFirst(value.label.count)
            return renamed
        }
    }

    /// The closure that gives the next request's value from a page and the value it was requested with, and the
    /// doc comment's words for it.
    private func nextCursor(_ pagination: Pagination) -> (closure: String, words: String) {
        let items = "page.\(pagination.items.escapedSwift)"
        let (value, source, end): (String, String, String) =
            switch pagination.next {
            case .lastItem(let property):
                ("\(items).last?.\(property.escapedSwift)", "to the last item's `\(property.wire)`", "until a page is empty")
            case .token(let property): ("page.\(property.escapedSwift)", "to the page's `\(property.wire)`", "until it is null")
            case .pageNumber: ("(current ?? 1) + 1", "to the next page number", "until a page is empty")
            case .offset: ("(current ?? 0) + \(items).count", "to the number of items received", "until a page is empty")
            }
        // A number always has a next one: `has_more` ends those lists, or else an empty page. With `has_more`, an empty
        // page does not end the list (the runtime's `CursorPages` bounds how many come in a row).
        let condition = pagination.hasMore.map { "page.\($0.escapedSwift)" } ?? (pagination.isNumbered ? "!\(items).isEmpty" : nil)
        let result = condition.map { "\($0) ? \(value) : nil" } ?? value
        let closure = "{ page, \(pagination.isNumbered ? "current" : "_") in \(result) }"
        return (closure, source + ", " + (pagination.hasMore.map { "until `\($0.wire)` is false" } ?? end))
    }

    /// What the handler method returns: the body, the outcomes enum or the event stream, wrapped with the typed
    /// headers when the endpoint declares them; nil for nothing.
    func returnType(of endpoint: Endpoint) -> String? {
        let result: String? =
            switch endpoint.result {
            case .none: nil
            case .body(let body): body.swiftType(qualifier: typeQualifier)
            case .outcomes(let name): typeQualifier + name
            case .events(let type): "EventStream<\(type.swiftType(qualifier: typeQualifier))>"
            }
        guard let headers = endpoint.responseHeaders else { return result }
        return "TypedResponse<\(result ?? "Void"), \(typeQualifier + headers)>"
    }

    /// `reading: ` and the `EndpointExchange` that sends the endpoint's request and reads its response: its JSON
    /// body (or none, or its events) with the endpoint's or the API's error models; a `ResponseReader` for
    /// everything else. Laid out for its own line in the send call.
    func reading(_ endpoint: Endpoint) -> Layout {
        let errors = errorBodies(endpoint).map { [$0] } ?? []
        // The API's error model alone is `errorBody:` for a JSON body or none, as plain as the simple case reads.
        let errorBody = endpoint.errors == nil ? api.errorModel.map { [Layout.text("errorBody: \(typeQualifier + $0).self")] } : nil
        let isEnveloped = api.envelope != nil
        func exchange(_ head: String, _ arguments: [Layout]) -> Layout {
            Layout { column in SwiftLayout.list("reading: " + head, arguments.map { $0.text(at: column + 4) }, indent: column) }
        }
        if endpoint.responseHeaders == nil {
            switch endpoint.result {
            case .none: return exchange(".discardingBody", errorBody ?? errors)
            case .body(.json(let type)) where !isEnveloped:
                return exchange(".json", [.text("\(type.swiftType(qualifier: typeQualifier)).self")] + (errorBody ?? errors))
            case .events(let type): return exchange(".events", [.text("\(type.swiftType(qualifier: typeQualifier)).self")] + errors)
            default: break
            }
        }
        let reader: Layout =
            switch endpoint.result {
            case .none, .events: .text(".none")
            case .body(.json(let type)) where isEnveloped:
                Layout { [typeQualifier] column in
                    // The payload's type on a line of its own when the whole reader does not fit (reserving its comma).
                    let enveloped = "\(typeQualifier)Enveloped<\(type.swiftType(qualifier: typeQualifier))>.self"
                    return SwiftLayout.list("ResponseReader.json", [enveloped], ".map { $0.payload }", indent: column, reserve: 1)
                }
            case .body(.json(let type)): .text(".json(\(type.swiftType(qualifier: typeQualifier)).self)")
            case .body(.data): .text(".data")
            case .body(.text): .text(".text")
            case .outcomes(let name): .text("\(typeQualifier + name).reader")
            }
        let headers = endpoint.responseHeaders.map { [Layout.text("headers: \(typeQualifier + $0).init")] } ?? []
        return exchange(".reading", [reader] + headers + errors)
    }

    /// `errors: ErrorBodies(…)` for the endpoint's own `errors:`, or the API's, laid out for its line in the
    /// exchange; nil when there are none.
    func errorBodies(_ endpoint: Endpoint) -> Layout? {
        guard let errors = endpoint.errors ?? api.errorModel.map({ ErrorModels(default: $0) }) else { return nil }
        let statuses = errors.byStatus.map { "\($0.status): \(typeQualifier + $0.model).self" }
        let fallback = errors.default.map { "default: \(typeQualifier + $0).self" }
        return Layout { column in
            // The statuses' dictionary is an argument, one level deeper when the arguments wrap.
            let byStatus = statuses.isEmpty ? [] : [SwiftLayout.list("", statuses, indent: column + 4, open: "[", close: "]", reserve: 1)]
            return SwiftLayout.list("errors: ErrorBodies", byStatus + (fallback.map { [$0] } ?? []), indent: column)
        }
    }

    /// One case of the descriptor switch: the pattern binding what the request uses, the query and header
    /// statements, and the `RouteDescriptor`.
    func descriptorCase(_ endpoint: Endpoint) -> Layout {
        let values = associatedValues(of: endpoint)
        let used = Set((endpoint.pathParameters + endpoint.query + endpoint.headers).map(\.name.swift))
            .union(endpoint.body == nil ? [] : ["body"])
        var statements: [Layout] = []
        let path = pathExpression(endpoint)
        // The items the path itself writes (`/responses?beta=true`) come first.
        let constant = endpoint.path.constantQuery.map {
            "QueryItem(name: \(SwiftSyntax.stringLiteral($0.name)), value: \(SwiftSyntax.stringLiteral($0.value)))"
        }
        if !endpoint.query.isEmpty {
            statements.append(.text("var routeQuery: [QueryItem] = [\(constant.joined(separator: ", "))]"))
            statements += endpoint.query.map(queryStatement)
        }
        if !endpoint.headers.isEmpty {
            statements.append(.text(api.headers.isEmpty ? "var routeHeaders: HeaderFields = [:]" : "var routeHeaders = Self.staticHeaders"))
            statements += endpoint.headers.map(headerStatement)
        }
        var laterArguments: [String] = []
        if !endpoint.headers.isEmpty {
            laterArguments.append("headers: routeHeaders")
        } else if !api.headers.isEmpty {
            laterArguments.append("headers: Self.staticHeaders")
        }
        laterArguments += [
            "authentication: \(authentication(endpoint.auth))",
            "name: \(SwiftSyntax.stringLiteral("\(api.name.swift).\(endpoint.name.swift)"))",
        ]
        let content = endpoint.body.map { self.content($0, contentType: endpoint.contentType) }
        let host = endpoint.host.map { "host: \(SwiftSyntax.stringLiteral($0))" }
        let hasQuery = !endpoint.query.isEmpty
        let pattern = pattern(endpoint, values, binding: used)
        return Layout { [statements, laterArguments] column in
            // The statements are one level in from the case, the descriptor's arguments one more when they wrap.
            let arguments = column + 8
            // A path too long for its line goes on the next one, as swift-format puts it.
            let pathArgument =
                arguments + "path: ".count + path.count + 1 > SwiftLayout.lineLength
                ? "path:\n" + String(repeating: " ", count: arguments + 4) + path : "path: " + path
            var descriptorArguments = ["method: .\(endpoint.method.rawValue.lowercased())", pathArgument]
            if hasQuery {
                descriptorArguments.append("queryItems: routeQuery")
            } else if !constant.isEmpty {
                descriptorArguments.append(SwiftLayout.list("queryItems: ", constant, indent: arguments, open: "[", close: "]"))
            }
            descriptorArguments += laterArguments
            if let content { descriptorArguments.append(content.text(at: arguments)) }
            if let host { descriptorArguments.append(host) }
            let body = statements.map { $0.text(at: column + 4) } + [SwiftLayout.list("return RouteDescriptor", descriptorArguments, indent: column + 4)]
            return pattern.text(at: column) + Layout.lineBreak(at: column + 4) + Layout.joined(body, at: column + 4)
        }
    }

    /// The descriptor's body argument: `body: body` for JSON (`content: .json(…)` with its media type when it is not
    /// `application/json`), `content: …` for the other kinds.
    func content(_ body: RequestBody, contentType: String?) -> Layout {
        switch body {
        case .json:
            guard let contentType else { return .text("body: body") }
            let arguments = ["body", "contentType: " + SwiftSyntax.stringLiteral(contentType)]
            return Layout { SwiftLayout.list("content: .json", arguments, indent: $0, reserve: 1) }
        case .raw(let type): return .text(type == .primitive(.file) ? "content: .file(body)" : "content: .data(body)")
        case .form(let type), .multipart(let type):
            let kind = if case .form = body { "form" } else { "multipart" }
            // A field's list style; objects are bracketed whatever the style, so `deepObject` needs no entry.
            let fields = type.modelName.flatMap(model(named:))?.properties ?? []
            let styles = fields.compactMap { property -> String? in
                guard let style = property.style, style != .deepObject else { return nil }
                return "\(SwiftSyntax.stringLiteral(property.name.wire)): .\(SwiftKeywords.escaped(style.rawValue))"
            }
            guard !styles.isEmpty else { return .text("content: .\(kind)(body)") }
            return Layout { column in
                // The styles are an argument, one level deeper when the arguments wrap; a collection literal must
                // not reach the last column.
                let stylesList = SwiftLayout.list("styles: ", styles, indent: column + 4, open: "[", close: "]")
                return SwiftLayout.list("content: .\(kind)", ["body", stylesList], indent: column, reserve: 1)
            }
        }
    }

    struct AssociatedValue {
        /// The argument label (keywords unescaped).
        var label: String
        /// The label in a call (only `inout` escaped).
        var callLabel: String
        /// The name as a value (keywords escaped).
        var value: String
        var swiftName: String
        var type: String
        var isOptional: Bool
        /// `label: Type`, with its default where it has one.
        var declaration: String
    }

    /// Path parameters, then query, then header parameters, then the body: the route case's labels.
    func associatedValues(of endpoint: Endpoint) -> [AssociatedValue] {
        var values = (endpoint.pathParameters + endpoint.query + endpoint.headers).map {
            AssociatedValue(
                label: $0.name.argumentLabel, callLabel: $0.name.callLabel, value: $0.name.escapedSwift,
                swiftName: $0.name.swift,
                type: $0.type.swiftType(qualifier: typeQualifier), isOptional: $0.type.isOptional,
                declaration: declaration(label: $0.name.argumentLabel, type: $0.type, defaultValue: $0.defaultValue))
        }
        if let body = endpoint.body?.type {
            var declaration = declaration(label: "body", type: body, defaultValue: nil)
            if hasNothingToFill(body) { declaration += " = .init()" }
            values.append(
                AssociatedValue(
                    label: "body", callLabel: "body", value: "body", swiftName: "body", type: body.swiftType(qualifier: typeQualifier),
                    isOptional: body.isOptional, declaration: declaration))
        }
        return values
    }

    /// Whether `body` is an endpoint's own field list none of whose fields must be set (Stripe's form bodies):
    /// the argument may then be left out, and the empty body is sent.
    func hasNothingToFill(_ body: TypeReference) -> Bool {
        guard case .model(let name) = body, let model = model(named: name), model.inlineBodyOf != nil,
            case .object(let properties) = model.kind
        else { return false }
        return properties.allSatisfy(\.mayBeLeftOut)
    }

    /// `case .caseName:`, or `case .caseName(let a, _, let c):` binding only the values a switch uses.
    func pattern(_ endpoint: Endpoint, _ values: [AssociatedValue], binding used: Set<String>) -> Layout {
        let name = "." + endpoint.name.escapedSwift
        guard values.contains(where: { used.contains($0.swiftName) }) else { return .text("case \(name):") }
        let bindings = values.map { used.contains($0.swiftName) ? "let \($0.value)" : "_" }
        return Layout { SwiftLayout.hugging("case " + name, bindings, ":", indent: $0) }
    }

    /// A string literal of the path, with each parameter percent-encoded into its segment (a list's values joined by
    /// commas, OpenAPI's `simple` style).
    func pathExpression(_ endpoint: Endpoint) -> String {
        let parameters = Dictionary(uniqueKeysWithValues: endpoint.pathParameters.map { ($0.name.wire, $0) })
        var text = api.version.map { "/" + $0 } ?? ""
        for segment in endpoint.path.segments {
            switch segment {
            case .literal(let literal):
                text += String(SwiftSyntax.stringLiteral(literal).dropFirst().dropLast())
            case .parameter(let wire):
                let value = parameters[wire]?.name.escapedSwift ?? wire
                if case .array? = parameters[wire]?.type {
                    text += "\\(PercentEncoding.encodePathList(\(value).map(\\.httpParameterValue)))"
                } else {
                    let encode = parameters[wire]?.allowsSlashes == true ? "encodePathSegments" : "encodePathSegment"
                    text += "\\(PercentEncoding.\(encode)(\(value).httpParameterValue))"
                }
            }
        }
        return "\"" + text + "\""
    }

    /// `routeQuery.append("name", value)`, with the list style, date format or `deepObject` the value needs.
    func queryStatement(_ parameter: Parameter) -> Layout {
        let arguments = queryArguments(parameter)
        return Layout { SwiftLayout.list("routeQuery.append", arguments, indent: $0) }
    }

    /// The arguments of `routeQuery.append(…)` for `parameter`: its wire name, its value, how it is written.
    private func queryArguments(_ parameter: Parameter) -> [String] {
        let name = SwiftSyntax.stringLiteral(parameter.name.wire)
        let value = parameter.name.escapedSwift
        let style = parameter.style ?? api.queryArrays
        let isDeepObject =
            switch parameter.type.nonOptional {
            case .model(let model): self.model(named: model)?.isEnum != true
            case .dictionary: true
            case .array(.model): style == .deepObject  // a list of models: `lines[0][amount]=5`
            default: false
            }
        if isDeepObject { return [name, "deepObject: \(value)"] + deepObjectArrayStyle }
        if case .array = parameter.type.nonOptional, style != .repeat, style != .deepObject {
            return [name, value, "style: .\(style.rawValue)"]
        }
        return [name, value] + (dateFormat(of: parameter.type, declared: parameter.format).map { ["format: .\($0)"] } ?? [])
    }

    /// `arrayStyle: .brackets` for the lists inside a `deepObject` when the API's `query_arrays` is not `repeat`,
    /// else nothing.
    var deepObjectArrayStyle: [String] {
        api.queryArrays == .repeat ? [] : ["arrayStyle: .\(api.queryArrays.rawValue)"]
    }

    /// `routeHeaders[name] = value`, inside `if let value { … }` for an optional parameter: on one line when it fits.
    func headerStatement(_ parameter: Parameter) -> Layout {
        let name = SwiftSyntax.stringLiteral(parameter.name.wire)
        let value = parameter.name.escapedSwift
        let target = "routeHeaders[\(name)]"
        guard parameter.type.isOptional else { return Layout { SwiftLayout.assignment(target, "\(value).httpParameterValue", indent: $0) } }
        return Layout { column in
            let line = "if let \(value) { \(target) = \(value).httpParameterValue }"
            guard column + line.count > SwiftLayout.lineLength else { return line }
            let statement = SwiftLayout.assignment(target, "\(value).httpParameterValue", indent: column + 4)
            return Layout.joined(["if let \(value) {", "    " + statement, "}"], at: column)
        }
    }

    func authentication(_ scheme: AuthScheme) -> String {
        switch scheme {
        case .none: ".none"
        case .bearer: ".bearer"
        case .basic: ".basic"
        case .header(let name): ".header(\(SwiftSyntax.stringLiteral(name)))"
        case .query(let name): ".query(\(SwiftSyntax.stringLiteral(name)))"
        case .anyOf(let schemes): ".anyOf([" + schemes.map(authentication).joined(separator: ", ") + "])"
        case .allOf(let schemes): ".allOf([" + schemes.map(authentication).joined(separator: ", ") + "])"
        }
    }
}
