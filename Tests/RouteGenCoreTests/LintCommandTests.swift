import Foundation
import Testing

@testable import RouteGenCore

/// Runs the real `routegen` binary, built beside the test bundle.
@Suite struct LintCommandTests {
    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// SwiftPM puts the test bundle and the `routegen` it depends on in the same build folder.
    static let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        .appendingPathComponent("routegen")

    private func routegen(_ arguments: String...) throws -> Run {
        try #require(FileManager.default.isExecutableFile(atPath: Self.binary.path), "routegen not built at \(Self.binary.path)")
        let process = Process()
        process.executableURL = Self.binary
        process.arguments = arguments
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(
            status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
            stderr: String(decoding: stderr, as: UTF8.self))
    }

    private func temporarySpec(_ text: String) throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("routegen-\(UUID().uuidString).yaml")
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    @Test func cleanSpecsExitZero() throws {
        let run = try routegen("lint", SpecTesting.repositoryRoot.appendingPathComponent("Specs").path)
        #expect(run.status == 0)
        #expect(run.stderr == "")
        #expect(run.stdout.hasSuffix("specs checked, no errors\n"))
    }

    @Test func errorsExitOneWithCompilerStyleDiagnosticsOnStderr() throws {
        let path = try temporarySpec(SpecTesting.header + "endpoints:\n  a: { methd: GET, path: /a }\n")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let run = try routegen("lint", path)
        #expect(run.status == 1)
        #expect(run.stdout == "")
        #expect(run.stderr == """
            \(path):6:3: error: endpoint `a` is missing required key `method`
            \(path):6:8: error: unknown key `methd` in endpoint `a`; did you mean `method`?

            """)
    }

    @Test func usageErrorsExitTwo() throws {
        let missing = try routegen("lint", "/no/such/spec.yaml")
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("/no/such/spec.yaml: no such file or folder"))
        #expect(try routegen("lint").status == 2)
        #expect(try routegen("lint", "--frobnicate", "x.yaml").status == 2)
        #expect(try routegen("frobnicate").status == 2)
    }

    @Test func helpExplainsItself() throws {
        let run = try routegen("lint", "--help")
        #expect(run.status == 0)
        #expect(run.stdout.contains("Exit status: 0 when no spec has an error"))
        #expect(run.stdout.contains("top-level `routegen:` key"))
    }
}
