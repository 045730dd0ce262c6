import Foundation
import Testing

@testable import RouteGenCore

/// The names that spec names must not take are the names generated code uses: every type the generated files of the
/// test suite name (in `Tests/GeneratedClients`, which every spec and imported document of the tests generates) is
/// declared by them, is a primitive type of the format, or is in `GeneratedVocabulary`. A template that starts naming
/// a new runtime type fails here until the vocabulary has it, so a spec cannot take that name unnoticed.
@Suite struct GeneratedVocabularyTests {
    private static let clients = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appending(path: "GeneratedClients")

    /// Source text without comments and string literals (plain, multi-line and raw), whose words are not code.
    private static func code(_ source: String) -> String {
        var text = source
        let patterns = [
            ###"(?s)#+""".*?"""#+"###,  // raw multi-line
            ###"(?s)""".*?""""###,  // multi-line
            ###"#"(?:[^"\n]|"(?!#))*"#"###,  // raw
            ###""(?:[^"\\\n]|\\.)*""###,  // plain
            ###"//[^\n]*"###,  // comments
        ]
        for pattern in patterns {
            text = text.replacingOccurrences(of: pattern, with: " ", options: .regularExpression)
        }
        return text
    }

    private static func matches(_ pattern: String, in text: String, group: Int = 1) -> Set<String> {
        let regex = try! NSRegularExpression(pattern: pattern)
        return Set(regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap {
            Range($0.range(at: group), in: text).map { String(text[$0]) }
        })
    }

