import Foundation
import Testing

@testable import RouteGenCore

/// A user's override of `RequestHandling.swift.mustache` changes every endpoint's method: the built-in template with
/// one line added to each method's body (`CallLog.record("getThing")`) generates `Tests/TemplateOverride/Traced.yaml`
/// into `Tests/GeneratedClients/TemplateOverride`, which the package compiles with warnings as errors and
/// `TemplateOverrideClientTests` calls.
@Suite struct TemplateOverrideTests {
    static let spec = SpecTesting.repositoryRoot.appendingPathComponent("Tests/TemplateOverride/Traced.yaml").path
    static let outputFolder = SpecTesting.repositoryRoot.appendingPathComponent(
        "Tests/GeneratedClients/TemplateOverride"
    ).path

    /// The line the override adds after each method's signature.
    static let addedLine = "        CallLog.record(\"{{caseName}}\")"

    /// The built-in template with ``addedLine`` after the signature of every endpoint's method, in a folder of its own.
    static func overrideFolder() throws -> String {
        let builtIn = try #require(BuiltInTemplates.all["RequestHandling.swift"])
        var lines = builtIn.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // The signature of each endpoint's method, in the extension of `RouteSending`.
        let routeSending = try #require(lines.firstIndex { $0.hasSuffix("extension {{namespace}}.RouteSending {") })
        let signature = try #require(
            lines[routeSending...].firstIndex { $0.hasPrefix("    {{access}}func {{caseName}}(") })
        lines.insert(addedLine, at: signature + 1)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "routegen-override-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try lines.joined(separator: "\n").write(
            to: folder.appendingPathComponent("RequestHandling.swift.mustache"), atomically: true, encoding: .utf8)
        return folder.path
    }

    private func generate() throws -> CodeGenerator.Output {
        let folder = try Self.overrideFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        return CodeGenerator(options: GenerationOptions(templatesDirectory: folder)).generate([
            try SpecSource(contentsOf: Self.spec)
        ])
    }

    /// The checked-in client is what the override generates (`ROUTEGEN_UPDATE_GOLDEN=1` rewrites it, as
    /// `Tests/refresh-generated` does), and every method of it records its call first.
    @Test func anOverrideAddingALineToEveryMethodGeneratesTheCheckedInClient() throws {
        let output = try generate()
        #expect(output.diagnostics.all.isEmpty)
        let writer = OutputWriter(directory: Self.outputFolder)
        if ProcessInfo.processInfo.environment["ROUTEGEN_UPDATE_GOLDEN"] == "1" {
            try writer.write(output.files)
        }
        let comparison = writer.compare(with: output.files)
        #expect(
            comparison.isUpToDate,
            "stale: \(comparison.stale), missing: \(comparison.missing); run `Tests/refresh-generated`")
        let handling = try #require(output.files.first { $0.name == "Traced+RequestHandling.swift" }).contents
        #expect(
            handling.contains(
                "async throws -> Traced.Thing {\n        CallLog.record(\"getThing\")\n        let route ="))
        #expect(
            handling.contains(
                "public func deleteThing(id: Int) async throws {\n        CallLog.record(\"deleteThing\")\n"))
    }

    /// The override's output is formatted as the built-in templates' is.
    @Test func theOverridesOutputPassesSwiftFormatLint() throws {
        let lint = try SwiftFormatLint.run([Self.outputFolder])
        #expect(lint.status == 0)
        #expect(lint.findings == "")
    }
}
