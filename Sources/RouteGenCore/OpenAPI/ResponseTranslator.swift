/// Turns an operation's `responses` into what the endpoint gives back: `response` (one body for every success),
/// `responses` (outcomes by status), or `events`; its `response_headers`; and its `errors` by status.
struct ResponseTranslator {
    let state: TranslationState
    /// Whether the operation is a HEAD request, whose responses have no body: only their headers are read.
    var isHead = false

    /// The keys to write.
    struct Translated {
        var result: (String, SyntaxNode)?
        var headers: [(String, SyntaxNode)] = []
        var errors: SyntaxNode?
    }

    private enum Body: Equatable {
        case none
        case value(String)
        case events(String)
    }

    func translate(_ responses: DocumentNode, endpoint: String) -> Translated {
        var successes: [(status: String, response: DocumentNode)] = []
        var failures: [(status: String, response: DocumentNode)] = []
        for (status, _, response) in responses.entries where !status.hasPrefix("x-") {
            guard let (resolved, _) = state.resolve(response) else { continue }
            switch status.uppercased() {
            case "2XX", "304": successes.append((status, resolved))
            case "DEFAULT", "4XX", "5XX": failures.append((status, resolved))
            default:
                guard let code = Int(status) else {
                    state.error("`\(status)` is not a status code", at: response)
                    continue
                }
                if (200..<300).contains(code) {
                    successes.append((status, resolved))
                } else if code >= 400 {
                    failures.append((status, resolved))
                }
            }
        }
        // A `default` alone describes every status, successes too (the older Petstore's `createUser`): its body is
        // the response, and still the error body. Beside error statuses, it is one more error ("Unexpected error").
        if successes.isEmpty, failures.count == 1, let fallback = failures.first(where: { $0.status.uppercased() == "DEFAULT" }),
            state.quietlyResolvedContent(of: fallback.response) != nil
        {
            successes.append(fallback)
        }
        // A success's `content` given as a `$ref` that cannot be followed is reported here, once; its body is none.
        for success in successes { _ = state.content(of: success.response, otherwise: "the response body is not decoded") }
        var translated = Translated()
        let location = responses.location
        let single = Set(successes.map { bodyKey($0.response) }).count <= 1 && !successes.contains { $0.status == "304" }
        if single, let first = successes.first {
            switch body(of: first.response, name: SwiftNaming.typeName(endpoint) + "Response", owner: endpoint) {
            case .none: break
            case .value(let type): translated.result = ("response", .text(type, at: first.response.location))
            case .events(let type): translated.result = ("events", .text(type, at: first.response.location))
            }
        } else if !successes.isEmpty {
            var outcomes: [(String, SyntaxNode)] = []
            for (status, response) in successes {
                guard Int(status) != nil else {
                    state.unsupported("the status range `\(status)` among other statuses", at: response, consequence: "left out")
                    continue
                }
                switch body(of: response, name: SwiftNaming.typeName(endpoint) + "Response" + status, owner: nil) {
                case .none: outcomes.append((status, .text("none", at: response.location)))
                case .value(let type): outcomes.append((status, .text(type, at: response.location)))
                case .events:
                    state.unsupported("an event stream among other outcomes", at: response, consequence: "left out")
                }
            }
            translated.result = ("responses", .mapping(outcomes, at: location))
        }
        translated.headers = headers(of: successes.map(\.response), endpoint: endpoint)
        if translated.result?.0 == "events", let first = translated.headers.first {
            state.unsupported(
                "response headers of an event stream", at: successes[0].response,
                consequence: "`\(first.0)` and the others are left out")
            translated.headers = []
        }
        // Statuses first, then `default`, then ranges, so that a range is what gives way to `default`.
        let order = { (status: String) in Int(status) != nil ? 0 : status == "default" ? 1 : 2 }
        translated.errors = errors(
            failures.enumerated().sorted { (order($0.element.status), $0.offset) < (order($1.element.status), $1.offset) }.map(\.element),
            endpoint: endpoint, at: location)
        return translated
    }

    /// What tells two success bodies apart before they are translated: the schema's place, or the media kind.
    private func bodyKey(_ response: DocumentNode) -> String {
        guard !isHead, let content = state.quietlyResolvedContent(of: response), let (kind, _, media) = MediaType.preferred(in: content, resolve: state.quietlyResolved)
        else { return "none" }
        guard let schema = media["schema"] else { return "\(kind)" }
        if let reference = schema.text("$ref") { return "\(kind) \(reference)" }
        return "\(kind) \(schema.pointer)"
    }

