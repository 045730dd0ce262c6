import Foundation
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

    /// Attack on issue 51, 6: an API name so long that its modules' files (`<API><Group>+RequestHandling12.swift`)
    /// would pass a file system's 255 bytes is an error at `name:`, not Foundation's "File name too long"; the
    /// longest name allowed still writes every file of a layout of long groups.
    @Test func anAPINameTooLongForItsFileNamesIsAnError() throws {
        func spec(_ name: String) -> String {
            let group = String(repeating: "billing", count: 46)
            return """
                routegen: 1
                name: \(name)
                environments: { production: https://api.example.com }
                endpoints:
                  ping: { method: GET, path: /\(group)/ping }
                  pong: { method: GET, path: /\(group)s/pong }
                """
        }
        let tooLong = "A" + String(repeating: "b", count: ModulePlanner.maximumAPINameLength)
        #expect(SpecTesting.findings(spec(tooLong)) == [
            "2:7: error: the API's name is 129 bytes long; at most 128 name its files and modules within a file system's 255 bytes"
        ])
        let longest = String(tooLong.dropLast())
        #expect(SpecTesting.findings(spec(longest)).isEmpty)
        var options = GenerationOptions()
        options.modules = .count(2)
        options.split = FileSplit(parts: 12)
        let output = CodeGenerator(options: options).generate([SpecSource(path: "Long.yaml", text: spec(longest))])
        let longestFile = try #require(output.files.map { ($0.name as NSString).lastPathComponent.utf8.count }.max())
        #expect(!output.diagnostics.hasErrors && longestFile <= 255, "\(longestFile)")
    }

    @Test func aDocumentNamedLikeABuiltInTypeGetsAnAPISuffix() {
        #expect(OpenAPITranslator.defaultName(forFile: "specs/data.yaml") == "DataAPI")
        #expect(OpenAPITranslator.defaultName(forFile: "URL.json") == "URLAPI")
        #expect(OpenAPITranslator.defaultName(forFile: "accounts.yaml") == "Accounts")
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
