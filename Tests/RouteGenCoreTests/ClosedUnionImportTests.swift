import Testing

@testable import RouteGenCore

/// A `oneOf` of closed objects (`additionalProperties: false`) whose properties are all optional is told apart, in
/// the document, by which keys an object has; RouteGen tries each variant in turn and its structs ignore keys they
/// do not declare, so an object of a later variant decodes as an earlier one and loses its data. The import says so
/// at the variant (issue 51, bug 4).
@Suite struct ClosedUnionImportTests {
    static func document(cardIsClosed: Bool) -> String {
        """
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
        components:
          schemas:
            Card:
              type: object
              additionalProperties: \(!cardIsClosed)
              properties: { last4: { type: string }, brand: { type: string } }
            BankAccount:
              type: object
              additionalProperties: false
              properties: { iban: { type: string }, holder: { type: string } }
        """
    }

    @Test func closedVariantsAnEarlierOneWouldSwallowAreReported() throws {
        let result = ImportTesting.run(Self.document(cardIsClosed: true))
        #expect(result.text != nil)
        #expect(
            ImportTesting.findings(result).contains {
                $0.hasPrefix("17:")
                    && $0.contains("an object of `BankAccount` decodes as `Card`, losing the properties `Card` does not have")
            }, "\(ImportTesting.findings(result))")
    }

    @Test func openVariantsAreNotReported() {
        // An object of both is valid as a `Card` too: no data the document sets apart is lost.
        let result = ImportTesting.run(Self.document(cardIsClosed: false))
        #expect(!ImportTesting.findings(result).contains { $0.contains("closed variants") }, "\(ImportTesting.findings(result))")
    }
}
