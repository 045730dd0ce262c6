/// The template values of endpoints: route cases and their descriptors, handler methods and how they send.
extension TemplateContext {
    /// An endpoint's values inside the namespace: its route case (`caseName`, `doc`, `associatedValues`), its
    /// `RequestHandling` requirement (`requirementDoc`, `isDeprecated`, `parameters`, `returnType`) and its
    /// `MockEndpoint` (`routeName` and `mock`).
    func endpoint(_ endpoint: Endpoint) -> TemplateValues {
        let values = associatedValues(of: endpoint)
        let takesArguments = takesArgumentsValue(endpoint)
        let parameters: [TemplateValues] =
            takesArguments
            ? [[.label: "_ arguments", .type: "Arguments.\(argumentsTypeName(endpoint))"]]
            : values.map { [.label: $0.label, .type: $0.type] }
        var entry: TemplateValues = [
            .caseName: endpoint.name.escapedSwift,
            .doc: CommentLine.lines(documentation(of: endpoint)),
            .associatedValues: values.map { parameter($0) },
            .requirementDoc: CommentLine.lines(takesArguments ? summary(of: endpoint) : documentation(of: endpoint)),
            .isDeprecated: endpoint.isDeprecated,
            .parameters: parameters,
            .routeName: SwiftSpelling.stringLiteral("\(api.name.swift).\(endpoint.name.swift)"),
            .mock: mock(endpoint),
            .takesArguments: takesArguments,
        ]
        entry[.returnType] = returnType(of: endpoint, spellingGenerics: printer.genericType)
        return entry
    }

    /// An endpoint's doc comment without the notes on its parameters, for the methods that take them as one
    /// `Arguments` value: its summary and description, its deprecation.
    func summary(of endpoint: Endpoint) -> [String] {
        SwiftSpelling.documentation(
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
        return SwiftSpelling.documentation(
            endpoint.summary, endpoint.description, notes.isEmpty ? nil : notes.joined(separator: "\n"),
            transportNote(of: endpoint), isDeprecated: endpoint.isDeprecated)
    }

    /// The endpoint's method in the extensions of `Name.RouteSending`, outside the namespace, so with the API's
    /// types qualified: what `RequestHandling.swift.mustache` writes it from (its `doc`, `isDeprecated`, `caseName`,
    /// `parameters`, `returnType`, `routeArguments`, `sendMethod` and the `reading` exchange's values). An endpoint
    /// whose requirement takes an `Arguments` value also has `convenience` (the method with the defaults), and one
    /// with pagination `pages`; both are for the extension of `Name.RequestHandling`. These are the handler's share
    /// of the split: any part can hold them.
    func handlerMethod(_ endpoint: Endpoint) -> TemplateValues {
        var outside = self
        outside.typeQualifier = api.name.swift + "."
        let values = outside.associatedValues(of: endpoint)
        let takesArguments = takesArgumentsValue(endpoint)
        let parameters: [TemplateValues] =
            takesArguments
            ? [[.label: "_ arguments", .type: "\(slice.namespace).Arguments.\(argumentsTypeName(endpoint))"]]
            : values.map { parameter($0) }
        // A parameter named like `RouteSending`'s method would hide it (an `Arguments` value names none).
        let hidesSend = !takesArguments && values.contains { GeneratedVocabulary.routeSendingMembers.contains($0.swiftName) }
        var method: TemplateValues = [
            .caseName: endpoint.name.escapedSwift,
            .doc: CommentLine.lines(takesArguments ? summary(of: endpoint) : documentation(of: endpoint)),
            .isDeprecated: endpoint.isDeprecated,
            .parameters: parameters,
            .routeArguments: values.map { [.label: $0.callLabel, .value: takesArguments ? "arguments." + $0.value : $0.value] as TemplateValues },
            .sendMethod: hidesSend ? "self.send" : "send",
        ]
        method[.returnType] = outside.returnType(of: endpoint, spellingGenerics: printer.genericType)
        method.merge(outside.exchange(endpoint)) { $1 }
        if takesArguments { method[.convenience] = outside.convenienceMethod(endpoint, values: values) }
        method[.pages] = endpoint.pagination.map { outside.pagesMethod(endpoint, $0, values: values) }
        return method
    }

    /// `<endpoint>Pages(…)`, for an endpoint with `pagination:`: the endpoint's arguments but the one the pages
    /// set, and the pages it returns, each requested with the value the page before gave, as a loop reaches it. Its
    /// `name`, `doc`, `parameters`; its result's `bodyType`, `itemType` and `cursorType`; the `CursorPages`'s
    /// `itemsKey` and the closure giving the next request's value (`usesCurrent`, `nextCondition`, `nextValue`);
    /// the endpoint's method's `callArguments`, and `readsBody` when it returns the body with headers.
    func pagesMethod(_ endpoint: Endpoint, _ pagination: Pagination, values: [AssociatedValue]) -> TemplateValues {
        guard case .body(let body) = endpoint.result else { preconditionFailure("the checker lets only a body page") }
        let label = pagination.parameter.argumentLabel
        let arguments = Self.pagesArguments(values.filter { $0.label != label })
        let next = nextCursor(pagination)
        let doc = SwiftSpelling.documentation(
            "Every page of `\(endpoint.name.swift)`, requested as a loop reaches it; `.items` reads every item in order.\n"
                + "Each next request sets `\(pagination.parameter.wire)` \(next.words).",
            isDeprecated: endpoint.isDeprecated)
        let callArguments = values.map { value in
            [.label: value.callLabel, .value: arguments.first { $0.label == value.label }?.value ?? "cursor"] as TemplateValues
        }
        var pages: TemplateValues = [
            .name: endpoint.name.swift + "Pages",
            .doc: CommentLine.lines(doc),
            .parameters: zip(arguments, values.filter { $0.label != label }).map { argument, value in
                // A parameter renamed inside the method keeps its label: `cursor cursor_: Int?`.
                parameter(argument, label: argument.value == value.value ? argument.label : argument.label + " " + argument.value)
            },
            .bodyType: body.swiftType(qualifier: typeQualifier),
            .itemType: typeQualifier + pagination.itemModel,
            .cursorType: pagination.isNumbered ? "Int" : "String",
            .itemsKey: pagination.items.escapedSwift,
            .usesCurrent: pagination.isNumbered,
            .nextValue: next.value,
            .callArguments: callArguments,
            .readsBody: endpoint.responseHeaders != nil,
        ]
        pages[.nextCondition] = next.condition
        return pages
    }

    /// A parameter's values (`label`, `type`, its default) in a method's `parameters`.
    func parameter(_ value: AssociatedValue, label: String? = nil) -> TemplateValues {
        var parameter: TemplateValues = [.label: label ?? value.label, .type: value.type]
        parameter[.defaultValue] = value.defaultValue
        parameter[.defaultElements] = value.defaultElements
        return parameter
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
            return renamed
        }
    }

