import Testing

@testable import RouteGenCore

/// A `oneOf` of closed objects (`additionalProperties: false`) whose properties are all optional is told apart, in
/// the document, by which keys an object has. The importer marks each closed schema's model `closed: true`, whose
/// union then tries the next variant for an object with a key the variant does not declare (issue 51, bug 4): the
/// import is right, so it says nothing.
@Suite struct ClosedUnionImportTests {
    static let document = """
        openapi: 3.1.0
        info: { title: Payments, version: '1' }
        servers: [{ url: https://payments.example }]
        paths:
          /methods/{id}:
            get:
              operationId: getMethod
              parameters: [{ name: id, in: path, required: true, schema: { type: string } }]
              responses:
                '200':
                  description: OK
                  content:
                    application/json:
                      schema:
                        oneOf:
                          - $ref: '#/components/schemas/Card'
                          - $ref: '#/components/schemas/BankAccount'
                          - $ref: '#/components/schemas/Wallet'
        components:
          schemas:
            Card:
              type: object
              additionalProperties: false
              properties: { last4: { type: string }, brand: { type: string } }
            BankAccount:
              type: object
              additionalProperties: false
              properties: { iban: { type: string }, holder: { type: string } }
            Wallet:
              type: object
              additionalProperties: true
              properties: { provider: { type: string } }
        """

    @Test func closedSchemasAreClosedModelsAndNothingIsReported() throws {
        let result = ImportTesting.run(Self.document)
        #expect(ImportTesting.findings(result) == [])
        var diagnostics = Diagnostics()
        let text = try #require(result.text)
        let api = try #require(
            SpecPipeline().check(SpecSource(path: "spec.yaml", text: text), diagnostics: &diagnostics), "\(text)")
        let closed = Dictionary(uniqueKeysWithValues: api.models.map { ($0.name.wire, $0.isClosed) })
        #expect(closed["Card"] == true && closed["BankAccount"] == true && closed["Wallet"] == false, "\(text)")
    }

    /// OpenAPI 3.1's way to close a schema composed with `allOf`: `unevaluatedProperties: false` closes it over every
    /// part's properties, as `closed: true` does.
    @Test func unevaluatedPropertiesFalseClosesAComposedSchema() throws {
        let document = Self.document.replacingOccurrences(
            of: """
                    BankAccount:
                      type: object
                      additionalProperties: false
                      properties: { iban: { type: string }, holder: { type: string } }
                """,
            with: """
                    Named: { type: object, properties: { holder: { type: string } } }
                    BankAccount:
                      allOf: [{ $ref: '#/components/schemas/Named' }, { type: object, properties: { iban: { type: string } } }]
                      unevaluatedProperties: false
                """)
        #expect(document != Self.document)
        let result = ImportTesting.run(document)
        var diagnostics = Diagnostics()
        let text = try #require(result.text, "\(ImportTesting.findings(result))")
        let api = try #require(SpecPipeline().check(SpecSource(path: "spec.yaml", text: text), diagnostics: &diagnostics), "\(text)")
        #expect(api.models.first { $0.name.wire == "BankAccount" }?.isClosed == true, "\(text)")
    }
}
