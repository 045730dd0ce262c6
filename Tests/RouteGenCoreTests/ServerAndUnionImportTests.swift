import Foundation
import Testing

@testable import RouteGenCore

/// Constructs that used to fail a whole document: a server URL whose variable has no default (the document's own
/// servers or an operation's), and unions whose variants get the discriminator from an `allOf` base or are named
/// by a partial `mapping`.
@Suite struct ServerAndUnionImportTests {
    private static func operation(_ id: String, _ path: String, servers: String = "") -> String {
        """
          \(path):
            get:
              operationId: \(id)
        \(servers.isEmpty ? "" : servers + "\n")      responses: { "204": { description: Done } }

        """
    }

    /// A document server without a usable default is left out; one whose variable lists values is one
    /// environment per value, the variable's default first (the spec's default environment); an operation's server
    /// with that variable takes each environment's value.
    @Test func documentServersWithVariables() throws {
        let result = ImportTesting.run("""
            openapi: 3.0.3
            info: { title: Agents, version: "1" }
            servers:
              - url: https://{your-agent-url}
              - url: https://{region}.agents.example/{version}
                variables:
                  region: { default: us, enum: [eu, us] }
                  version: { default: v2 }
            paths:

            """ + Self.operation("getStatus", "/status") + Self.operation("getFile", "/files", servers: """
                  servers:
                    - url: https://{region}.files.agents.example
                      variables: { region: { default: eu, enum: [eu, us] } }
            """))
        #expect(ImportTesting.findings(result) == [
            "4:5: warning: the server URL `https://{your-agent-url}`, whose variable `your-agent-url` has no default, is not supported: the server is left out (#/servers/0)",
        ])
        let text = try #require(result.text)
        #expect(text.contains("""
            environments:
              us: https://us.agents.example/v2
              eu: https://eu.agents.example/v2
            hosts:
              usHost:
                us: https://us.files.agents.example
                eu: https://eu.files.agents.example
            """))
        #expect(text.contains("    host: usHost\n"))
    }

    /// A variable's default that its `enum` does not list cannot be the default environment: the first value is,
    /// with a warning.
    @Test func aDefaultTheEnumDoesNotListIsWarnedAbout() throws {
        let result = ImportTesting.run("""
            openapi: 3.0.3
            info: { title: Agents, version: "1" }
            servers:
              - url: https://{region}.agents.example
                variables:
                  region: { default: xx, enum: [us, eu] }
            paths:

            """ + Self.operation("getStatus", "/status"))
        #expect(ImportTesting.findings(result) == [
            "6:15: warning: the default `xx` of server variable `region`, which its `enum` does not list, is not supported: the default environment is its first value, `us` (#/servers/0/variables/region)",
        ])
        #expect(try #require(result.text).contains("environments:\n  us: https://us.agents.example\n  eu: https://eu.agents.example\n"))
    }

    /// A union without a `discriminator` whose variants each hold a different one value in the same required text
    /// property (serde's and pydantic's tagged unions, `const` or a one-value `enum`) is told apart by it: a square
    /// that fits the circle's shape is a square. One whose values repeat, that some variant lacks, or that is not
    /// plain text (a `date` format), is not.
    @Test func aTagEveryVariantHoldsIsTheDiscriminator() throws {
        let result = ImportTesting.run("""
            openapi: 3.1.0
            info: { title: Shapes, version: "1" }
            servers: [{ url: https://shapes.example }]
            paths:
              /shape:
                get:
                  operationId: getShape
                  responses:
                    "200":
                      description: OK
                      content:
                        application/json:
                          schema:
                            type: object
                            required: [shape, loose]
                            properties:
                              shape: { oneOf: [{ $ref: "#/components/schemas/Circle" }, { $ref: "#/components/schemas/Square" }] }
                              loose: { anyOf: [{ $ref: "#/components/schemas/Circle" }, { $ref: "#/components/schemas/Blob" }] }
                              dated: { oneOf: [{ $ref: "#/components/schemas/Dated" }, { $ref: "#/components/schemas/Later" }] }
            components:
              schemas:
                Circle: { type: object, required: [type, size], properties: { type: { const: circle }, size: { type: integer } } }
                Square: { type: object, required: [type, size], properties: { type: { type: string, enum: [square] }, size: { type: integer } } }
                Blob: { type: object, properties: { type: { const: blob } } }
                Dated: { type: object, required: [on], properties: { on: { type: string, format: date, const: '2024-01-01' } } }
                Later: { type: object, required: [on], properties: { on: { type: string, format: date, const: '2025-01-01' } } }
            """)
        let text = try #require(result.text, "\(ImportTesting.findings(result))")
        #expect(text.contains("""
              GetShapeResponseShape:
                oneOf: [Circle, Square]
                discriminator: type
                mapping:
                  circle: Circle
                  square: Square
            """), "\(text)")
        #expect(text.contains("  GetShapeResponseLoose:\n    oneOf: [Circle, Blob]\n\n") || text.contains("  GetShapeResponseLoose:\n    oneOf: [Circle, Blob]\n  "), "\(text)")
        // A tag of a `date` format is a `Date`, which no discriminator is: the variants are tried in turn.
        #expect(text.contains("  GetShapeResponseDated:\n    oneOf: [Dated, Later]\n  "), "\(text)")
        #expect(ImportTesting.findings(result).isEmpty, "\(ImportTesting.findings(result))")
    }

    /// Without a usable server the environment is `http://localhost`, with a warning.
    @Test func aDocumentWhoseOnlyServerHasNoDefault() throws {
        let result = ImportTesting.run("""
            openapi: 3.0.3
            info: { title: Agents, version: "1" }
            servers: [{ url: "https://{agent}" }]
            paths:

            """ + Self.operation("getStatus", "/status"))
        #expect(ImportTesting.findings(result) == [
            "1:1: warning: a document without a usable server is not supported: its environment is `http://localhost`; pass `Environment(baseURL:)` for the real one (#)",
            "3:11: warning: the server URL `https://{agent}`, whose variable `agent` has no default, is not supported: the server is left out (#/servers/0)",
        ])
        #expect(try #require(result.text).contains("environments:\n  production: http://localhost\n"))
    }

    /// An operation's server without a usable default leaves that operation out, and only it.
    @Test func anOperationServerWithoutADefaultLeavesOnlyItsOperationOut() throws {
        let result = ImportTesting.run("""
            openapi: 3.0.3
            info: { title: Agents, version: "1" }
            servers: [{ url: "https://api.agents.example" }]
            paths:

            """ + Self.operation("getStatus", "/status") + Self.operation("getAgent", "/agent", servers: """
                  servers:
                    - url: https://{your-agent-url}
            """))
        #expect(ImportTesting.findings(result) == [
            "1:1: warning: 1 of 2 operations imported, 1 left out: `getAgent`",
            "13:11: warning: the server URL `https://{your-agent-url}`, whose variable `your-agent-url` has no default, is not supported (#/paths/~1agent/get/servers/0): the operation `getAgent` is left out",
        ])
        #expect(result.leftOut.map(\.name) == ["getAgent"])
        #expect(ImportTesting.names(result).endpoints == ["getStatus"])
    }

    /// Variants that get the discriminator from a base through `allOf` (required by the variant, declared by the
    /// base) map; a partial `mapping` maps its values, and the other variants are named by their schemas' names.
    @Test func discriminatorsThroughAllOfAndPartialMappings() throws {
        let result = ImportTesting.run("""
            openapi: 3.0.3
            info: { title: Pets, version: "1" }
            servers: [{ url: "https://api.pets.example" }]
            paths:
              /pets:
                get:
                  operationId: getPet
                  responses:
                    "200":
                      description: OK
                      content: { application/json: { schema: { $ref: "#/components/schemas/Pet" } } }
            components:
              schemas:
                Base:
                  type: object
                  properties: { type: { type: string }, name: { type: string } }
                Pet:
                  oneOf:
                    - $ref: "#/components/schemas/dog_pet"
                    - $ref: "#/components/schemas/cat_pet"
                    - $ref: "#/components/schemas/Bird"
                  discriminator:
                    propertyName: type
                    mapping: { dog: "#/components/schemas/dog_pet" }
                dog_pet:
                  allOf:
                    - $ref: "#/components/schemas/Base"
                    - { type: object, required: [type], properties: { bark: { type: boolean } } }
                cat_pet:
                  allOf:
                    - $ref: "#/components/schemas/Base"
                    - { required: [type, name], properties: { meow: { type: boolean } } }
                Bird:
                  allOf:
                    - $ref: "#/components/schemas/Base"
                    - { type: object, required: [type], properties: { wings: { type: integer } } }
            """)
        #expect(ImportTesting.findings(result) == [])
        let text = try #require(result.text)
        #expect(text.contains("""
              Pet:
                oneOf: [DogPet, CatPet, Bird]
                discriminator: type
                mapping:
                  dog: DogPet
                  cat_pet: CatPet
            """))
        #expect(text.contains("""
              DogPet:
                properties:
                  type: String
                  name: String?
                  bark: Bool?
            """))
        #expect(text.contains("""
              CatPet:
                properties:
                  type: String
                  name: String
                  meow: Bool?
            """))
    }

    /// PayPal's error bodies are `allOf` a general error and a schema that narrows its `details`: both parts declare
    /// `details`, so including both would give the struct the property twice (which left every such operation out).
    /// The part that declares again a property an earlier part has is merged instead, the earlier declaration kept.
    @Test func anAllOfPartThatRedeclaresAnEarlierPartsPropertyIsMergedKeepingTheFirst() throws {
        let result = ImportTesting.run("""
            openapi: 3.0.3
            info: { title: Invoices, version: "1" }
            servers: [{ url: "https://api.invoices.example" }]
            paths:
              /invoices/{id}:
                delete:
                  operationId: deleteInvoice
                  parameters: [{ name: id, in: path, required: true, schema: { type: string } }]
                  responses:
                    "204": { description: Deleted }
                    "403":
                      description: Forbidden
                      content:
                        application/json:
                          schema: { allOf: [{ $ref: "#/components/schemas/error_403" }, { $ref: "#/components/schemas/403" }] }
            components:
              schemas:
                error_403:
                  type: object
                  properties:
                    name: { type: string }
                    details: { type: array, items: { $ref: "#/components/schemas/error_details" } }
                error_details:
                  type: object
                  properties: { issue: { type: string }, description: { type: string } }
                "403":
                  properties:
                    details: { type: array, items: { anyOf: [{ properties: { issue: { type: string, enum: [PERMISSION_DENIED] } } }] } }
                    debug_id: { type: string }
            """)
        #expect(ImportTesting.findings(result) == [])
        #expect(result.leftOut.isEmpty)
        let text = try #require(result.text)
        #expect(text.contains("""
              DeleteInvoiceError403:
                allOf: [Error403]
                properties:
                  debug_id: String?
            """))
    }
}
