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

    /// An `enum` without a `type` takes its values' JSON type: numbers that are not all integers are `Double`; values
    /// of several types (`[1, "a"]`) are `JSON`, with a warning, as a `String` could not decode the number a server
    /// sends.
    @Test func anUntypedEnumTakesItsValuesTypeAndMixedValuesAreJSON() throws {
        let result = ImportTesting.run("""
            openapi: 3.0.3
            info: { title: Values, version: '1' }
            servers: [{ url: https://values.example }]
            paths:
              /a:
                get:
                  operationId: read
                  responses:
                    '200':
                      description: OK
                      content:
                        application/json:
                          schema:
                            type: object
                            properties:
                              mixed: { enum: [1, "a"] }
                              ratio: { enum: [1, 1.5] }
                              level: { enum: [1, 2] }
                              kind: { enum: [a, "b"] }
            """)
        let text = try #require(result.text, "\(ImportTesting.findings(result))")
        #expect(text.contains("mixed: JSON?") && text.contains("ratio: Double?"), "\(text)")
        #expect(text.contains("ReadResponseLevel:\n    enum: [1, 2]") && text.contains("ReadResponseKind:\n    enum: [a, b]"), "\(text)")
        #expect(ImportTesting.findings(result) == [
            "16:26: warning: an enum of values of several JSON types (integer, string) is not supported: typed as `JSON` (#/paths/~1a/get/responses/200/content/application~1json/schema/properties/mixed)",
        ])
    }

    /// A list item or dictionary value that may be null is optional, in 3.0 and 3.1 spellings, so a `null` item
    /// decodes; a query parameter's list carries no null, so its items stay plain.
    @Test func nullableItemsAndValuesAreOptional() throws {
        let result = ImportTesting.run("""
            openapi: 3.1.0
            info: { title: Values, version: '1' }
            servers: [{ url: https://values.example }]
            paths:
              /a:
                get:
                  operationId: read
                  parameters:
                    - { name: ids, in: query, schema: { type: array, items: { type: [integer, 'null'] } } }
                  responses:
                    '200':
                      description: OK
                      content:
                        application/json:
                          schema:
                            type: object
                            required: [scores, labels, tags]
                            properties:
                              scores: { type: array, items: { type: number, nullable: true } }
                              labels: { type: object, additionalProperties: { anyOf: [{ type: string }, { type: 'null' }] } }
                              tags: { type: array, items: { type: string } }
            """)
        let text = try #require(result.text, "\(ImportTesting.findings(result))")
        #expect(text.contains("scores: \"[Double?]\"") && text.contains("labels: \"[String: String?]\""), "\(text)")
        #expect(text.contains("tags: \"[String]\"") && text.contains("ids: \"[Int]?\""), "\(text)")
    }

    /// A variant that says only that the value is nullable (`{ nullable: true }`, how schemars writes Rust's
    /// `Option<T>`) is null: the other variant, optional. It was a union the importer could not type (`JSON`).
    @Test func aNullableOnlyVariantIsNull() throws {
        let result = ImportTesting.run("""
            openapi: 3.0.1
            info: { title: Values, version: '1' }
            servers: [{ url: https://values.example }]
            paths:
              /a:
                get:
                  operationId: read
                  responses:
                    '200':
                      description: OK
                      content:
                        application/json:
                          schema:
                            type: object
                            properties:
                              filter: { anyOf: [{ $ref: '#/components/schemas/Filter' }, { nullable: true }] }
            components:
              schemas:
                Filter: { type: object, properties: { key: { type: string } } }
            """)
        let text = try #require(result.text, "\(ImportTesting.findings(result))")
        #expect(text.contains("filter: Filter?"), "\(text)")
        #expect(ImportTesting.findings(result) == [])
    }

    /// An enum's default written beside a reference to the enum (pydantic writes `allOf: [$ref], default:`; a
    /// nullable one `anyOf: [$ref, null]`) is one of its values: it was left out with a warning that it does not
    /// fit. A list's default is kept too. Found by the generative test's OpenAPI documents.
    @Test func anEnumsOrAListsDefaultIsKept() throws {
        let result = ImportTesting.run("""
            openapi: 3.1.0
            info: { title: Defaults, version: '1' }
            servers: [{ url: https://defaults.example }]
            paths:
              /things:
                get:
                  operationId: listThings
                  responses:
                    '200':
                      description: OK
                      content:
                        application/json:
                          schema:
                            type: object
                            properties:
                              status: { allOf: [{ $ref: '#/components/schemas/Status' }], default: active }
                              level: { anyOf: [{ $ref: '#/components/schemas/Level' }, { type: 'null' }], default: 10 }
                              wrapped: { allOf: [{ $ref: '#/components/schemas/Wrapper' }], default: paused }
                              states: { type: array, items: { $ref: '#/components/schemas/Status' }, default: [paused, active] }
                              sizes: { type: array, items: { type: number }, default: [] }
            components:
              schemas:
                Status: { type: string, enum: [active, paused] }
                Level: { type: integer, enum: [1, 10] }
                Wrapper: { allOf: [{ $ref: '#/components/schemas/Status' }] }
            """)
        let text = try #require(result.text, "\(ImportTesting.findings(result))")
        #expect(ImportTesting.findings(result) == [])
        #expect(text.contains("status: { type: Status?, server_default: active }"), "\(text)")
        #expect(text.contains("level: { type: Level?, server_default: 10 }"), "\(text)")
        #expect(text.contains("wrapped: { type: Status?, server_default: paused }"), "\(text)")
        // A list's default is a list: it was left out without a word.
        #expect(text.contains("states:\n        type: \"[Status]?\"\n        server_default: [paused, active]\n"), "\(text)")
        #expect(text.contains("sizes:\n        type: \"[Double]?\"\n        server_default: []\n"), "\(text)")
    }

    /// `items` as a list of schemas with no `type` (JSON Schema's tuple form, which Slack's conversation object uses
    /// for its one object) constrains only a value that is an array: it is `JSON`, with a warning, not a list that
    /// the object a server sends would fail to decode as. `items` as one schema still makes a list.
    @Test func aListOfSchemasAsItemsWithoutATypeIsJSON() throws {
        let result = ImportTesting.run("""
            openapi: 3.0.3
            info: { title: Values, version: '1' }
            servers: [{ url: https://values.example }]
            paths:
              /conversations:
                get:
                  operationId: listConversations
                  responses:
                    '200':
                      description: OK
                      content:
                        application/json:
                          schema:
                            type: object
                            required: [channels, ids]
                            properties:
                              channels: { type: array, items: { $ref: '#/components/schemas/Conversation' } }
                              ids: { items: { type: string } }
            components:
              schemas:
                Conversation:
                  items:
                    - { type: object, properties: { id: { type: string } } }
            """)
        let text = try #require(result.text, "\(ImportTesting.findings(result))")
        #expect(text.contains("channels: \"[JSON]\""), "\(text)")
        #expect(text.contains("ids: \"[String]\""), "\(text)")
        #expect(ImportTesting.findings(result) == [
            "23:9: warning: `items` as a list of schemas without a `type` (JSON Schema's tuple form; OpenAPI's `items` is one schema) is not supported: typed as `JSON`, as it holds any value (#/components/schemas/Conversation/items)"
        ])
    }
}
