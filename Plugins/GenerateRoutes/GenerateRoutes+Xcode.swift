#if canImport(XcodeProjectPlugin)
import Foundation
import PackagePlugin
import XcodeProjectPlugin

/// The command plugin in an Xcode project (the project's context menu › RouteGen › generate-routes): for each
/// target (or each `--target`), the specs among its files are generated into a `Generated` folder beside them.
/// Add that folder to the target once; later runs rewrite its files.
extension GenerateRoutes: XcodeCommandPlugin {
    func performCommand(context: XcodePluginContext, arguments: [String]) throws {
        var extractor = ArgumentExtractor(arguments)
        let requested = Set(extractor.extractOption(named: "target"))
        let routegen = try context.tool(named: "routegen").url
        var generated = 0
        for target in context.xcodeProject.targets where requested.isEmpty || requested.contains(target.displayName) {
            let specs = target.inputFiles.map(\.url).filter(SpecFiles.isSpec).sorted { $0.path < $1.path }
            guard let folder = specs.first?.deletingLastPathComponent() else { continue }
            guard try Self.generate(specs, into: folder, routegen: routegen) else {
                Diagnostics.error("routegen generate failed for target \(target.displayName)")
                return
            }
            generated += 1
        }
        if generated == 0 { Self.warnNothingGenerated(requested) }
    }
}
#endif
