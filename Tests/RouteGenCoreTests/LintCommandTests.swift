import Foundation
import Testing

@testable import RouteGenCore

/// Runs the real `routegen` binary, built beside the test bundle.
@Suite struct LintCommandTests {
    private func temporarySpec(_ text: String) throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("routegen-\(UUID().uuidString).yaml")
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    @Test func cleanSpecsExitZero() throws {
        let run = try RouteGenProcess.run("lint", SpecTesting.repositoryRoot.appendingPathComponent("Specs").path)
        #expect(run.status == 0)
        #expect(run.stderr == "")
        #expect(run.stdout.hasSuffix("specs checked, no errors\n"))
    }

    @Test func errorsExitOneWithCompilerStyleDiagnosticsOnStderr() throws {
        let path = try temporarySpec(SpecTesting.header + "endpoints:\n  a: { methd: GET, path: /a }\n")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let run = try RouteGenProcess.run("lint", path)
        #expect(run.status == 1)
        #expect(run.stdout == "")
        #expect(run.stderr == """
            \(path):6:3: error: endpoint `a` is missing required key `method`
            \(path):6:8: error: unknown key `methd` in endpoint `a`; did you mean `method`?

            """)
    }

    @Test func usageErrorsExitTwo() throws {
        let missing = try RouteGenProcess.run("lint", "/no/such/spec.yaml")
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("/no/such/spec.yaml: no such file or folder"))
        #expect(try RouteGenProcess.run("lint").status == 2)
        #expect(try RouteGenProcess.run("lint", "--frobnicate", "x.yaml").status == 2)
        #expect(try RouteGenProcess.run("frobnicate").status == 2)
    }

    @Test func helpExplainsItself() throws {
        let run = try RouteGenProcess.run("lint", "--help")
        #expect(run.status == 0)
        #expect(run.stdout.contains("Exit status: 0 when no spec has an error"))
        #expect(run.stdout.contains("top-level `routegen:` key"))
    }
}
