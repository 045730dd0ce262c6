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

    @Test func jsonFormatForToolsAndCIAnnotations() throws {
        let path = try temporarySpec(
            SpecTesting.header + "headers: { Accept: application/json }\nendpoints:\n  a: { methd: GET, path: /a, headers: { Accept: String? } }\n")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let run = try RouteGenProcess.run("lint", "--format", "json", path)
        #expect(run.status == 1)
        #expect(run.stderr == "")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? NSDictionary)
        #expect(report["version"] as? Int == 1 && report["specs"] as? [String] == [path])
        #expect(report["errors"] as? Int == 2 && report["warnings"] as? Int == 1)
        let diagnostics = try #require(report["diagnostics"] as? [NSDictionary])
        #expect(diagnostics.map { "\($0["line"]!):\($0["column"]!) \($0["severity"]!)" } == ["7:3 error", "7:8 error", "7:41 warning"])
        #expect(diagnostics[1]["message"] as? String == "unknown key `methd` in endpoint `a`; did you mean `method`?")
        #expect(diagnostics[1]["file"] as? String == path)
        #expect((diagnostics[2]["notes"] as? [String])?.count == 1 && (diagnostics[0]["notes"] as? [String]) == [])

        let clean = try RouteGenProcess.run("lint", "--format", "json", SpecTesting.repositoryRoot.appendingPathComponent("Specs/Shop.yaml").path)
        #expect(clean.status == 0)
        #expect(clean.stdout.hasPrefix(#"{"diagnostics":[],"errors":0,"#))
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
        let words = run.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(words.contains("Check specs and OpenAPI documents for errors"))
        #expect(words.contains("top-level `routegen:`, `openapi:` or `swagger:` key"))
    }
}
