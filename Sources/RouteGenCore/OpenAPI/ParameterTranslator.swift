/// Turns an operation's parameters (its path item's, then its own, which replace those of the same name and
/// place) into the endpoint's `params`, `query` and `headers`.
struct ParameterTranslator {
    let schemas: SchemaTranslator
    var state: TranslationState { schemas.state }

    /// The three lists, each in the order the document writes them.
    struct Translated {
        var path: [(String, SyntaxNode)] = []
        var query: [(String, SyntaxNode)] = []
        var headers: [(String, SyntaxNode)] = []
    }

    func translate(_ parameters: [DocumentNode], endpoint: String) -> Translated {
        var translated = Translated()
        var names = MemberNameAllocator()
        for (name, place, required, parameter, schema) in expanded(merged(parameters)) {
            guard
                let (type, style) = typeAndStyle(
                    of: parameter, schema: schema, name: name, place: place, required: required, endpoint: endpoint)
            else { continue }
            if place == "query" && translated.query.contains(where: { $0.0 == name }) {
                state.unsupported(
                    "a second query parameter `\(name)`", at: parameter, consequence: "the first is kept, this one is left out")
                continue
            }
            var annotated = type
            annotated.description = parameter.prose() ?? type.description
            annotated.isDeprecated = type.isDeprecated || parameter.flag("deprecated")
            var extra: [(String, SyntaxNode)] = style.map { [("style", .text($0, at: parameter.location))] } ?? []
            if let swiftName = names.swiftName(for: name, place: place) {
                extra.append(("swift_name", .text(swiftName, at: parameter.location)))
            }
            let node = annotated.node(optional: !required, extra: extra, at: parameter.location)
            switch place {
            case "path": translated.path.append((name, node))
            case "query": translated.query.append((name, node))
            default: translated.headers.append((name, node))
            }
        }
        return translated
    }

    /// Each parameter with its name, place and whether it is required; an object in the query sent as OpenAPI's
    /// default for it (`style: form`, `explode: true`: each property its own query item, Typesense's
    /// `searchParameters`) becomes one query parameter per property, required when the parameter and the object
    /// both require it.
    private func expanded(
        _ parameters: [DocumentNode]
    ) -> [(name: String, place: String, required: Bool, parameter: DocumentNode, schema: DocumentNode?)] {
        var result: [(name: String, place: String, required: Bool, parameter: DocumentNode, schema: DocumentNode?)] = []
        for parameter in parameters {
            guard let name = parameter.text("name"), let place = parameter.text("in") else {
                state.error("a parameter needs `name` and `in`", at: parameter)
                continue
            }
            let required = place == "path" || parameter.flag("required")
            guard place == "query", parameter.text("style") ?? "form" == "form", parameter.text("explode") ?? "true" == "true",
                let schema = parameter["schema"].flatMap(state.quietlyResolved),
                let properties = schema["properties"], !properties.entries.isEmpty,
                !schema.has("additionalProperties") || schema["additionalProperties"]?.text == "false"
            else {
                result.append((name, place, required, parameter, parameter["schema"]))
                continue
            }
            let requiredProperties = Set(schema["required"]?.items.compactMap(\.text) ?? [])
            for (property, _, value) in properties.entries {
                // The property read as a parameter: its schema's description and deprecation are the parameter's,
                // and what is reported about it is reported at the property.
                result.append((property, place, required && requiredProperties.contains(property), value, value))
            }
        }
        return result
    }

    /// The parameters with their `$ref`s followed, later ones replacing earlier ones of the same name and place.
    private func merged(_ parameters: [DocumentNode]) -> [DocumentNode] {
        var result: [DocumentNode] = []
        for parameter in parameters {
            guard let (resolved, _) = state.resolve(parameter) else { continue }
            let key = (resolved.text("in") ?? "") + " " + (resolved.text("name") ?? "")
            result.removeAll { ($0.text("in") ?? "") + " " + ($0.text("name") ?? "") == key }
            result.append(resolved)
        }
        return result
    }

