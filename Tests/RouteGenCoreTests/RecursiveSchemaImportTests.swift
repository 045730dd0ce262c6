import Foundation
import Testing

@testable import RouteGenCore

/// Schemas that contain themselves, in every shape JSON Schema allows, and chains of references as long as real
/// documents have: each imports into a spec that checks clean and generates, a cycle Swift cannot spell typed as
/// `JSON` with a warning at the reference that closes it, and nothing recurses without end.
@Suite struct RecursiveSchemaImportTests {
    private static func document(schemas: String) -> String {
        OpenAPIImportTests.paths + """
              /things:
                get:
                  responses:
                    "200":
                      description: OK
                      content: { application/json: { schema: { $ref: "#/components/schemas/Holder" } } }
            components:
              schemas:

            """ + schemas
    }

    /// Generates the imported spec, with no finding.
    private func generates(_ result: DocumentImport.Output) throws {
        let text = try #require(result.text, "\(result.diagnostics)")
        let output = CodeGenerator().generate([SpecSource(path: "T.yaml", text: text)])
        #expect(output.diagnostics.all.isEmpty)
        #expect(!output.files.isEmpty)
    }

    /// A list of itself, a dictionary of itself, two schemas that are only each other's `allOf` part, two unions of
    /// one variant each: no model between, so no Swift type can spell them; the value within is `JSON`.
    @Test func aCycleWithNoModelBetweenIsTypedAsJSONWithinItself() throws {
        let result = ImportTesting.run(Self.document(schemas: """
                Holder:
                  type: object
                  properties:
                    list: { $ref: "#/components/schemas/Nested" }
                    map: { $ref: "#/components/schemas/Tree" }
                    both: { $ref: "#/components/schemas/A" }
                    either: { $ref: "#/components/schemas/Left" }
                Nested:
                  type: array
                  items: { $ref: "#/components/schemas/Nested" }
                Tree:
                  type: object
                  additionalProperties: { $ref: "#/components/schemas/Tree" }
                A:
                  allOf: [{ $ref: "#/components/schemas/B" }]
                B:
                  allOf: [{ $ref: "#/components/schemas/A" }]
                Left:
                  oneOf: [{ $ref: "#/components/schemas/Right" }]
                Right:
                  oneOf: [{ $ref: "#/components/schemas/Left" }]
            """))
        let warning = "a schema that contains itself with no model between (only lists, dictionaries, a lone `allOf` part or variant) is not supported: the value within itself is typed as `JSON`"
        #expect(ImportTesting.findings(result) == [
            "22:14: warning: \(warning) (#/components/schemas/Nested/items)",
            "25:29: warning: \(warning) (#/components/schemas/Tree/additionalProperties)",
            "29:15: warning: \(warning) (#/components/schemas/B/allOf/0)",
            "33:15: warning: \(warning) (#/components/schemas/Right/oneOf/0)",
        ])
        let text = try #require(result.text)
        #expect(text.contains("""
              Holder:
                properties:
                  list: "[JSON]?"
                  map: "[String: JSON]?"
                  both: JSON?
                  either: JSON?
            """))
        try generates(result)
    }

    /// A union that holds itself through an object (an expression tree) is an indirect enum, and two objects that
    /// are each other's `allOf` part both get every property of the two.
    @Test func aCycleThroughAModelIsARecursiveType() throws {
        let result = ImportTesting.run(Self.document(schemas: """
                Holder:
                  type: object
                  properties:
                    expression: { $ref: "#/components/schemas/Expression" }
                    c: { $ref: "#/components/schemas/C" }
                    d: { $ref: "#/components/schemas/D" }
                Expression:
                  oneOf: [{ type: number }, { $ref: "#/components/schemas/Sum" }]
                Sum:
                  type: object
                  properties:
                    terms: { type: array, items: { $ref: "#/components/schemas/Expression" } }
                    first: { $ref: "#/components/schemas/Expression" }
                C:
                  allOf: [{ $ref: "#/components/schemas/D" }]
                  properties: { c: { type: string } }
                D:
                  allOf: [{ $ref: "#/components/schemas/C" }]
                  properties: { d: { type: string } }
            """))
        #expect(ImportTesting.findings(result) == [])
        let text = try #require(result.text)
        #expect(text.contains("""
              C:
                properties:
                  d: String?
                  c: String?
              D:
                properties:
                  c: String?
                  d: String?
            """))
        try generates(result)
    }

    /// 600 objects, each holding the next: every one a model, defined one after another.
    @Test func aLongChainOfReferencesImports() throws {
        let count = 600
        var schemas = """
                Holder:
                  type: object
                  properties: { next: { $ref: "#/components/schemas/Link0" } }

            """
        for index in 0..<count {
            let next = index + 1 < count ? "{ $ref: \"#/components/schemas/Link\(index + 1)\" }" : "{ type: string }"
            schemas += "    Link\(index):\n      type: object\n      properties: { next: \(next) }\n"
        }
        let result = ImportTesting.run(Self.document(schemas: schemas))
        #expect(ImportTesting.findings(result) == [])
        #expect(result.models == count + 1)
        try generates(result)
    }

    /// 600 lists, each of the next, and 600 schemas, each the lone `allOf` part of the one before: what lies deeper
    /// than the bound is typed as `JSON` or left out, with a warning where it starts.
    @Test func nestingPastTheBoundIsLoosened() throws {
        let count = 600
        var schemas = """
                Holder:
                  type: object
                  properties:
                    list: { $ref: "#/components/schemas/List0" }
                    merged: { $ref: "#/components/schemas/Merged" }
                Merged:
                  allOf: [{ $ref: "#/components/schemas/Part0" }]
                  properties: { own: { type: string } }

            """
        for index in 0..<count {
            let last = index + 1 == count
            let list = last ? "{ type: string }" : "{ $ref: \"#/components/schemas/List\(index + 1)\" }"
            schemas += "    List\(index):\n      type: array\n      items: \(list)\n"
            let part = last ? "properties: { deep: { type: string } }" : "allOf: [{ $ref: \"#/components/schemas/Part\(index + 1)\" }]"
            schemas += "    Part\(index):\n      \(part)\n"
        }
        let result = ImportTesting.run(Self.document(schemas: schemas))
        // Lists nest at most 8 deep in a type: every ninth level of the chain is `JSON`, then the reading's bound.
        #expect(ImportTesting.findings(result) == [
            "32:7: warning: a list or dictionary nested more than 8 deep is not supported: the value is typed as `JSON` (#/components/schemas/List2)",
            "77:7: warning: a list or dictionary nested more than 8 deep is not supported: the value is typed as `JSON` (#/components/schemas/List11)",
            "122:7: warning: a list or dictionary nested more than 8 deep is not supported: the value is typed as `JSON` (#/components/schemas/List20)",
            "167:7: warning: a list or dictionary nested more than 8 deep is not supported: the value is typed as `JSON` (#/components/schemas/List29)",
            "212:7: warning: a list or dictionary nested more than 8 deep is not supported: the value is typed as `JSON` (#/components/schemas/List38)",
            "250:15: warning: nesting deeper than 48 levels is not supported: its properties are left out (#/components/schemas/Part45/allOf/0)",
            "253:14: warning: nesting deeper than 48 levels is not supported: the value is typed as `JSON` (#/components/schemas/List46/items)",
        ])
        try generates(result)
    }
}
