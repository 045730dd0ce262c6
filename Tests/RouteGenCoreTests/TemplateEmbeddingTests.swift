import Foundation
import Testing

@testable import RouteGenCore

/// The generator's built-in templates are the files of `Templates/`, as SwiftPM compiles them in: every one of them,
/// and nothing else.
@Suite struct TemplateEmbeddingTests {
    @Test func builtInTemplatesAreTheTemplatesFolder() throws {
        let folder = SpecTesting.repositoryRoot.appendingPathComponent("Templates")
        var templates: [String: String] = [:]
        for file in try FileManager.default.contentsOfDirectory(atPath: folder.path) where file.hasSuffix(".mustache") {
            templates[String(file.dropLast(".mustache".count))] = try String(
                contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
        }
        #expect(BuiltInTemplates.all.keys.sorted() == templates.keys.sorted(), "add the template to BuiltInTemplates.all")
        let differing = Set(templates.keys).union(BuiltInTemplates.all.keys).filter { templates[$0] != BuiltInTemplates.all[$0] }
        #expect(differing.isEmpty, "compiled-in templates differ from Templates/: \(differing.sorted()); rebuild")
    }
}