    /// What the closure that gives the next request's value from a page (and, for a number, the value it was
    /// requested with: `current`) returns: `value`, or nil unless `condition` holds; and the doc comment's words
    /// for it.
    private func nextCursor(_ pagination: Pagination) -> (condition: String?, value: String, words: String) {
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
        return (condition, value, source + ", " + (pagination.hasMore.map { "until `\($0.wire)` is false" } ?? end))
    }

    /// What the handler method returns: the body, the outcomes enum or the event stream, wrapped with the typed
    /// headers when the endpoint declares them; nil for nothing. `spellingGenerics` writes a generic type from its
    /// name and arguments (the ``Printer`` marks them where a signature can break them).
    func returnType(
        of endpoint: Endpoint, spellingGenerics generic: (String, [String]) -> String = { "\($0)<\($1.joined(separator: ", "))>" }
    ) -> String? {
        let result: String? =
            switch endpoint.result {
            case .none: nil
            case .body(let body): body.swiftType(qualifier: typeQualifier)
            case .outcomes(let name): typeQualifier + name
            case .events(let type): generic("EventStream", [type.swiftType(qualifier: typeQualifier)])
            }
        guard let headers = endpoint.responseHeaders else { return result }
        return generic("TypedResponse", [result ?? "Void", typeQualifier + headers])
    }

    /// The `EndpointExchange` that sends the endpoint's request and reads its response, as the method's `reading:`
    /// argument: `readingKind` (`json`, `events` or `discardingBody` for its JSON body, events or none, with the
    /// endpoint's or the API's error models; `reading` for everything else, with a `ResponseReader`), and its
    /// arguments: `readingType` (the body's or event's type), `reader` or `envelopedReader`, `headersType`,
    /// `errorBodyType` (the API's error model alone, for a JSON body or none), `errorBodies`.
    func exchange(_ endpoint: Endpoint) -> TemplateValues {
        var exchange: TemplateValues = [:]
        let errors = errorBodies(endpoint)
        // The API's error model alone is `errorBody:` for a JSON body or none, as plain as the simple case reads.
        let errorBody = endpoint.errors == nil ? api.errorModel.map { typeQualifier + $0 } : nil
        let isEnveloped = api.envelope != nil
        if endpoint.responseHeaders == nil {
            switch endpoint.result {
            case .none:
                exchange[.readingKind] = "discardingBody"
            case .body(.json(let type)) where !isEnveloped:
                exchange[.readingKind] = "json"
                exchange[.readingType] = type.swiftType(qualifier: typeQualifier)
            case .events(let type):
                exchange[.readingKind] = "events"
                exchange[.readingType] = type.swiftType(qualifier: typeQualifier)
                exchange[.errorBodies] = errors
                return exchange
            default: break
            }
            if exchange[.readingKind] != nil {
                exchange[.errorBodyType] = errorBody
                if errorBody == nil { exchange[.errorBodies] = errors }
                return exchange
            }
        }
        exchange[.readingKind] = "reading"
        switch endpoint.result {
        case .none, .events: exchange[.reader] = ".none"
        case .body(.json(let type)) where isEnveloped:
            exchange[.envelopedReader] = "\(typeQualifier)Enveloped<\(type.swiftType(qualifier: typeQualifier))>"
        case .body(.json(let type)): exchange[.reader] = ".json(\(type.swiftType(qualifier: typeQualifier)).self)"
        case .body(.data): exchange[.reader] = ".data"
        case .body(.text): exchange[.reader] = ".text"
        case .outcomes(let name): exchange[.reader] = "\(typeQualifier + name).reader"
        }
        exchange[.headersType] = endpoint.responseHeaders.map { typeQualifier + $0 }
        exchange[.errorBodies] = errors
        return exchange
    }

