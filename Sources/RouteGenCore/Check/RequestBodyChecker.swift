/// Checks what an endpoint sends: `body` (JSON, or `File` / `Data` as they are), `form` or `multipart`, one
/// at most, on GET or HEAD only with `allow_body: true`. An inline mapping becomes a model named `<Endpoint>Body`.
struct RequestBodyChecker {
    static let keys = ["body", "form", "multipart"]

    let resolver: TypeResolver

    /// The body, and the model made from an inline one.
    struct Checked {
        var body: RequestBody?
        var inlineModel: ModelChecker.Checked?
        /// The media type a JSON body is sent as (`content_type:`), when it is not `application/json`.
        var contentType: String?
    }

    func check(
        _ mapping: MappingReader, endpoint: String, method: HTTPMethod?, context: String, types: inout NameScope,
        diagnostics: inout Diagnostics
    ) -> Checked {
        let allowsBody = mapping.flag("allow_body", context: context, diagnostics: &diagnostics)
        let sendsBody = mapping.written(Self.keys).contains { !$0.value.isNull }
        if let entry = mapping["allow_body"], allowsBody, method?.allowsBody ?? false || !sendsBody {
            diagnostics.error(
                "`allow_body` is for a GET or HEAD endpoint that sends a body, which \(context) is not", at: entry.keyLocation,
                hint: sendsBody
                    ? "remove it: a \(method?.rawValue ?? "POST") request's body needs no allowance"
                    : "remove it: \(context) sends no body (`body`, `form` or `multipart`)")
        }
        var checked = checkBody(
            mapping, endpoint: endpoint, refusedBy: allowsBody ? nil : method, types: &types, diagnostics: &diagnostics)
        if let entry = mapping["content_type"] {
            checked.contentType = contentType(entry, of: checked.body, diagnostics: &diagnostics)
        }
        return checked
    }

    /// `content_type:`, the media type of a JSON body: `application/json` or one ending in `+json`, with parameters
    /// or not (`application/merge-patch+json`, `application/vnd.api+json; charset=utf-8`), sent as written.
    private func contentType(_ entry: SyntaxEntry, of body: RequestBody?, diagnostics: inout Diagnostics) -> String? {
        guard case .json? = body else {
            diagnostics.error(
                "`content_type` is the media type of a JSON `body`, which this endpoint does not send", at: entry.keyLocation,
                hint: "a `form`, `multipart` or raw body has a media type of its own")
            return nil
        }
        let text = entry.value.text ?? ""
        guard Self.isJSONMediaType(text) else {
            diagnostics.error(
                "`content_type` must be a JSON media type, not `\(entry.value.text ?? entry.value.kindDescription)`",
                at: entry.value.textStart, hint: "`application/json`, or a type ending in `+json` (`application/merge-patch+json`)")
            return nil
        }
        return text
    }

    /// Whether `text` is `application/json` or `application/<name>+json`, with well-formed parameters or none
    /// (`; charset=utf-8`): a media type as RFC 9110 writes it, without spaces around it or an empty part.
    static func isJSONMediaType(_ text: String) -> Bool {
        let pieces = text.split(separator: ";", omittingEmptySubsequences: false).map(String.init)
        let parts = pieces[0].split(separator: "/", omittingEmptySubsequences: false).map { $0.lowercased() }
        guard parts.count == 2, parts.allSatisfy(HTTPSyntax.isToken), parts[0] == "application",
            parts[1] == "json" || (parts[1].hasSuffix("+json") && parts[1] != "+json")
        else { return false }
        return pieces.dropFirst().allSatisfy { parameter in
            let pair = parameter.drop { $0 == " " || $0 == "\t" }.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard pair.count == 2, HTTPSyntax.isToken(String(pair[0])) else { return false }
            let value = String(pair[1])
            return HTTPSyntax.isToken(value)
                || (value.count >= 2 && value.hasPrefix("\"") && value.hasSuffix("\"") && HTTPSyntax.isValidHeaderValue(value))
        }
    }

