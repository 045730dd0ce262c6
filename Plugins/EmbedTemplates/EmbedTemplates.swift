import Foundation
import PackagePlugin

/// Compiles the package's `Templates/*.mustache` into the target it is applied to (RouteGenCore) as
/// `BuiltInTemplates.swift`, written by `TemplateEmbedder` into the plugin's work folder on every build that
/// finds a template changed, added or removed. No copy of the templates is committed.
@main
struct EmbedTemplates: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let folder = context.package.directoryURL.appending(path: "Templates")
        let templates = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "mustache" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        let output = context.pluginWorkDirectoryURL.appending(path: "BuiltInTemplates.swift")
        return [
            .buildCommand(
                displayName: "Embedding \(templates.count) templates into \(target.name)",
                executable: try context.tool(named: "TemplateEmbedder").url,
                arguments: [output.path] + templates.map(\.path),
                inputFiles: templates,
                outputFiles: [output])
        ]
    }
}
