import Foundation
import Testing

@testable import RouteGenCore

/// `routegen import`: each document of `Tests/OpenAPI` imports into the spec checked in under
/// `Tests/Specs/Imported` (reviewed by hand; the package compiles what those specs generate), with exactly the
/// warnings listed here, and reading a document directly generates what its imported spec generates.
@Suite struct OpenAPIImportTests {
    struct Fixture: CustomStringConvertible, Sendable {
        var document: String
        var name: String?
        var golden: String
        var warnings: [String] = []
        var description: String { document }
    }

    static let fixtures = [
        // 3.0: servers, bearer auth, `security: []`, parameters (`$ref`, enum, default, `explode: false`), JSON
        // bodies, a shared error response lifted to the top-level `errors`, formats, nullable, deprecations.
        Fixture(document: "notes.yaml", golden: "Notes.yaml"),
        // 3.1: server variables, a deepObject query, header parameters, outcomes with 304, response headers,
        // errors by status, oneOf with discriminator and mapping, allOf, anyOf of a string and a model, const,
        // type lists with null, integer enums; and a warning for each construct left out.
        Fixture(
            document: "shapes.yaml", golden: "Shapes.yaml",
            warnings: [
                "14:11: warning: a cookie parameter (`session`) is not supported: the parameter is left out (#/paths/~1shapes~1{id}/get/parameters/2)",
                "39:9: warning: `callbacks` is not supported: left out (#/paths/~1shapes~1{id}/get/callbacks)",
                "77:40: warning: a list of dates in the `unix` format is not supported: typed as `[Int]`, as the dates are sent (only single dates take a format) (#/components/schemas/Square/properties/corners/items)",
                "91:15: warning: the empty string as a variant (to clear a value) outside a form is not supported: the other variants are kept, so an empty string cannot be sent (#/components/schemas/Square/properties/note/anyOf/1)",
                "94:16: warning: a value of several types (string, integer) is not supported: typed as `JSON` (#/components/schemas/Square/properties/mixed)",
                "95:12: warning: `not` is not supported: the constraint is not checked or typed (#/components/schemas/Square/not)",
                "100:3: warning: `webhooks` is not supported: left out (#/webhooks)",
            ]),
        // Form bodies with deepObject encodings, multipart with a binary field, an operation on another server,
        // raw uploads and downloads, text, server-sent events, Basic and API-key auth, optional auth.
        Fixture(document: "uploads.yaml", golden: "Uploads.yaml"),
        // Swagger's Petstore sample, as published: its OAuth 2 scheme has only the implicit flow.
        Fixture(
            document: "petstore3.yaml", golden: "Petstore3.yaml",
            warnings: [
                "829:7: warning: the OAuth 2 scheme `petstore_auth` has no flow RouteGen's runtime runs (`implicit` and `password` are read, not run): the app gets the token, which the client sends as a bearer token (#/components/securitySchemes/petstore_auth)"
            ]),
        // Schemas, properties, operations and parameters named after the types, members and locals generated code
        // uses: each gets a name of its own, and the client compiles.
        Fixture(document: "colliding.yaml", golden: "Colliding.yaml"),
        // The same for every name the generated code declares or reserves, written by `GeneratedVocabularyTests`.
        Fixture(document: "vocabulary-document.yaml", golden: "VocabularyDocument.yaml"),
        // Every other construct left out, each with its warning.
        Fixture(
            document: "leftovers.yaml", golden: "Leftovers.yaml",
            warnings: [
                "2:1: warning: 3 of 4 operations imported, 1 left out: `optionsThings`",
                "5:5: warning: the relative server URL `/api/` is not supported: made `http://localhost/api`; pass `Environment(baseURL:)` for the real one (#/servers/0)",
                "10:13: warning: a second server variable with several values is not supported: its default `live` is used (#/servers/1/variables/tier)",
                "17:7: warning: several servers for one operation is not supported: the first is used (#/paths/~1things/servers)",
                "20:7: warning: the OPTIONS method is not supported (#/paths/~1things/options): the operation `optionsThings` is left out",
                "24:11: warning: `allowReserved` is not supported: reserved characters are percent-encoded (#/paths/~1things/get/parameters/0)",
                "25:11: warning: the query parameter `filter` described by `content` is not supported: typed as `String`: encode the value yourself (#/paths/~1things/get/parameters/1)",
                "26:11: warning: a list in the header `X-Ids` is not supported: typed as `String`: join the values with commas (#/paths/~1things/get/parameters/2)",
                "27:44: warning: an enum whose values give two cases the same Swift name is not supported: typed as its values' type (#/paths/~1things/get/parameters/3/schema)",
                "29:71: warning: the default `many`, which does not fit `Int`, is not supported: left out (#/paths/~1things/get/parameters/5/schema/default)",
                "34:21: warning: the response header `X-Tags` of type `[String]` is not supported: typed as `String` (#/paths/~1things/get/responses/200/headers/X-Tags)",
                "39:15: warning: the `text/event-stream` alternative of a JSON response is not supported: the JSON response is imported; describe the stream as its own endpoint with `events:` (#/paths/~1things/get/responses/200/content/text~1event-stream)",
                "41:11: warning: the status range `4XX` beside `default` is not supported: left out (#/paths/~1things/get/responses/4XX)",
                "48:50: warning: an error body of type `String` is not supported: it is not decoded; the error keeps its raw body (#/paths/~1things/get/responses/500/content/application~1json/schema)",
                "55:21: warning: an `application/x-www-form-urlencoded` body that is not an object is not supported: the operation sends no body (#/paths/~1things/post/requestBody/content/application~1x-www-form-urlencoded/schema)",
                "58:11: warning: response headers of an event stream is not supported: `X-Request-Id` and the others are left out (#/paths/~1things/post/responses/200)",
                "71:11: warning: the status range `2XX` among other statuses is not supported: left out (#/paths/~1things~1{id}/get/responses/2XX)",
                "73:11: warning: an event stream among other outcomes is not supported: left out (#/paths/~1things~1{id}/get/responses/202)",
                "79:13: warning: the security scheme `cookie` is not supported: no credential is sent; add it with a header-injecting client (#/components/securitySchemes/cookie)",
                "86:29: warning: `additionalProperties` beside `properties` is not supported: only the listed properties are decoded (#/components/schemas/Thing/additionalProperties)",
                "93:22: warning: a `discriminator` on an object without `oneOf` is not supported: the model is a plain struct; decode its variants by their own models (#/components/schemas/Base/discriminator)",
                "97:11: warning: an `allOf` part that is not an object is not supported: its properties cannot be included (#/components/schemas/Cat/allOf/1)",
                "109:11: warning: a discriminator that is not a required string of every variant is not supported: the variants are told apart by trying each in turn (#/components/schemas/Animal/oneOf/0)",
            ]),
        // Swagger 2.0, lowered into OpenAPI 3.0: host, basePath and schemes; definitions, parameters and responses
        // by `$ref`; a body parameter; form parameters, URL-encoded and multipart with a file; collectionFormat;
        // basic, apiKey and oauth2 schemes; x-nullable; a file response; path-level parameters.
        Fixture(
            document: "swagger2.yaml", golden: "Swagger2.yaml",
            warnings: [
                "31:94: warning: `collectionFormat: tsv` has no OpenAPI 3 style: the parameter is sent comma-separated"
            ]),
        // A document split over files: `$ref`s to other files, to whole files, and relative to the referring file,
        // and an operation that is itself a `$ref` to a file of its own.
        Fixture(document: "split/api.yaml", name: "Kennel", golden: "Kennel.yaml"),
        // What once imported silently into other bytes than the document says (issue 51): a `+json` body, required
        // and nullable properties (in JSON, in a multipart form's JSON part, and in a model sent in a form, where
        // `null` cannot be sent), `uint64`, `allOf` parts whose properties collide after casing, and a JSON body of
        // `format: byte`.
        Fixture(
            document: "wire-shapes.yaml", golden: "WireShapes.yaml",
            warnings: [
                "126:21: warning: a JSON body of `format: byte` as bytes is not supported: the body is a `String`, sent as a JSON string: pass the bytes base64-encoded (#/paths/~1blobs/post/requestBody/content/application~1json/schema)",
                "147:16: warning: the property `floor` of `Address` is required and may be null, but `saveAddress` sends the model in a form, which has no `null`: nil is left out (in JSON too)",
            ]),
        // What published documents use that once left operations out (issue 52): a path parameter of one value or a
        // list (`[String]`, sent comma-joined) and one of any value (`String`); query unions (text, or a list of text,
        // as each variant is sent alone); a HEAD whose response has a schema (its headers); a GET and a DELETE with a
        // body (`allow_body: true` on the GET); a body not required (`T?`, an inline one named `<Endpoint>Request`);
        // `readOnly` and `writeOnly` (`read_only`, `write_only`); `uint32`; properties whose names derive alike.
        Fixture(
            document: "constructs.yaml", golden: "Constructs.yaml",
            warnings: [
                "84:13: warning: a response to HEAD has no body: its `content` is not read, its headers are (#/paths/~1zones~1{zone_id}/head/responses/200/content)"
            ]),
        // What published documents use that once failed the whole import: names that derive alike (Twilio's
        // `StartTime<`), fragments in paths (Box), a dictionary body (Discord), string variants of one Swift type,
        // defaults the server assumes (OpenAI), a constant query item in a path (OpenAI); and an operation left out
        // on its own, by the checker (a path parameter the document does not declare).
        Fixture(
            document: "real-world.yaml", golden: "RealWorld.yaml",
            warnings: [
                "1:1: warning: 13 of 14 operations imported, 1 left out: `getThing`",
                "161:14: warning: path parameter `{thingId}` is not declared in `params`: the operation `getThing` is left out",
            ]),
    ]