    /// The body, refused when `method` (nil with `allow_body: true`) does not carry one.
    private func checkBody(
        _ mapping: MappingReader, endpoint: String, refusedBy method: HTTPMethod?, types: inout NameScope,
        diagnostics: inout Diagnostics
    ) -> Checked {
        let written = mapping.written(Self.keys).filter { !$0.value.isNull }
        guard let entry = written.first else { return Checked() }
        for extra in written.dropFirst() {
            diagnostics.error(
                "endpoint `\(endpoint)` has both `\(entry.key)` and `\(extra.key)`", at: extra.keyLocation,
                hint: "an endpoint sends one body: `body` (JSON or raw), `form` or `multipart`")
        }
        if let method, !method.allowsBody {
            diagnostics.error(
                "a \(method.rawValue) request cannot have a body", at: entry.keyLocation,
                hint: "send the values as `query:` parameters, or use POST; if the API takes a body with \(method.rawValue) "
                    + "(Elasticsearch's search), add `allow_body: true`, which URLSessionClient cannot send")
            return Checked()
        }
        if entry.value.entries != nil {
            return inlineBody(entry, endpoint: endpoint, types: &types, diagnostics: &diagnostics)
        }
        guard let type = resolver.resolve(entry.value, diagnostics: &diagnostics) else { return Checked() }
        switch entry.key {
        case "body":
            if type == .primitive(.file) || type == .primitive(.data) { return Checked(body: .raw(type)) }
            if type.containsFile {
                diagnostics.error(
                    "a raw body is one `File`, not `\(type.swiftType)`", at: entry.value.textStart,
                    hint: "send several files in a `multipart:` body")
                return Checked()
            }
            if let message = resolver.fileMisuse(in: type, place: "a JSON `body`") {
                diagnostics.error(message, at: entry.value.textStart, hint: TypeResolver.fileHint)
                return Checked()
            }
            return Checked(body: .json(type))
        default:
            guard case .model(let name) = type, !resolver.isEnum(name) else {
                diagnostics.error(
                    "`\(entry.key)` must list its fields or name an object model, not `\(type.swiftType)`",
                    at: entry.value.textStart, hint: "write `\(entry.key): { name: String }`")
                return Checked()
            }
            if entry.key == "form", let message = resolver.fileMisuse(in: type, place: "a `form` body") {
                diagnostics.error(message, at: entry.value.textStart, hint: TypeResolver.fileHint)
                return Checked()
            }
            return Checked(body: entry.key == "form" ? .form(type) : .multipart(type))
        }
    }

    /// An inline mapping of fields: a model of its own.
    private func inlineBody(
        _ entry: SyntaxEntry, endpoint: String, types: inout NameScope, diagnostics: inout Diagnostics
    ) -> Checked {
        let name = types.claim(
            wire: endpoint + " body", swift: SwiftNaming.typeName(endpoint) + "Body", at: entry.keyLocation,
            diagnostics: &diagnostics)
        let role: PropertyListChecker.Role =
            switch entry.key {
            case "form": .form
            case "multipart": .multipart
            default: .json
            }
        let owner = entry.key == "body" ? "the body of endpoint `\(endpoint)`" : "the `\(entry.key)` of endpoint `\(endpoint)`"
        let result = PropertyListChecker.check(entry.value, owner: owner, role: role, resolver: resolver, diagnostics: &diagnostics)
        let model = Model(
            name: name, description: "The body of `\(endpoint)`.", kind: .object(result.properties), inlineBodyOf: endpoint)
        let type = TypeReference.model(name.swift)
        let body: RequestBody =
            switch role {
            case .form: .form(type)
            case .multipart: .multipart(type)
            default: .json(type)
            }
        return Checked(body: body, inlineModel: ModelChecker.Checked(model: model, propertyLocations: result.locations))
    }
}
