import Foundation

/// Lowers a Swagger 2.0 document into the OpenAPI 3.0 tree the OpenAPI front end reads, node by node, so that every
/// construct keeps the line and column it was written at and the rest of the import is the OpenAPI 3 one:
///
/// ```
/// Swagger 2.0 SyntaxNode ──Swagger2Lowering──▶ OpenAPI 3.0 SyntaxNode ──OpenAPITranslator──▶ spec
/// ```
///
/// - `host`, `basePath` and `schemes` become `servers` (one a scheme, `https` first).
/// - `definitions`, `parameters`, `responses` and `securityDefinitions` become `components`' `schemas`,
///   `parameters`, `responses` and `securitySchemes`; `$ref`s are rewritten to match, in every file of the document.
/// - `in: body` becomes the `requestBody`, under each media type the operation `consumes`; `in: formData`
///   parameters become one object schema under `multipart/form-data` (when the operation consumes it or sends a
///   file) or `application/x-www-form-urlencoded`, `type: file` a binary string.
/// - `collectionFormat` becomes `style` and `explode` (`csv`, `ssv`, `pipes`, `multi`; `tsv` has no OpenAPI 3 style),
///   a form field's in the body's `encoding`; a parameter's type, format, items, enum and bounds its `schema`.
/// - A response's `schema` goes under each media type the operation `produces`, its `headers` get schemas, and a
///   `type: file` schema is a binary body.
/// - `x-nullable: true` is `nullable: true`; a `discriminator` naming a property is `propertyName`.
struct Swagger2Lowering {
    /// Whether a document's root says `swagger: "2.0"`.
    static func isSwagger2(_ root: SyntaxNode) -> Bool {
        root.entries?.contains { $0.key == "swagger" && $0.value.text?.hasPrefix("2.") == true } ?? false
    }

    /// The media types the document consumes and produces when it does not say.
    private static let defaultMediaType = "application/json"

    /// Reports what cannot be lowered.
    var warn: (String, SourceLocation) -> Void

    /// The whole root file of a Swagger 2.0 document, as OpenAPI 3.0.
    func lowerDocument(_ root: SyntaxNode) -> SyntaxNode {
        let document = Reader(root)
        let consumes = document.strings("consumes") ?? [Self.defaultMediaType]
        let produces = document.strings("produces") ?? [Self.defaultMediaType]
        var entries: [(String, SyntaxNode)] = [("openapi", .string("3.0.3", at: document.value("swagger")?.location ?? root.location))]
        for entry in root.entries ?? [] {
            switch entry.key {
            case "swagger", "host", "basePath", "schemes", "consumes", "produces", "definitions", "parameters", "responses",
                "securityDefinitions":
                continue
            case "paths":
                entries.append(("paths", lowerPaths(entry.value, root: document, consumes: consumes, produces: produces)))
            default:
                entries.append((entry.key, lowerTree(entry.value)))
            }
        }
        entries.insert(("servers", servers(of: document)), at: 1)
        var components: [(String, SyntaxNode)] = []
        if let definitions = document.value("definitions") { components.append(("schemas", lowerTree(definitions))) }
        if let parameters = document.value("parameters") {
            // Body and form parameters have no place among OpenAPI 3's: operations take them in when they refer to them.
            let kept = (parameters.entries ?? []).filter { !["body", "formData"].contains(Reader($0.value).text("in")) }
            components.append(("parameters", mapping(kept.map { ($0.key, lowerParameter($0.value)) }, at: parameters.location)))
        }
        if let responses = document.value("responses") {
            let lowered = (responses.entries ?? []).map { ($0.key, lowerResponse($0.value, produces: produces)) }
            components.append(("responses", mapping(lowered, at: responses.location)))
        }
        if let schemes = document.value("securityDefinitions") {
            let lowered = (schemes.entries ?? []).map { ($0.key, lowerSecurityScheme($0.value)) }
            components.append(("securitySchemes", mapping(lowered, at: schemes.location)))
        }
        if !components.isEmpty { entries.append(("components", mapping(components, at: root.location))) }
        return mapping(entries, at: root.location)
    }

