/// Turns an operation's `requestBody` into `body` (JSON, or `File` for any other media type), `form` or
/// `multipart`. An inline object becomes the endpoint's own field list; the checker names its model
/// `<Endpoint>Body`.
struct RequestBodyTranslator {
    let state: TranslationState

    /// Who may claim the name `<Endpoint>Body`: the model of `endpoint`'s inline body when the document does not
    /// require it (the checker names a required one's itself), and no schema the operation's responses reach.
    static func owner(ofBodyOf endpoint: String) -> String { "the body of \(endpoint)" }

    /// The keys and values to write (the body's, optional when the document does not require it, and `content_type`
    /// for a `+json` media type or one with parameters, sent as the document names it but its `charset`:
    /// `application/merge-patch+json`, `application/vnd.api+json; ext="https://jsonapi.org/ext/atomic"`), or nil when
    /// the operation sends nothing.
    func translate(_ requestBody: DocumentNode, endpoint: String) -> [(String, SyntaxNode)]? {
        guard let (body, _) = state.resolve(requestBody),
            let content = state.content(of: body, otherwise: "the operation sends no body"),
            let (kind, name, media) = MediaType.preferred(in: content, resolve: state.quietlyResolved)
        else { return nil }
        let isRequired = body.flag("required")
        guard var translated = translate(media, kind: kind, endpoint: endpoint, isRequired: isRequired) else { return nil }
        // A JSON body the document does not require is an optional argument: nil sends none.
        if translated.0 == "body", kind == .json, !isRequired, let type = translated.1.text, !type.hasSuffix("?") {
            translated.1 = .text(type + "?", at: translated.1.location)
        }
        // `text/json` and a wildcard are sent as `application/json`; parameters are kept, but `charset`.
        let essence = MediaType.essence(name)
        let parameters = MediaType.parametersBesideCharset(name)
        guard translated.0 == "body", kind == .json, essence.hasSuffix("+json") || (essence == "application/json" && !parameters.isEmpty)
        else { return [translated] }
        return [translated, ("content_type", .string(essence + parameters, at: media.location))]
    }

    /// The key and value of the body sent as the media type object `media`, of the kind `kind`; `isRequired` when
    /// the document requires the body.
    private func translate(_ media: DocumentNode, kind: MediaType, endpoint: String, isRequired: Bool) -> (String, SyntaxNode)? {
        let key: String
        switch kind {
        case .json: key = "body"
        case .form: key = "form"
        case .multipart: key = "multipart"
        case .eventStream, .text, .binary: return ("body", .text("File", at: media.location))
        }
        guard let schema = media["schema"] else { return (key, .text("JSON", at: media.location)) }
        let schemas = SchemaTranslator(
            state: state, binary: kind == .multipart ? "File" : "Data", isFormField: kind == .form || kind == .multipart)
        guard let (resolved, referenceName) = state.resolve(schema) else { return nil }
        let shape = SchemaShape(resolved)
        // A field style belongs to this request, not to a model other requests may send: a referenced object whose
        // `encoding` sets one is listed here as the endpoint's own fields, with the style.
        let setsStyles = key != "body" && (media["encoding"]?.entries ?? []).contains { $0.2.has("style") || $0.2.has("explode") }
        let isFieldList = (referenceName == nil || setsStyles) && shape.allOf.isEmpty && shape.effectiveType == "object"
            && resolved["additionalProperties"]?.node.entries == nil
        // A JSON body that may be left out is a model of its own, which the argument's type makes optional: a list of
        // fields cannot be. It is named `<Endpoint>Body`, as the checker names the model of a required one.
        if isFieldList, key != "body" || isRequired {
            // An object without properties is an empty body in a form (Stripe's form operations that take no fields);
            // in JSON, unless `additionalProperties: false`, it is any object (Typesense's documents).
            guard shape.hasProperties else {
                guard key == "body", resolved["additionalProperties"]?.text != "false" else { return nil }
                return (key, .text("[String: JSON]", at: schema.location))
            }
            var seen: Set<String> = []
            var names = MemberNameAllocator()
            let entries = ModelTranslator(schemas: schemas).properties(
                of: resolved, name: SwiftNaming.typeName(endpoint) + "Body", encoding: media["encoding"], areFormFields: key != "body",
                names: &names, skipping: &seen)
            if key != "body", isRequired, !sendsAField(resolved) {
                state.warning(
                    "the form body is required, but none of its fields is always sent: the form is empty when none is set",
                    at: schema)
            }
            return (key, .mapping(entries, at: schema.location))
        }
        if setsStyles, let encoding = media["encoding"] {
            state.unsupported(
                "a field style in the `encoding` of a body composed with `allOf`", at: encoding,
                consequence: "its lists are sent with repeated keys")
        }
        if key == "body", shape.effectiveType == "string", let format = resolved.text("format"), ["binary", "byte"].contains(format) {
            return bytesInJSON(format: format, at: schema)
        }
        let isOptionalFieldList = isFieldList && key == "body" && !isRequired && shape.hasProperties
        var named = schemas
        if isOptionalFieldList { named.owner = Self.owner(ofBodyOf: endpoint) }
        let type = named.type(of: schema, name: SwiftNaming.typeName(endpoint) + (isOptionalFieldList ? "Body" : "Request"))
        if key != "body", !shape.needsModel || shape.isUnion || state.models.isEnum(type.expression) {
            state.unsupported(
                (key == "form" ? "an `application/x-www-form-urlencoded`" : "a `multipart/form-data`") + " body that is not an object",
                at: schema, consequence: "the operation sends no body")
            return nil
        }
        return (key, .text(type.expression, at: schema.location))
    }

    /// A JSON body whose schema is a string of bytes: `byte` is a base64 JSON string, sent as a `String` the caller
    /// encodes; `binary` (raw bytes in a JSON media type) is no JSON a client can send, and leaves the operation out.
    private func bytesInJSON(format: String, at schema: DocumentNode) -> (String, SyntaxNode)? {
        guard format == "byte" else {
            state.error("a JSON body whose schema is a `string` of `format: binary` (raw bytes, not JSON) cannot be sent", at: schema)
            return nil
        }
        state.unsupported(
            "a JSON body of `format: byte` as bytes", at: schema,
            consequence: "the body is a `String`, sent as a JSON string: pass the bytes base64-encoded")
        return ("body", .text("String", at: schema.location))
    }

    /// Whether a form body of the object `schema` always has a field: one it requires that cannot be null.
    private func sendsAField(_ schema: DocumentNode) -> Bool {
        (schema["required"]?.items.compactMap(\.text) ?? []).contains { key in
            schema["properties"]?[key].flatMap(state.quietlyResolved).map { !SchemaShape($0).isNullable } ?? false
        }
    }
}
