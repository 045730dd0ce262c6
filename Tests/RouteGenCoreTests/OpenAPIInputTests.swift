import Foundation
import Testing

@testable import RouteGenCore

/// OpenAPI documents as input: found beside specs, read with the options of their configuration file, and
/// converted by `routegen import`, which writes nothing when it finds an error.
@Suite struct OpenAPIInputTests {
    private let folder = FileManager.default.temporaryDirectory.appendingPathComponent("routegen-openapi-\(UUID().uuidString)")

    private func write(_ text: String, to name: String) throws -> String {
        let url = folder.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    private static let document = """
        openapi: 3.0.3
        info: { title: Todos, version: "1" }
        servers: [{ url: "https://todo.example" }]
        paths:
          /todos:
            get:
              operationId: listTodos
              tags: [todos]
              responses:
                "200":
                  description: OK
                  content: { application/json: { schema: { type: array, items: { $ref: "#/components/schemas/Todo" } } } }
          /users:
            get:
              operationId: listUsers
              tags: [users]
              responses:
                "200":
                  description: OK
                  content: { application/json: { schema: { type: array, items: { $ref: "#/components/schemas/User" } } } }
        components:
          schemas:
            Todo: { type: object, properties: { title: { type: string } } }
            User: { type: object, properties: { name: { type: string } } }
        """

    @Test func documentsAreFoundBesideSpecsInYAMLAndJSONSwagger2IncludedAndTheirConfigurationIsNot() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try write(Self.document, to: "todos.yaml")
        _ = try write("name: Todos\ntags: [todos]\n", to: "todos.routegen-config.yaml")
        _ = try write(#"{"info": {"title": "T", "version": "1"}, "openapi": "3.1.0", "paths": {}}"#, to: "nested/other.json")
        _ = try write(#"{"name": "not an API"}"#, to: "package.json")
        _ = try write(#"{"swagger": "2.0", "info": {"title": "S", "version": "1"}, "paths": {}}"#, to: "legacy.json")
        _ = try write("swagger: \"2.0\"\ninfo: { title: S, version: \"1\" }\npaths: {}\n", to: "legacy2.yaml")
        let found = try SpecDiscovery.specFiles(in: [folder.path]).map { URL(fileURLWithPath: $0).lastPathComponent }
        #expect(found == ["legacy.json", "legacy2.yaml", "other.json", "todos.yaml"])
    }

    @Test func aDocumentIsReadWithItsConfiguration() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = try write(Self.document, to: "todos.yaml")
        var diagnostics = Diagnostics()
        let unfiltered = SpecPipeline().check(try SpecSource(contentsOf: path), diagnostics: &diagnostics)
        #expect(unfiltered?.name.swift == "Todos")
        #expect(unfiltered?.endpoints.map(\.name.swift) == ["listTodos", "listUsers"])

        _ = try write("name: TodoAPI\ntags: [todos]\n", to: "todos.routegen-config.yaml")
        let filtered = SpecPipeline().check(try SpecSource(contentsOf: path), diagnostics: &diagnostics)
        #expect(filtered?.name.swift == "TodoAPI")
        #expect(filtered?.endpoints.map(\.name.swift) == ["listTodos"])
        #expect(filtered?.models.map(\.name.swift) == ["Todo"])
        #expect(diagnostics.all.isEmpty)
    }

    @Test func aBadConfigurationIsReportedAtItsLines() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = try write(Self.document, to: "todos.yaml")
        _ = try write("name: todo api\ntag: [todos]\noperations: listTodos\n", to: "todos.routegen-config.yaml")
        var diagnostics = Diagnostics()
        #expect(SpecPipeline().check(try SpecSource(contentsOf: path), diagnostics: &diagnostics) == nil)
        #expect(
            diagnostics.sorted.map { "\(URL(fileURLWithPath: $0.location.file).lastPathComponent):\($0.location.line):\($0.location.column): \($0.message)" } == [
                "todos.routegen-config.yaml:1:7: the API name `todo api` is not an identifier",
                "todos.routegen-config.yaml:2:1: unknown key `tag` in the configuration; did you mean `tags`?",
                "todos.routegen-config.yaml:3:13: `operations` of the configuration must be a list of text values",
            ])
    }

