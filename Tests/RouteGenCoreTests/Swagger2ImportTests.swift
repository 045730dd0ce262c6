import Foundation
import Testing

@testable import RouteGenCore

/// Swagger 2.0 documents come in through the OpenAPI front end, lowered into OpenAPI 3.0 node by node: what each
/// construct maps to is `Tests/Specs/Imported/Swagger2.yaml` (`OpenAPIImportTests`); here, a document split over files
/// in JSON and YAML, and findings that point into the 2.0 document as it is written.
@Suite struct Swagger2ImportTests {
    @Test func aDocumentSplitOverFilesImportsWithItsReferences() throws {
        let result = try ImportTesting.run(path: ImportTesting.documents.appendingPathComponent("swagger2-split/api.json").path)
        let text = try #require(result.text, "\(ImportTesting.findings(result))")
        #expect(ImportTesting.findings(result) == [])
        // A parameter, a response and a definition of another file; a whole file as a schema, its `x-nullable` and
        // `type: file` lowered; the default response's model lifted to the API's errors.
        for expected in [
            "  production: https://records.kennel.example\n", "errors: Problem\n", "      phone: String?\n", "      dogs: \"[Dog]\"\n",
            "  Dog:\n    properties:\n      name: String\n      chip: String?\n      photo: Data?\n",
            "    path: /owners/{ownerId}\n    params:\n      ownerId: String\n    response: Owner\n",
        ] {
            #expect(text.contains(expected), "\(expected) in\n\(text)")
        }
    }

    /// A finding names the line, column and JSON pointer of the construct as the 2.0 document writes it, not as its
    /// OpenAPI 3.0 lowering would (`#/definitions/…`, `…/responses/200/schema`).
    @Test func findingsPointIntoTheDocumentAsWritten() {
        let result = ImportTesting.run(
            """
            swagger: "2.0"
            info: { title: Pointers, version: "1" }
            host: api.example.com
            paths:
              /things:
                get:
                  operationId: listThings
                  responses:
                    "200":
                      description: Things
                      schema: { type: object, properties: { a: { type: string } }, additionalProperties: { type: integer } }
              /thing:
                get: { operationId: getThing, responses: { "200": { description: A thing, schema: { $ref: "#/definitions/Thing" } } } }
            definitions:
              Thing: { type: object, properties: { b: { type: string } }, additionalProperties: { type: boolean } }
            """)
        #expect(
            ImportTesting.findings(result) == [
                "11:94: warning: `additionalProperties` beside `properties` is not supported: only the listed properties are decoded (#/paths/~1things/get/responses/200/schema/additionalProperties)",
                "15:85: warning: `additionalProperties` beside `properties` is not supported: only the listed properties are decoded (#/definitions/Thing/additionalProperties)",
            ])
    }

    @Test func aDocumentWithoutAHostIsServedFromItsBasePath() throws {
        let result = ImportTesting.run(
            """
            swagger: "2.0"
            info: { title: Engine, version: "1" }
            basePath: /v1.56
            paths:
              /_ping: { get: { operationId: ping, produces: [text/plain], responses: { "200": { description: OK, schema: { type: string } } } } }
            """)
        let text = try #require(result.text)
        #expect(text.contains("  production: http://localhost/v1.56\n"), "\(text)")
        #expect(
            ImportTesting.findings(result) == [
                "3:11: warning: the relative server URL `/v1.56` is not supported: made `http://localhost/v1.56`; pass `Environment(baseURL:)` for the real one (#/basePath)"
            ])
    }
}
