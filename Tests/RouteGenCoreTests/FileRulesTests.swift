import Testing

@testable import RouteGenCore

/// The layout rules the plugins compile (`FileRules`) name the templates RouteGen ships.
@Suite struct FileRulesTests {
    @Test func theBuiltInFileTemplatesAreTheShippedOnes() {
        #expect(FileRules.builtInFileTemplates.sorted() == BuiltInTemplates.all.keys.filter { $0.hasSuffix(".swift") }.sorted())
    }
}
