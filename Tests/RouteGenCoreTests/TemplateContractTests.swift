import Foundation
import Testing

@testable import RouteGenCore

/// The values a template can use are ``TemplateValue``'s cases: `Templates/README.md` lists each of them and no
/// other, the built-in templates read every one but those kept for a user's own templates, and name no other.
@Suite struct TemplateContractTests {
    private static let readme = (try? String(
        contentsOf: SpecTesting.repositoryRoot.appendingPathComponent("Templates/README.md"), encoding: .utf8)) ?? ""

    /// The rows of the README's table of values.
    private static var tableRows: [String] {
        readme.split(separator: "\n").map(String.init).filter { $0.hasPrefix("| `") }
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

    @Test func theReadmeListsEveryValueAndNoOther() {
        let values = Set(TemplateValue.allCases.map(\.rawValue))
        let listed = Self.names(in: Self.tableRows.joined(separator: "\n"))
        #expect(values.subtracting(listed).sorted() == [], "values Templates/README.md does not list")
        // The first column names values only; the others name values and the Swift they hold (`public `).
        let keyed = Self.names(in: Self.tableRows.map { $0.split(separator: "|").first.map(String.init) ?? "" }.joined())
        #expect(keyed.subtracting(values).sorted() == [], "names in Templates/README.md that are no TemplateValue")
    }

    @Test func theBuiltInTemplatesReadEveryValueButThoseForOwnTemplatesAndNoOther() {
        // The printer's marks (`_call`, …) are the printer's, not values of the render stage.
        let read = Set(BuiltInTemplates.all.values.flatMap { TemplateValueChecker.tags(in: $0).compactMap(\.name) })
            .subtracting(Printer.markNames)
        let values = Set(TemplateValue.allCases.map(\.rawValue))
        #expect(read.subtracting(values).sorted() == [], "names the built-in templates read that are no TemplateValue")
        let unread = values.subtracting(read)
        #expect(unread == Set(TemplateValue.forOwnTemplates.map(\.rawValue)), "update TemplateValue.forOwnTemplates")
    }
}
