import Testing

@testable import RouteGenCore

/// Two properties whose wire names derive to one Swift name (`_name` and `name`, `foo-bar` and `foo_bar`, `URL` and
/// `url`, `@type` and `type`), in one object or across `allOf` parts (issue 52): the importer gives the second a
/// Swift name of its own, wire keys unchanged (`Tests/OpenAPI/constructs.yaml`, `Label` and `TaggedLabel`), and the
/// checker refuses a spec written by hand that still collides, at the second property, never generating a model that
/// declares one name twice.
@Suite struct CollidingPropertyNameTests {
    static let pairs = [("_name", "name"), ("foo-bar", "foo_bar"), ("URL", "url"), ("\"@type\"", "type")]

    @Test func theImportGivesEachPropertyItsOwnSwiftNameAndKeepsTheWireKeys() throws {
        let result = try ImportTesting.run(path: ImportTesting.documents.appendingPathComponent("constructs.yaml").path)
        let text = try #require(result.text, "\(ImportTesting.findings(result))")
        var diagnostics = Diagnostics()
        let api = try #require(SpecPipeline().check(SpecSource(path: "spec.yaml", text: text), diagnostics: &diagnostics))
        #expect(!diagnostics.hasErrors, "\(diagnostics.all)")
        for modelName in ["Label", "TaggedLabel"] {
            let model = try #require(api.models.first { $0.name.swift == modelName })
            let swiftNames = model.properties.map(\.name.swift)
            #expect(Set(swiftNames).count == swiftNames.count, "\(modelName): \(swiftNames)")
            #expect(
                Set(model.properties.map(\.name.wire))
                    == ["_name", "name", "foo-bar", "foo_bar", "URL", "url", "@type", "type"], "\(modelName)")
        }
    }

    @Test func aSpecWhosePropertiesStillCollideInOneObjectIsRefusedAtTheSecond() {
        let properties = Self.pairs.map { "      \($0.0): String?\n      \($0.1): String?" }.joined(separator: "\n")
        let yaml = SpecTesting.header + "models:\n  Label:\n    properties:\n" + properties + "\n"
        #expect(
            SpecTesting.findings(yaml) == [
                "9:7: error: property `name` and `_name` (line 8) both become the Swift name `name`",
                "11:7: error: property `foo_bar` and `foo-bar` (line 10) both become the Swift name `fooBar`",
                "13:7: error: property `url` and `URL` (line 12) both become the Swift name `url`",
                "15:7: error: property `type` and `@type` (line 14) both become the Swift name `type`",
            ])
    }

    @Test func aSpecWhosePropertiesStillCollideAcrossAllOfIsRefusedAtTheIncludingModel() {
        let named = Self.pairs.map { "      \($0.0): String?" }.joined(separator: "\n")
        let own = Self.pairs.map { "      \($0.1): String?" }.joined(separator: "\n")
        let yaml = SpecTesting.header + """
            models:
              Named:
                properties:
            \(named)
              Tagged:
                allOf: [Named]
                properties:
            \(own)

            """
        let findings = SpecTesting.findings(yaml)
        #expect(findings.count == 4, "\(findings)")
        for (line, (first, second)) in zip(15..., Self.pairs) {
            let wire = first.trimmingCharacters(in: ["\""])
            #expect(
                findings.contains {
                    $0.hasPrefix("\(line):7: error: property `\(second)` of `Tagged` and property `\(wire)` of `Named` both become")
                }, "\(findings)")
        }
    }
}
