import Foundation

/// The render stage for the module layout: each module's files in a folder named after it.
extension SwiftRenderer {
    /// The files of `plan`: every module's in a folder named after it (`StripeModels/StripeModels+Models.swift`,
    /// `StripeCustomers/StripeCustomers+APIRoute.swift`, …, as `FileRules.moduleFiles` names them), then the
    /// umbrella module's one file.
    ///
    /// A module declares its models in the API's namespace (`Models.swift`); an endpoint module declares each of
    /// its groups' route enum, `RequestHandling`, handler and mock in the group's namespace (the other file
    /// templates), each file holding every group in turn; the first model module also has the namespace's file.
    public func render(_ plan: ModulePlan) -> [GeneratedFile] {
        plan.modules.flatMap { module in
            render(module, of: plan, split: options.split ?? .module(endpoints: module.groups.flatMap(\.endpoints).count, models: module.models.count))
                .map { GeneratedFile(name: module.name + "/" + $0.name, contents: $0.contents) }
        } + [GeneratedFile(name: "\(plan.umbrella)/\(plan.umbrella).swift", contents: renderUmbrella(of: plan))]
    }

    /// The files of the module named `name` of `plan` (the umbrella too), named as in its folder, with each kind spread
    /// over the split of the options (one part without): what the build plugin generates in one module's target.
    /// Nil when the plan has no such module.
    public func render(module name: String, of plan: ModulePlan) -> [GeneratedFile]? {
        if name == plan.umbrella { return [GeneratedFile(name: "\(name).swift", contents: renderUmbrella(of: plan))] }
        return plan.modules.first { $0.name == name }.map { render($0, of: plan, split: options.split ?? FileSplit(parts: 1)) }
    }

    /// The files of one module of `plan`, named as in its folder, with each kind spread over `split`.
    func render(_ module: ModulePlan.Module, of plan: ModulePlan, split: FileSplit) -> [GeneratedFile] {
        let api = plan.api
        let namespace = api.name.swift
        let imports = module.dependencies
        let leavesOutEncoding = (options.responseModels ?? .decodable) == .decodable
        var files: [GeneratedFile] = []
        if module.declaresNamespace {
            let slice = RenderSlice(namespace: namespace, endpoints: [], models: [], imports: imports, group: nil)
            files += render(api, slice: slice, templates: ["Namespace.swift"], split: FileSplit(parts: 1), filePrefix: namespace)
        }
        var models = RenderSlice(namespace: namespace, endpoints: [], models: module.models, imports: imports, group: nil)
        models.leavesOutEncodingOfResponses = leavesOutEncoding
        files += render(api, slice: models, templates: ["Models.swift"], split: split, filePrefix: module.name)
        guard !module.groups.isEmpty else { return files }
        // Each group renders the module's files in turn, the first with their headers; the texts are joined by name.
        let groupTemplates = templateSet.fileTemplates.filter { $0 != "Namespace.swift" && $0 != "Models.swift" }
        var texts: [String: String] = [:]
        var names: [String] = []
        for (index, group) in module.groups.enumerated() {
            let slice = RenderSlice(
                namespace: "\(namespace).\(group.name)", endpoints: group.endpoints, models: [], imports: imports,
                group: RenderSlice.Group(name: group.name, documentation: Self.documentation(of: group)), isFileStart: index == 0)
            for file in render(api, slice: slice, templates: groupTemplates, split: split, filePrefix: module.name) {
                if texts[file.name] == nil { names.append(file.name) }
                // The mock turned off is one file for all of the module's groups.
                if index > 0, file.contents == Self.mockTurnedOff(api: api) { continue }
                texts[file.name, default: ""] += file.contents
            }
        }
        return files + names.map { GeneratedFile(name: $0, contents: texts[$0]!) }
    }

    /// The umbrella module's file.
    private func renderUmbrella(of plan: ModulePlan) -> String {
        printer.print(library.render(TemplateContext.umbrella(plan, options: options), withTemplate: "Umbrella") ?? "")
    }

    /// A group's doc comment: what it holds (its key may be an OpenAPI tag: any text).
    private static func documentation(of group: ModulePlan.Group) -> [String] {
        let holds = "Their routes (`APIRoute`), `RequestHandling`, `RequestHandler` and `MockRequestHandler`."
        return SwiftSpelling.documentation(
            group.key.isEmpty ? "The endpoints whose paths have no segment of their own." : "The `\(group.key)` endpoints.", holds)
    }
}
