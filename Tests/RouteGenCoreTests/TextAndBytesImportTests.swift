import Testing

@testable import RouteGenCore

/// What a form, a query or a JSON media type cannot carry as the document says, found by an attack on issue 51's
/// fixes: an object within a multipart form is a JSON part and sends its required nulls; a model sent as text (a
/// form, a `deepObject` query) cannot send `null`, so `required` is dropped there and said; a JSON body of bytes
/// is a base64 string or left out, each with a warning.
@Suite struct TextAndBytesImportTests {
    static func document(_ paths: String, components: String = "") -> String {
        """
        openapi: 3.1.0
        info: { title: Text, version: '1' }
        servers: [{ url: https://text.example }]
        paths:
        \(paths)
        \(components)
        """
    }

    /// An object field of a multipart form is sent as a JSON part: its required, nullable property is sent as
    /// `null` (`required: true`); it was left out, and the part was `{}`.
    @Test func anObjectInAMultipartFormSendsItsRequiredNulls() throws {
        let result = ImportTesting.run(Self.document("""
              /multi:
                post:
                  operationId: multiNull
                  requestBody:
                    required: true
                    content:
                      multipart/form-data:
                        schema:
                          type: object
                          required: [j]
                          properties:
                            j: { type: object, required: [q], properties: { q: { type: [string, 'null'] } } }
                  responses: { '204': { description: ok } }
            """))
        let text = try #require(result.text, "\(ImportTesting.findings(result))")
        #expect(text.contains("      q:\n        type: String?\n        required: true\n"), "\(text)")
        #expect(ImportTesting.findings(result) == [])
    }