    /// Another file of a Swagger 2.0 document: its `definitions`, `parameters` and `responses` where the lowered
    /// `$ref`s look for them, and its schemas lowered.
    func lowerReferencedFile(_ root: SyntaxNode) -> SyntaxNode {
        guard let entries = root.entries, entries.contains(where: { ["definitions", "parameters", "responses"].contains($0.key) }) else {
            return lowerTree(root)
        }
        var rest: [(String, SyntaxNode)] = []
        var components: [(String, SyntaxNode)] = []
        for entry in entries {
            switch entry.key {
            case "definitions": components.append(("schemas", lowerTree(entry.value)))
            case "parameters":
                components.append(("parameters", mapping((entry.value.entries ?? []).map { ($0.key, lowerParameter($0.value)) }, at: entry.value.location)))
            case "responses":
                components.append(("responses", mapping((entry.value.entries ?? []).map { ($0.key, lowerResponse($0.value, produces: [Self.defaultMediaType])) }, at: entry.value.location)))
            default: rest.append((entry.key, lowerTree(entry.value)))
            }
        }
        return mapping(rest + [("components", mapping(components, at: root.location))], at: root.location)
    }

    // MARK: - Servers and security

    /// `schemes` × `host` + `basePath`; a document without a host is served from where it is, which a file does not
    /// say: the front end makes such a URL `http://localhost`, with a warning.
    private func servers(of document: Reader) -> SyntaxNode {
        let location = document.value("host")?.location ?? document.value("basePath")?.location ?? document.node.location
        let host = document.text("host")
        var basePath = document.text("basePath") ?? ""
        while basePath.hasSuffix("/") { basePath.removeLast() }
        let written = document.strings("schemes") ?? ["https"]
        let schemes = written.contains("https") ? ["https"] + written.filter { $0 != "https" } : written
        let urls = host.map { host in schemes.filter { ["http", "https"].contains($0) }.map { "\($0)://\(host)\(basePath)" } } ?? [basePath.isEmpty ? "/" : basePath]
        return .list(urls.map { mapping([("url", .string($0, at: location))], at: location) }, at: location)
    }

    private func lowerSecurityScheme(_ node: SyntaxNode) -> SyntaxNode {
        let scheme = Reader(node)
        let location = node.location
        var entries: [(String, SyntaxNode)] = []
        switch scheme.text("type") {
        case "basic":
            entries = [("type", .text("http", at: location)), ("scheme", .text("basic", at: location))]
        case "oauth2":
            let flowName: String? =
                switch scheme.text("flow") {
                case "implicit": "implicit"
                case "password": "password"
                case "application": "clientCredentials"
                case "accessCode": "authorizationCode"
                default: nil
                }
            var flow: [(String, SyntaxNode)] = []
            for key in ["authorizationUrl", "tokenUrl"] { if let value = scheme.value(key) { flow.append((key, value)) } }
            flow.append(("scopes", scheme.value("scopes") ?? mapping([], at: location)))
            entries = [("type", .text("oauth2", at: location))]
            if let flowName { entries.append(("flows", mapping([(flowName, mapping(flow, at: location))], at: location))) }
        default:
            // `apiKey` (with `name` and `in`) is written alike in both versions.
            return node
        }
        if let description = scheme.value("description") { entries.append(("description", description)) }
        return mapping(entries, at: location)
    }

    // MARK: - Paths and operations

    private static let methods: Set<String> = ["get", "put", "post", "delete", "options", "head", "patch"]

    private func lowerPaths(_ paths: SyntaxNode, root: Reader, consumes: [String], produces: [String]) -> SyntaxNode {
        let lowered = (paths.entries ?? []).map { path -> (String, SyntaxNode) in
            let item = Reader(path.value)
            let shared = item.value("parameters")?.items ?? []
            let entries = (path.value.entries ?? []).compactMap { entry -> (String, SyntaxNode)? in
                if entry.key == "parameters" { return nil }
                guard Self.methods.contains(entry.key) else { return (entry.key, lowerTree(entry.value)) }
                return (entry.key, lowerOperation(entry.value, sharedParameters: shared, root: root, consumes: consumes, produces: produces))
            }
            return (path.key, mapping(entries, at: path.value.location))
        }
        return mapping(lowered, at: paths.location)
    }

