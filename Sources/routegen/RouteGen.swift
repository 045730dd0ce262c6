import ArgumentParser
import Foundation

/// The `routegen` command line.
@main
struct RouteGen: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "routegen",
        abstract: "Generate a typed Swift networking layer from YAML endpoint specs.",
        discussion: """
            Exit status: 0 when everything is fine, 1 when a spec has errors (printed to standard error as \
            `file:line:column: error: message`), 2 when the command itself was used wrongly.
            """,
        version: "0.1.0",
        subcommands: [Generate.self, Check.self, Lint.self, Import.self, Diff.self, Verify.self]
    )

    /// Runs the command, mapping argument errors to exit status 2 (usage error) as documented.
    static func main() async {
        do {
            var command = try parseAsRoot()
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            let code = exitCode(for: error)
            if code == .validationFailure {
                FileHandle.standardError.write(Data((fullMessage(for: error) + "\n").utf8))
                Foundation.exit(ExitStatus.usage.rawValue)
            }
            exit(withError: error)
        }
    }
}

/// The exit statuses `routegen` documents.
enum ExitStatus: Int32 {
    case success = 0
    case specErrors = 1
    case usage = 2
}
