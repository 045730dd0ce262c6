/// Checks what an endpoint gives back: `response`, `responses` or `events` (one at most), its typed
/// `response_headers`, and its own `errors`.
struct ResponseChecker {
    static let keys = ["response", "responses", "events"]

    let resolver: TypeResolver

    /// What the caller gets, and the models made for it (the outcomes enum, the headers struct).
    struct Checked {
        var result: EndpointResult = .none
        var responseHeaders: String?
        var errors: ErrorModels?
        var models: [ModelChecker.Checked] = []
    }

    func check(
        _ mapping: MappingReader, endpoint: String, types: inout NameScope, diagnostics: inout Diagnostics
    ) -> Checked {
        var checked = Checked()
        let written = mapping.written(Self.keys)
        for extra in written.dropFirst() {
            diagnostics.error(
                "endpoint `\(endpoint)` has both `\(written[0].key)` and `\(extra.key)`", at: extra.keyLocation,
                hint: "`response` (one body), `responses` (by status) and `events` (a stream) exclude one another")
        }
        if let entry = written.first {
            switch entry.key {
            case "response":
                checked.result = responseBody(entry.value, diagnostics: &diagnostics).map { $0.map(EndpointResult.body) ?? .none } ?? .none
            case "responses":
                if let outcomes = outcomes(entry, endpoint: endpoint, types: &types, diagnostics: &diagnostics) {
                    checked.result = .outcomes(outcomes.model.name.swift)
                    checked.models.append(outcomes)
                }
            default:
                if let type = resolver.resolve(entry.value, diagnostics: &diagnostics) {
                    if type.containsFile || type == .primitive(.data) {
                        diagnostics.error(
                            "`events` are decoded from each event's text, not `\(type.swiftType)`", at: entry.value.textStart,
                            hint: "use a model, or `String` for the data as it is")
                    } else if let message = resolver.fileMisuse(in: type, place: "`events`") {
                        diagnostics.error(message, at: entry.value.textStart)
                    } else {
                        checked.result = .events(type)
                    }
                }
            }
        }
        if let entry = mapping["response_headers"], !entry.value.isNull {
            if case .events = checked.result {
                diagnostics.error(
                    "endpoint `\(endpoint)` streams `events`, which cannot have typed `response_headers`", at: entry.keyLocation)
                return checked
            }
            let name = types.claim(
                wire: endpoint + " headers", swift: SwiftNaming.typeName(endpoint) + "Headers", at: entry.keyLocation,
                diagnostics: &diagnostics)
            let result = PropertyListChecker.check(
                entry.value, owner: "the `response_headers` of endpoint `\(endpoint)`", role: .responseHeaders,
                resolver: resolver, diagnostics: &diagnostics)
            let model = Model(
                name: name, description: "The response headers of `\(endpoint)`.", kind: .responseHeaders(result.properties))
            checked.models.append(ModelChecker.Checked(model: model, propertyLocations: result.locations))
            checked.responseHeaders = name.swift
        }
        if let entry = mapping["errors"] {
            checked.errors = errorModels(entry, endpoint: endpoint, diagnostics: &diagnostics)
        }
        return checked
    }

    /// A body type: `none` (or empty) is `.some(nil)`; nil when it is invalid.
    private func responseBody(_ node: SyntaxNode, diagnostics: inout Diagnostics) -> ResponseBody??{
        if node.isNull || node.text == "none" { return .some(nil) }
        guard let type = resolver.resolve(node, diagnostics: &diagnostics) else { return nil }
        switch type {
        case .primitive(.data): return .data
        case .primitive(.string): return .text
        case _ where type.containsFile:
            diagnostics.error(
                "a response cannot be a `File`", at: node.textStart, hint: "use `Data` for the body's bytes")
            return nil
        default:
            if let message = resolver.fileMisuse(in: type, place: "a response") {
                diagnostics.error(message, at: node.textStart)
                return nil
            }
            return .json(type)
        }
    }

    /// `responses:`: an enum named `<Endpoint>Response` with a case per status.
    private func outcomes(
        _ entry: SyntaxEntry, endpoint: String, types: inout NameScope, diagnostics: inout Diagnostics
    ) -> ModelChecker.Checked? {
        guard let entries = entry.value.entries, !entries.isEmpty else {
            diagnostics.error(
                "`responses` of endpoint `\(endpoint)` must map statuses to body types", at: entry.value.location,
                hint: "write `responses: { 200: Item, 304: none }`")
            return nil
        }
        var outcomes: [StatusOutcome] = []
        var locations: [String: SourceLocation] = [:]
        for status in entries {
            guard let code = StatusCodes.parse(status, context: "`responses` of endpoint `\(endpoint)`", diagnostics: &diagnostics),
                let body = responseBody(status.value, diagnostics: &diagnostics)
            else { continue }
            outcomes.append(StatusOutcome(status: code, caseName: StatusCodes.caseName(code), body: body))
            locations[status.key] = status.keyLocation
        }
        let name = types.claim(
            wire: endpoint + " response", swift: SwiftNaming.typeName(endpoint) + "Response", at: entry.keyLocation,
            diagnostics: &diagnostics)
        return ModelChecker.Checked(
            model: Model(name: name, description: "The outcomes of `\(endpoint)`, by status.", kind: .outcomes(outcomes)),
            propertyLocations: locations)
    }

    /// `errors:`: one model for every status, or models by status with `default` for the rest.
    private func errorModels(_ entry: SyntaxEntry, endpoint: String, diagnostics: inout Diagnostics) -> ErrorModels? {
        let context = "`errors` of endpoint `\(endpoint)`"
        guard let entries = entry.value.entries else {
            return resolver.objectModel(entry.value, role: context, diagnostics: &diagnostics).map { ErrorModels(default: $0) }
        }
        var models = ErrorModels()
        for status in entries {
            if status.key == "default" {
                models.default = resolver.objectModel(status.value, role: "the `default` entry of \(context)", diagnostics: &diagnostics)
                continue
            }
            guard let code = StatusCodes.parse(status, context: context, diagnostics: &diagnostics) else { continue }
            if let model = resolver.objectModel(status.value, role: "the \(code) entry of \(context)", diagnostics: &diagnostics) {
                models.byStatus.append(ErrorModels.StatusModel(status: code, model: model))
            }
        }
        return models
    }
}