    /// The models of `errors: ErrorBodies(…)`, the endpoint's own `errors:` or the API's: `statuses` (each `status`
    /// and `model`) and `defaultModel`; nil when there are none.
    func errorBodies(_ endpoint: Endpoint) -> TemplateValues? {
        guard let errors = endpoint.errors ?? api.errorModel.map({ ErrorModels(default: $0) }) else { return nil }
        var values: TemplateValues = [
            .statuses: errors.byStatus.map { [.status: "\($0.status)", .model: typeQualifier + $0.model] as TemplateValues }
        ]
        values[.defaultModel] = errors.default.map { typeQualifier + $0 }
        return values
    }

    /// One case of the descriptor switch (`DescriptorCase.mustache`): the pattern's `caseName` and `bindings`
    /// (`let a` or `_`, none when the request uses no value), the query (`constantQuery`, the items the path itself
    /// writes; `queryParameters`) and header (`headerParameters`) statements, and the `RouteDescriptor`'s
    /// arguments: `httpMethod`, `path`, `authentication`, `routeName`, `content` and `host`.
    func descriptorCase(_ endpoint: Endpoint) -> TemplateValues {
        let values = associatedValues(of: endpoint)
        let used = Set((endpoint.pathParameters + endpoint.query + endpoint.headers).map(\.name.swift))
            .union(endpoint.body == nil ? [] : ["body"])
        var entry: TemplateValues = [
            .caseName: endpoint.name.escapedSwift,
            .bindings: values.contains { used.contains($0.swiftName) } ? values.map { used.contains($0.swiftName) ? "let \($0.value)" : "_" } : [],
            // The items the path itself writes (`/responses?beta=true`) come first.
            .constantQuery: endpoint.path.constantQuery.map {
                [.name: SwiftSpelling.stringLiteral($0.name), .value: SwiftSpelling.stringLiteral($0.value)] as TemplateValues
            },
            .queryParameters: endpoint.query.map { [.callArguments: queryArguments($0)] as TemplateValues },
            .headerParameters: endpoint.headers.map {
                [.name: SwiftSpelling.stringLiteral($0.name.wire), .value: $0.name.escapedSwift, .isOptional: $0.type.isOptional] as TemplateValues
            },
            .httpMethod: endpoint.method.rawValue.lowercased(),
            .path: pathExpression(endpoint),
            .authentication: authentication(endpoint.auth),
            .routeName: SwiftSpelling.stringLiteral("\(api.name.swift).\(endpoint.name.swift)"),
        ]
        entry[.content] = endpoint.body.map { content($0, contentType: endpoint.contentType) }
        entry[.host] = endpoint.host.map(SwiftSpelling.stringLiteral)
        return entry
    }

