import ArgumentParser
import RouteGenCore

/// The arguments `generate` and `check` share.
struct GenerationArguments: ParsableArguments {
    @Argument(help: "Spec files or folders of specs.", completion: .file(extensions: ["yaml", "yml"]))
    var paths: [String] = []

    @Option(name: .shortAndLong, help: "The folder generated files go into.", completion: .directory)
    var output: String

    @Option(help: "The access level of generated declarations: public, package or internal.")
    var accessLevel: GenerationOptions.AccessLevel = .public

    @Option(
        help: "A folder of templates; each replaces the built-in template of the same name.",
        completion: .directory)
    var templates: String?

    func validate() throws {
        guard !paths.isEmpty else { throw ValidationError("name at least one spec file or folder") }
    }

    var options: GenerationOptions { GenerationOptions(accessLevel: accessLevel, templatesDirectory: templates) }

    /// Finds, checks and renders the specs; exits 1 (after printing the diagnostics) when any has an error.
    func generateFiles() throws -> [GeneratedFile] {
        let sources = try SpecLoading.readSources(paths)
        let output = CodeGenerator(options: options).generate(sources)
        SpecLoading.print(output.diagnostics)
        guard !output.diagnostics.hasErrors else { throw ExitCode(ExitStatus.specErrors.rawValue) }
        return output.files
    }
}

extension GenerationOptions.AccessLevel: ExpressibleByArgument {}