    private func lowerOperation(
        _ node: SyntaxNode, sharedParameters: [SyntaxNode], root: Reader, consumes documentConsumes: [String],
        produces documentProduces: [String]
    ) -> SyntaxNode {
        let operation = Reader(node)
        let consumes = operation.strings("consumes") ?? documentConsumes
        let produces = operation.strings("produces") ?? documentProduces
        // The operation's own parameters replace the path's of the same name and place.
        let own = (operation.value("parameters")?.items ?? []).map { ($0, resolvedParameter($0, root: root)) }
        let ownKeys = Set(own.map { Self.identity(ofParameter: $0.1) })
        let inherited = sharedParameters.map { ($0, resolvedParameter($0, root: root)) }.filter {
            !ownKeys.contains(Self.identity(ofParameter: $0.1))
        }
        let parameters = inherited + own
        var plain: [SyntaxNode] = []
        var body: SyntaxNode?
        var form: [SyntaxNode] = []
        for (written, resolved) in parameters {
            switch Reader(resolved).text("in") {
            case "body": body = resolved
            case "formData": form.append(resolved)
            default: plain.append(Reader(written).value("$ref") != nil ? lowerTree(written) : lowerParameter(resolved))
            }
        }
        var entries: [(String, SyntaxNode)] = []
        for entry in node.entries ?? [] {
            switch entry.key {
            case "parameters", "consumes", "produces", "schemes": continue
            case "responses":
                let responses = (entry.value.entries ?? []).map { ($0.key, lowerResponse($0.value, produces: produces)) }
                entries.append(("responses", mapping(responses, at: entry.value.location)))
            default: entries.append((entry.key, lowerTree(entry.value)))
            }
        }
        if !plain.isEmpty { entries.append(("parameters", .list(plain, at: operation.value("parameters")?.location ?? node.location))) }
        if let body {
            entries.append(("requestBody", requestBody(body, consumes: consumes)))
        } else if !form.isEmpty {
            entries.append(("requestBody", formBody(form, consumes: consumes)))
        }
        return mapping(entries, at: node.location)
    }

    /// What makes a parameter the same as another: its name and place.
    private static func identity(ofParameter parameter: SyntaxNode) -> String {
        let reader = Reader(parameter)
        return (reader.text("name") ?? "") + "\u{0}" + (reader.text("in") ?? "")
    }

    /// A parameter, its `$ref` to the document's `parameters` followed (a body or form parameter must be known as
    /// one); a reference into another file is kept as it is.
    private func resolvedParameter(_ node: SyntaxNode, root: Reader) -> SyntaxNode {
        guard let reference = Reader(node).text("$ref"), reference.hasPrefix("#/parameters/"),
            let target = root.value("parameters").flatMap({ Reader($0).value(DocumentNode.unescape(reference.dropFirst("#/parameters/".count))) })
        else { return node }
        return target
    }

    /// The `in: body` parameter as a request body under each media type the operation consumes.
    private func requestBody(_ parameter: SyntaxNode, consumes: [String]) -> SyntaxNode {
        let reader = Reader(parameter)
        let location = parameter.location
        let schema = reader.value("schema").map(lowerTree) ?? mapping([], at: location)
        let content = consumes.map { ($0, mapping([("schema", schema)], at: location)) }
        var entries: [(String, SyntaxNode)] = [("content", mapping(content, at: location))]
        if let description = reader.value("description") { entries.append(("description", description)) }
        if let required = reader.value("required") { entries.append(("required", required)) }
        return mapping(entries, at: location)
    }

