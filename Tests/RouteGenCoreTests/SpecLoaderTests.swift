import Foundation
import Testing

@testable import RouteGenCore

@Suite struct SpecLoaderTests {
    private func load(_ text: String) -> (SpecSyntax?, [String]) {
        var diagnostics = Diagnostics()
        let syntax = SpecLoader().load(SpecSource(path: "a.yaml", text: text), diagnostics: &diagnostics)
        return (syntax, diagnostics.sorted.map { "\($0.location.line):\($0.location.column): \($0.message)" })
    }

    @Test func everyKeyAndValueKeepsItsPosition() throws {
        let (syntax, findings) = load("""
            routegen: 1
            models:
              Pet:
                properties: { id: Int64 }
            """)
        #expect(findings.isEmpty)
        let root = try #require(syntax?.root.entries)
        #expect(root.map(\.key) == ["routegen", "models"])
        let pet = try #require(root[1].value.entries?.first)
        #expect(pet.keyLocation == SourceLocation(file: "a.yaml", line: 3, column: 3))
        let id = try #require(pet.value.entries?.first?.value.entries?.first)
        #expect(id.keyLocation.line == 4 && id.keyLocation.column == 19)
        #expect(id.value.text == "Int64")
        #expect(id.value.location.column == 23)
    }

    @Test func aDuplicateKeyIsAnErrorAtItsSecondOccurrence() {
        let (syntax, findings) = load("""
            endpoints:
              getPet:
                method: GET
                path: /pets
                method: POST
            """)
        #expect(syntax == nil)
        #expect(findings == ["5:5: duplicate key `method` in one mapping"])
    }

    @Test func aDuplicateKeyInAFlowMappingIsReportedAtTheFirst() {
        let (_, findings) = load("params: { id: Int, id: String }")
        #expect(findings == ["1:11: duplicate key `id` in one mapping"])
    }

    @Test func malformedYAMLPointsAtTheProblem() {
        let (syntax, findings) = load("""
            routegen: 1
            name: [unclosed
            environments: {}
            """)
        #expect(syntax == nil)
        #expect(findings.count == 1)
        #expect(findings.first?.hasPrefix("3:13: invalid YAML:") == true)
    }

    @Test func anUnquotedOptionalListTypeGetsAHint() {
        var diagnostics = Diagnostics()
        _ = SpecLoader().load(SpecSource(path: "a.yaml", text: "query:\n  tags: [String]?\n"), diagnostics: &diagnostics)
        #expect(diagnostics.all.first?.location.line == 2)
        #expect(diagnostics.all.first?.hint?.contains("\"[String]?\"") == true)
    }

    @Test func bytesThatAreNotUTF8AreRejectedWhereTheyStart() {
        var bytes = Data("routegen: 1\nname: ".utf8)
        bytes.append(contentsOf: [0xC3, 0x28, 0xFF])
        var diagnostics = Diagnostics()
        let syntax = SpecLoader().load(SpecSource(path: "a.yaml", contents: bytes), diagnostics: &diagnostics)
        #expect(syntax == nil)
        #expect(diagnostics.sorted.map { "\($0.location.line):\($0.location.column): \($0.message)" } == ["2:7: file is not UTF-8 text"])
    }

    @Test func controlCharactersAreRejected() {
        let (syntax, findings) = load("routegen: 1\nname: a\u{0}b\n")
        #expect(syntax == nil)
        #expect(findings.first?.contains("control characters are not allowed") == true)
    }

    @Test func anEmptyFileSaysWhatASpecNeeds() {
        var diagnostics = Diagnostics()
        _ = SpecLoader().load(SpecSource(path: "a.yaml", text: "# nothing yet\n"), diagnostics: &diagnostics)
        #expect(diagnostics.all.map(\.message) == ["file is empty"])
        #expect(diagnostics.all.first?.hint?.contains("routegen: 1") == true)
    }

    @Test func nonTextKeysAreReported() {
        let (_, findings) = load("? [a, b]\n: value\n")
        #expect(findings == ["1:3: mapping keys must be plain text, not a list or mapping"])
    }

    @Test func aFileOverTheSizeLimitIsRejectedBeforeParsing() {
        var limits = SpecLoader.Limits()
        limits.maxFileSize = 10
        var diagnostics = Diagnostics()
        let syntax = SpecLoader(limits: limits).load(SpecSource(path: "a.yaml", text: "routegen: 1\nname: X\n"), diagnostics: &diagnostics)
        #expect(syntax == nil)
        #expect(diagnostics.all.first?.message == "file is 20 bytes; a spec may be at most 10 bytes")
    }
}