    @Test(arguments: fixtures) func importMatchesItsCheckedInSpec(_ fixture: Fixture) throws {
        let result = try ImportTesting.run(
            path: ImportTesting.documents.appendingPathComponent(fixture.document).path,
            options: ImportOptions(name: fixture.name))
        #expect(ImportTesting.findings(result) == fixture.warnings)
        let golden = ImportTesting.imported.appendingPathComponent(fixture.golden)
        let text = try #require(result.text)
        if ProcessInfo.processInfo.environment["ROUTEGEN_UPDATE_IMPORTS"] == "1" {
            try Data(text.utf8).write(to: golden)
        }
        #expect(text == (try String(contentsOf: golden, encoding: .utf8)), "run with ROUTEGEN_UPDATE_IMPORTS=1 to update \(fixture.golden)")
    }

    /// The OpenAPI document as direct input and the spec written from it generate the same Swift: the written
    /// YAML reads back as the tree it was written from.
    @Test(arguments: fixtures.filter { $0.name == nil }) func readingTheDocumentGeneratesWhatTheImportedSpecGenerates(
        _ fixture: Fixture
    ) throws {
        let path = ImportTesting.documents.appendingPathComponent(fixture.document).path
        let direct = CodeGenerator().generate([try SpecSource(contentsOf: path)])
        let text = try #require(try ImportTesting.run(path: path).text)
        let imported = CodeGenerator().generate([SpecSource(path: path, text: text)])
        #expect(!direct.diagnostics.hasErrors && !imported.diagnostics.hasErrors)
        #expect(direct.files.count >= 5)
        #expect(direct.files.map(\.contents) == imported.files.map(\.contents))
    }

