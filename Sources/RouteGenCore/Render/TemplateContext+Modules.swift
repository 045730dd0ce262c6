/// The template values of the module layout's umbrella module (`Umbrella.mustache`): what it re-exports, and the
/// whole API's `RequestHandling` and handler over every group, with each group's `enveloped(_:as:)`.
extension TemplateContext {
    /// The umbrella module's values for `plan`.
    static func umbrella(_ plan: ModulePlan, options: GenerationOptions) -> TemplateValues {
        let api = plan.api
        let namespace = api.name.swift
        let access = options.accessLevel.keyword
        var values: TemplateValues = [
            .sourceFile: SwiftSpelling.sourceFileName(api.sourceFile),
            .namespace: namespace,
            .access: access,
            .spi: options.accessLevel.spiAttribute,
            // Every module re-exported, with the plumbing: the groups' `RouteSending`, which the handler adopts.
            .imports: imports(of: plan.modules.map(\.name), options: options),
            .modules: plan.modules.map { [.name: $0.name] as TemplateValues },
            .refinedProtocols: plan.groups.map { "\(namespace).\($0.name).RequestHandling" },
            .groups: plan.groups.map { group in
                [.name: group.name, .routeType: "\(namespace).\(group.name).APIRoute", .hasEndpoints: true] as TemplateValues
            },
            .errorBodyArgument: errorBodyArgument(of: api, qualifier: namespace + "."),
        ]
        // With an envelope, the handler's `enveloped(_:as:)` of each group's routes, as each group's handler has.
        if let envelope = api.envelope {
            values[.envelope] = Self.envelope(envelope)
            values[.envelopedType] = "\(namespace).Enveloped"
        }
        return values
    }
}
