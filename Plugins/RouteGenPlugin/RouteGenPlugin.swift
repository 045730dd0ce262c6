import Foundation
import PackagePlugin

/// Generates Swift from the RouteGen specs of a target, as part of the build.
///
/// A YAML file of the target is a spec when its name ends in `.routegen.yaml` / `.routegen.yml`, or when a
/// line starts with the top-level key `routegen:`; it is an OpenAPI document, read directly, when a line starts
/// with `openapi:` or `swagger:` (or, for JSON, when its top level has either). Other files are ignored. Each spec gets its own build
/// command with declared inputs (the spec, and the templates of an optional `RouteGenTemplates` folder in the
/// target) and outputs (its files, named before the generator runs: see `SpecFiles.split(of:)`), so the generator
/// runs only when one of them changed.
///
/// A target whose configuration names a `module:` of a module layout is one slice of a large API: it generates that
/// module alone, from the spec in the target or the one its configuration's `spec:` names (see `moduleCommand`).
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
        if let configuration, let module = SpecFiles.configured("module", in: configuration) {
            return moduleCommand(
                module: module, configuration: configuration, sourceFiles: sourceFiles, templates: templates,
                routegen: routegen, workDirectory: workDirectory
            ).map { [$0] } ?? []
        }
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
            let inputs = [spec] + templateFiles + (configuration.map { [$0] } ?? []) + documentInputs(of: spec, sourceFiles: sourceFiles)
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

    /// What else an OpenAPI document's command depends on: its configuration and the files its `$ref`s may name,
    /// every other YAML and JSON file in its folder tree among `files` (the importer reads no other).
    private static func documentInputs(of spec: URL, sourceFiles files: [URL]) -> [URL] {
        guard SpecFiles.isOpenAPI(spec) else { return [] }
        let folder = spec.deletingLastPathComponent().path + "/"
        return [SpecFiles.configuration(of: spec)].filter { FileManager.default.fileExists(atPath: $0.path) }
            + files.filter { $0 != spec && $0.path.hasPrefix(folder) && FileRules.isReferenceable(path: $0.path) }
    }

    /// The command of a module's target (its configuration's `module:`): `routegen generate --module` of the spec
    /// the target holds, or else of the one the configuration's `spec:` names (relative to it), with the
    /// configuration's `split:` (1 without), writing the files `FileRules.moduleFiles` names. Nil, with an
    /// error, when there is no spec.
    private static func moduleCommand(
        module: String, configuration: URL, sourceFiles: [URL], templates: URL, routegen: URL, workDirectory: URL
    ) -> Command? {
        let named = SpecFiles.configured("spec", in: configuration).map {
            configuration.deletingLastPathComponent().appending(path: $0).standardizedFileURL
        }
        guard let spec = sourceFiles.filter(SpecFiles.isSpec).sorted(by: { $0.path < $1.path }).first ?? named else {
            Diagnostics.error("\(configuration.path): the module \(module)'s target has no spec; name it with `spec:`")
            return nil
        }
        let templateFiles = SpecFiles.templates(in: templates)
        let parts = SpecFiles.configuredSplit(in: configuration) ?? 1
        let namespace = SpecFiles.filePrefix(of: spec)
        let arguments = SpecFiles.moduleArguments(
            spec: spec, output: workDirectory, parts: parts, templates: templateFiles.isEmpty ? nil : templates,
            configuration: configuration)
        let folder = spec.deletingLastPathComponent()
        let documentFiles = SpecFiles.isOpenAPI(spec) ? SpecFiles.referenceableFiles(in: folder) : []
        return .buildCommand(
            displayName: "RouteGen: generating \(module) from \(spec.lastPathComponent)",
            executable: routegen,
            arguments: arguments,
            inputFiles: [spec, configuration] + templateFiles + documentInputs(of: spec, sourceFiles: documentFiles),
            outputFiles: SpecFiles.moduleFiles(module: module, namespace: namespace, parts: parts, overrides: templateFiles)
                .map { workDirectory.appending(path: module).appending(path: $0) })
    }
}