    /// The `in: formData` parameters as one object, sent as a multipart form when the operation consumes one or
    /// sends a file, and as a URL-encoded form otherwise; a list field's `collectionFormat` is its `encoding`.
    private func formBody(_ parameters: [SyntaxNode], consumes: [String]) -> SyntaxNode {
        let location = parameters[0].location
        let sendsFile = parameters.contains { Reader($0).text("type") == "file" }
        let mediaType =
            sendsFile || (consumes.contains("multipart/form-data") && !consumes.contains("application/x-www-form-urlencoded"))
            ? "multipart/form-data" : "application/x-www-form-urlencoded"
        var properties: [(String, SyntaxNode)] = []
        var required: [SyntaxNode] = []
        var encoding: [(String, SyntaxNode)] = []
        for parameter in parameters {
            let reader = Reader(parameter)
            guard let name = reader.text("name") else { continue }
            var schema = parameterSchema(parameter)
            if let description = reader.value("description") { schema = adding([("description", description)], to: schema) }
            properties.append((name, schema))
            if reader.text("required") == "true" { required.append(.string(name, at: parameter.location)) }
            if reader.value("items") != nil {
                encoding.append((name, mapping(listStyle(of: parameter, in: "formData"), at: parameter.location)))
            }
        }
        var object: [(String, SyntaxNode)] = [("type", .text("object", at: location)), ("properties", mapping(properties, at: location))]
        if !required.isEmpty { object.append(("required", .list(required, at: location))) }
        var media: [(String, SyntaxNode)] = [("schema", mapping(object, at: location))]
        if !encoding.isEmpty { media.append(("encoding", mapping(encoding, at: location))) }
        let content = mapping([(mediaType, mapping(media, at: location))], at: location)
        return mapping([("content", content), ("required", .text(required.isEmpty ? "false" : "true", at: location))], at: location)
    }

    /// A query, header or path parameter: its type becomes its `schema`, its `collectionFormat` a `style`.
    private func lowerParameter(_ node: SyntaxNode) -> SyntaxNode {
        let reader = Reader(node)
        guard reader.value("$ref") == nil else { return lowerTree(node) }
        let schemaKeys = Self.schemaKeys
        var entries = (node.entries ?? []).filter { !schemaKeys.contains($0.key) && $0.key != "collectionFormat" }
            .map { ($0.key, $0.value) }
        entries.append(("schema", parameterSchema(node)))
        if reader.value("items") != nil { entries += listStyle(of: node, in: reader.text("in") ?? "query") }
        return mapping(entries, at: node.location)
    }

    /// The OpenAPI 3 `style` and `explode` of a list parameter's (or form field's) `collectionFormat`, `csv` when it
    /// has none, as its place (`query`, `formData`, `header`, `path`) writes them.
    private func listStyle(of node: SyntaxNode, in place: String) -> [(String, SyntaxNode)] {
        let reader = Reader(node)
        let style: (String, Bool)
        switch reader.text("collectionFormat") ?? "csv" {
        case "multi": style = ("form", true)
        case "ssv": style = ("spaceDelimited", false)
        case "pipes": style = ("pipeDelimited", false)
        case let format:
            if format == "tsv" {
                warn("`collectionFormat: tsv` has no OpenAPI 3 style: the parameter is sent comma-separated", reader.value("collectionFormat")!.location)
            }
            style = (["query", "formData"].contains(place) ? "form" : "simple", false)
        }
        return [("style", .text(style.0, at: node.location)), ("explode", .text(style.1 ? "true" : "false", at: node.location))]
    }

    /// The keys of a 2.0 parameter that describe its value, which OpenAPI 3 puts in its `schema`.
    private static let schemaKeys: Set<String> = [
        "type", "format", "items", "enum", "default", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "minLength",
        "maxLength", "pattern", "minItems", "maxItems", "uniqueItems", "multipleOf", "x-nullable",
    ]

    /// The schema of a non-body parameter (or of an `items` of one), from the keys that describe its value.
    private func parameterSchema(_ node: SyntaxNode) -> SyntaxNode {
        var entries: [(String, SyntaxNode)] = []
        for entry in node.entries ?? [] where Self.schemaKeys.contains(entry.key) {
            if entry.key == "items" {
                entries.append(("items", parameterSchema(entry.value)))
            } else {
                entries.append((entry.key, entry.value))
            }
        }
        return lowerTree(mapping(entries, at: node.location))
    }

    // MARK: - Responses

