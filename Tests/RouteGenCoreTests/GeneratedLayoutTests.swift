import Testing

@testable import RouteGenCore

/// The layout rules the plugins compile (`GeneratedLayout`) name the templates RouteGen ships.
@Suite struct GeneratedLayoutTests {
    @Test func theBuiltInFileTemplatesAreTheShippedOnes() {
        #expect(GeneratedLayout.builtInFileTemplates.sorted() == BuiltInTemplates.all.keys.filter { $0.hasSuffix(".swift") }.sorted())
    }
}