    @Test func everyTypeGeneratedCodeNamesIsDeclaredByItOrReserved() throws {
        let files = try FileManager.default.contentsOfDirectory(at: Self.clients, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "swift" }
        #expect(files.count > 50)
        var declared: Set<String> = []
        var named: [String: String] = [:]
        for file in files {
            let text = Self.code(try String(contentsOf: file, encoding: .utf8))
            declared.formUnion(Self.matches(#"\b(?:struct|enum|class|protocol|typealias|actor|associatedtype)\s+`?([A-Za-z_]\w*)"#, in: text))
            // Generic parameters: `<Output: …>`, `<Value>`.
            declared.formUnion(Self.matches(#"<\s*([A-Z]\w*)\s*[:>,]"#, in: text))
            for name in Self.matches(#"\b([A-Z]\w*)\b"#, in: text) where named[name] == nil { named[name] = file.lastPathComponent }
        }
        let known = declared.union(GeneratedVocabulary.reservedTypeNames).union(PrimitiveType.allCases.map(\.rawValue))
            // Attribute arguments, not types: `@_spi(Generated)`, `#if DEBUG`.
            .union(["Generated", "DEBUG"])
        let unknown = named.filter { !known.contains($0.key) }
        #expect(unknown.isEmpty, "named by generated code but not reserved: \(unknown.sorted { $0.key < $1.key })")
    }

    @Test func aModelNamedLikeAReservedTypeGetsANameOfItsOwn() {
        for reserved in ["QueryItem", "JSONValue", "Sendable", "Enveloped", "HTTPTransport", "Decoder"] {
            let api = SpecTesting.check(SpecTesting.header + "models:\n  \(reserved):\n    properties: { name: String }\n").api
            #expect(api?.models.map(\.name.swift) == ["\(reserved)Model"], "\(reserved)")
        }
    }

    /// The names `template` declares with `var`, `let`, `func` or `case` outside comments (`descriptor` of
    /// `var descriptor{{index}}`).
    static func declaredNames(in template: String) -> Set<String> {
        var names: Set<String> = []
        for line in template.split(separator: "\n") where !line.drop(while: { $0 == " " }).hasPrefix("//") {
            // Words split at what no identifier holds, so `{{access}}var method` gives `var` then `method`.
            let words = line.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") })
            for (keyword, name) in zip(words, words.dropFirst())
            where ["var", "let", "func", "case"].contains(keyword) && line.contains(keyword + " " + name) {
                names.insert(String(name))
            }
        }
        return names
    }

    /// Every member (and local of a member's body) the templates of the handler, the mock and the routes declare is
    /// reserved from endpoint names, but the locals of the endpoints' own methods, which may share an endpoint's name.
    @Test func everyNameTheHandlerTemplatesDeclareIsReserved() {
        let declared = ["APIRoute.swift", "RequestHandling.swift", "EnvelopedMethod", "Mock.swift", "DescriptorChunk"].flatMap {
            Self.declaredNames(in: BuiltInTemplates.all[$0] ?? "")
        }
        #expect(declared.contains("method") && declared.contains("route"))
        let unreserved = Set(declared).subtracting(GeneratedVocabulary.handlerMembers).subtracting(GeneratedVocabulary.endpointMethodLocals)
        #expect(unreserved.sorted() == [], "add them to GeneratedVocabulary.handlerMembers")
    }

    /// The names a spec could collide with: every member and local the vocabulary reserves, every name the
    /// templates declare (`var method`, `let request`, `func send`), Swift's keywords and members that mean something
    /// else, and names a real API picks that generated code also uses.
    static var collidingMemberNames: [String] {
        let declared = Set(BuiltInTemplates.all.values.flatMap(Self.declaredNames)).subtracting(GeneratedVocabulary.endpointMethodLocals)
        // And `reader`, which a value declares (`readerDeclaration`) rather than a template.
        let everyday: Set<String> = ["description", "search", "arguments", "hashValue", "value", "values", "data", "error", "reader"]
        let all = GeneratedVocabulary.memberNames.union(declared).union(SwiftKeywords.reserved).union(SwiftKeywords.unusableMembers)
            .union(everyday).subtracting(["_"])
        // `Self` and `self` (`Protocol`, `protocol`) are one Swift member name: two of them in one scope is an error.
        return all.filter { $0.first?.isLowercase == true || !all.contains($0.prefix(1).lowercased() + $0.dropFirst()) }.sorted()
    }

    /// The type names a spec could collide with: every name the vocabulary reserves, and the standard library's and
    /// Foundation's that an API names a model after.
    static var collidingTypeNames: [String] {
        // The format's own types (`String`, `File`) are no model names; the OpenAPI twin names schemas after them.
        GeneratedVocabulary.reservedTypeNames.union(["Error", "Arguments", "Enveloped", "Protocol", "Vocabulary", "Payload"])
            .filter { PrimitiveType(rawValue: $0) == nil && $0 != "File" }.sorted()
    }

    /// `Tests/Specs/Vocabulary.yaml`, made from the names above: models named after every type name, and properties,
    /// enum values, endpoints, path and query parameters and environments after every member name. It is generated
    /// and compiled with the other specs (warnings as errors), so a name a template starts to declare, or the
    /// vocabulary starts to reserve, is tested against every place a spec names things.
    static func vocabularySpec() -> String {
        let names = collidingMemberNames
        func key(_ name: String) -> String { "\"\(name)\"" }
        var lines = [
            "# Generated by GeneratedVocabularyTests from the names generated code declares and uses (refreshed by",
            "# Tests/refresh-generated): a spec that names everything it can after them lints clean and compiles.",
            "routegen: 1", "name: Vocabulary", "envelope: { payload: data, metadata: Payload }", "environments:",
        ]
        lines += (["production"] + GeneratedVocabulary.environmentMembers.sorted()).map { "  \(key($0)): https://vocabulary.example.com" }
        lines.append("models:")
        for (index, type) in collidingTypeNames.enumerated() {
            lines.append("  \(key(type)): { properties: { \(key(names[index % names.count])): String? } }")
        }
        lines.append("  Members:")
        lines.append("    properties:")
        lines += names.map { "      \(key($0)): String?" }
        lines.append("  MemberCases:")
        lines.append("    enum: [" + names.map(key).joined(separator: ", ") + "]")
        lines.append("endpoints:")
        for (index, name) in names.enumerated() {
            let next = names[(index + 1) % names.count], after = names[(index + 2) % names.count]
            lines += [
                "  \(key(name)):", "    method: GET", "    path: /members/\(index)/{\(name)}", "    params: { \(key(name)): String }",
                "    query: { \(key(next)): Int?, \(key(after)): \"[String]?\" }", "    response: Members",
            ]
        }
        // Endpoints named after every type, with an argument that may be left out: each gets a struct in
        // `Arguments` named after it.
        var taken = Set(names.map { $0.lowercased() })
        let typeEndpoints = (collidingTypeNames + PrimitiveType.allCases.map(\.rawValue) + ["File"]).filter { taken.insert($0.lowercased()).inserted }
        for (index, type) in typeEndpoints.enumerated() {
            lines += ["  \(key(type)):", "    method: GET", "    path: /types/\(index)", "    query: { q: String? }", "    response: Members"]
        }
        lines += ["  everyMember:", "    method: POST", "    path: /members", "    query:"]
        lines += names.map { "      \(key($0)): MemberCases?" }
        lines += ["    body: Members", "    response: MemberCases"]
        return lines.joined(separator: "\n") + "\n"
    }

    /// `Tests/OpenAPI/vocabulary-document.yaml`, the spec's OpenAPI twin: schemas named after every type name (the
    /// format's own too: `String`, `Data`, `File`), properties, enum values, operations and parameters after every
    /// member name. `OpenAPIImportTests` imports it into `Tests/Specs/Imported/VocabularyDocument.yaml`, which is
    /// generated and compiled with the other specs.
    static func vocabularyDocument() -> String {
        let names = collidingMemberNames
        let types = GeneratedVocabulary.reservedTypeNames.union(PrimitiveType.allCases.map(\.rawValue))
            .union(["File", "Error", "Arguments", "Enveloped", "Vocabulary", "VocabularyDocument"]).sorted()
        func key(_ name: String) -> String { "\"\(name)\"" }
        func schema(_ name: String) -> String { "{ $ref: \"#/components/schemas/\(name)\" }" }
        func returning(_ name: String) -> String {
            "responses: { \"200\": { description: OK, content: { application/json: { schema: \(schema(name)) } } } }"
        }
        var lines = [
            "# Generated by GeneratedVocabularyTests from the names generated code declares and uses (refreshed by",
            "# Tests/refresh-generated): a document that names everything it can after them imports into a client that compiles.",
            "openapi: 3.1.0", "info: { title: VocabularyDocument, version: \"1\" }", "servers: [{ url: \"https://vocabulary.example.com\" }]",
            "paths:",
        ]
        for (index, name) in names.enumerated() {
            let next = names[(index + 1) % names.count]
            lines += [
                "  \"/members/\(index)/{\(name)}\":", "    get:", "      operationId: \(key(name))", "      parameters:",
                "        - { name: \(key(name)), in: path, required: true, schema: { type: string } }",
                "        - { name: \(key(next)), in: query, schema: { type: integer } }", "      \(returning("Members"))",
            ]
        }
        for (index, type) in types.enumerated() {
            lines += [
                "  \"/types/\(index)\":", "    get:", "      operationId: \(key(type))",
                "      parameters: [{ name: q, in: query, schema: { type: string } }]", "      \(returning(type))",
            ]
        }
        lines += ["  /members:", "    post:", "      operationId: everyMember", "      parameters:"]
        lines += names.map { "        - { name: \(key($0)), in: query, schema: \(schema("MemberCases")) }" }
        lines += [
            "      requestBody: { required: true, content: { application/json: { schema: \(schema("Members")) } } }",
            "      \(returning("MemberCases"))", "components:", "  schemas:",
        ]
        for (index, type) in types.enumerated() {
            lines.append("    \(key(type)): { type: object, properties: { \(key(names[index % names.count])): { type: string } } }")
        }
        lines += ["    Members:", "      type: object", "      properties:"]
        lines += names.map { "        \(key($0)): { type: string }" }
        lines.append("    MemberCases: { type: string, enum: [" + names.map(key).joined(separator: ", ") + "] }")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The checked-in vocabulary spec and document are the ones the names give (`ROUTEGEN_UPDATE_GOLDEN=1` rewrites
    /// them, as `Tests/refresh-generated` does), and the spec lints clean: no error and no warning.
    @Test func theVocabularySpecIsCurrentAndClean() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appending(path: "Specs/Vocabulary.yaml")
        let text = Self.vocabularySpec()
        if ProcessInfo.processInfo.environment["ROUTEGEN_UPDATE_GOLDEN"] == "1" {
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        let document = url.deletingLastPathComponent().deletingLastPathComponent().appending(path: "OpenAPI/vocabulary-document.yaml")
        if ProcessInfo.processInfo.environment["ROUTEGEN_UPDATE_GOLDEN"] == "1" {
            try Self.vocabularyDocument().write(to: document, atomically: true, encoding: .utf8)
        }
        #expect(try String(contentsOf: url, encoding: .utf8) == text, "run `Tests/refresh-generated`")
        #expect(try String(contentsOf: document, encoding: .utf8) == Self.vocabularyDocument(), "run `Tests/refresh-generated`")
        let checked = SpecTesting.check(text)
        #expect(checked.api != nil)
        #expect(checked.diagnostics.map { "\($0.location.line): \($0.message)" } == [])
    }
}
