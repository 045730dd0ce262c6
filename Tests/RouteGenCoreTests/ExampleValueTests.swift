import Testing

@testable import RouteGenCore

/// `example:` (spec format, "Examples"): a value of a model, or of an endpoint's response, checked against its
/// type once every model is known. `SpecTesting.header` fills lines 1–4.
@Suite struct ExampleValueTests {
    @Test func examplesThatFitTheirTypesAreAccepted() {
        let result = SpecTesting.check(SpecTesting.header + """
            models:
              Pet:
                properties: { id: Int64, name: String, tag: String?, born: Date?, price: Decimal?, meta: JSON? }
                example: { id: 1, name: Rex, tag: null, born: 2024-02-11T09:48:46Z, price: 9.99, meta: { any: [1, x] } }
              Kind:
                enum: [1, 2]
                example: 2
              Shape:
                oneOf: [Pet, String]
                example: round
            endpoints:
              getPet:
                method: GET
                path: /pets/{petId}
                params: { petId: Int64 }
                response: Pet
                example: { id: 7, name: Fido }
              listPets:
                method: GET
                path: /pets
                response: "[Pet]"
                example: [{ id: 7, name: Fido }, { id: 8, name: Rex, born: 2024-02-11 }]
            """)
        #expect(result.diagnostics.map(\.description) == [])
        #expect(result.api != nil)
    }

    /// What a mock answers: the example as the JSON its type decodes from, scalars typed by the type (not by how
    /// YAML reads them); an endpoint without an example takes its response model's.
    @Test func examplesBecomeTheJSONTheirTypesDecodeFrom() throws {
        let result = SpecTesting.check(SpecTesting.header + """
            models:
              Pet:
                properties: { id: Int64, name: String, born: Date?, price: Decimal?, kind: Kind?, meta: JSON?, score: Double? }
                example: { id: 1, name: 123, born: 2024-02-11T09:48:46Z, price: 9.99, kind: 2, meta: { a: [1, x, true, null] }, score: 5 }
              Kind:
                enum: [1, 2]
            endpoints:
              getPet:
                method: GET
                path: /pets/{petId}
                params: { petId: Int64 }
                response: Pet
              listPets:
                method: GET
                path: /pets
                response: "[Pet]"
                example: [{ id: 7, name: "Fi\\"do\\n" }]
              deletePet:
                method: DELETE
                path: /pets/{petId}
                params: { petId: Int64 }
            """)
        let endpoints = try #require(result.api?.endpoints)
        #expect(
            endpoints.map(\.example) == [
                #"{"id":1,"name":"123","born":"2024-02-11T09:48:46Z","price":9.99,"kind":2,"meta":{"a":[1,"x",true,null]},"score":5.0}"#,
                #"[{"id":7,"name":"Fi\"do\n"}]"#,
                nil,
            ])
    }

    @Test(arguments: [
        ("2024-02-11", true), ("2024-02-11T09:48:46Z", true), ("2024-02-11t09:48:46.250z", true),
        ("2024-02-11 09:48:46+01:00", true), ("2024-02-11T09:48:46.5-07:30", true), ("2024-02-11T09:48:46", false),
        ("2024-02-11T09:48:46.Z", false), ("2024-2-11", false), ("2024-02-11T09:48:46+0100", true), ("2024-02-30", false), ("2024-02-11T24:00:00Z", false),
        ("2024-02-11Z", false), ("yesterday", false), ("", false), ("2024-02-11T09:48:46Zx", false),
    ])
    func datesAreRFC3339DateTimesOrDays(text: String, isDate: Bool) {
        #expect(ExampleChecker.isDateText(text) == isDate)
    }

    @Test func anExampleThatDoesNotFitIsAnErrorAtTheValueThatDoesNot() {
        let findings = SpecTesting.findings(SpecTesting.header + """
            models:
              Pet:
                properties: { id: Int64, name: String, tag: String?, status: Status?, born: Date? }
                example: { id: 1, name: Rex }
              Status:
                enum: [available, sold]
              Bad:
                properties: { id: Int64, tags: "[String]" }
                example: { id: abc, tags: [a, [b]], color: red }
              Shape:
                oneOf: [Pet, String]
                example: [1, 2]
              Lacking:
                properties: { id: Int64, name: String }
                example: { id: 1 }
            endpoints:
              getPet:
                method: GET
                path: /pets/{petId}
                params: { petId: Int64 }
                response: Pet
                example: { id: 7, name: Fido, status: gone, born: yesterday }
              deletePet:
                method: DELETE
                path: /pets/{petId}
                params: { petId: Int64 }
                example: { id: 1 }
            """)
        #expect(
            findings == [
                "13:20: error: `id` in the example of `Bad` is `abc`, not of type `Int64`",
                "13:35: error: `tags[1]` in the example of `Bad` is a list, not of type `String`",
                "13:41: error: the example of `Bad` has `color`, which is not a property of `Bad`",
                "16:14: error: the example of `Shape` fits none of the variants of `Shape` (`Pet`, `String`)",
                "19:14: error: the example of `Lacking` lacks `name`, which `Lacking` requires",
                "26:43: error: `status` in the example of endpoint `getPet` is `gone`, not one of `available`, `sold`",
                "26:55: error: `born` in the example of endpoint `getPet` is `yesterday`, not of type `Date`",
                "31:5: error: endpoint `deletePet` has an `example` but no `response` it could be a value of",
            ])
    }
}