    /// A model the document requires a nullable property of, sent as JSON, in a form and in a `deepObject` query:
    /// text has no `null`, so `required` is left off with a warning where the property is written, and the spec
    /// lints clean (nil was sent as `addr[line2]=`).
    @Test func aRequiredNullInAModelSentAsTextIsLeftOutWithAWarning() throws {
        let result = ImportTesting.run(Self.document("""
              /json:
                post:
                  operationId: postJson
                  requestBody: { required: true, content: { application/json: { schema: { $ref: '#/components/schemas/Addr' } } } }
                  responses: { '204': { description: ok } }
              /form:
                post:
                  operationId: postForm
                  requestBody:
                    required: true
                    content:
                      application/x-www-form-urlencoded:
                        schema:
                          type: object
                          required: [name]
                          properties: { name: { type: string }, addr: { $ref: '#/components/schemas/Addr' } }
                        encoding: { addr: { style: deepObject, explode: true } }
                  responses: { '204': { description: ok } }
            """, components: """
            components:
              schemas:
                Addr:
                  type: object
                  required: [line1, line2]
                  properties: { line1: { type: string }, line2: { type: [integer, 'null'] } }
            """))
        let text = try #require(result.text, "\(ImportTesting.findings(result))")
        #expect(text.contains("  Addr:\n    properties:\n      line1: String\n      line2: Int?\n"), "\(text)")
        #expect(ImportTesting.findings(result) == [
            "28:53: warning: the property `line2` of `Addr` is required and may be null, but `postForm` sends the model in a form, which has no `null`: nil is left out (in JSON too)"
        ])
        var diagnostics = Diagnostics()
        _ = SpecPipeline().check(SpecSource(path: "spec.yaml", text: text), diagnostics: &diagnostics)
        #expect(diagnostics.sorted.isEmpty, "\(diagnostics.sorted)")
    }

    /// A union's variant sent as text is one too (found by the final attack: nil was sent as `u[n]=`, lint clean).
    @Test func aRequiredNullInAUnionVariantSentAsTextIsLeftOutWithAWarning() throws {
        let result = ImportTesting.run(Self.document("""
              /form:
                post:
                  operationId: postForm
                  requestBody:
                    required: true
                    content:
                      application/x-www-form-urlencoded:
                        schema:
                          type: object
                          properties: { u: { $ref: '#/components/schemas/Either' } }
                        encoding: { u: { style: deepObject, explode: true } }
                  responses: { '204': { description: ok } }
            """, components: """
            components:
              schemas:
                Either: { oneOf: [{ $ref: '#/components/schemas/A' }, { $ref: '#/components/schemas/B' }] }
                A: { type: object, required: [n], properties: { n: { type: [integer, 'null'] } } }
                B: { type: object, properties: { m: { type: string } } }
            """))
        let text = try #require(result.text, "\(ImportTesting.findings(result))")
        #expect(!text.contains("required: true"), "\(text)")
        #expect(ImportTesting.findings(result).contains { $0.contains("the property `n` of `A` is required and may be null") })
        var diagnostics = Diagnostics()
        _ = SpecPipeline().check(SpecSource(path: "spec.yaml", text: text), diagnostics: &diagnostics)
        #expect(diagnostics.sorted.isEmpty, "\(diagnostics.sorted)")
    }

    /// The same in a `deepObject` query parameter and in a multipart body given as a model (its own fields are text
    /// parts): each spec lints clean, `required` taken off with a warning.
    @Test(arguments: [
        ("parameters: [{ name: addr, in: query, style: deepObject, explode: true, schema: { $ref: '#/components/schemas/Addr' } }]",
         "in the query"),
        ("requestBody: { content: { multipart/form-data: { schema: { $ref: '#/components/schemas/Addr' } } } }", "as multipart fields"),
    ])
    func aRequiredNullInAModelSentAsAQueryOrMultipartFieldsIsLeftOut(sending: String, how: String) throws {
        let result = ImportTesting.run(Self.document("""
              /addresses:
                post:
                  operationId: save
                  \(sending)
                  responses: { '204': { description: ok } }
            """, components: """
            components:
              schemas:
                Addr:
                  type: object
                  required: [line1, line2]
                  properties: { line1: { type: string }, line2: { type: [integer, 'null'] } }
            """))
        let text = try #require(result.text, "\(ImportTesting.findings(result))")
        #expect(text.contains("      line2: Int?\n"), "\(text)")
        #expect(ImportTesting.findings(result).contains { $0.hasSuffix("but `save` sends the model \(how), which has no `null`: nil is left out (in JSON too)") },
            "\(ImportTesting.findings(result))")
        var diagnostics = Diagnostics()
        _ = SpecPipeline().check(SpecSource(path: "spec.yaml", text: text), diagnostics: &diagnostics)
        #expect(diagnostics.sorted.isEmpty, "\(diagnostics.sorted)")
    }

    /// A required form field that may be null cannot be sent as null: it is optional, with a warning; a required
    /// form body none of whose fields is always sent says that it may be empty.
    @Test func aRequiredNullableFormFieldIsReported() throws {
        let result = ImportTesting.run(Self.document("""
              /form:
                post:
                  operationId: formNull
                  requestBody:
                    required: true
                    content:
                      application/x-www-form-urlencoded:
                        schema: { type: object, required: [a], properties: { a: { type: [string, 'null'] } } }
                  responses: { '204': { description: ok } }
            """))
        let text = try #require(result.text, "\(ImportTesting.findings(result))")
        #expect(text.contains("    form:\n      a: String?\n"), "\(text)")
        #expect(ImportTesting.findings(result).map { $0.prefix(90) } == [
            "12:21: warning: the form body is required, but none of its fields is always sent: the form",
            "12:69: warning: the form field `a` is required and may be null, which a form cannot send: ",
        ])
    }

    /// A JSON media type (`application/json`, a `+json` one) whose schema is a string of bytes: `byte` is a base64
    /// JSON string, sent as a `String`; `binary` is no JSON and leaves the operation out, saying why. Both were
    /// sent as `application/octet-stream`, or left out with the checker's text about `content_type`.
    @Test(arguments: ["application/json", "application/merge-patch+json"])
    func aJSONBodyOfBytesIsABase64StringOrLeftOut(mediaType: String) throws {
        let result = ImportTesting.run(Self.document("""
              /byte:
                post:
                  operationId: sendByte
                  requestBody: { required: true, content: { \(mediaType): { schema: { type: string, format: byte } } } }
                  responses: { '204': { description: ok } }
              /binary:
                post:
                  operationId: sendBinary
                  requestBody: { required: true, content: { \(mediaType): { schema: { type: string, format: binary } } } }
                  responses: { '204': { description: ok } }
            """))
        let text = try #require(result.text, "\(ImportTesting.findings(result))")
        #expect(text.contains("  sendByte:\n    method: POST\n    path: /byte\n    body: String\n"), "\(text)")
        #expect(!text.contains("sendBinary"), "\(text)")
        let findings = ImportTesting.findings(result)
        #expect(findings.contains { $0.contains("warning: a JSON body of `format: byte` as bytes is not supported: the body is a `String`") })
        #expect(findings.contains {
            $0.contains("warning: a JSON body whose schema is a `string` of `format: binary` (raw bytes, not JSON) cannot be sent")
                && $0.hasSuffix("the operation `sendBinary` is left out")
        }, "\(findings)")
        #expect(!findings.contains { $0.contains("content_type") || $0.contains("required body cannot be sent") }, "\(findings)")
    }

    /// `application/json; charset=utf-8` is `application/json`, preferred to a `+json` type and sent as
    /// `application/json` (no `content_type`).
    @Test func applicationJSONWithParametersIsPreferred() throws {
        let result = ImportTesting.run(Self.document("""
              /things:
                post:
                  operationId: createThing
                  requestBody:
                    content:
                      application/vnd.api+json: { schema: { type: object, properties: { name: { type: string } } } }
                      'application/json; charset=utf-8': { schema: { type: object, properties: { name: { type: string } } } }
                  responses: { '204': { description: ok } }
            """))
        let text = try #require(result.text, "\(ImportTesting.findings(result))")
        #expect(!text.contains("content_type"), "\(text)")
    }

    /// A `Content-Type` header parameter is ignored, as OpenAPI says, with a warning: it was an argument the
    /// request never sent as given.
    @Test func aContentTypeHeaderParameterIsIgnored() throws {
        let result = ImportTesting.run(Self.document("""
              /things:
                post:
                  operationId: createThing
                  parameters: [{ name: Content-Type, in: header, required: true, schema: { type: string } }]
                  requestBody: { content: { application/json: { schema: { type: object, properties: { name: { type: string } } } } } }
                  responses: { '204': { description: ok } }
            """))
        let text = try #require(result.text, "\(ImportTesting.findings(result))")
        #expect(!text.contains("headers"), "\(text)")
        #expect(ImportTesting.findings(result) == [
            "8:20: warning: the header parameter `Content-Type` is ignored, as OpenAPI says: it is left out (#/paths/~1things/post/parameters/0)"
        ])
    }
}
