import Foundation
import Testing

@testable import RouteGenCore

/// `BuiltInTemplates.swift` must hold exactly the templates of `Templates/`.
@Suite struct TemplateEmbeddingTests {
    @Test func builtInTemplatesMatchTheTemplatesFolder() throws {
        let folder = SpecTesting.repositoryRoot.appendingPathComponent("Templates")
        var templates: [String: String] = [:]
        for file in try FileManager.default.contentsOfDirectory(atPath: folder.path) where file.hasSuffix(".mustache") {
            templates[String(file.dropLast(".mustache".count))] = try String(
                contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
        }
        let embedded = SpecTesting.repositoryRoot.appendingPathComponent("Sources/RouteGenCore/Render/BuiltInTemplates.swift")
        let expected = TemplateEmbedding.swiftSource(of: templates)
        if ProcessInfo.processInfo.environment["ROUTEGEN_UPDATE_TEMPLATES"] == "1" {
            try expected.write(to: embedded, atomically: true, encoding: .utf8)
        }
        #expect(
            try String(contentsOf: embedded, encoding: .utf8) == expected,
            "Templates/ changed: run `Tests/refresh-generated`")
        let differing = Set(templates.keys).union(BuiltInTemplates.all.keys).filter { templates[$0] != BuiltInTemplates.all[$0] }
        #expect(differing.isEmpty, "compiled-in templates differ from Templates/: \(differing.sorted()); rebuild")
    }
}
