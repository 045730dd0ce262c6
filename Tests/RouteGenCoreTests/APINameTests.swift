import Testing

@testable import RouteGenCore

/// An API's name is its namespace, which every generated declaration is inside: a name Swift or RouteGen uses
/// would hide that type from all of the API's code, and a model named like the API would hide the namespace.
@Suite struct APINameTests {
    @Test(arguments: ["Data", "String", "Date", "URL", "UUID", "Int", "Bool", "JSON", "QueryItem", "Sendable"])
    func aNameTheGeneratedCodeUsesCannotNameAnAPI(_ name: String) {
        let findings = SpecTesting.findings("""
            routegen: 1
            name: \(name)
            environments: { production: https://api.example.com }
            endpoints:
              ping: { method: GET, path: /ping }
            """)
        #expect(findings == ["2:7: error: `\(name)` cannot name an API: Swift or RouteGen already uses it"])
    }

    @Test func aDocumentNamedLikeABuiltInTypeGetsAnAPISuffix() {
        #expect(OpenAPIImporter.defaultName(forFile: "specs/data.yaml") == "DataAPI")
        #expect(OpenAPIImporter.defaultName(forFile: "URL.json") == "URLAPI")
        #expect(OpenAPIImporter.defaultName(forFile: "accounts.yaml") == "Accounts")
    }

    @Test func anImportedSchemaNamedLikeTheAPIIsRenamed() throws {
        let result = ImportTesting.run("""
            openapi: 3.0.3
            info: { title: Api, version: '1' }
            servers: [{ url: https://api.example.com }]
            paths:
              /api:
                get:
                  operationId: getApi
                  responses:
                    '200':
                      description: OK
                      content: { application/json: { schema: { $ref: '#/components/schemas/Api' } } }
            components:
              schemas:
                Api: { type: object, properties: { id: { type: string } } }
            """)
        #expect(ImportTesting.names(result).models == ["ApiModel"], "\(ImportTesting.findings(result))")
    }
}
