import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory generate-routes [--target T]`: writes the generated code
/// of each target's specs into `<target>/Generated/`, for teams that commit generated code.
///
/// Specs are found in the target's folder by the same rule as the build plugin (list them under `exclude:` in
/// the target so SwiftPM does not warn about them). Without `--target`, every target with specs is generated.
/// Afterwards `routegen check <specs> --output <target>/Generated` confirms the folder is current.
@main
struct GenerateRoutes: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let requested = Set(extractor.extractOption(named: "target"))
        let routegen = try context.tool(named: "routegen").url
        var generated = 0
        for target in context.package.targets where requested.isEmpty || requested.contains(target.name) {
            let specs = Self.specFiles(in: target.directoryURL)
            guard !specs.isEmpty else { continue }
            guard try Self.generate(specs, into: target.directoryURL, routegen: routegen) else {
                Diagnostics.error("routegen generate failed for target \(target.name)")
                return
            }
            generated += 1
        }
        if generated == 0 { Self.warnNothingGenerated(requested) }
    }

    /// Runs `routegen generate` for `specs`, writing `<folder>/Generated`, with the templates of
    /// `<folder>/RouteGenTemplates` when there are any. Whether it succeeded.
    static func generate(_ specs: [URL], into folder: URL, routegen: URL) throws -> Bool {
        var arguments = ["generate"] + specs.map(\.path) + ["--output", folder.appending(path: "Generated").path]
        let templates = folder.appending(path: "RouteGenTemplates")
        if FileManager.default.fileExists(atPath: templates.path) { arguments += ["--templates", templates.path] }
        let configuration = folder.appending(path: SpecFiles.configurationName)
        if FileManager.default.fileExists(atPath: configuration.path) { arguments += ["--config", configuration.path] }
        let process = Process()
        process.executableURL = routegen
        process.arguments = arguments
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus == 0
    }

    static func warnNothingGenerated(_ requested: Set<String>) {
        Diagnostics.warning(requested.isEmpty ? "no target has RouteGen specs" : "no RouteGen specs in \(requested.sorted())")
    }

    /// The specs in a target's folder (recursively, skipping `Generated`), sorted.
    static func specFiles(in folder: URL) -> [URL] {
        guard let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { return [] }
        var specs: [URL] = []
        for case let url as URL in enumerator {
            if url.lastPathComponent == "Generated" { enumerator.skipDescendants() }
            if SpecFiles.isSpec(url) { specs.append(url) }
        }
        return specs.sorted { $0.path < $1.path }
    }
}
