import ArgumentParser
import Foundation
import RouteGenCore

/// `routegen lint`: check specs and report, writing nothing.
struct Lint: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check specs and OpenAPI documents for errors without generating anything.",
        discussion: """
            Each path is a spec file, an OpenAPI 3.0 or 3.1 or a Swagger 2.0 document (YAML or JSON, read as \
            `routegen import` reads it), or a folder. In a folder, YAML files whose name ends in `.routegen.yaml` \
            or that have a top-level `routegen:`, `openapi:` or `swagger:` key are linted, and JSON files with a \
            top-level `openapi` or `swagger` key; \
            other files are skipped.

            Every problem in every spec is printed to standard error as `file:line:column: error: message` \
            (or `warning:`), sorted by position, with a `note:` line suggesting the fix where one is obvious.

            With `--format json`, the diagnostics go to standard output instead, as one JSON object: `version`, \
            `specs`, `errors`, `warnings` and `diagnostics`, each with `file`, `line`, `column`, `severity`, \
            `message` and `notes`.

            Exit status: 0 when no spec has an error (warnings are allowed), 1 when one has, 2 for usage errors \
            such as a path that does not exist.
            """
    )

    /// How diagnostics are printed.
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    @Argument(help: "Spec files, OpenAPI documents, or folders of them.", completion: .file(extensions: ["yaml", "yml", "json"]))
    var paths: [String]

    @Flag(name: .shortAndLong, help: "Print nothing when the specs are clean.")
    var quiet = false

    @Option(help: "How to print diagnostics: `text` (compiler style, on standard error) or `json` (on standard output).")
    var format: Format = .text

    func validate() throws {
        guard !paths.isEmpty else { throw ValidationError("name at least one spec file or folder") }
    }

    func run() async throws {
        let report = try SpecLoading.checkAll(paths)
        switch format {
        case .text:
            report.print()
        case .json:
            let json = try DiagnosticsReport(specs: report.files, diagnostics: report.output.diagnostics).json()
            FileHandle.standardOutput.write(json + Data("\n".utf8))
        }
        if report.output.diagnostics.hasErrors {
            throw ExitCode(ExitStatus.specErrors.rawValue)
        }
        if !quiet, format == .text {
            let count = report.files.count
            print("\(count) spec\(count == 1 ? "" : "s") checked, no errors")
        }
    }
}
