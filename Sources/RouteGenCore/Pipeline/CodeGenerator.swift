/// The whole generator: specs in, Swift files out, or diagnostics and no files.
///
/// ```
/// SpecSource ─load─▶ SpecSyntax ─check─▶ API ─render─▶ [GeneratedFile] ─OutputWriter─▶ disk
///                                        └─plan─▶ ModulePlan ─render─┘     (a large API as modules)
/// ```
public struct CodeGenerator {
    /// The front end.
    public var pipeline: SpecPipeline
    /// How the code is shaped.
    public var options: GenerationOptions

    /// Creates a generator.
    public init(pipeline: SpecPipeline = SpecPipeline(), options: GenerationOptions = GenerationOptions()) {
        self.pipeline = pipeline
        self.options = options
    }

    /// What a run produced: every file of every spec, or none when any diagnostic is an error.
    public struct Output: Sendable {
        /// The files, sorted by name; empty when there were errors.
        public var files: [GeneratedFile]
        /// Everything found along the way.
        public var diagnostics: Diagnostics
        /// The module layout of each API spread over modules (its files' names start with their module's folder).
        public var plans: [ModulePlan] = []
        /// The APIs generated, and which of their module folders (for the writer).
        public var apis: [GeneratedAPI] = []
    }

    /// Checks and renders `sources`. Files are returned only when no spec and no template has an error.
    public func generate(_ sources: [SpecSource]) -> Output {
        var checked = pipeline.check(sources)
        var diagnostics = checked.diagnostics
        if let prefix = options.fileNamePrefix, !GenerationOptions.isValidFileNamePrefix(prefix) {
            diagnostics.error(
                "files cannot be named after `\(prefix)`: it is empty, starts with `.`, holds a path separator or is too long",
                at: SourceLocation(file: checked.apis.first?.sourceFile ?? "", line: 1, column: 1))
        }
        if let prefix = options.fileNamePrefix, checked.apis.count > 1 {
            diagnostics.error(
                "the files of \(checked.apis.count) specs cannot all be named after `\(prefix)`; generate one spec at a time",
                at: SourceLocation(file: checked.apis[1].sourceFile, line: 1, column: 1))
        }
        if options.modules == .one, let module = options.module {
            diagnostics.error(
                "the module `\(module)` is one of a module layout; ask for modules too (`modules:` or --modules)",
                at: SourceLocation(file: checked.apis.first?.sourceFile ?? "", line: 1, column: 1))
        }
        guard let renderer = SwiftRenderer(options: options, diagnostics: &diagnostics), !diagnostics.hasErrors else {
            return Output(files: [], diagnostics: diagnostics)
        }
        checked.apis.sort { $0.name.swift < $1.name.swift }
        for api in checked.apis { renderer.checkTemplateValues(for: api, diagnostics: &diagnostics) }
        var files: [GeneratedFile] = []
        var plans: [ModulePlan] = []
        var generated: [GeneratedAPI] = []
        for api in checked.apis {
            guard let plan = plan(api) else {
                files += renderer.render(api)
                generated.append(GeneratedAPI(name: api.name.swift, sourceFile: api.sourceFile, modules: [], isWhole: true))
                continue
            }
            // A file name prefix names one module's files (the build plugin's target of a whole API): it applies
            // when the API is one module, which `modules: auto` may make it, and the plugin cannot know which. With
            // `module:` (a plugin target of one module), it is the API's name as the plugin read it, which named the
            // files the plugin declared: the generator's own reading must agree, or those files would never be written.
            if let prefix = options.fileNamePrefix, options.module != nil {
                if prefix != api.name.swift {
                    diagnostics.error(
                        "the build plugin reads this spec's `name:` as `\(prefix)`, and the API is named `\(api.name.swift)`: "
                            + "write `name: \(api.name.swift)` plainly on one line (no tag, quotes or block)",
                        at: SourceLocation(file: api.sourceFile, line: 1, column: 1))
                    continue
                }
            } else if options.fileNamePrefix != nil {
                diagnostics.error(
                    "\(api.name.swift) is spread over modules (`modules:`), and its files cannot all be named after one prefix; "
                        + "in the build plugin, give each module a target whose configuration names it with `module:`",
                    at: SourceLocation(file: api.sourceFile, line: 1, column: 1))
                continue
            }
            if options.accessLevel == .internal {
                diagnostics.error(
                    "modules need `public` or `package` access: each module's declarations are used by the modules above it",
                    at: SourceLocation(file: api.sourceFile, line: 1, column: 1))
                continue
            }
            plans.append(plan)
            guard let module = options.module else {
                files += renderer.render(plan)
                generated.append(
                    GeneratedAPI(name: api.name.swift, sourceFile: api.sourceFile, modules: plan.modules.map(\.name) + [plan.umbrella], isWhole: true))
                continue
            }
            guard let slice = renderer.render(module: module, of: plan) else {
                let names = (plan.modules.map(\.name) + [plan.umbrella]).map { "`\($0)`" }.joined(separator: ", ")
                diagnostics.error(
                    "\(api.name.swift) has no module `\(module)`; its modules are \(names)",
                    at: SourceLocation(file: api.sourceFile, line: 1, column: 1))
                continue
            }
            // In its folder, as in the whole layout: the other modules' folders beside it are left alone.
            files += slice.map { GeneratedFile(name: module + "/" + $0.name, contents: $0.contents) }
            generated.append(GeneratedAPI(name: api.name.swift, sourceFile: api.sourceFile, modules: [module], isWhole: false))
        }
        // Two specs' modules of one name would be one folder.
        var moduleOwners: [String: ModulePlan] = [:]
        for plan in plans {
            for module in plan.modules.map(\.name) + [plan.umbrella] {
                if let other = moduleOwners.updateValue(plan, forKey: module.lowercased()) {
                    diagnostics.error(
                        "\(other.api.name.swift) and \(plan.api.name.swift) both have a module `\(module)`; generate them into different folders",
                        at: SourceLocation(file: plan.api.sourceFile, line: 1, column: 1))
                }
            }
        }
        if diagnostics.hasErrors { return Output(files: [], diagnostics: diagnostics) }
        return Output(
            files: files.sorted { $0.name < $1.name }, diagnostics: diagnostics, plans: plans, apis: generated)
    }

    /// How `api` is spread over modules, or nil when it is one module. Asked for one module of the layout (the
    /// build plugin's `module:`), a small API is spread over modules too: the plugin named that module's files.
    private func plan(_ api: API) -> ModulePlan? {
        let count: Int? =
            switch options.modules {
            case .one: nil
            case .automatic:
                ModulePlanner.automaticModuleCount(endpoints: api.endpoints.count, models: api.models.count)
                    ?? (options.module == nil ? nil : ModulePlanner.moduleCount(endpoints: api.endpoints.count))
            case .count(let count): count
            }
        return count.map { ModulePlanner(moduleCount: $0).plan(api) }
    }
}
