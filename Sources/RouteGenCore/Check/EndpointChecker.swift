/// Checks one entry of `endpoints:`: method, path and its parameters, query, headers, body, response, auth.
struct EndpointChecker {
    static let endpointKeys = [
        "summary", "description", "method", "path", "params", "query", "headers", "body", "form", "multipart",
        "response", "responses", "events", "response_headers", "errors", "host", "auth", "deprecated", "example",
        "pagination", "group", "content_type", "allow_body",
    ]

    /// Names generated code uses beside the parameters: the body's label and the descriptor's locals.
    static let reservedLabels = NameScope.unusableMemberSuffixes.merging(
        GeneratedVocabulary.descriptorLocals.map { ($0, "_") }) { $1 }

    let resolver: TypeResolver
    /// Reads `auth:`, knowing the schemes of `oauth:`.
    let authParser: AuthSchemeParser
    /// The API's `auth:`.
    let defaultAuth: AuthSchemeParser.Parsed
    /// The names under `hosts:`.
    let hosts: [String]
    /// The names of the top-level `headers:`, which an endpoint's header parameter of the same name replaces.
    var staticHeaders: [String] = []

    /// A checked endpoint, and the models made for it: its inline body, outcomes enum and headers struct.
    struct Checked {
        var endpoint: Endpoint
        var models: [ModelChecker.Checked]
    }

    func check(
        _ entry: SyntaxEntry, name: Name, types: inout NameScope, diagnostics: inout Diagnostics
    ) -> Checked? {
        let context = "endpoint `\(entry.key)`"
        guard
            let mapping = MappingReader(
                entry.value, context: context, known: Self.endpointKeys, required: ["method", "path"],
                owner: entry.keyLocation, diagnostics: &diagnostics)
        else { return nil }
        let summary = mapping.text("summary", context: context, diagnostics: &diagnostics)
        let description = mapping.text("description", context: context, diagnostics: &diagnostics)
        let isDeprecated = mapping.flag("deprecated", context: context, diagnostics: &diagnostics)
        let group = mapping.text("group", context: context, diagnostics: &diagnostics)
        if let entry = mapping["group"], group?.trimmingCharacters(in: .whitespaces).isEmpty == true {
            diagnostics.error("`group` of \(context) must name a group, not be empty", at: entry.value.location)
        }
        let method = mapping["method"].flatMap { checkMethod($0.value, diagnostics: &diagnostics) }
        let path = mapping["path"].flatMap { PathTemplateParser.parse($0.value, diagnostics: &diagnostics) }
        let auth = mapping["auth"].map { authParser.parse($0.value, diagnostics: &diagnostics) } ?? defaultAuth

        var labels = NameScope(what: "parameter", reserved: resolver.reservingAPIName(Self.reservedLabels))
        let declaredPathParameters = checkParameters(
            mapping["params"], kind: .path, context: context, labels: &labels, diagnostics: &diagnostics)
        let query = checkParameters(mapping["query"], kind: .query, context: context, labels: &labels, diagnostics: &diagnostics)
        let headers = checkParameters(
            mapping["headers"], kind: .header, context: context, labels: &labels, diagnostics: &diagnostics)
        for item in path?.template.constantQuery ?? [] {
            guard let declared = query.first(where: { $0.parameter.name.wire == item.name }) else { continue }
            diagnostics.error(
                "query parameter `\(item.name)` is also written in the path `\(path?.template.template ?? "")`",
                at: declared.location, hint: "keep one of them")
        }
        let writtenPathParameters = Set(mapping["params"]?.value.entries?.map(\.key) ?? [])
        let pathParameters = path.flatMap {
            matchPathParameters(
                $0, declared: declaredPathParameters, written: writtenPathParameters, diagnostics: &diagnostics)
        }

        let body = RequestBodyChecker(resolver: resolver).check(
            mapping, endpoint: entry.key, method: method, context: context, types: &types, diagnostics: &diagnostics)
        let response = ResponseChecker(resolver: resolver).check(
            mapping, endpoint: entry.key, types: &types, diagnostics: &diagnostics)
        if method == .head, let written = mapping.written(ResponseChecker.keys).first {
            switch response.result {
            case .body, .events:
                diagnostics.error(
                    "\(context) is a HEAD request, whose response has no body to read as `\(written.key)`",
                    at: written.keyLocation, hint: "use `response_headers` to read what a HEAD response says, or `GET` for its body")
            case .none, .outcomes: break
            }
        }
        let host = mapping["host"].flatMap { checkHost($0.value, diagnostics: &diagnostics) }

        guard let method, let path, let pathParameters, let auth else { return nil }
        var endpoint = Endpoint(
            name: name, summary: summary, description: description, isDeprecated: isDeprecated, method: method,
            path: path.template, pathParameters: pathParameters, query: query.map(\.parameter),
            headers: headers.map(\.parameter), body: body.body, result: response.result,
            responseHeaders: response.responseHeaders, errors: response.errors, host: host, auth: auth.scheme)
        endpoint.oauth = auth.oauth
        endpoint.group = group
        endpoint.contentType = body.contentType
        return Checked(endpoint: endpoint, models: (body.inlineModel.map { [$0] } ?? []) + response.models)
    }