    /// The descriptor's body argument: `body: body` for JSON (`isPlainJSON`), else `content: .<contentKind>(body)`,
    /// with the `contentType` of JSON that is not `application/json`, or the list `styles` of the fields of a form
    /// or multipart body (each `name` and `value`).
    func content(_ body: RequestBody, contentType: String?) -> TemplateValues {
        switch body {
        case .json:
            var content: TemplateValues = [.contentKind: "json", .isPlainJSON: contentType == nil, .styles: [TemplateValues]()]
            content[.contentType] = contentType.map(SwiftSpelling.stringLiteral)
            return content
        case .raw(let type):
            return [.contentKind: type == .primitive(.file) ? "file" : "data", .isPlainJSON: false, .styles: [TemplateValues]()]
        case .form(let type), .multipart(let type):
            let kind = if case .form = body { "form" } else { "multipart" }
            // A field's list style; objects are bracketed whatever the style, so `deepObject` needs no entry.
            let fields = type.modelName.flatMap(model(named:))?.properties ?? []
            let styles = fields.compactMap { property -> TemplateValues? in
                guard let style = property.style, style != .deepObject else { return nil }
                return [.name: SwiftSpelling.stringLiteral(property.name.wire), .value: "." + SwiftKeywords.escaped(style.rawValue)]
            }
            return [.contentKind: kind, .isPlainJSON: false, .styles: styles]
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
        /// The default after ` = ` when it is no collection literal of elements (see ``DefaultSpelling``).
        var defaultValue: String?
        /// The elements of a default that is a collection literal of some.
        var defaultElements: [String]?
    }

    /// Path parameters, then query, then header parameters, then the body: the route case's labels.
    func associatedValues(of endpoint: Endpoint) -> [AssociatedValue] {
        var values = (endpoint.pathParameters + endpoint.query + endpoint.headers).map {
            let spelling = defaultSpelling(of: $0.type, $0.defaultValue)
            return AssociatedValue(
                label: $0.name.argumentLabel, callLabel: $0.name.callLabel, value: $0.name.escapedSwift,
                swiftName: $0.name.swift,
                type: $0.type.swiftType(qualifier: typeQualifier), isOptional: $0.type.isOptional,
                defaultValue: spelling.text, defaultElements: spelling.elements)
        }
        if let body = endpoint.body?.type {
            var spelling = defaultSpelling(of: body, nil)
            if hasNothingToFill(body) { spelling = DefaultSpelling(text: ".init()") }
            values.append(
                AssociatedValue(
                    label: "body", callLabel: "body", value: "body", swiftName: "body", type: body.swiftType(qualifier: typeQualifier),
                    isOptional: body.isOptional, defaultValue: spelling.text, defaultElements: spelling.elements))
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

    /// A string literal of the path, with each parameter percent-encoded into its segment (a list's values joined by
    /// commas, OpenAPI's `simple` style).
    func pathExpression(_ endpoint: Endpoint) -> String {
        let parameters = Dictionary(uniqueKeysWithValues: endpoint.pathParameters.map { ($0.name.wire, $0) })
        var text = api.version.map { "/" + $0 } ?? ""
        for segment in endpoint.path.segments {
            switch segment {
            case .literal(let literal):
                text += String(SwiftSpelling.stringLiteral(literal).dropFirst().dropLast())
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

    /// The arguments of `routeQuery.append(…)` for `parameter` (each `value`, after its `label` when it has one):
    /// its wire name, its value, how it is written: the list style, date format or `deepObject` the value needs.
    private func queryArguments(_ parameter: Parameter) -> [TemplateValues] {
        let name = SwiftSpelling.stringLiteral(parameter.name.wire)
        let value = parameter.name.escapedSwift
        let style = parameter.style ?? api.queryArrays
        let isDeepObject =
            switch parameter.type.nonOptional {
            case .model(let model): self.model(named: model)?.isEnum != true
            case .dictionary: true
            case .array(.model): style == .deepObject  // a list of models: `lines[0][amount]=5`
            default: false
            }
        func labeled(_ label: String, _ value: String) -> TemplateValues { [.label: label, .value: value] }
        let arguments: [TemplateValues]
        if isDeepObject {
            arguments = [[.value: name], labeled("deepObject", value)] + (deepObjectArrayStyle.map { [labeled("arrayStyle", $0)] } ?? [])
        } else if case .array = parameter.type.nonOptional, style != .repeat, style != .deepObject {
            arguments = [[.value: name], [.value: value], labeled("style", "." + style.rawValue)]
        } else {
            arguments = [[.value: name], [.value: value]] + (dateFormat(of: parameter.type, declared: parameter.format).map { [labeled("format", "." + $0)] } ?? [])
        }
        return arguments
    }

    /// `.brackets`, the style of the lists inside a `deepObject` when the API's `query_arrays` is not `repeat`
    /// (`arrayStyle: .brackets`); nil for `repeat`.
    var deepObjectArrayStyle: String? {
        api.queryArrays == .repeat ? nil : "." + api.queryArrays.rawValue
    }

    func authentication(_ scheme: AuthScheme) -> String {
        switch scheme {
        case .none: ".none"
        case .bearer: ".bearer"
        case .basic: ".basic"
        case .header(let name): ".header(\(SwiftSpelling.stringLiteral(name)))"
        case .query(let name): ".query(\(SwiftSpelling.stringLiteral(name)))"
        case .anyOf(let schemes): ".anyOf([" + schemes.map(authentication).joined(separator: ", ") + "])"
        case .allOf(let schemes): ".allOf([" + schemes.map(authentication).joined(separator: ", ") + "])"
        }
    }
}
