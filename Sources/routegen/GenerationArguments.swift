import ArgumentParser
import RouteGenCore

/// The arguments `generate` and `check` share.
struct GenerationArguments: ParsableArguments {
    @Argument(
        help: "RouteGen specs or OpenAPI documents (YAML or JSON), or folders of them.",
        completion: .file(extensions: ["yaml", "yml", "json"]))
    var paths: [String] = []

    @Option(name: .shortAndLong, help: "The folder generated files go into.", completion: .directory)
    var output: String

    @Option(help: "The access level of generated declarations: public (default), package or internal.")
    var accessLevel: GenerationOptions.AccessLevel?

    @Option(help: "Where the mock is compiled: always (default), debug (DEBUG builds only) or never.")
    var mocks: GenerationOptions.Mocks?

    @Option(
        help: ArgumentHelp(
            "A configuration file (routegen-config.yaml) of the choices below; a flag given too wins.",
            valueName: "file"),
        completion: .file(extensions: ["yaml"]))
    var config: String?

    @Option(
        help: "A folder of templates; each replaces the built-in template of the same name.",
        completion: .directory)
    var templates: String?

    @Option(
        help: ArgumentHelp(
            "How many files the handler is spread over, 1 to \(FileSplit.maximumParts); the routes get half as many, the models twice as many.",
            discussion: "By default one per 100 endpoints and models, so that a large API compiles on every core."))
    var split: Int?

    @Flag(
        help: ArgumentHelp(
            "Spread a large API over modules: a folder per module, and the Package.swift targets to add.",
            discussion: "An API of fewer than \(ModulePlanner.minimumSize) endpoints and models together stays one module; see --module-count."))
    var modules = false

    @Option(
        help: ArgumentHelp(
            "Spread the API over modules with at most this many modules of endpoints (1 to \(GenerationConfiguration.maximumModules)), whatever its size.",
            valueName: "count"))
    var moduleCount: Int?

    @Option(
        help: ArgumentHelp(
            "What the models only responses reach conform to: codable (Codable and Hashable, one module's default) or decodable (Decodable alone, the modules' default).",
            valueName: "conformance"))
    var responseModels: GenerationOptions.ResponseModels?

    @Option(
        help: ArgumentHelp(
            "With modules: generate this module alone, in its folder of the output folder as in the whole layout.",
            discussion: "What the build plugin runs in each module's target.", valueName: "name"))
    var module: String?

    @Option(
        help: ArgumentHelp(
            "Name the files after this (<prefix>+Models.swift) instead of the API's namespace; one spec only.",
            discussion: "The build plugin names its outputs before the generator reads the spec.", visibility: .hidden))
    var filePrefix: String?

    func validate() throws {
        guard !paths.isEmpty else { throw ValidationError("name at least one spec file or folder") }
        if let filePrefix, !GenerationOptions.isValidFileNamePrefix(filePrefix) {
            throw ValidationError(
                "--file-prefix must name files in the output folder: no `/`, no leading `.`, not empty, at most 200 bytes")
        }
        if let moduleCount, !(1...GenerationConfiguration.maximumModules).contains(moduleCount) {
            throw ValidationError("--module-count must be between 1 and \(GenerationConfiguration.maximumModules), not \(moduleCount)")
        }
        if let split, !(1...FileSplit.maximumParts).contains(split) {
            throw ValidationError("--split must be between 1 and \(FileSplit.maximumParts), not \(split)")
        }
    }

    /// The options: the configuration file's, then the flags given.
    func options() throws -> GenerationOptions {
        var options = GenerationOptions()
        if let config {
            var diagnostics = Diagnostics()
            guard let configured = GenerationConfiguration.options(from: config, applyingTo: options, diagnostics: &diagnostics) else {
                SpecLoading.print(diagnostics)
                throw ExitCode(ExitStatus.specErrors.rawValue)
            }
            options = configured
        }
        if let accessLevel { options.accessLevel = accessLevel }
        if let mocks { options.mocks = mocks }
        if let templates { options.templatesDirectory = templates }
        if let split { options.split = FileSplit(parts: split) }
        if let filePrefix { options.fileNamePrefix = filePrefix }
        if modules { options.modules = .automatic }
        if let moduleCount { options.modules = .count(moduleCount) }
        if let module { options.module = module }
        if let responseModels { options.responseModels = responseModels }
        return options
    }

    /// Finds, checks and renders the specs (the files, and the module layout of each API spread over modules); exits 1 (after printing the diagnostics) when any has an error.
    func generate(options: GenerationOptions) throws -> CodeGenerator.Output {
        let sources = try SpecLoading.readSources(paths)
        let output = CodeGenerator(options: options).generate(sources)
        SpecLoading.print(output.diagnostics)
        guard !output.diagnostics.hasErrors else { throw ExitCode(ExitStatus.specErrors.rawValue) }
        return output
    }

    /// Exits 1, with an error at each spec, when the output folder's module folders that the run writes hold another
    /// spec's modules.
    func reportConflicts(of comparison: OutputWriter.Comparison) throws {
        guard !comparison.conflicts.isEmpty else { return }
        var diagnostics = Diagnostics()
        for conflict in comparison.conflicts {
            diagnostics.error(conflict.message, at: SourceLocation(file: conflict.sourceFile, line: 1, column: 1))
        }
        SpecLoading.print(diagnostics)
        throw ExitCode(ExitStatus.specErrors.rawValue)
    }
}

extension GenerationOptions.AccessLevel: ExpressibleByArgument {}
extension GenerationOptions.Mocks: ExpressibleByArgument {}
extension GenerationOptions.ResponseModels: ExpressibleByArgument {}