    // MARK: - Host

    private func checkHost(_ node: SyntaxNode, diagnostics: inout Diagnostics) -> String? {
        guard let text = node.text else {
            diagnostics.error("`host` must name an entry of `hosts`, not \(node.kindDescription)", at: node.location)
            return nil
        }
        guard hosts.contains(text) else {
            let hint = hosts.isEmpty
                ? "declare it under `hosts:` at the top of the spec" : Suggestion.didYouMean(text, among: hosts)
            diagnostics.error("unknown host `\(text)`", at: node.textStart, hint: hint)
            return nil
        }
        return text
    }

    // MARK: - Method

    private func checkMethod(_ node: SyntaxNode, diagnostics: inout Diagnostics) -> HTTPMethod? {
        let names = HTTPMethod.allCases.map(\.rawValue)
        guard let text = node.text else {
            diagnostics.error("`method` must be text, not \(node.kindDescription)", at: node.location)
            return nil
        }
        guard let method = HTTPMethod(rawValue: text.uppercased()) else {
            diagnostics.error(
                "unknown HTTP method `\(text)`" + (Suggestion.didYouMean(text.uppercased(), among: names).map { "; \($0)" } ?? ""),
                at: node.textStart, hint: "use one of \(names.joined(separator: ", "))")
            return nil
        }
        return method
    }

    // MARK: - Parameters

    private enum ParameterKind {
        case path, query, header

        var section: String {
            switch self {
            case .path: "params"
            case .query: "query"
            case .header: "headers"
            }
        }

        /// How one reads in messages: "header", "query parameter", "path parameter".
        var noun: String {
            switch self {
            case .path: "path parameter"
            case .query: "query parameter"
            case .header: "header"
            }
        }
    }

    private struct CheckedParameter {
        var parameter: Parameter
        var location: SourceLocation
    }

    private func checkParameters(
        _ section: SyntaxEntry?, kind: ParameterKind, context: String, labels: inout NameScope,
        diagnostics: inout Diagnostics
    ) -> [CheckedParameter] {
        guard let section, !section.value.isNull else { return [] }
        guard let entries = section.value.entries else {
            diagnostics.error(
                "`\(kind.section)` of \(context) must be a mapping of names to types, not \(section.value.kindDescription)",
                at: section.value.location)
            return []
        }
        var parameters: [CheckedParameter] = []
        for entry in entries {
            let parameterContext = "`\(kind.section)` entry `\(entry.key)` of \(context)"
            if kind == .header, !HTTPSyntax.isToken(entry.key) {
                diagnostics.error("`\(entry.key)` is not a valid header name", at: entry.keyLocation)
                continue
            }
            if kind == .header, let replaced = staticHeaders.first(where: { $0.lowercased() == entry.key.lowercased() }) {
                diagnostics.warning(
                    "header `\(entry.key)` of \(context) replaces the top-level header `\(replaced)` for this endpoint",
                    at: entry.keyLocation, hint: "rename one, or remove the top-level header if every endpoint sets its own")
            }
            let value = TypedValueReader.read(
                entry.value, context: parameterContext, owner: entry.keyLocation, resolver: resolver,
                diagnostics: &diagnostics)
            let name =
                value?.swiftName.map { labels.claim(wire: entry.key, swift: $0.name, at: $0.location, diagnostics: &diagnostics) }
                ?? labels.claimMember(entry.key, at: entry.keyLocation, diagnostics: &diagnostics)
            guard let value,
                checkParameterType(
                    value.type, kind: kind, name: entry.key, at: value.typeLocation,
                    isDeepObject: value.style?.style == .deepObject, diagnostics: &diagnostics)
            else { continue }
            let slashesAllowed = kind == .path && value.type == .primitive(.string)
            value.rejectMisplacedKeys(
                styleAllowed: kind == .query, slashesAllowed: slashesAllowed,
                context: "\(kind.noun) `\(entry.key)`" + (kind == .path ? " of type `\(value.type.swiftType)`" : ""),
                diagnostics: &diagnostics)
            parameters.append(
                CheckedParameter(
                    parameter: Parameter(
                        name: name, type: value.type, description: value.description,
                        allowsSlashes: slashesAllowed && value.allowSlashes != nil, style: value.style?.style,
                        format: value.format, defaultValue: value.defaultValue, serverDefault: value.serverDefault),
                    location: entry.keyLocation))
        }
        return parameters
    }

