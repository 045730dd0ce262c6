import Testing

@testable import RouteGenCore

@Suite struct SuggestionTests {
    @Test(arguments: [
        ("methd", "method"), ("mehtod", "method"), ("respone", "response"), ("Method", "method"), ("qurey", "query"),
    ])
    func suggestsTheClosestKnownKey(typo: String, expected: String) {
        #expect(Suggestion.closest(to: typo, among: EndpointChecker.endpointKeys) == expected)
    }

    @Test func staysQuietWhenNothingIsClose() {
        #expect(Suggestion.closest(to: "colour", among: EndpointChecker.endpointKeys) == nil)
        #expect(Suggestion.closest(to: "x", among: ["path", "body"]) == nil)
    }

    @Test func countsAnAdjacentSwapAsOneEdit() {
        #expect(Suggestion.editDistance("mehtod", "method") == 1)
        #expect(Suggestion.editDistance("kitten", "sitting") == 3)
        #expect(Suggestion.editDistance("", "abc") == 3)
    }
}
