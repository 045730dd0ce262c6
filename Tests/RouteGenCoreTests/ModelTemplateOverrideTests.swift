import Foundation
import Testing

@testable import RouteGenCore

/// A user's override of `Object.mustache` changes every object's `init(from:)` and `encode(to:)`, and one of
/// `Union.mustache` every union's decoding: the templates write those bodies, and the render stage gives them data.
@Suite struct ModelTemplateOverrideTests {
    static let spec = """
        routegen: 1
        name: Shapes
        environments:
          production: https://shapes.example.com
        models:
          Circle:
            properties:
              kind: String
              radius: Double
          Square:
            properties:
              kind: String
              side: { type: Double, default: 1 }
          Shape:
            oneOf: [Circle, Square]
            discriminator: kind
            mapping:
              circle: Circle
              square: Square
          Measure:
            oneOf: [Circle, Int]
        endpoints:
          getShape:
            method: GET
            path: /shapes
            response: Shape
          getMeasure:
            method: GET
            path: /measures
            response: Measure
        """

    /// `builtIn` with `line` after each line that ends with `anchor`.
    static func adding(_ line: String, after anchor: String, to builtIn: String) -> String {
        builtIn.split(separator: "\n", omittingEmptySubsequences: false).flatMap { existing in
            existing.hasSuffix(anchor) ? [String(existing), line] : [String(existing)]
        }.joined(separator: "\n")
    }

    /// The models file `Shapes` generates with `overrides` (template file name and text) in a templates folder.
    private func models(with overrides: [String: String]) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "routegen-models-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for (name, text) in overrides {
            try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        let output = CodeGenerator(options: GenerationOptions(templatesDirectory: folder.path)).generate([
            SpecSource(path: "Shapes.yaml", text: Self.spec)
        ])
        #expect(output.diagnostics.all.isEmpty)
        return try #require(output.files.first { $0.name == "Shapes+Models.swift" }).contents
    }

    @Test func anOverrideOfObjectChangesEveryObjectsDecodingAndEncoding() throws {
        let builtIn = try #require(BuiltInTemplates.all["Object"])
        var object = Self.adding(
            "            log(\"decoding {{name}}\")", after: "init(from decoder: any Decoder) throws {", to: builtIn)
        object = Self.adding(
            "            log(\"encoding {{name}}\")", after: "func encode(to encoder: any Encoder) throws {", to: object
        )
        let models = try models(with: ["Object.mustache": object])
        for name in ["Circle", "Square"] {
            #expect(
                models.contains(
                    "public init(from decoder: any Decoder) throws {\n            log(\"decoding \(name)\")\n"
                        + "            let container = try decoder.container(keyedBy: JSONKey.self)\n"))
            #expect(
                models.contains(
                    "public func encode(to encoder: any Encoder) throws {\n            log(\"encoding \(name)\")\n"))
        }
        // The unions' and the enums' coding is the built-in templates'.
        #expect(models.components(separatedBy: "log(").count == 5)
    }

    @Test func anOverrideOfUnionChangesEveryUnionsDecoding() throws {
        let builtIn = try #require(BuiltInTemplates.all["Union"])
        let union = Self.adding(
            "            log(\"decoding {{name}}\")", after: "let container = try decoder.singleValueContainer()",
            to: builtIn)
        let models = try models(with: ["Union.mustache": union])
        // By the discriminator, and each variant in turn.
        #expect(
            models.contains(
                "let container = try decoder.singleValueContainer()\n            log(\"decoding Shape\")\n"
                    + "            let discriminator ="))
        #expect(
            models.contains(
                "let container = try decoder.singleValueContainer()\n            log(\"decoding Measure\")\n"
                    + "            if let value = try? container.decode(Circle.self) {"))
        #expect(models.components(separatedBy: "log(").count == 3)
    }

    /// Without overrides, the built-in templates write no such line: the tests above see the overrides' work.
    @Test func theBuiltInTemplatesWriteNoneOfTheOverridesLines() throws {
        #expect(!(try models(with: [:])).contains("log("))
    }
}