    @Test func importWritesTheSpecAndNothingWhenItFindsAnError() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let good = try write(Self.document, to: "todos.yaml")
        let output = folder.appendingPathComponent("Todos.yaml").path
        let run = try RouteGenProcess.run("import", good, "--output", output, "--tag", "users")
        #expect(run.status == 0)
        #expect(run.stdout == "\(output): 1 of 1 operation imported with 1 model\n")
        let text = try String(contentsOfFile: output, encoding: .utf8)
        #expect(text.contains("  listUsers:\n    method: GET\n    path: /users\n    group: users\n    response: \"[User]\"\n"))
        #expect(!text.contains("Todo:"))

        // listTodos names a security scheme nobody declared: it is left out, listUsers is imported.
        let partly = try write(
            Self.document.replacingOccurrences(of: "operationId: listTodos", with: "operationId: listTodos\n      security: [{ oauth: [] }]"),
            to: "partly.yaml")
        let partial = try RouteGenProcess.run("import", partly, "--output", folder.appendingPathComponent("Partly.yaml").path)
        #expect(partial.status == 0)
        #expect(partial.stdout.hasSuffix(": 1 of 2 operations imported (1 left out) with 1 model, 1 warning\n"))
        #expect(partial.stderr.contains("partly.yaml:1:1: warning: 1 of 2 operations imported, 1 left out: `listTodos`"))
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("Partly.yaml").path))

        let strict = try RouteGenProcess.run("import", partly, "--strict", "--output", folder.appendingPathComponent("Strict.yaml").path)
        #expect(strict.status == 1)
        #expect(strict.stderr.contains("partly.yaml:1:1: error: 1 of 2 operations imported, 1 left out: `listTodos`"))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("Strict.yaml").path))

        let notOpenAPI = try RouteGenProcess.run("import", SpecTesting.repositoryRoot.appendingPathComponent("Specs/Shop.yaml").path, "--output", output)
        #expect(notOpenAPI.status == 1)
        #expect(notOpenAPI.stderr.contains("error: not an OpenAPI document: its top level has no `openapi:` key"))
    }

    /// `--name` takes what a spec's `name:` takes (`_Todos` too), and nothing else.
    @Test func importTakesTheNamesASpecTakes() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let document = try write(Self.document, to: "todos.yaml")
        let output = folder.appendingPathComponent("Todos.yaml").path
        let underscored = try RouteGenProcess.run("import", document, "--output", output, "--name", "_Todos")
        #expect(underscored.status == 0)
        #expect(try String(contentsOfFile: output, encoding: .utf8).contains("\nname: _Todos\n"))
        let digit = try RouteGenProcess.run("import", document, "--output", output, "--name", "2do")
        #expect(digit.status == 2)
        #expect(digit.stderr.contains("--name must be an identifier, like `Stripe`"))
    }

    /// A `$ref` reads files in the document's folder and below it only: one that leaves the folder, by `..` or an
    /// absolute path, is not read, with a warning at the `$ref`; one into a folder below is read, when it is YAML or
    /// JSON (the files the build plugin makes inputs of the document's build command).
    @Test func referencesStayInTheDocumentsFolder() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try write("Secret: { type: object, properties: { password: { type: string } } }\n", to: "secret.yaml")
        _ = try write("Note: { type: object, properties: { text: { type: string } } }\n", to: "api/schemas/note.yaml")
        _ = try write("Note: { type: object, properties: { text: { type: string } } }\n", to: "api/schemas/note.txt")
        let document = try write("""
            openapi: 3.0.3
            info: { title: Notes, version: "1" }
            servers: [{ url: "https://notes.example" }]
            paths:
              /notes:
                get:
                  responses:
                    "200":
                      description: OK
                      content:
                        application/json:
                          schema:
                            type: object
                            properties:
                              note: { $ref: "schemas/note.yaml#/Note" }
                              up: { $ref: "../secret.yaml#/Secret" }
                              around: { $ref: "schemas/../../secret.yaml#/Secret" }
                              absolute: { $ref: "\(folder.path)/secret.yaml#/Secret" }
                              system: { $ref: "/etc/hostname" }
                              text: { $ref: "schemas/note.txt#/Note" }
            """, to: "api/api.yaml")
        let result = try ImportTesting.run(path: document)
        let outside = "names a file outside the document's folder, which is not read: the value is typed as `JSON`"
        #expect(ImportTesting.findings(result) == [
            "16:31: warning: `$ref` ../secret.yaml#/Secret \(outside)",
            "17:35: warning: `$ref` schemas/../../secret.yaml#/Secret \(outside)",
            "18:37: warning: `$ref` \(folder.path)/secret.yaml#/Secret \(outside)",
            "19:35: warning: `$ref` /etc/hostname \(outside)",
            "20:33: warning: `$ref` schemas/note.txt#/Note names a file that is not YAML or JSON, which is not read: the value is typed as `JSON`",
        ])
        let text = try #require(result.text)
        #expect(text.contains("Note:") && !text.contains("password"))
    }

    /// Lob's document gives a body's whole `content` map as a `$ref` to a file of its own (JSON Reference allows one
    /// anywhere): it is followed, so the body is the JSON it describes rather than bytes of a media type named `$ref`.
    @Test func aContentMapGivenAsAReferenceIsFollowed() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try write("""
            application/json:
              schema: { $ref: "../models/note.yaml" }
            """, to: "api/notes/responses/note.yaml")
        _ = try write("type: object\nrequired: [text]\nproperties: { text: { type: string } }\n", to: "api/notes/models/note.yaml")
        let document = try write("""
            openapi: 3.0.3
            info: { title: Notes, version: "1" }
            servers: [{ url: "https://notes.example" }]
            paths:
              /notes:
                post:
                  operationId: createNote
                  requestBody: { required: true, content: { $ref: "notes/responses/note.yaml" } }
                  responses:
                    "200": { description: OK, content: { $ref: "notes/responses/note.yaml" } }
              /drafts:
                get:
                  operationId: listDrafts
                  responses:
                    "200": { description: OK, content: { $ref: "notes/missing.yaml" } }
            """, to: "api/api.yaml")
        let result = try ImportTesting.run(path: document)
        #expect(ImportTesting.findings(result) == [
            "15:52: warning: `$ref` names \(folder.path)/api/notes/missing.yaml, which cannot be read: the response body is not decoded",
        ])
        let text = try #require(result.text)
        #expect(text.contains("body: Note\n") && text.contains("response: Note\n"))
    }

    /// What the writer quotes: text YAML would read as something else, or could not read plainly at all.
    @Test func writtenScalarsReadBackAsTheSameText() throws {
        let texts = [
            "plain", "true", "null", "", "42", "-1.5", "0x1F", "~", "- item", "a: b", "# not a comment", "x #y", "[a]",
            "{b}", "ends:", "  padded ", "tab\there", "line\nbreak", "quote \"x\" and \\", "ünïcode ✓", "@at", "`tick`",
            "multi\nline\n\nwith blank", "trailing \nspace",
        ]
        let root = SyntaxNode.mapping(
            texts.enumerated().map { ("k\($0.offset)", SyntaxNode.string($0.element, at: SourceLocation(file: "", line: 1, column: 1))) }
                + [("list", .list(texts.map { .string($0, at: SourceLocation(file: "", line: 1, column: 1)) }, at: SourceLocation(file: "", line: 1, column: 1)))],
            at: SourceLocation(file: "", line: 1, column: 1))
        let yaml = SpecYAMLWriter().write(root)
        var diagnostics = Diagnostics()
        let loaded = try #require(SpecLoader().load(SpecSource(path: "w.yaml", text: yaml), diagnostics: &diagnostics))
        #expect(diagnostics.all.isEmpty)
        let entries = try #require(loaded.root.entries)
        for (index, text) in texts.enumerated() {
            #expect(entries[index].value.text == text, "k\(index)")
            #expect(entries[index].value.isNull == false)
        }
        #expect(entries.last?.value.items?.map(\.text) == texts.map { Optional($0) })
    }
}
