import Testing

@testable import RouteGenCore

/// `closed: true` marks an object model that takes no keys but its properties' (an OpenAPI document's
/// `additionalProperties: false`): an untagged union does not take an object with another key as it (issue 51,
/// bug 4). Only an object can be closed, and the value is a boolean.
@Suite struct ClosedModelCheckTests {
    @Test func anObjectIsClosedWithItsIncludedProperties() throws {
        let api = try #require(
            SpecTesting.check(
                SpecTesting.header + """
                    models:
                      Named:
                        properties: { label: String? }
                      Card:
                        allOf: [Named]
                        properties: { last4: String? }
                        closed: true
                    """
            ).api)
        let card = try #require(api.models.first { $0.name.wire == "Card" })
        #expect(card.isClosed)
        #expect(card.properties.map(\.name.wire) == ["label", "last4"])
        #expect(api.models.first { $0.name.wire == "Named" }?.isClosed == false)
    }

    @Test func onlyAnObjectIsClosedAndOnlyByABoolean() {
        let findings = SpecTesting.findings(
            SpecTesting.header + """
                models:
                  Kind:
                    enum: [a, b]
                    closed: true
                  Method:
                    oneOf: [Kind, Card]
                    closed: true
                  Card:
                    properties: { last4: String? }
                    closed: always
                """)
        #expect(
            findings == [
                "8:5: error: `closed` of model `Kind` needs `properties` or `allOf`",
                "11:5: error: `closed` of model `Method` needs `properties` or `allOf`",
                "14:13: error: `closed` of model `Card` must be `true` or `false`",
            ])
    }
}
