import ArgumentParser
import Foundation
import RouteGenCore

/// What the subcommands share: turning paths into checked APIs and printing diagnostics.
enum SpecLoading {
    struct Report {
        var files: [String]
        var output: SpecPipeline.Output

        /// Prints every diagnostic, sorted, to standard error.
        func print() {
            SpecLoading.print(output.diagnostics)
        }
    }

    /// Finds, reads, loads and checks the specs named by `paths`. Paths that cannot be used are usage errors.
    static func checkAll(_ paths: [String]) throws -> Report {
        let sources = try readSources(paths)
        return Report(files: sources.map(\.path), output: SpecPipeline().check(sources))
    }

    /// Prints diagnostics, sorted, to standard error.
    static func print(_ diagnostics: Diagnostics) {
        let text = diagnostics.sorted.map { "\($0)\n" }.joined()
        FileHandle.standardError.write(Data(text.utf8))
    }

    /// Reads the specs named by `paths`. Paths that cannot be used are usage errors.
    static func readSources(_ paths: [String]) throws -> [SpecSource] {
        let files: [String]
        do {
            files = try SpecDiscovery.specFiles(in: paths)
        } catch {
            throw usageError("\(error)")
        }
        guard !files.isEmpty else {
            throw usageError("no RouteGen specs found in \(paths.joined(separator: ", ")) (a spec has a top-level `routegen:` key)")
        }
        var sources: [SpecSource] = []
        for file in files {
            do {
                sources.append(try SpecSource(contentsOf: file))
            } catch {
                throw usageError("\(file): cannot be read: \(error.localizedDescription)")
            }
        }
        return sources
    }

    /// Prints `error: message` to standard error and gives the exit status of a usage error.
    static func usageError(_ message: String) -> ExitCode {
        FileHandle.standardError.write(Data("error: \(message)\n".utf8))
        return ExitCode(ExitStatus.usage.rawValue)
    }
}
