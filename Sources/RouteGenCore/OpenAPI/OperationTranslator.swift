/// Turns one operation into an endpoint of the spec.
struct OperationTranslator {
    let state: TranslationState
    let security: SecurityTranslator
    /// The `auth` every endpoint has unless it says otherwise.
    let defaultAuth: [[String]]?
    /// The document's `security` when it names a scheme that is not declared: an operation declaring none of its
    /// own is left out, as translating it reports.
    var undeclaredDefaultSecurity: DocumentNode? = nil

    /// The endpoint's mapping and its error models.
    struct Translated {
        var endpoint: SyntaxNode
        var errors: SyntaxNode?
    }

    /// The methods a spec's endpoint can have: an operation of another (`OPTIONS`, `TRACE`) is left out.
    static let methods: Set<String> = ["get", "put", "post", "delete", "head", "patch"]

    /// The endpoint of `operation`, on the `hosts` entry `host` when it has servers of its own.
    func translate(_ operation: OperationCatalog.Operation, host: String?) -> Translated {
        let node = operation.node
        let location = node.location
        guard Self.methods.contains(operation.method) else {
            state.error("the \(operation.method.uppercased()) method is not supported", at: node)
            return Translated(endpoint: .mapping([], at: location))
        }
        var entries: [(String, SyntaxNode)] = []
        if let summary = node.prose("summary") { entries.append(("summary", .string(summary, at: location))) }
        if let description = node.prose() { entries.append(("description", .string(description, at: location))) }
        entries.append(("method", .text(operation.method.uppercased(), at: location)))
        entries.append(("path", .string(operation.path, at: operation.pathItem.location)))
        if let host { entries.append(("host", .text(host, at: location))) }
        if node["security"] == nil, let undeclaredDefaultSecurity { _ = security.auth(undeclaredDefaultSecurity) }
        if let security = node["security"], let auth = self.security.auth(security), auth != (defaultAuth ?? [["none"]]) {
            entries.append(("auth", .auth(auth, at: security.location)))
        }
        if node.flag("deprecated") { entries.append(("deprecated", .text("true", at: location))) }
        // The module layout groups an operation by its first tag, as the document's readers see it.
        if let tag = node["tags"]?.items.first?.text, !tag.trimmingCharacters(in: .whitespaces).isEmpty {
            entries.append(("group", .string(tag, at: location)))
        }

        let parameters = ParameterTranslator(schemas: SchemaTranslator(state: state))
            .translate((operation.pathItem["parameters"]?.items ?? []) + (node["parameters"]?.items ?? []), endpoint: operation.name)
        for (key, list) in [("params", parameters.path), ("query", parameters.query), ("headers", parameters.headers)] where !list.isEmpty {
            entries.append((key, .mapping(list, at: location)))
        }
        if let requestBody = node["requestBody"] {
            // A body left out with an error (a JSON body of raw bytes) has said why already.
            let mark = state.diagnostics.all.count
            if let body = RequestBodyTranslator(state: state).translate(requestBody, endpoint: operation.name) {
                entries += body
                // The document gives a GET or HEAD a body (Elasticsearch's search): it is sent as written.
                if ["get", "head"].contains(operation.method) { entries.append(("allow_body", .text("true", at: requestBody.location))) }
            } else if requestBody.flag("required"), !state.diagnostics.all[mark...].contains(where: { $0.severity == .error }) {
                state.error("the operation's required body cannot be sent by RouteGen", at: requestBody)
            }
        }
        var errors: SyntaxNode?
        if let responses = node["responses"] {
            let translated = ResponseTranslator(state: state, isHead: operation.method == "head")
                .translate(responses, endpoint: operation.name)
            if let result = translated.result { entries.append(result) }
            if !translated.headers.isEmpty { entries.append(("response_headers", .mapping(translated.headers, at: responses.location))) }
            errors = translated.errors
        }
        if let pagination = ListPaginationReader(state: state).pagination(of: node, query: parameters.query.map(\.0)) {
            entries.append(pagination)
        }
        for construct in ["callbacks"] {
            if let value = node[construct] {
                state.unsupported("`\(construct)`", at: value, consequence: "left out")
            }
        }
        return Translated(endpoint: .mapping(entries, at: location), errors: errors)
    }
}
