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
        for reserved in ["QueryItem", "JSONValue", "Sendable", "Enveloped", "HTTPClient", "Decoder"] {
            let api = SpecTesting.check(SpecTesting.header + "models:\n  \(reserved):\n    properties: { name: String }\n").api
            #expect(api?.models.map(\.name.swift) == ["\(reserved)Model"], "\(reserved)")
        }
    }
}
