import Testing

@testable import RouteGenCore

/// A broken value at any document-level key (servers, security, each kind of component, webhooks, tags) costs at
/// most the operations that use it: the rest of the document imports, and the breakage is reported at its line.
@Suite struct DocumentLevelBreakageTests {
    /// Two operations: `listNotes` uses only what it declares inline, `getPet` uses a component of every kind
    /// (schema, parameter, response, request body, header, security scheme).
    static func document(replacing key: String? = nil, with broken: String = "") -> String {
        var parts: [(key: String, text: String)] = [
            ("openapi", "openapi: 3.0.3"),
            ("info", "info: { title: Breakage, version: '1' }"),
            ("servers", "servers:\n  - url: https://api.example.com/v1"),
            ("security", "security:\n  - token: []"),
            ("tags", "tags:\n  - name: notes\n    description: Notes."),
            (
                "paths",
                """
                paths:
                  /notes:
                    get:
                      operationId: listNotes
                      tags: [notes]
                      security: []
                      responses:
                        '200':
                          description: The notes.
                          content:
                            application/json:
                              schema: { type: array, items: { type: string } }
                  /pets/{id}:
                    parameters:
                      - $ref: '#/components/parameters/PetID'
                    put:
                      operationId: getPet
                      requestBody: { $ref: '#/components/requestBodies/PetBody' }
                      responses:
                        '200': { $ref: '#/components/responses/PetFound' }
                """
            ),
            ("webhooks", "webhooks:\n  petAdded:\n    post:\n      responses: { '200': { description: OK } }"),
            (
                "components",
                """
                components:
                  schemas:
                    Pet:
                      type: object
                      properties: { name: { type: string } }
                  parameters:
                    PetID: { name: id, in: path, required: true, schema: { type: string } }
                  requestBodies:
                    PetBody:
                      content: { application/json: { schema: { $ref: '#/components/schemas/Pet' } } }
                  responses:
                    PetFound:
                      description: The pet.
                      headers: { X-Rate: { $ref: '#/components/headers/Rate' } }
                      content: { application/json: { schema: { $ref: '#/components/schemas/Pet' } } }
                  headers:
                    Rate: { schema: { type: integer } }
                  securitySchemes:
                    token: { type: http, scheme: bearer }
                  examples:
                    APet: { value: { name: Rex } }
                  links:
                    PetLink: { operationId: getPet }
                  callbacks:
                    onPet: { '{$request.body#/url}': { post: { responses: { '200': { description: OK } } } } }
                """
            ),
        ]
        if let key {
            if let index = parts.firstIndex(where: { $0.key == key }) {
                parts[index].text = broken
            } else {
                let index = parts.firstIndex { $0.key == "components" }!
                precondition(parts[index].text.contains(key), "no `\(key)` in the components")
                parts[index].text = parts[index].text.replacingOccurrences(of: key, with: broken)
            }
        }
        return parts.map(\.text).joined(separator: "\n") + "\n"
    }

    @Test func theWholeDocumentImports() {
        let result = ImportTesting.run(Self.document())
        #expect(result.text != nil, "\(ImportTesting.findings(result))")
        #expect(ImportTesting.names(result).endpoints.sorted() == ["getPet", "listNotes"])
    }

