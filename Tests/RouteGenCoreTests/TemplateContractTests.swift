import Foundation
import Testing

@testable import RouteGenCore

/// The values a template can use are ``TemplateKey``'s cases: `Templates/README.md` lists each of them and no
/// other, the built-in templates read every one but those kept for a user's own templates, and name no other.
@Suite struct TemplateContractTests {
    private static let readme = (try? String(
        contentsOf: SpecTesting.repositoryRoot.appendingPathComponent("Templates/README.md"), encoding: .utf8)) ?? ""

    /// The README's tables of values, between these two lines.
    static let tablesStart = "<!-- The values: the doc comments of TemplateKey's cases, which TemplateContractTests copies here. -->"
    static let tablesEnd = "<!-- End of the values. -->"

    /// The README's tables of values as `TemplateKey.swift` gives them: a table per `// MARK:` section, a row per
    /// case, its doc comment on one line.
    static func tables(from source: String) -> String {
        var text = ""
        var comment: [String] = []
        for line in source.split(separator: "\n").map({ $0.trimmingCharacters(in: .whitespaces) }) {
            if line.hasPrefix("// MARK: ") {
                text += "\n**\(line.dropFirst("// MARK: ".count))**\n\n| key | what |\n|---|---|\n"
            } else if line.hasPrefix("///") {
                comment.append(String(line.dropFirst(3)).trimmingCharacters(in: .whitespaces))
            } else if line.hasPrefix("case "), !comment.isEmpty {
                text += "| `\(line.dropFirst("case ".count))` | \(comment.joined(separator: " ")) |\n"
                comment = []
            } else {
                comment = []
            }
        }
        return tablesStart + "\n" + text + "\n" + tablesEnd
    }

    /// A value's line in the README is its case's doc comment (`ROUTEGEN_UPDATE_GOLDEN=1` rewrites the README's
    /// tables, as `Tests/refresh-generated` does): adding a value is its case, its computation and the template that
    /// reads it.
    @Test func theReadmesTablesAreTheContractsDocComments() throws {
        let source = try String(
            contentsOf: SpecTesting.repositoryRoot.appendingPathComponent("Sources/RouteGenCore/Render/TemplateKey.swift"), encoding: .utf8)
        let contract = source[..<(source.range(of: "\n}\n")?.upperBound ?? source.endIndex)]
        let tables = Self.tables(from: String(contract))
        let start = try #require(Self.readme.range(of: Self.tablesStart))
        let end = try #require(Self.readme.range(of: Self.tablesEnd))
        if ProcessInfo.processInfo.environment["ROUTEGEN_UPDATE_GOLDEN"] == "1" {
            let updated = Self.readme.replacingCharacters(in: start.lowerBound..<end.upperBound, with: tables)
            try updated.write(to: SpecTesting.repositoryRoot.appendingPathComponent("Templates/README.md"), atomically: true, encoding: .utf8)
        }
        #expect(String(Self.readme[start.lowerBound..<end.upperBound]) == tables, "run `Tests/refresh-generated`")
        // Every case has its row: none without a doc comment.
        let rows = Set(tables.split(separator: "\n").filter { $0.hasPrefix("| `") }.map { $0.dropFirst(3).prefix { $0 != "`" } }.map(String.init))
        #expect(rows == Set(TemplateKey.allCases.map(\.rawValue)))
    }

    private static func names(in text: String) -> Set<String> {
        let regex = try! NSRegularExpression(pattern: "`([a-z][A-Za-z]*)`")
        return Set(regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap {
            Range($0.range(at: 1), in: text).map { String(text[$0]) }
        })
    }

    /// The README names every transform the checker accepts (`uppercased`, `last`, …), so the two cannot drift.
    @Test func theReadmeNamesEveryTransformTheCheckerKnows() {
        let named = Self.names(in: Self.readme)
        #expect(TemplateValueChecker.transforms.subtracting(named).sorted() == [], "transforms Templates/README.md does not name")
    }

    @Test func theBuiltInTemplatesReadEveryValueButThoseForOwnTemplatesAndNoOther() {
        // The printer's marks (`_call`, …) are the printer's, not values of the render stage.
        let read = Set(BuiltInTemplates.all.values.flatMap { TemplateValueChecker.tags(in: $0).compactMap(\.name) })
            .subtracting(Printer.markNames)
        let values = Set(TemplateKey.allCases.map(\.rawValue))
        #expect(read.subtracting(values).sorted() == [], "names the built-in templates read that are no TemplateKey")
        let unread = values.subtracting(read)
        #expect(unread == Set(TemplateKey.forOwnTemplates.map(\.rawValue)), "update TemplateKey.forOwnTemplates")
    }
}
