/// Turns an operation's `requestBody` into `body` (JSON, or `File` for any other media type), `form` or
/// `multipart`. An inline object becomes the endpoint's own field list; the checker names its model
/// `<Endpoint>Body`.
struct RequestBodyTranslator {
    let session: ImportSession

    /// The keys and values to write (the body's, and `content_type` for a JSON media type other than
    /// `application/json`, sent as the document names it: `application/merge-patch+json`), or nil when the operation
    /// sends nothing.
    func translate(_ requestBody: DocumentNode, endpoint: String) -> [(String, SyntaxNode)]? {
        guard let (body, _) = session.resolve(requestBody),
            let content = session.content(of: body, otherwise: "the operation sends no body"),
            let (kind, name, media) = MediaType.preferred(in: content, resolve: session.quietlyResolved),
            let translated = translate(media, kind: kind, endpoint: endpoint)
        else { return nil }
        guard translated.0 == "body", kind == .json, !MediaType.isWildcard(name), name.lowercased() != "application/json" else {
            return [translated]
        }
        return [translated, ("content_type", .string(name, at: media.location))]
    }

    /// The key and value of the body sent as the media type object `media`, of the kind `kind`.
    private func translate(_ media: DocumentNode, kind: MediaType, endpoint: String) -> (String, SyntaxNode)? {
        let key: String
        switch kind {
        case .json: key = "body"
        case .form: key = "form"
        case .multipart: key = "multipart"
        case .eventStream, .text, .binary: return ("body", .text("File", at: media.location))
        }
        guard let schema = media["schema"] else { return (key, .text("JSON", at: media.location)) }
        let schemas = SchemaTranslator(
            session: session, binary: kind == .multipart ? "File" : "Data", isFormField: kind == .form || kind == .multipart)
        guard let (resolved, referenceName) = session.resolve(schema) else { return nil }
        let shape = SchemaShape(resolved)
        // A field style belongs to this request, not to a model other requests may send: a referenced object whose
        // `encoding` sets one is listed here as the endpoint's own fields, with the style.
        let setsStyles = key != "body" && (media["encoding"]?.entries ?? []).contains { $0.2.has("style") || $0.2.has("explode") }
        if referenceName == nil || setsStyles, shape.allOf.isEmpty, shape.effectiveType == "object",
            resolved["additionalProperties"]?.node.entries == nil
        {
            // An object without properties is an empty body in a form (Stripe's form operations that take no fields);
            // in JSON, unless `additionalProperties: false`, it is any object (Typesense's documents).
            guard shape.hasProperties else {
                guard key == "body", resolved["additionalProperties"]?.text != "false" else { return nil }
                return (key, .text("[String: JSON]", at: schema.location))
            }
            var seen: Set<String> = []
            var names = MemberNameAllocator()
            let entries = ModelTranslator(schemas: schemas).properties(
                of: resolved, name: SwiftNaming.typeName(endpoint) + "Body", encoding: media["encoding"], names: &names,
                skipping: &seen)
            return (key, .mapping(entries, at: schema.location))
        }
        if setsStyles, let encoding = media["encoding"] {
            session.unsupported(
                "a field style in the `encoding` of a body composed with `allOf`", at: encoding,
                consequence: "its lists are sent with repeated keys")
        }
        let type = schemas.type(of: schema, name: SwiftNaming.typeName(endpoint) + "Request")
        if key != "body", !shape.needsModel || shape.isUnion || session.models.isEnum(type.expression) {
            session.unsupported(
                (key == "form" ? "an `application/x-www-form-urlencoded`" : "a `multipart/form-data`") + " body that is not an object",
                at: schema, consequence: "the operation sends no body")
            return nil
        }
        return (key, .text(type.expression, at: schema.location))
    }
}
