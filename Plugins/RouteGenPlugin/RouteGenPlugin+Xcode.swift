#if canImport(XcodeProjectPlugin)
import Foundation
import PackagePlugin
import XcodeProjectPlugin

/// The build plugin in an Xcode project (Build Phases › Run Build Tool Plug-ins): the same commands as for a
/// package target, from the files of the Xcode target. A spec or OpenAPI document must be a member of the target
/// for Xcode to hand it to the plugin; template overrides live in a `RouteGenTemplates` folder beside it.
extension RouteGenPlugin: XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        let files = target.inputFiles.map(\.url)
        guard let specFolder = files.first(where: SpecFiles.isSpec)?.deletingLastPathComponent() else { return [] }
        return Self.commands(
            sourceFiles: files, templates: specFolder.appending(path: "RouteGenTemplates"),
            routegen: try context.tool(named: "routegen").url, workDirectory: context.pluginWorkDirectoryURL)
    }
}
#endif
