import Foundation
import Testing

@testable import RouteGenCore

/// Input built to crash, hang or exhaust the loader gets an error instead.
@Suite struct HostileInputTests {
    private func messages(_ contents: Data) -> [String] {
        var diagnostics = Diagnostics()
        _ = SpecPipeline().check(SpecSource(path: "hostile.yaml", contents: contents), diagnostics: &diagnostics)
        return diagnostics.sorted.map { "\($0.location.line):\($0.location.column): \($0.message)" }
    }

    @Test func binaryJunk() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<20 {
            let junk = Data((0..<4096).map { _ in UInt8.random(in: 0...255, using: &generator) })
            #expect(!messages(junk).isEmpty)
        }
    }

    @Test func deeplyNestedFlowCollections() {
        let sequences = "a: " + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(messages(Data(sequences.utf8)) == ["1:5: invalid YAML: nesting is deeper than 1000 levels"])
        let mappings = "a: " + String(repeating: "{x: ", count: 5_000) + "1" + String(repeating: "}", count: 5_000)
        #expect(messages(Data(mappings.utf8)).first?.hasSuffix("nesting is deeper than 1000 levels") == true)
    }

    @Test func nestingWithinLibyamlsLimitStillStopsAtTheLoadersOwn() {
        let nested = "a: " + String(repeating: "[", count: 500) + String(repeating: "]", count: 500)
        #expect(messages(Data(nested.utf8)).first?.hasSuffix("nesting is deeper than 200 levels") == true)
    }

    @Test func anAliasBombStopsAtTheExpansionLimit() {
        var lines = ["routegen: 1", "a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
        for (previous, name) in zip("abcdefgh", "bcdefghi") {
            lines.append("\(name): &\(name) [" + Array(repeating: "*\(previous)", count: 9).joined(separator: ", ") + "]")
        }
        let found = messages(Data(lines.joined(separator: "\n").utf8))
        #expect(found.count == 1)
        #expect(found.first?.hasSuffix("YAML aliases expand to more than 10000 nodes") == true)
    }

    @Test func tenMegabytesOfYAMLAreCheckedWithoutTrouble() {
        var text = SpecTesting.header + "models:\n"
        var index = 0
        while text.utf8.count < 10 * 1024 * 1024 {
            text += "  Model\(index):\n    properties:\n"
            for field in 0..<8 { text += "      field_\(field): String?\n" }
            index += 1
        }
        text += "  Broken:\n    properties:\n      oops: Strnig\n"
        let found = messages(Data(text.utf8))
        #expect(found.count == 1)
        #expect(found.first?.hasSuffix("unknown type `Strnig`; did you mean `String`?") == true)
    }
}