    /// The parameter's type and the `style` to write; nil when RouteGen cannot send it, after a warning, or an
    /// error when the parameter is required.
    private func typeAndStyle(
        of parameter: DocumentNode, schema: DocumentNode?, name: String, place: String, required: Bool, endpoint: String
    ) -> (TranslatedType, String?)? {
        func leaveOut(_ what: String) -> (TranslatedType, String?)? {
            if required {
                state.error("the required \(place) parameter `\(name)` cannot be sent: \(what) is not supported", at: parameter)
            } else {
                state.unsupported("\(what) (`\(name)`)", at: parameter, consequence: "the parameter is left out")
            }
            return nil
        }
        if place == "cookie" { return leaveOut("a cookie parameter") }
        // OpenAPI: a `Content-Type` header parameter "SHALL be ignored"; the body's media type sets it.
        if place == "header", name.lowercased() == "content-type" {
            state.warning("the header parameter `\(name)` is ignored, as OpenAPI says: it is left out", at: parameter)
            return nil
        }
        guard ["path", "query", "header"].contains(place) else {
            state.error("`in: \(place)` is not a parameter place", at: parameter)
            return nil
        }
        guard let schema else {
            if parameter.has("content") {
                state.unsupported(
                    "the \(place) parameter `\(name)` described by `content`", at: parameter,
                    consequence: "typed as `String`: encode the value yourself")
            }
            return (TranslatedType(expression: "String"), nil)
        }
        var type =
            unionType(of: schema, name: SwiftNaming.typeName(endpoint) + SwiftNaming.typeName(name))
            ?? schemas.type(of: schema, name: SwiftNaming.typeName(endpoint) + SwiftNaming.typeName(name))
        type.isNullable = false
        // Any value (`schema: {}`, Cloudflare's identifiers) is sent as the text the caller gives.
        if type.expression == "JSON" { type.expression = "String" }
        // A parameter carries no null, in a list either.
        if type.expression.hasPrefix("["), !type.expression.hasPrefix("[String:"), type.expression.hasSuffix("?]") {
            type.expression = type.expression.dropLast(2) + "]"
        }
        if parameter.flag("allowReserved") {
            state.unsupported("`allowReserved`", at: parameter, consequence: "reserved characters are percent-encoded")
        }
        let style = parameter.text("style")
        // Path parameters and headers are sent in the `simple` style (`/colors/red`); a path's `label` (`/colors/.red`)
        // and `matrix` (`/shapes/;shape=circle`) put before the value a prefix RouteGen does not write.
        if place != "query", let style, style != "simple" {
            return leaveOut("the `\(style)` style")
        }
        let explode = parameter["explode"].map { $0.text == "true" } ?? (style == nil || style == "form")
        switch categorize(type.expression) {
        case .single:
            return (type, nil)
        case .list where place == "path":
            return (type, nil)  // `simple`, exploded or not: the values joined by commas
        case .list where place == "query":
            switch (style ?? "form", explode) {
            case ("form", true): return (type, nil)
            case ("form", false): return (type, "comma")
            case ("deepObject", _): return (type, "brackets")
            default: return leaveOut("the `\(style ?? "")` style")
            }
        case .object where place == "query" && style == "deepObject":
            return (type, "deepObject")
        case .other where place == "query" && style == "deepObject" && type.expression.hasPrefix("[")
            && categorize(String(type.expression.dropFirst().dropLast())) == .object:
            return (type, "deepObject")  // a list of objects: `lines[0][amount]=5`
        case .list, .object, .other:
            if place == "header" && categorize(type.expression) == .list {
                state.unsupported(
                    "a list in the header `\(name)`", at: parameter,
                    consequence: "typed as `String`: join the values with commas")
                return (TranslatedType(expression: "String", description: type.description), nil)
            }
            return leaveOut("a \(place) parameter of type `\(type.expression)`" + (style.map { " with style `\($0)`" } ?? ""))
        }
    }

    private enum Category { case single, list, object, other }

    private func categorize(_ expression: String) -> Category {
        if expression.hasPrefix("[String:") { return .object }
        if expression.hasPrefix("[") {
            return categorize(String(expression.dropFirst().dropLast())) == .single ? .list : .other
        }
        if ["JSON", "Data", "File"].contains(expression) { return .other }
        if PrimitiveType(rawValue: expression) != nil || state.models.isEnum(expression) { return .single }
        return .object
    }
}
