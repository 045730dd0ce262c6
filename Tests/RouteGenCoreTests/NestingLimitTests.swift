import Foundation
import Testing

@testable import RouteGenCore

/// Types nest at most ``TypeExpressionParser/deepestNesting`` lists, dictionaries or `Expandable`s: deeper text is
/// an error at its position (never a crash, however deep), and an imported schema nested deeper is `JSON`.
@Suite struct NestingLimitTests {
    static func spec(response: String) -> String {
        """
        routegen: 1
        name: Deep
        environments: { production: https://deep.example }
        endpoints:
          get: { method: GET, path: /deep, response: "\(response)" }
        """
    }

    @Test func eightListsAreATypeAndNineAreAnError() {
        #expect(SpecTesting.findings(Self.spec(response: String(repeating: "[", count: 8) + "Int" + String(repeating: "]", count: 8))) == [])
        #expect(SpecTesting.findings(Self.spec(response: "[String: " + String(repeating: "[", count: 8) + "Int" + String(repeating: "]", count: 9))) == [
            "5:63: error: a type nests at most 8 lists, dictionaries or `Expandable`s"
        ])
    }

    @Test func aTypeThousandsDeepIsAnErrorNotACrash() {
        let findings = SpecTesting.findings(Self.spec(response: String(repeating: "[", count: 5000) + "Int" + String(repeating: "]", count: 5000)))
        #expect(findings == ["5:55: error: a type nests at most 8 lists, dictionaries or `Expandable`s"])
    }

    @Test func anImportedSchemaNestedDeeperIsJSON() throws {
        var schemas = ""
        for level in 0..<12 { schemas += "    A\(level): { type: array, items: { $ref: '#/components/schemas/A\(level + 1)' } }\n" }
        let result = ImportTesting.run("""
            openapi: 3.0.3
            info: { title: Deep, version: '1' }
            servers: [{ url: https://deep.example }]
            paths:
              /deep:
                get:
                  operationId: getDeep
                  responses:
                    '200':
                      description: OK
                      content: { application/json: { schema: { $ref: '#/components/schemas/A0' } } }
            components:
              schemas:
            \(schemas)    A12: { type: integer }
            """)
        let text = try #require(result.text, "\(ImportTesting.findings(result))")
        // Typed bottom-up: each level past the limit is `JSON`, so what is left nests no deeper than the limit.
        let response = try #require(text.split(separator: "\n").first { $0.contains("response:") })
        let depth = response.filter { $0 == "[" }.count
        #expect(response.contains("JSON") && depth >= 1 && depth <= TypeExpressionParser.deepestNesting, "\(response)")
        #expect(ImportTesting.findings(result).contains { $0.contains("a list or dictionary nested more than 8 deep is not supported") })
    }
}