    /// A document split over files and named by a relative path (`routegen import lob/lob-api-public.yml`) reads
    /// each file once, however its references spell the way to it (`schemas/pet.yaml` and
    /// `operations/../schemas/pet.yaml`): it imports as from an absolute path, not with a second `Pet` (`PetModel`)
    /// for every file reached both ways (Lob's 304 models had become 723).
    @Test func aSplitDocumentNamedByARelativePathReadsEachFileOnce() throws {
        let folder = ImportTesting.documents.path + "/"
        let read = { (path: String) in FileManager.default.contents(atPath: path.hasPrefix("/") ? path : folder + path) }
        let source = SpecSource(path: "split/api.yaml", contents: try #require(read("split/api.yaml")))
        var diagnostics = Diagnostics()
        let syntax = try #require(SpecLoader().load(source, diagnostics: &diagnostics))
        let output = try #require(
            OpenAPIFrontEnd(options: ImportOptions(name: "Kennel")).run(syntax, diagnostics: &diagnostics, readFile: read))
        #expect(diagnostics.all.isEmpty)
        let golden = try String(contentsOf: ImportTesting.imported.appendingPathComponent("Kennel.yaml"), encoding: .utf8)
        #expect("# Imported from api.yaml by `routegen import`.\n" + SpecYAMLWriter().write(output.spec.root) == golden)
    }

