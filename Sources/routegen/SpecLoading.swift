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
            let text = output.diagnostics.sorted.map { "\($0)\n" }.joined()
            FileHandle.standardError.write(Data(text.utf8))
        }
    }

    /// Finds, reads, loads and checks the specs named by `paths`. Paths that cannot be used are usage errors.
    static func checkAll(_ paths: [String]) throws -> Report {
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
        return Report(files: files, output: SpecPipeline().check(sources))
    }

    private static func usageError(_ message: String) -> ExitCode {
        FileHandle.standardError.write(Data("error: \(message)\n".utf8))
        return ExitCode(ExitStatus.usage.rawValue)
    }
}