    /// Each document-level key with a value of the wrong shape.
    static let breakages: [(key: String, broken: String)] = [
        ("servers", "servers: 42"),
        ("servers", "servers:\n  - url: 7"),
        ("servers", "servers:\n  - url: 'https://{region}.example.com'"),
        ("security", "security: yes"),
        ("security", "security:\n  - missing: []"),
        ("tags", "tags: { notes: Notes }"),
        ("webhooks", "webhooks: [1, 2]"),
        ("components", "components: 3"),
        ("  schemas:\n    Pet:\n      type: object", "  schemas:\n    Pet:\n      type: 17"),
        ("  parameters:\n    PetID: { name: id, in: path,", "  parameters:\n    PetID: { name: 5, in: nowhere,"),
        ("  requestBodies:\n    PetBody:\n      content:", "  requestBodies:\n    PetBody:\n      content: 9\n      old:"),
        ("  responses:\n    PetFound:\n      description: The pet.", "  responses:\n    PetFound: [no]\n    Unused:\n      description: The pet."),
        ("  headers:\n    Rate: { schema: { type: integer } }", "  headers:\n    Rate: 12"),
        ("    token: { type: http, scheme: bearer }", "    token: { type: telepathy }"),
        ("  examples:\n    APet: { value: { name: Rex } }", "  examples: 1"),
        ("  links:\n    PetLink: { operationId: getPet }", "  links: [x]"),
        ("  callbacks:\n    onPet:", "  callbacks: 0\n  other:\n    onPet:"),
    ]

    @Test(arguments: breakages.indices)
    func aBrokenKeyCostsOnlyTheOperationsUsingIt(_ index: Int) {
        let (key, broken) = Self.breakages[index]
        let result = ImportTesting.run(Self.document(replacing: key, with: broken))
        let endpoints = ImportTesting.names(result).endpoints
        #expect(result.text != nil, "\(key) → \(broken): \(ImportTesting.findings(result))")
        // listNotes uses no component, no document-level server variable and declares its own (empty) security.
        #expect(endpoints.contains("listNotes"), "\(key) → \(broken): \(ImportTesting.findings(result))")
        // The breakage is reported, at a position.
        #expect(!result.diagnostics.all.isEmpty, "\(key) → \(broken): nothing reported")
        #expect(result.diagnostics.all.allSatisfy { $0.location.line >= 1 && $0.location.column >= 1 })
    }
}

extension DocumentLevelBreakageTests {
    /// The document's `security` naming an undeclared scheme leaves out the operations that inherit it, each at the
    /// requirement's line, and keeps those declaring their own.
    @Test func anUndeclaredDocumentSchemeLeavesOutTheOperationsInheritingIt() throws {
        let result = ImportTesting.run(Self.document(replacing: "security", with: "security:\n  - missing: []"))
        #expect(ImportTesting.names(result).endpoints == ["listNotes"])
        #expect(result.leftOut.map(\.name) == ["getPet"])
        #expect(
            ImportTesting.findings(result).contains(
                "6:5: warning: the security scheme `missing` is not declared in `components.securitySchemes` (#/security/0): the operation `getPet` is left out"),
            "\(ImportTesting.findings(result))")
    }

    /// An error model every operation shares that the checker rejects (here one holding a `File`, as a multipart
    /// body's schema reused for errors) is left out with a warning: error bodies are not decoded, and every
    /// operation still imports. It failed the whole document.
    @Test func aSharedErrorModelThatCannotBeUsedIsLeftOutNotTheDocument() throws {
        let result = ImportTesting.run("""
            openapi: 3.0.3
            info: { title: Shared, version: '1' }
            servers: [{ url: https://api.example.com }]
            paths:
              /up:
                post:
                  operationId: upload
                  requestBody: { content: { multipart/form-data: { schema: { $ref: '#/components/schemas/Upload' } } } }
                  responses:
                    '204': { description: Stored }
                    '400': { description: Bad, content: { application/json: { schema: { $ref: '#/components/schemas/Upload' } } } }
              /f:
                get:
                  operationId: fetch
                  responses:
                    '204': { description: OK }
                    '400': { description: Bad, content: { application/json: { schema: { $ref: '#/components/schemas/Upload' } } } }
            components:
              schemas:
                Upload: { type: object, properties: { file: { type: string, format: binary } } }
            """)
        let text = try #require(result.text, "\(ImportTesting.findings(result))")
        #expect(!text.contains("errors:") && text.contains("  upload:") && text.contains("  fetch:"), "\(text)")
        #expect(ImportTesting.findings(result) == [
            "11:75: warning: `Upload` holds a `File`, which only a `multipart:` body can send, not `errors`: the shared `errors` are left out, so error bodies are not decoded",
        ])
    }
}
