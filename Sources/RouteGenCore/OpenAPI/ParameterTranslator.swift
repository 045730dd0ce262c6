/// Turns an operation's parameters (its path item's, then its own, which replace those of the same name and
/// place) into the endpoint's `params`, `query` and `headers`.
struct ParameterTranslator {
    let schemas: SchemaTranslator
    private var session: ImportSession { schemas.session }

    /// The three lists, each in the order the document writes them.
    struct Translated {
        var path: [(String, SyntaxNode)] = []
        var query: [(String, SyntaxNode)] = []
        var headers: [(String, SyntaxNode)] = []
    }

    func translate(_ parameters: [DocumentNode], endpoint: String) -> Translated {
        var translated = Translated()
        var names = MemberNameAllocator()
        for parameter in merged(parameters) {
            guard let name = parameter.text("name"), let place = parameter.text("in") else {
                session.error("a parameter needs `name` and `in`", at: parameter)
                continue
            }
            if let properties = explodedProperties(of: parameter, place: place) {
                for (property, schema, required) in properties {
                    guard let (type, style) = typeAndStyle(
                        of: schema, schema: schema, name: property, place: place, required: required, endpoint: endpoint)
                    else { continue }
                    var annotated = type
                    annotated.isDeprecated = type.isDeprecated || parameter.flag("deprecated")
                    let node = annotated.node(
                        optional: !required, extra: entries(property, place: place, style: style, names: &names, at: schema),
                        at: schema.location)
                    translated.query.append((property, node))
                }
                continue
            }
            let required = place == "path" || parameter.flag("required")
            guard let (type, style) = typeAndStyle(
                of: parameter, schema: parameter["schema"], name: name, place: place, required: required, endpoint: endpoint)
            else { continue }
            var annotated = type
            annotated.description = parameter.prose() ?? type.description
            annotated.isDeprecated = type.isDeprecated || parameter.flag("deprecated")
            let extra = entries(name, place: place, style: style, names: &names, at: parameter)
            let node = annotated.node(optional: !required, extra: extra, at: parameter.location)
            switch place {
            case "path": translated.path.append((name, node))
            case "query": translated.query.append((name, node))
            default: translated.headers.append((name, node))
            }
        }
        return translated
    }

    /// The `style` and `swift_name` entries of a parameter.
    private func entries(
        _ name: String, place: String, style: String?, names: inout MemberNameAllocator, at node: DocumentNode
    ) -> [(String, SyntaxNode)] {
        var extra: [(String, SyntaxNode)] = style.map { [("style", .text($0, at: node.location))] } ?? []
        if let swiftName = names.swiftName(for: name, place: place) {
            extra.append(("swift_name", .text(swiftName, at: node.location)))
        }
        return extra
    }

    /// The properties of a query parameter that is an object with properties sent in the `form` style exploded, as
    /// OpenAPI's defaults say: each is a query item of its own, named by the property (Typesense's required
    /// `searchParameters` is `?q=shoes&query_by=name`), so each is a parameter of the endpoint, required when the
    /// object requires it and the parameter is required. Nil for any other parameter.
    private func explodedProperties(
        of parameter: DocumentNode, place: String
    ) -> [(name: String, schema: DocumentNode, required: Bool)]? {
        guard place == "query", (parameter.text("style") ?? "form") == "form",
            parameter["explode"].map({ $0.text == "true" }) ?? true,
            let schema = parameter["schema"], let object = session.quietlyResolved(schema)
        else { return nil }
        let shape = SchemaShape(object)
        guard shape.hasProperties, shape.allOf.isEmpty, shape.effectiveType == "object" || shape.effectiveType == nil else { return nil }
        let required = Set(object["required"]?.items.compactMap(\.text) ?? [])
        return (object["properties"]?.entries ?? []).map { key, _, value in
            (key, value, parameter.flag("required") && required.contains(key))
        }
    }

    /// The parameters with their `$ref`s followed, later ones replacing earlier ones of the same name and place.
    private func merged(_ parameters: [DocumentNode]) -> [DocumentNode] {
        var result: [DocumentNode] = []
        for parameter in parameters {
            guard let (resolved, _) = session.resolve(parameter) else { continue }
            let key = (resolved.text("in") ?? "") + " " + (resolved.text("name") ?? "")
            result.removeAll { ($0.text("in") ?? "") + " " + ($0.text("name") ?? "") == key }
            result.append(resolved)
        }
        return result
    }

    /// The type of a parameter (or of a property of an exploded object, `parameter` then being the property's schema)
    /// and the `style` to write; nil when RouteGen cannot send it, after a warning, or an error when it is required.
    private func typeAndStyle(
        of parameter: DocumentNode, schema: DocumentNode?, name: String, place: String, required: Bool, endpoint: String
    ) -> (ImportedType, String?)? {
        func leaveOut(_ what: String) -> (ImportedType, String?)? {
            if required {
                session.error("the required \(place) parameter `\(name)` cannot be sent: \(what) is not supported", at: parameter)
            } else {
                session.unsupported("\(what) (`\(name)`)", at: parameter, consequence: "the parameter is left out")
            }
            return nil
        }
        if place == "cookie" { return leaveOut("a cookie parameter") }
        guard ["path", "query", "header"].contains(place) else {
            session.error("`in: \(place)` is not a parameter place", at: parameter)
            return nil
        }
        guard let schema else {
            if parameter.has("content") {
                session.unsupported(
                    "the \(place) parameter `\(name)` described by `content`", at: parameter,
                    consequence: "typed as `String`: encode the value yourself")
            }
            return (ImportedType(expression: "String"), nil)
        }
        var type = schemas.type(of: schema, name: SwiftNaming.typeName(endpoint) + SwiftNaming.typeName(name))
        type.isNullable = false
        if parameter.flag("allowReserved") {
            session.unsupported("`allowReserved`", at: parameter, consequence: "reserved characters are percent-encoded")
        }
        let style = parameter.text("style")
        let explode = parameter["explode"].map { $0.text == "true" } ?? (style == nil || style == "form")
        switch categorize(type.expression) {
        case .single:
            return (type, nil)
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
                session.unsupported(
                    "a list in the header `\(name)`", at: parameter,
                    consequence: "typed as `String`: join the values with commas")
                return (ImportedType(expression: "String", description: type.description), nil)
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
        if PrimitiveType(rawValue: expression) != nil || session.models.isEnum(expression) { return .single }
        return .object
    }
}
