import Testing

@testable import RouteGenCore

/// What an operation's `responses` give back when they list no success.
@Suite struct ResponseImportTests {
    private static func document(_ responses: String) -> String {
        """
        openapi: 3.0.3
        info: { title: Users, version: '1' }
        servers: [{ url: https://users.example }]
        paths:
          /user:
            post:
              operationId: createUser
              responses:
        \(responses)
        components:
          schemas:
            User: { type: object, properties: { id: { type: integer } } }
        """
    }

    /// A `default` alone describes every status, successes too: its body is the response (the method returned
    /// nothing before), and the error body.
    @Test func aDefaultAloneIsTheResponse() throws {
        let result = ImportTesting.run(Self.document("""
                    default: { description: OK, content: { application/json: { schema: { $ref: '#/components/schemas/User' } } } }
            """))
        let text = try #require(result.text, "\(ImportTesting.findings(result))")
        #expect(text.contains("    response: User\n") && text.contains("errors: User\n"), "\(text)")
    }

    /// Beside error statuses, `default` is one more error: the method returns nothing.
    @Test func aDefaultBesideErrorsIsAnError() throws {
        let result = ImportTesting.run(Self.document("""
                    '404': { description: Missing, content: { application/json: { schema: { $ref: '#/components/schemas/User' } } } }
                    default: { description: Unexpected, content: { application/json: { schema: { $ref: '#/components/schemas/User' } } } }
            """))
        let text = try #require(result.text, "\(ImportTesting.findings(result))")
        #expect(!text.contains("response:") && text.contains("errors: User\n"), "\(text)")
    }

    /// A schema named like the model the checker gives an operation's inline body (`CreateXBody`) gets another
    /// name, even when that operation reaches it: the operation was left out for the clash.
    @Test func aSchemaNamedLikeAnInlineBodyIsRenamed() throws {
        let result = ImportTesting.run("""
            openapi: 3.0.3
            info: { title: Collide, version: '1' }
            servers: [{ url: https://api.example.com }]
            paths:
              /x:
                post:
                  operationId: createX
                  requestBody: { required: true, content: { application/json: { schema: { type: object, properties: { a: { type: string } } } } } }
                  responses:
                    '200':
                      description: OK
                      content:
                        application/json:
                          schema: { type: object, properties: { r: { $ref: '#/components/schemas/CreateXBody' } } }
            components:
              schemas:
                CreateXBody: { type: object, properties: { z: { type: string } } }
            """)
        let text = try #require(result.text, "\(ImportTesting.findings(result))")
        #expect(text.contains("r: CreateXBodyModel?") && text.contains("    body:\n      a: String?"), "\(text)")
        #expect(ImportTesting.findings(result) == [])
    }

    /// An inline body the document does not require is the model `<Endpoint>Body`, the name its fields have when it
    /// is required, and a schema of that name the operation's response reaches is renamed, as above.
    @Test func anOptionalInlineBodyKeepsItsNameBesideASchemaNamedLikeIt() throws {
        let result = ImportTesting.run("""
            openapi: 3.0.3
            info: { title: Collide, version: '1' }
            servers: [{ url: https://api.example.com }]
            paths:
              /x:
                post:
                  operationId: createX
                  requestBody: { content: { application/json: { schema: { type: object, properties: { a: { type: string } } } } } }
                  responses:
                    '200':
                      description: OK
                      content:
                        application/json:
                          schema: { type: object, properties: { r: { $ref: '#/components/schemas/CreateXBody' } } }
            components:
              schemas:
                CreateXBody: { type: object, properties: { z: { type: string } } }
            """)
        let text = try #require(result.text, "\(ImportTesting.findings(result))")
        #expect(text.contains("r: CreateXBodyModel?") && text.contains("    body: CreateXBody?\n"), "\(text)")
        #expect(text.contains("  CreateXBody:\n    properties:\n      a: String?"), "\(text)")
        #expect(ImportTesting.findings(result) == [])
    }

    /// A wildcard media type (`*/*`, springdoc's default) whose schema is not bytes is JSON: the response is the
    /// model, the body too (they were `Data` and `File`); a schema of bytes stays bytes.
    @Test func aWildcardMediaTypeWithAJSONSchemaIsJSON() throws {
        let result = ImportTesting.run("""
            openapi: 3.0.3
            info: { title: Wild, version: '1' }
            servers: [{ url: https://api.example.com }]
            paths:
              /things:
                post:
                  operationId: createThing
                  requestBody: { content: { '*/*': { schema: { $ref: '#/components/schemas/Thing' } } } }
                  responses:
                    '200': { description: OK, content: { '*/*': { schema: { $ref: '#/components/schemas/Thing' } } } }
              /files:
                get:
                  operationId: download
                  responses:
                    '200': { description: OK, content: { '*/*': { schema: { type: string, format: binary } } } }
            components:
              schemas:
                Thing: { type: object, properties: { id: { type: string } } }
            """)
        let text = try #require(result.text, "\(ImportTesting.findings(result))")
        #expect(text.contains("    body: Thing?\n    response: Thing\n") && text.contains("    response: Data\n"), "\(text)")
    }

    /// Beside named media types a wildcard is the last choice, as bytes: `application/json` beats a `*/*` string,
    /// `text/plain` a `*/*` model; a `$ref` to bytes alone is bytes. An `x-` key among the statuses is an extension.
    @Test func aWildcardBesideNamedMediaTypesIsTheLastChoice() throws {
        let result = ImportTesting.run("""
            openapi: 3.0.3
            info: { title: Wild, version: '1' }
            servers: [{ url: https://api.example.com }]
            paths:
              /a:
                get:
                  operationId: getA
                  responses:
                    x-internal: { note: ignored }
                    '200':
                      description: OK
                      content:
                        '*/*': { schema: { type: string } }
                        application/json: { schema: { $ref: '#/components/schemas/Thing' } }
              /b:
                get:
                  operationId: getB
                  responses:
                    '200':
                      description: OK
                      content:
                        '*/*': { schema: { $ref: '#/components/schemas/Thing' } }
                        text/plain: { schema: { type: string } }
              /c:
                get:
                  operationId: getC
                  responses:
                    '200': { description: OK, content: { '*/*': { schema: { $ref: '#/components/schemas/Bytes' } } } }
            components:
              schemas:
                Thing: { type: object, properties: { id: { type: string } } }
                Bytes: { type: string, format: binary }
            """)
        let text = try #require(result.text, "\(ImportTesting.findings(result))")
        #expect(text.contains("    path: /a\n    response: Thing\n"), "\(text)")
        #expect(text.contains("    path: /b\n    response: String\n") && text.contains("    path: /c\n    response: Data\n"), "\(text)")
        #expect(ImportTesting.findings(result) == [])
    }
}
