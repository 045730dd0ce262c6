import Foundation
import PackagePlugin

/// Generates Swift from the RouteGen specs of a target, as part of the build.
///
/// A YAML file of the target is a spec when its name ends in `.routegen.yaml` / `.routegen.yml`, or when a
/// line starts with the top-level key `routegen:`; it is an OpenAPI document, read directly, when a line starts
/// with `openapi:` (or, for JSON, when its top level has `openapi`). Other files are ignored. Each spec gets its own build
/// command with declared inputs (the spec, and the templates of an optional `RouteGenTemplates` folder in the
/// target) and outputs (its files, named before the generator runs: see `SpecFiles.split(of:)`), so the generator
/// runs only when one of them changed.
@main
struct RouteGenPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        return Self.commands(
            sourceFiles: target.sourceFiles.map(\.url), templates: target.directoryURL.appending(path: "RouteGenTemplates"),
            routegen: try context.tool(named: "routegen").url, workDirectory: context.pluginWorkDirectoryURL)
    }

    /// The build commands for the specs among `sourceFiles`, one per spec, for a package target and an Xcode
    /// target alike; `templates` is the folder of template overrides, which may not exist.
    static func commands(sourceFiles: [URL], templates: URL, routegen: URL, workDirectory: URL) -> [Command] {
        let templateFiles = SpecFiles.templates(in: templates)
        // The target's `routegen-config.yaml` (access level, split, mocks) applies to each of its specs.
        let configuration = sourceFiles.first { $0.lastPathComponent == SpecFiles.configurationName }
        var commands: [Command] = []
        for spec in sourceFiles.filter(SpecFiles.isSpec).sorted(by: { $0.path < $1.path }) {
            let output = workDirectory.appending(path: spec.deletingPathExtension().lastPathComponent)
            let prefix = SpecFiles.filePrefix(of: spec)
            let parts = configuration.flatMap(SpecFiles.configuredSplit(in:)) ?? SpecFiles.split(of: spec)
            let arguments = SpecFiles.generateArguments(
                spec: spec, output: output, parts: parts, templates: templateFiles.isEmpty ? nil : templates,
                configuration: configuration)
            // An OpenAPI document also depends on its configuration and on the files its `$ref`s may name: every
            // other YAML and JSON file of the target in its folder tree (the importer reads no other).
            var inputs = [spec] + templateFiles + (configuration.map { [$0] } ?? [])
            if SpecFiles.isOpenAPI(spec) {
                let folder = spec.deletingLastPathComponent().path + "/"
                inputs += [SpecFiles.configuration(of: spec)].filter { FileManager.default.fileExists(atPath: $0.path) }
                inputs += sourceFiles.filter {
                    $0 != spec && $0.path.hasPrefix(folder) && GeneratedLayout.isReferenceable(path: $0.path)
                }
            }
            commands.append(
                .buildCommand(
                    displayName: "RouteGen: generating \(prefix) from \(spec.lastPathComponent)",
                    executable: routegen,
                    arguments: arguments,
                    inputFiles: inputs,
                    outputFiles: SpecFiles.generatedFiles(namespace: prefix, parts: parts, overrides: templateFiles)
                        .map { output.appending(path: $0) }))
        }
        return commands
    }
}