    @Test func filtersKeepTheirOperationsAndOnlyTheModelsThoseReach() throws {
        let petstore = ImportTesting.documents.appendingPathComponent("petstore3.yaml").path
        let store = ImportTesting.names(try ImportTesting.run(path: petstore, options: ImportOptions(tags: ["store"])))
        #expect(store.endpoints == ["getInventory", "placeOrder", "getOrderById", "deleteOrder"])
        #expect(store.models == ["Order", "OrderStatus"])

        let user = ImportTesting.names(
            try ImportTesting.run(path: petstore, options: ImportOptions(operations: ["getUserByName", "deletePet"])))
        #expect(user.endpoints == ["deletePet", "getUserByName"])
        #expect(user.models == ["User"])

        let login = ImportTesting.names(try ImportTesting.run(path: petstore, options: ImportOptions(pathPrefixes: ["/user/log"])))
        #expect(login.endpoints == ["loginUser", "logoutUser"])
        #expect(login.models == ["LoginUserHeaders"])

        let both = ImportTesting.names(
            try ImportTesting.run(path: petstore, options: ImportOptions(tags: ["store"], pathPrefixes: ["/user/logout"])))
        #expect(both.endpoints == ["getInventory", "placeOrder", "getOrderById", "deleteOrder", "logoutUser"])
    }

