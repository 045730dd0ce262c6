import Foundation
import Testing

@testable import RouteGenCore

/// `Documentation/routegen-spec.schema.json`, the JSON Schema editors use to complete and check specs, agrees
/// with the checker: every spec of the repository is valid against it, and specs the checker rejects for their
/// structure are invalid against it too. Validation runs in Python's `jsonschema` (`.ci/run` installs it) on
/// each spec converted to JSON from RouteGen's own YAML tree.
@Suite struct SpecSchemaTests {
    static let schema = SpecTesting.repositoryRoot.appendingPathComponent("Documentation/routegen-spec.schema.json").path

    /// A YAML tree as JSON, typed as a YAML 1.2 reader types it: plain integers, numbers, booleans and nulls.
    static func json(_ node: SyntaxNode) -> Any {
        switch node.kind {
        case .mapping(let entries):
            return Dictionary(entries.map { ($0.key, json($0.value)) }, uniquingKeysWith: { first, _ in first })
        case .sequence(let items):
            return items.map(json)
        case .scalar(let text, let isPlain):
            guard isPlain else { return text }
            if node.isNull { return NSNull() }
            if text == "true" || text == "false" { return text == "true" }
            if let integer = Int(text) { return integer }
            if let number = Double(text), text.contains(where: { $0 == "." || $0 == "e" }) { return number }
            return text
        }
    }

    /// The schema's findings for each named spec: an empty list when it is valid.
    static func validate(_ specs: [String: SyntaxNode]) throws -> [String: [String]] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("routegen-schema-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("specs.json")
        try JSONSerialization.data(withJSONObject: specs.mapValues(json)).write(to: input)
        let script = """
            import json, sys, jsonschema
            schema = json.load(open(sys.argv[1]))
            validator = jsonschema.Draft202012Validator(schema)
            specs = json.load(open(sys.argv[2]))
            print(json.dumps({name: [f"{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in validator.iter_errors(spec)] for name, spec in specs.items()}))
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, schema, input.path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "python3 with jsonschema is needed (pip install jsonschema)")
        return try JSONDecoder().decode([String: [String]].self, from: data)
    }

    @Test func everySpecOfTheRepositoryIsValid() throws {
        let files = try SpecDiscovery.specFiles(in: ["Specs", "Tests/Specs"].map { SpecTesting.repositoryRoot.appendingPathComponent($0).path })
        var specs: [String: SyntaxNode] = [:]
        for file in files where !file.hasSuffix(".json") {
            var diagnostics = Diagnostics()
            let syntax = try #require(SpecLoader().load(try SpecSource(contentsOf: file), diagnostics: &diagnostics))
            guard !OpenAPITranslator.isOpenAPI(syntax) else { continue }
            specs[(file as NSString).lastPathComponent] = syntax.root
        }
        #expect(specs.count >= 15)
        let findings = try Self.validate(specs)
        #expect(findings.filter { !$0.value.isEmpty } == [:])
    }

    /// Each sample is wrong in its structure: the checker rejects it, and so does the schema, at the same place.
    @Test func specsTheCheckerRejectsForTheirStructureAreInvalid() throws {
        let endpoint = "endpoints:\n  e:\n    method: GET\n    path: /a\n"
        let samples: [String: (yaml: String, place: String)] = [
            "unknown top-level key": (SpecTesting.header + "environmnts: {}\n", ""),
            "missing method": (SpecTesting.header + "endpoints:\n  e:\n    path: /a\n", "endpoints/e"),
            "unknown endpoint key": (SpecTesting.header + endpoint + "    respons: String\n", "endpoints/e"),
            "bad style": (SpecTesting.header + endpoint + "    query: { ids: { type: \"[Int]\", style: pipes } }\n", "endpoints/e/query/ids"),
            "bad auth": (SpecTesting.header + "auth: token\n", "auth"),
            "bad date format": (SpecTesting.header + "dates: iso\n", "dates"),
            "body and form": (SpecTesting.header + "endpoints:\n  e:\n    method: POST\n    path: /a\n    body: X\n    form: { a: Int }\n", "endpoints/e"),
            "status out of range": (SpecTesting.header + endpoint + "    responses: { 700: none }\n", "endpoints/e/responses"),
            "closed enum": (SpecTesting.header + "models:\n  K:\n    enum: [a, b]\n    closed: true\n", "models/K"),
            "boolean enum value": (SpecTesting.header + "models:\n  K:\n    enum: [true, false]\n", "models/K/enum/0"),
            "unknown long-form key": (SpecTesting.header + "models:\n  M:\n    properties: { a: { type: Int, kind: x } }\n", "models/M/properties/a"),
            "not a base URL": ("routegen: 1\nname: Shop\nenvironments:\n  production: shop.example.com\n", "environments/production"),
        ]
        var specs: [String: SyntaxNode] = [:]
        for (name, sample) in samples {
            #expect(SpecTesting.check(sample.yaml).diagnostics.contains { $0.severity == .error }, "the checker accepts: \(name)")
            var diagnostics = Diagnostics()
            specs[name] = try #require(SpecLoader().load(SpecSource(path: "s.yaml", text: sample.yaml), diagnostics: &diagnostics)).root
        }
        let findings = try Self.validate(specs)
        for (name, sample) in samples {
            let found = findings[name] ?? []
            #expect(found.contains { $0.hasPrefix(sample.place + ":") }, "\(name): \(found)")
        }
    }
}
