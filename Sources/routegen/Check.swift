import ArgumentParser
import Foundation
import RouteGenCore

/// `routegen check`: is the checked-in generated code current?
struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check that the output folder holds exactly what `generate` would write.",
        discussion: """
            For repositories that commit generated code: run it in CI with the same arguments as `generate`. \
            Exit status: 0 when the folder is current, 1 with the list of stale, missing and extra files (or \
            with spec errors), 2 for usage errors.
            """
    )

    @OptionGroup var arguments: GenerationArguments

    func run() throws {
        let output = try arguments.generate(options: try arguments.options())
        let files = output.files
        let comparison = OutputWriter(directory: arguments.output, apis: output.apis).compare(with: files)
        try arguments.reportConflicts(of: comparison)
        guard comparison.isUpToDate else {
            var lines = ["\(arguments.output) is out of date; run `routegen generate` with the same arguments:"]
            lines += comparison.stale.map { "  stale:   \($0)" }
            lines += comparison.missing.map { "  missing: \($0)" }
            lines += comparison.extra.map { "  extra:   \($0)" }
            FileHandle.standardError.write(Data((lines.joined(separator: "\n") + "\n").utf8))
            throw ExitCode(ExitStatus.specErrors.rawValue)
        }
        print("\(arguments.output) is up to date (\(files.count) files)")
    }
}
