import Testing

@testable import RouteGenCore

/// A path or query parameter typed by a union is sent as its value's text: a union of values written as text is a
/// `String`, a value-or-list union is the list (one value is a list of one).
@Suite struct UnionParameterImportTests {
    static let document = """
        openapi: 3.1.0
        info: { title: Unions, version: '1' }
        servers: [{ url: https://unions.example }]
        paths:
          /connectors/{connector_id_or_name}:
            get:
              operationId: getConnector
              parameters:
                - name: connector_id_or_name
                  in: path
                  required: true
                  schema:
                    anyOf: [{ type: string, format: uuid }, { type: string }]
                - name: version
                  in: query
                  schema:
                    anyOf: [{ type: integer }, { type: string }, { type: 'null' }]
                - name: status
                  in: query
                  schema:
                    anyOf:
                      - $ref: '#/components/schemas/Status'
                      - { type: array, items: { $ref: '#/components/schemas/Status' } }
                      - { type: 'null' }
                - name: purpose
                  in: query
                  schema:
                    anyOf: [{ $ref: '#/components/schemas/Status' }, { type: 'null' }]
                - name: filter
                  in: query
                  schema:
                    anyOf: [{ type: string }, { type: object, properties: { a: { type: string } } }]
              responses: { '200': { description: OK } }
        components:
          schemas:
            Status:
              type: string
              enum: [running, done]
        """

    @Test func unionsOfTextValuesAreStringsAndValueOrListUnionsAreLists() throws {
        let result = ImportTesting.run(Self.document)
        let text = try #require(result.text, "\(ImportTesting.findings(result))")
        #expect(text.contains("    params:\n      connector_id_or_name: String\n"), "\(text)")
        #expect(text.contains("      version: String?\n"), "\(text)")
        #expect(text.contains("      status: \"[Status]?\"\n"), "\(text)")
        // One variant beside null keeps its type.
        #expect(text.contains("      purpose: Status?\n"), "\(text)")
        // A union with an object variant is still not a parameter RouteGen can send.
        #expect(!text.contains("filter"))
        #expect(ImportTesting.findings(result).contains { $0.contains("`filter`") && $0.contains("the parameter is left out") })
        #expect(!ImportTesting.names(result).models.contains { $0.hasPrefix("GetConnector") })
    }
}
