/// The template values of the module layout's umbrella module (`Umbrella.mustache`): what it re-exports, and the
/// whole API's `RequestHandling` and handler over every group, with each group's `enveloped(_:as:)`.
extension TemplateContext {
    /// The umbrella module's values for `plan`, and their layouts.
    static func umbrella(_ plan: ModulePlan, options: GenerationOptions) -> (values: TemplateValues, layouts: PlacedLayouts) {
        let api = plan.api
        let namespace = api.name.swift
        let access = options.accessLevel.keyword
        let layouts = PlacedLayouts()
        let parents = plan.groups.map { "\(namespace).\($0.name).RequestHandling" }
        let declaration =
            parents.isEmpty
            ? Layout.text("\(access)protocol RequestHandling: Sendable {")
            : Layout { SwiftLayout.typeDeclaration("\(access)protocol RequestHandling", conformances: parents, indent: $0) }
        var values: TemplateValues = [
            .sourceFile: SwiftSpelling.sourceFileName(api.sourceFile),
            .namespace: namespace,
            .access: access,
            .spi: options.accessLevel.spiAttribute,
            // Every module re-exported, with the plumbing: the groups' `RouteSending`, which the handler adopts.
            .imports: layouts.place(.lines(importLines(of: plan.modules.map(\.name), options: options).map(Layout.text))),
            .modules: plan.modules.map { [.name: $0.name] as TemplateValues },
            .groups: plan.groups.map { group in
                let (attributes, head) = (options.accessLevel.spiAttribute, "extension \(namespace).RequestHandler")
                let conformance = "\(namespace).\(group.name).RouteSending"
                return [
                    .name: group.name,
                    .routeType: "\(namespace).\(group.name).APIRoute",
                    .hasEndpoints: true,
                    .sendingDeclaration: layouts.place(
                        Layout { SwiftLayout.typeDeclaration(attributes: attributes, head, conformances: [conformance], indent: $0) }),
                ] as TemplateValues
            },
            .requestHandlingDeclaration: layouts.place(declaration),
            .errorBodyArgument: errorBodyArgument(of: api, qualifier: namespace + "."),
        ]
        // With an envelope, the handler's `enveloped(_:as:)` of each group's routes, as each group's handler has.
        if let envelope = api.envelope {
            values[.envelope] = Self.envelope(envelope)
            values[.envelopedType] = "\(namespace).Enveloped"
        }
        return (values, layouts)
    }
}
