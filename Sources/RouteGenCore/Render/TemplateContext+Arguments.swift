/// The template values of endpoints whose arguments have defaults (an optional is nil unless given, a spec default,
/// a body with nothing to fill). A protocol requirement cannot have default arguments, and an extension method
/// with the requirement's own signature would become its default implementation, so a hand-written conformer that
/// forgot the method would call itself forever. Such an endpoint's `RequestHandling` requirement therefore takes
/// its arguments as one value, `Name.Arguments.<Endpoint>`, and an extension of the protocol gives it the method
/// with the defaults: a call through `any Name.RequestHandling` reads, defaults and sends as one through a handler.
extension TemplateContext {
    /// Whether the endpoint's requirement takes an `Arguments` value: whether any of its arguments has a default.
    func takesArgumentsValue(_ endpoint: Endpoint) -> Bool {
        let parameters = endpoint.pathParameters + endpoint.query + endpoint.headers
        return parameters.contains(where: \.mayBeLeftOut)
            || endpoint.body.map { $0.type.isOptional || hasNothingToFill($0.type) } == true
    }

    /// The name of the endpoint's struct in `Name.Arguments`: `ListPets` for `listPets`.
    func argumentsTypeName(_ endpoint: Endpoint) -> String {
        let name = endpoint.name.swift.prefix(1).uppercased() + endpoint.name.swift.dropFirst()
        // A struct named like the API would hide its namespace inside `Arguments` (`Orders.Status` found there), one
        // named like a type the generated code uses would be found for that type inside itself (`Arguments.String`
        // holding a `String?`).
        return !GeneratedVocabulary.isFreeTypeName(name) || name == api.name.swift ? name + "Arguments" : name
    }

    /// The endpoint's struct in `Name.Arguments`: its `name`, the `endpointName` its doc comment names, and its
    /// `parameters` (each a stored property and an argument of its initializer: `value`, `label`, `type` and
    /// the default), with the API's types qualified (a struct named after an endpoint could shadow a model of the
    /// same name inside the enum).
    func argumentsStruct(_ endpoint: Endpoint) -> TemplateValues {
        var outside = self
        outside.typeQualifier = api.name.swift + "."
        return [
            .name: argumentsTypeName(endpoint),
            .endpointName: endpoint.name.swift,
            .parameters: outside.associatedValues(of: endpoint).map { value in
                var parameter = parameter(value)
                parameter[.value] = value.value
                return parameter
            },
        ]
    }

    /// The method with the defaults, in the extension of `Name.RequestHandling`: it calls the requirement with the
    /// arguments as one value. Its `doc` and `parameters` (the endpoint's, with their defaults), the `argumentsType`
    /// it makes from its `argumentValues`, and the `calledMethod`.
    func convenienceMethod(_ endpoint: Endpoint, values: [AssociatedValue]) -> TemplateValues {
        // A parameter, or the local, named like the endpoint would hide the requirement (compared unescaped: a
        // parameter `where` hides the endpoint `where` too).
        let isHidden = endpoint.name.swift == "arguments" || values.contains { $0.swiftName == endpoint.name.swift }
        return [
            .doc: CommentLine.lines(documentation(of: endpoint)),
            .parameters: values.map { parameter($0) },
            .argumentsType: "\(slice.namespace).Arguments.\(argumentsTypeName(endpoint))",
            .argumentValues: values.map { [.label: $0.callLabel, .value: $0.value] as TemplateValues },
            .calledMethod: (isHidden ? "self." : "") + endpoint.name.escapedSwift,
        ]
    }
}