    private func checkParameterType(
        _ type: TypeReference, kind: ParameterKind, name: String, at location: SourceLocation, isDeepObject: Bool = false,
        diagnostics: inout Diagnostics
    ) -> Bool {
        if let message = resolver.fileMisuse(in: type, place: "a \(kind.noun)") {
            diagnostics.error(message, at: location)
            return false
        }
        if type.isNullable {
            diagnostics.error(
                "`\(type.swiftType)` (explicit null) is only for JSON properties, not a \(kind.noun)",
                at: location, hint: "use `\(type.nonOptional.swiftType)` to leave it out when nil")
            return false
        }
        let allowed: Bool
        let hint: String
        switch kind {
        case .path:
            if type.isOptional {
                diagnostics.error(
                    "path parameter `\(name)` cannot be optional", at: location,
                    hint: "a path always has every segment; move optional values to `query:`")
                return false
            }
            if case .array(let element) = type {
                allowed = resolver.isTextValue(element)  // `simple`: the values joined by commas, each encoded
            } else {
                allowed = resolver.isTextValue(type)
            }
            hint = "path parameters are text values (a built-in type other than `Data`, or a string enum) or lists of them"
        case .query:
            switch type.nonOptional {
            case .array(.model(let name)) where isDeepObject && !resolver.isEnum(name): allowed = true  // `lines[0][amount]=5`
            case .array(let element): allowed = resolver.isTextValue(element)
            case .model(let name) where !resolver.isEnum(name): allowed = isDeepObject
            case .dictionary: allowed = isDeepObject
            default: allowed = resolver.isTextValue(type.nonOptional)
            }
            hint = "query parameters are text values, enums, lists of them, or (with `style: deepObject`) models, lists of models and dictionaries"
        case .header:
            allowed = resolver.isTextValue(type.nonOptional)
            hint = "header parameters are single text values or string enums"
        }
        if !allowed {
            diagnostics.error("`\(type.swiftType)` cannot be sent as a \(kind.noun)", at: location, hint: hint)
        }
        return allowed
    }

    /// Pairs `{placeholders}` with declared `params`, reporting either without the other; path order wins.
    /// `written` holds every name under `params`, including those whose type was already reported as wrong.
    private func matchPathParameters(
        _ path: PathTemplateParser.Result, declared: [CheckedParameter], written: Set<String>,
        diagnostics: inout Diagnostics
    ) -> [Parameter]? {
        var byName: [String: CheckedParameter] = [:]
        for parameter in declared { byName[parameter.parameter.name.wire] = parameter }
        var matched: [Parameter] = []
        var complete = true
        for placeholder in path.template.parameterNames {
            if let parameter = byName.removeValue(forKey: placeholder) {
                matched.append(parameter.parameter)
            } else if written.contains(placeholder) {
                complete = false
            } else {
                complete = false
                let location = path.placeholderLocations[placeholder] ?? SourceLocation(file: "", line: 0, column: 0)
                diagnostics.error(
                    "path parameter `{\(placeholder)}` is not declared in `params`", at: location,
                    hint: Suggestion.closest(to: placeholder, among: byName.keys).map { "did you mean `{\($0)}`?" }
                        ?? "add `params: { \(placeholder): String }`")
            }
        }
        for parameter in declared where byName[parameter.parameter.name.wire] != nil {
            complete = false
            diagnostics.error(
                "parameter `\(parameter.parameter.name.wire)` is declared in `params` but the path has no `{\(parameter.parameter.name.wire)}`",
                at: parameter.location, hint: "add `{\(parameter.parameter.name.wire)}` to the path or remove the parameter")
        }
        return complete ? matched : nil
    }
}