    @Test func aFilterThatMatchesNothingIsAnErrorAndNothingIsWritten() throws {
        let petstore = ImportTesting.documents.appendingPathComponent("petstore3.yaml").path
        let result = try ImportTesting.run(path: petstore, options: ImportOptions(tags: ["pets"], operations: ["getPet"]))
        #expect(result.text == nil)
        #expect(
            ImportTesting.findings(result) == [
                "1:1: error: no operation matches the tag `pets`", "1:1: error: no operation matches the operation `getPet`",
            ])
    }

    static let paths = """
        openapi: 3.0.3
        info: { title: T, version: "1" }
        servers: [{ url: "https://t.example" }]
        paths:

        """

    /// Operations whose client would be wrong: a path parameter in the `matrix` style, a required cookie, a
    /// required query parameter in a style RouteGen cannot send, a security scheme nobody declared.
    static let partlyWrong = paths + """
          /a/{id}:
            get:
              parameters:
                - { name: id, in: path, required: true, style: matrix, schema: { type: array, items: { type: string } } }
                - { name: session, in: cookie, required: true, schema: { type: string } }
                - { name: tags, in: query, required: true, style: pipeDelimited, schema: { type: array, items: { type: string } } }
              responses:
                "200":
                  description: OK
                  content: { application/json: { schema: { $ref: "#/components/schemas/Missing" } } }
          /b:
            get:
              responses:
                "200":
                  description: OK
                  content: { application/json: { schema: { $ref: "https://example.com/schemas.yaml#/Pet" } } }
          /c:
            get:
              security: [{ oauth: [] }]
              responses: { "204": { description: Done } }
        """

    /// What would make an operation's client wrong leaves that operation out, with a warning at the construct that
    /// says so; a schema that cannot be read is typed as `JSON`; the rest is imported, and a summary names what was
    /// left out.
    @Test func anOperationThatWouldBeWrongIsLeftOutAndTheRestIsImported() throws {
        let result = ImportTesting.run(Self.partlyWrong)
        let text = try #require(result.text)
        #expect(text.contains("getB:") && !text.contains("getAById:") && !text.contains("getC:"))
        #expect(result.operations == 3 && result.endpoints == 1)
        #expect(result.leftOut.map(\.name) == ["getAById", "getC"])
        #expect(
            ImportTesting.findings(result) == [
                "1:1: warning: 1 of 3 operations imported, 2 left out: `getAById`, `getC`",
                "8:11: warning: the required path parameter `id` cannot be sent: the `matrix` style is not supported (#/paths/~1a~1{id}/get/parameters/0): the operation `getAById` is left out",
                "9:11: warning: the required cookie parameter `session` cannot be sent: a cookie parameter is not supported (#/paths/~1a~1{id}/get/parameters/1): the operation `getAById` is left out",
                "10:11: warning: the required query parameter `tags` cannot be sent: the `pipeDelimited` style is not supported (#/paths/~1a~1{id}/get/parameters/2): the operation `getAById` is left out",
                "14:58: warning: `$ref` #/components/schemas/Missing does not point at anything in api.yaml: the value is typed as `JSON`",
                "20:58: warning: `$ref` https://example.com/schemas.yaml#/Pet points at a remote document, which is not read: the value is typed as `JSON`",
                "23:18: warning: the security scheme `oauth` is not declared in `components.securitySchemes` (#/paths/~1c/get/security/0): the operation `getC` is left out",
            ])
    }

    /// A default outside its type's range, not finite, or more exact than the type is left out with a warning; one
    /// that fits is kept.
    @Test func defaultsThatDoNotFitTheirTypeAreLeftOut() throws {
        let result = ImportTesting.run(Self.paths + """
              /prices:
                get:
                  parameters:
                    - { name: page, in: query, schema: { type: integer, format: int32, default: 3000000000 } }
                    - { name: rate, in: query, schema: { type: number, format: decimal, default: 1e200 } }
                    - { name: scale, in: query, schema: { type: number, default: NaN } }
                    - { name: fee, in: query, schema: { type: number, format: decimal, default: 0.029 } }
                  responses: { "204": { description: Done } }
            """)
        #expect(ImportTesting.findings(result) == [
            "8:85: warning: the default `3000000000`, which does not fit `Int32`, is not supported: left out (#/paths/~1prices/get/parameters/0/schema/default)",
            "9:86: warning: the default `1e200`, which does not fit `Decimal`, is not supported: left out (#/paths/~1prices/get/parameters/1/schema/default)",
            "10:70: warning: the default `NaN`, which does not fit `Double`, is not supported: left out (#/paths/~1prices/get/parameters/2/schema/default)",
        ])
        let text = try #require(result.text)
        #expect(text.contains("page: Int32?\n") && text.contains("rate: Decimal?\n") && text.contains("scale: Double?\n"))
        #expect(text.contains("fee: { type: Decimal?, server_default: 0.029 }"))
    }

    /// A query parameter that is an object, in OpenAPI's default `form` style, exploded, is sent as one query item per
    /// property (Typesense's required `searchParameters`: `?q=shoes&query_by=name`): each property is a parameter of
    /// the endpoint, required when both the parameter and the object require it. One that cannot be sent that way (an
    /// object) is left out with a warning, or fails the operation when it is required.
    @Test func anExplodedFormObjectInTheQueryIsOneParameterPerProperty() throws {
        let result = ImportTesting.run(Self.paths + """
              /collections/{name}/documents/search:
                get:
                  operationId: searchCollection
                  parameters:
                    - { name: name, in: path, required: true, schema: { type: string } }
                    - name: searchParameters
                      in: query
                      required: true
                      schema: { $ref: "#/components/schemas/SearchParameters" }
                    - name: page
                      in: query
                      schema: { type: object, required: [number], properties: { number: { type: integer } } }
                  responses: { "200": { description: OK, content: { application/json: { schema: { type: object } } } } }
            components:
              schemas:
                SearchParameters:
                  type: object
                  required: [q, query_by]
                  properties:
                    q: { type: string, description: The query text. }
                    query_by: { type: string }
                    per_page: { type: integer }
                    facet_by: { type: array, items: { type: string } }
                    sort: { type: object, properties: { by: { type: string } } }
            """)
        #expect(ImportTesting.findings(result) == [
            "28:15: warning: a query parameter of type `SearchCollectionSort` (`sort`) is not supported: the parameter is left out (#/components/schemas/SearchParameters/properties/sort)",
        ])
        let text = try #require(result.text)
        #expect(text.contains("""
                query:
                  q: { type: String, description: The query text. }
                  query_by: String
                  per_page: Int?
                  facet_by: "[String]?"
                  number: Int?
            """))
    }

    /// A JSON body that is an object allowing any property (`type: object` alone: Typesense's documents) is a
    /// dictionary of JSON values; only a form object that has no properties, or allows none, sends no body.
    @Test func aFreeFormJSONObjectBodyIsADictionary() throws {
        let result = ImportTesting.run(Self.paths + """
              /documents:
                post:
                  operationId: indexDocument
                  requestBody:
                    required: true
                    content: { application/json: { schema: { type: object, description: Any key-value pair } } }
                  responses: { "201": { description: Indexed, content: { application/json: { schema: { type: object } } } } }
              /nothing:
                post:
                  operationId: postNothing
                  requestBody:
                    content: { application/x-www-form-urlencoded: { schema: { type: object, properties: {}, additionalProperties: false } } }
                  responses: { "204": { description: Done } }
            """)
        #expect(ImportTesting.findings(result) == [])
        #expect(result.leftOut.isEmpty)
        let text = try #require(result.text)
        #expect(text.contains("body: \"[String: JSON]\"\n"))
        #expect(!text.contains("form:"))
    }

    /// An `allOf` whose parts are single values of one type (Lob's `city`: a `$ref` to `{ type: string, maxLength: 200 }`
    /// and `{ type: string, description: … }`) is that type; it was an empty struct, sent as `{}`. An enum part types
    /// it by its model; parts of different types are still a model, with the warning that says so.
    @Test func anAllOfOfSingleValuesOfOneTypeIsThatType() throws {
        let result = ImportTesting.run(Self.paths + """
              /verifications:
                post:
                  operationId: verify
                  requestBody:
                    required: true
                    content:
                      application/json:
                        schema:
                          type: object
                          properties:
                            city: { allOf: [{ $ref: "#/components/schemas/city" }, { type: string, description: The city. }] }
                            zip: { allOf: [{ $ref: "#/components/schemas/city" }, { maxLength: 10 }] }
                            kind: { allOf: [{ $ref: "#/components/schemas/kind" }, { type: string }] }
                            odd: { allOf: [{ type: string }, { type: integer }] }
                  responses: { "204": { description: Done } }
            components:
              schemas:
                city: { type: string, maxLength: 200 }
                kind: { type: string, enum: [residential, commercial] }
            """)
        let text = try #require(result.text)
        #expect(text.contains("city: String?\n"))
        #expect(text.contains("zip: String?\n"))
        #expect(text.contains("kind: Kind?\n"))
        #expect(text.contains("odd: VerifyBodyOdd?\n"))
        #expect(ImportTesting.findings(result) == [
            "18:32: warning: an `allOf` part that is not an object is not supported: its properties cannot be included (#/paths/~1verifications/post/requestBody/content/application~1json/schema/properties/odd/allOf/0)",
            "18:50: warning: an `allOf` part that is not an object is not supported: its properties cannot be included (#/paths/~1verifications/post/requestBody/content/application~1json/schema/properties/odd/allOf/1)",
        ])
    }

    /// A property the object leaves optional but that can hold one value only, which is also its default (Mistral's
    /// `role: { const: user, default: user }`, the discriminator of its messages), is required with that default:
    /// always sent, so a message tells which variant it is; a `const` without that default stays optional.
    @Test func anOptionalPropertyOfOneValueThatIsItsDefaultIsAlwaysSent() throws {
        let result = ImportTesting.run(Self.paths.replacingOccurrences(of: "3.0.3", with: "3.1.0") + """
              /chat:
                post:
                  operationId: chat
                  requestBody:
                    required: true
                    content:
                      application/json:
                        schema:
                          type: object
                          required: [messages]
                          properties:
                            messages:
                              type: array
                              items:
                                oneOf: [{ $ref: "#/components/schemas/UserMessage" }, { $ref: "#/components/schemas/SystemMessage" }]
                                discriminator: { propertyName: role }
                  responses: { "204": { description: Done } }
            components:
              schemas:
                UserMessage:
                  type: object
                  required: [content]
                  properties: { role: { type: string, const: user, default: user }, content: { type: string } }
                SystemMessage:
                  type: object
                  required: [content]
                  properties: { role: { type: string, const: system }, content: { type: string } }
            """)
        let text = try #require(result.text)
        #expect(text.contains("""
              UserMessage:
                properties:
                  role: { type: String, default: user }
                  content: String
            """))
        #expect(text.contains("""
              SystemMessage:
                properties:
                  role: String?
                  content: String
            """))
    }

    /// With `strict`, an operation left out fails the import, and nothing is written.
    @Test func strictFailsWhenAnOperationIsLeftOut() {
        let result = ImportTesting.run(Self.partlyWrong, options: ImportOptions(strict: true))
        #expect(result.text == nil)
        #expect(result.diagnostics.errors.map(\.message) == ["1 of 3 operations imported, 2 left out: `getAById`, `getC`"])
    }

    /// When no operation is left, the import fails.
    @Test func aDocumentOfWhichNothingCanBeImportedFails() {
        let result = ImportTesting.run(Self.paths + """
              /c:
                get:
                  security: [{ oauth: [] }]
                  responses: { "204": { description: Done } }
            """)
        #expect(result.text == nil)
        #expect(result.diagnostics.errors.map(\.message) == ["none of the document's 1 operations can be imported"])
    }

    @Test func documentsOfOtherVersionsAreRefused() {
        let result = ImportTesting.run("swagger: \"1.2\"\ninfo: { title: Old, version: \"1\" }\npaths: {}\n")
        #expect(result.text == nil)
        #expect(ImportTesting.findings(result) == ["1:10: error: only Swagger 2.0 and OpenAPI 3.0 and 3.1 documents can be imported (#/swagger)"])
    }

    /// Names: `operationId`s made lowerCamelCase, names derived from method and path otherwise, a second operation
    /// deriving the same name numbered, and schema names that clash with built-in types renamed.
    @Test func namesAreMadeIdiomaticAndCollisionsAreResolved() throws {
        let result = ImportTesting.run(Self.paths + """
              /files/{fileId}/versions:
                get:
                  parameters: [{ name: fileId, in: path, required: true, schema: { type: string } }]
                  responses:
                    "200":
                      description: OK
                      content: { application/json: { schema: { $ref: "#/components/schemas/file" } } }
              /files:
                post:
                  operationId: PostFiles
                  responses:
                    "200":
                      description: OK
                      content: { application/json: { schema: { $ref: "#/components/schemas/File.Data" } } }
              /files/:
                post:
                  operationId: post_files
                  responses: { "204": { description: Done } }
            components:
              schemas:
                file:
                  type: object
                  properties: { id: { type: string } }
                File.Data:
                  type: object
                  properties: { size: { type: integer } }
            """)
        #expect(ImportTesting.findings(result) == [])
        let names = ImportTesting.names(result)
        #expect(names.endpoints == ["getFilesByFileIdVersions", "postFiles", "postFiles2"])
        #expect(names.models == ["FileModel", "FileData"])
    }

    /// Whole Stripe (468 operations, 4.2 MB) imports without an error, and the spec it gives checks clean and
    /// generates. Compiling all of it is a benchmark (`Benchmarks/openapi.py --compile whole`); CI compiles a
    /// filtered Stripe client, read directly from the same document with its configuration (`.ci/stripe`).
    @Test func wholeStripeImportsChecksCleanAndGenerates() throws {
        let result = try ImportTesting.run(path: ImportTesting.stripe)
        #expect(!result.diagnostics.hasErrors)
        #expect(result.endpoints == 468)
        let text = try #require(result.text)
        let output = CodeGenerator().generate([SpecSource(path: "Stripe.yaml", text: text)])
        #expect(output.diagnostics.all.isEmpty)
        // Its handler is spread over the most files the split allows, its routes over half as many, its models over
        // twice as many.
        let kinds = [("Stripe+APIRoute", 6), ("Stripe+RequestHandling", 12), ("Stripe+Models", 24)]
        let parts = kinds.flatMap { kind, count in
            ["\(kind).swift"] + (2...count).map { "\(kind)\($0).swift" }
        }
        let expected = parts + ["Stripe+Mock.swift", "Stripe.swift"]
        #expect(output.files.map(\.name) == expected.sorted())
    }
}
