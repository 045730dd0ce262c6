import Foundation

/// `swift format lint --strict` from the toolchain, with the repository's `.swift-format`.
enum SwiftFormatLint {
    /// Lints `paths` (files, or folders read recursively); the exit status and what it wrote to standard error.
    static func run(_ paths: [String]) throws -> (status: Int32, findings: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "swift", "format", "lint", "--strict", "--configuration",
            SpecTesting.repositoryRoot.appendingPathComponent(".swift-format").path, "--recursive",
        ] + paths
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let findings = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, findings)
    }
}
