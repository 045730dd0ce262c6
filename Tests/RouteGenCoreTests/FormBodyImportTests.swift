import Testing

@testable import RouteGenCore

/// A form body's `encoding` belongs to its request: a field style it sets must reach the wire whether the body's
/// schema is written inline or referenced.
@Suite struct FormBodyImportTests {
    private static func document(encoding: String) -> String {
        """
        openapi: 3.0.3
        info: { title: Forms, version: '1' }
        servers: [{ url: https://forms.example }]
        paths:
          /tags:
            post:
              operationId: tag
              requestBody:
                content:
                  application/x-www-form-urlencoded:
                    schema: { $ref: '#/components/schemas/Tagging' }
        \(encoding)
              responses: { '204': { description: Tagged } }
        components:
          schemas:
            Tagging: { type: object, properties: { ids: { type: array, items: { type: integer } }, note: { type: string } } }
        """
    }

    /// With a style in `encoding`, the referenced object's fields are the endpoint's own, with the style (the list
    /// as `ids=1,2`); the model was named and the style lost, so the list went as `ids=1&ids=2`.
    @Test func aReferencedFormBodyKeepsTheStyleItsEncodingSets() throws {
        let result = ImportTesting.run(Self.document(encoding: "            encoding: { ids: { style: form, explode: false } }"))
        let text = try #require(result.text, "\(ImportTesting.findings(result))")
        #expect(text.contains("""
                form:
                  ids: { type: "[Int]?", style: comma }
                  note: String?
            """), "\(text)")
        #expect(ImportTesting.findings(result) == [])
    }

    /// Without one, the body is the referenced model, as before.
    @Test func aReferencedFormBodyWithoutStylesIsItsModel() throws {
        let result = ImportTesting.run(Self.document(encoding: ""))
        let text = try #require(result.text, "\(ImportTesting.findings(result))")
        #expect(text.contains("    form: Tagging\n") && text.contains("  Tagging:\n"), "\(text)")
    }
}
