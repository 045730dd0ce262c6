import ArgumentParser
import Foundation
import RouteGenCore

/// `routegen generate`: write the Swift for specs.
struct Generate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Generate Swift from specs.",
        discussion: """
            Writes one set of files per spec into the output folder: `<Name>.swift` (the namespace and its \
            environments), `<Name>+APIRoute.swift`, `<Name>+Models.swift`, `<Name>+RequestHandling.swift` and \
            `<Name>+Mock.swift`. A large API spreads its routes and models over several files \
            (`<Name>+APIRoute2.swift`, `<Name>+Models2.swift`, …): see --split.

            With --modules, a large API is spread over modules, a folder each: `<Name>Models` (the namespace and \
            the models several modules use), modules of groups of endpoints (each group in a namespace of its own, \
            `<Name>.Customers` for the `/customers` endpoints, with the models only its module uses) and \
            `<Name>API`, which re-exports them all; it prints the targets to add to Package.swift. A module's \
            folder records its API and spec (`.routegen-module`): only the folders recorded for the API or its \
            spec are ever removed, and a spec moved or renamed regenerates them in place.

            Nothing is written when any spec has an error. Files are written atomically, unchanged files are \
            left untouched, and files an earlier run generated that are no longer produced are removed; other \
            files in the folder are never touched.
            """
    )

    @OptionGroup var arguments: GenerationArguments

    func run() throws {
        let options = try arguments.options()
        let output = try arguments.generate(options: options)
        let files = output.files
        let changes = try OutputWriter(directory: arguments.output, apis: output.apis).write(files)
        try arguments.reportConflicts(of: changes)
        // The module folders' records are not generated files: the counts are of the files alone, and add up.
        func count(_ names: [String]) -> Int { names.filter { !ModuleRecord.isRecord($0) }.count }
        let written = count(changes.missing + changes.stale)
        print("\(files.count) files generated in \(arguments.output): \(written) written, \(count(changes.unchanged)) unchanged, \(count(changes.extra)) removed")
        // One module of a layout (the build plugin's targets) has no targets to print.
        for plan in output.plans where options.module == nil {
            print("\n\(plan.api.name.swift) is spread over \(plan.modules.count + 1) modules; the targets for Package.swift:")
            for line in plan.packageTargets(output: arguments.output) { print("    " + line) }
            if case .count = options.modules { continue }
            print("The number of endpoint modules follows the API's size; keep it with --module-count \(plan.moduleCount) (or `modules: \(plan.moduleCount)`), so that no group moves to another module as the API grows.")
        }
    }
}
