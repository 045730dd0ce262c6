import Testing

@testable import RouteGenCore

/// Values that published documents write in more than one way: a `const` boolean with its default, and objects of
/// any properties written twice in one union.
@Suite struct SchemaValueImportTests {
    static let document = """
        openapi: 3.1.0
        info: { title: Values, version: '1' }
        servers: [{ url: https://values.example }]
        paths:
          /transcriptions:
            post:
              operationId: transcribe
              requestBody:
                required: true
                content:
                  application/json:
                    schema:
                      type: object
                      properties:
                        stream: { type: boolean, default: false, const: false }
                        input:
                          anyOf:
                            - { type: object, additionalProperties: true }
                            - { type: object, properties: {} }
                            - { type: 'null' }
              responses: { '200': { description: OK } }
        """

    @Test func aConstBooleansDefaultIsABoolean() throws {
        let result = ImportTesting.run(Self.document)
        let text = try #require(result.text, "\(ImportTesting.findings(result))")
        // One value only, which is also the default: always sent (see the required one-value properties).
        #expect(text.contains("stream: { type: Bool, default: false }"), "\(text)")
    }

    @Test func objectsOfAnyPropertiesAreOneVariant() throws {
        let result = ImportTesting.run(Self.document)
        let text = try #require(result.text, "\(ImportTesting.findings(result))")
        #expect(text.contains("input: \"[String: JSON]?\""), "\(text)")
        #expect(ImportTesting.findings(result) == [])
    }
}