    private func body(of response: DocumentNode, name: String, owner: String?) -> Body {
        guard let content = state.quietlyResolvedContent(of: response), let (kind, _, media) = MediaType.preferred(in: content, resolve: state.quietlyResolved)
        else { return .none }
        if isHead {
            state.warning("a response to HEAD has no body: its `content` is not read, its headers are", at: content)
            return .none
        }
        if kind == .json, let stream = content.entries.first(where: { MediaType($0.key) == .eventStream }) {
            state.unsupported(
                "the `text/event-stream` alternative of a JSON response", at: stream.value,
                consequence: "the JSON response is imported; describe the stream as its own endpoint with `events:`")
        }
        let schemas = SchemaTranslator(state: state, owner: owner)
        switch kind {
        case .json, .form, .multipart:
            // A body the document allows to be null (Discord's `type: [array, "null"]`) is optional.
            return .value(media["schema"].map { schemas.type(of: $0, name: name).spelled(optional: false) } ?? "JSON")
        case .eventStream:
            guard let schema = media["schema"] else { return .events("String") }
            let type = schemas.type(of: schema, name: name + "Event").expression
            return .events(["Data", "File", "JSON"].contains(type) || type.hasPrefix("[") ? "String" : type)
        case .text:
            return .value("String")
        case .binary:
            return .value("Data")
        }
    }

    private func headers(of responses: [DocumentNode], endpoint: String) -> [(String, SyntaxNode)] {
        var headers: [(String, SyntaxNode)] = []
        let schemas = SchemaTranslator(state: state)
        for response in responses {
            for (name, _, header) in response["headers"]?.entries ?? []
            where name.lowercased() != "content-type" && !headers.contains(where: { $0.0.lowercased() == name.lowercased() }) {
                guard let (resolved, _) = state.resolve(header) else { continue }
                var type = resolved["schema"].map {
                    schemas.type(of: $0, name: SwiftNaming.typeName(endpoint) + SwiftNaming.typeName(name))
                } ?? TranslatedType(expression: "String")
                let isSingle = PrimitiveType(rawValue: type.expression) != nil && !["Data", "File", "JSON"].contains(type.expression)
                if !isSingle && !state.models.isEnum(type.expression) {
                    state.unsupported(
                        "the response header `\(name)` of type `\(type.expression)`", at: header,
                        consequence: "typed as `String`")
                    type = TranslatedType(expression: "String")
                }
                type.isNullable = false
                type.description = resolved.prose() ?? type.description
                type.defaultValue = nil
                headers.append((name, type.node(optional: !resolved.flag("required"), at: header.location)))
            }
        }
        return headers
    }

    /// `errors`: one model for every status, or models by status.
    private func errors(_ failures: [(status: String, response: DocumentNode)], endpoint: String, at location: SourceLocation) -> SyntaxNode? {
        var byStatus: [(String, SyntaxNode)] = []
        for (status, response) in failures {
            guard let content = state.content(of: response, otherwise: "it is not decoded; the error keeps its raw body"),
                let (kind, _, media) = MediaType.preferred(in: content, resolve: state.quietlyResolved), kind == .json,
                let schema = media["schema"]
            else { continue }
            let type = SchemaTranslator(state: state).type(of: schema, name: SwiftNaming.typeName(endpoint) + "Error" + (Int(status) != nil ? status : "")).expression
            guard state.models.isObject(type) else {
                state.unsupported(
                    "an error body of type `\(type)`", at: schema,
                    consequence: "it is not decoded; the error keeps its raw body")
                continue
            }
            let key = Int(status) != nil ? status : "default"
            if byStatus.contains(where: { $0.0 == key }) {
                state.unsupported("the status range `\(status)` beside `default`", at: response, consequence: "left out")
                continue
            }
            byStatus.append((key, .text(type, at: schema.location)))
        }
        guard let first = byStatus.first else { return nil }
        if byStatus.allSatisfy({ $0.1.text == first.1.text }) { return first.1 }
        return .mapping(byStatus, at: location)
    }
}