    private func lowerResponse(_ node: SyntaxNode, produces: [String]) -> SyntaxNode {
        let reader = Reader(node)
        guard reader.value("$ref") == nil else { return lowerTree(node) }
        var entries: [(String, SyntaxNode)] = []
        for entry in node.entries ?? [] {
            switch entry.key {
            case "schema", "examples": continue
            case "headers":
                let headers = (entry.value.entries ?? []).map { header -> (String, SyntaxNode) in
                    var lowered = (header.value.entries ?? []).filter { !Self.schemaKeys.contains($0.key) && $0.key != "collectionFormat" }
                        .map { ($0.key, $0.value) }
                    lowered.append(("schema", parameterSchema(header.value)))
                    return (header.key, mapping(lowered, at: header.value.location))
                }
                entries.append(("headers", mapping(headers, at: entry.value.location)))
            default: entries.append((entry.key, lowerTree(entry.value)))
            }
        }
        if !entries.contains(where: { $0.0 == "description" }) { entries.insert(("description", .string("", at: node.location)), at: 0) }
        if let schema = reader.value("schema") {
            let isFile = Reader(schema).text("type") == "file"
            let types = isFile && produces == [Self.defaultMediaType] ? ["application/octet-stream"] : produces
            let lowered = lowerTree(schema)
            entries.append(("content", mapping(types.map { ($0, mapping([("schema", lowered)], at: schema.location)) }, at: schema.location)))
        }
        return mapping(entries, at: node.location)
    }

    // MARK: - Schemas and references

    /// A subtree with its schemas lowered (`x-nullable`, `type: file`, a `discriminator` naming a property) and its
    /// `$ref`s rewritten, at any depth.
    func lowerTree(_ node: SyntaxNode) -> SyntaxNode {
        switch node.kind {
        case .scalar: return node
        case .sequence(let items): return .list(items.map(lowerTree), at: node.location)
        case .mapping(let entries):
            var lowered: [SyntaxEntry] = []
            for entry in entries {
                var value = lowerTree(entry.value)
                switch entry.key {
                case "$ref": value = lowerReference(entry.value)
                case "x-nullable":
                    lowered.append(SyntaxEntry(key: "nullable", keyLocation: entry.keyLocation, value: entry.value))
                    continue
                case "type" where entry.value.text == "file":
                    lowered.append(SyntaxEntry(key: "type", keyLocation: entry.keyLocation, value: .text("string", at: entry.value.location)))
                    lowered.append(SyntaxEntry(key: "format", keyLocation: entry.keyLocation, value: .text("binary", at: entry.value.location)))
                    continue
                case "discriminator" where entry.value.text != nil:
                    value = mapping([("propertyName", entry.value)], at: entry.value.location)
                default: break
                }
                lowered.append(SyntaxEntry(key: entry.key, keyLocation: entry.keyLocation, value: value))
            }
            return SyntaxNode(location: node.location, kind: .mapping(lowered))
        }
    }

    /// A `$ref` into 2.0's sections, pointed into `components`: `#/definitions/Pet` is `#/components/schemas/Pet`, in
    /// this file or another.
    private func lowerReference(_ node: SyntaxNode) -> SyntaxNode {
        guard let text = node.text, let hash = text.firstIndex(of: "#") else { return node }
        let fragment = text[hash...]
        for (old, new) in [("#/definitions/", "#/components/schemas/"), ("#/parameters/", "#/components/parameters/"), ("#/responses/", "#/components/responses/")]
        where fragment.hasPrefix(old) {
            return SyntaxNode(location: node.location, kind: .scalar(text: text[..<hash] + new + fragment.dropFirst(old.count), isPlain: false))
        }
        return node
    }

    // MARK: - Building

    private func mapping(_ entries: [(String, SyntaxNode)], at location: SourceLocation) -> SyntaxNode {
        .mapping(entries, at: location)
    }

    private func adding(_ extra: [(String, SyntaxNode)], to node: SyntaxNode) -> SyntaxNode {
        let entries = (node.entries ?? []).filter { entry in !extra.contains { $0.0 == entry.key } }.map { ($0.key, $0.value) }
        return mapping(entries + extra, at: node.location)
    }

    /// Read access to a mapping's values.
    private struct Reader {
        let node: SyntaxNode
        init(_ node: SyntaxNode) { self.node = node }
        func value(_ key: String) -> SyntaxNode? { node.entries?.first { $0.key == key }?.value }
        func text(_ key: String) -> String? { value(key)?.text }
        func strings(_ key: String) -> [String]? { value(key)?.items?.compactMap(\.text) }
    }
}
