import Testing

@testable import RouteGenCore

/// The rules of the format's "Real-API additions" for data: enums, unions, composition, defaults, formats,
/// Swift names and styles, with exact positions.
@Suite struct DataModelRejectionTests {
    /// Enum values all strings or all integers; built-in names taken; `oneOf`, `discriminator` and `mapping`.
    @Test func enumsAndUnions() {
        let findings = SpecTesting.findings(SpecTesting.header + """
            models:
              Flags:
                enum: [true, false]
              Ratio:
                enum: [0.5, 1]
              Mixed:
                enum: [1, two]
              JSON:
                properties: { a: Int }
              Shape:
                oneOf: [Circle, Square, Triangle]
                discriminator: kind
                mapping:
                  round: Circle
                  pointy: Cone
              Circle:
                properties: { kind: String, radius: Double }
              Square:
                properties: { kind: Int, side: Double }
              Lonely:
                oneOf: [Circle]
              Plain:
                properties: { a: Int }
                discriminator: a
              Both:
                oneOf: [String, Int]
                properties: { a: Int }
            """)
        #expect(findings == [
            "7:12: error: enum value `true` of model `Flags` is a boolean",
            "9:12: error: enum value `0.5` of model `Ratio` is a fractional number",
            "11:15: error: enum value `two` of model `Mixed` is not an integer",
            "12:3: error: model name `JSON` is taken by the built-in type `JSON`",
            "15:29: error: unknown type `Triangle`",
            "16:20: error: the discriminator `kind` of union `Shape` is not a text property (`String`, or a string enum) of `Square`",
            "19:15: error: `mapping` value `Cone` of model `Shape` is not one of its `oneOf` models",
            "25:12: error: `oneOf` of model `Lonely` must list at least two types",
            "28:5: error: `discriminator` of model `Plain` needs `oneOf`",
            "30:5: error: model `Both` has both `properties` and `oneOf`",
        ])
    }

    /// `Expandable<T>` holds a model that is not an enum, or `JSON`, and is written with its angle brackets.
    @Test func expandableReferences() {
        let findings = SpecTesting.findings(SpecTesting.header + """
            models:
              Customer:
                properties:
                  referred_by: Expandable<Customer>?
              Status:
                enum: [active, closed]
              Charge:
                properties:
                  a: Expandable<JSON>
                  b: Expandable<Int>
                  c: Expandable<Status>
                  d: Expandable
                  e: Expandable<Customer
                  f: "[Expandable<Custmer>]"
            """)
        #expect(findings == [
            "14:10: error: `Expandable` holds a model or `JSON`, not `Int`",
            "15:10: error: `Expandable` holds a model or `JSON`, not `Status`",
            "16:10: error: unknown type `Expandable`",
            "17:29: error: missing `>` to close the `<` at column 20",
            "18:23: error: unknown type `Custmer`; did you mean `Customer`?",
        ])
        // Without `<`, `Expandable` is a name like any other: a model may take it (its Swift name is then
        // `ExpandableModel`, as the runtime's `Expandable` is in scope).
        let named = SpecTesting.check(SpecTesting.header + """
            models:
              Expandable: { properties: { a: Int } }
              Holder: { properties: { e: Expandable, x: Expandable<Holder>? } }
            """)
        #expect(named.diagnostics.isEmpty)
        #expect(named.api?.model(named: "Holder")?.properties.map(\.type.swiftType) == ["ExpandableModel", "Expandable<Holder>?"])
    }

    /// `pagination:`: a response object with a list of models; one of `cursor` (an optional `String` query parameter,
    /// with `next`, a `String` of the items, or `next_cursor`, a `String?` of the response), `page` or `offset`
    /// (optional `Int`s); `has_more`, a `Bool` of the response.
    @Test func cursorPagination() {
        let findings = SpecTesting.findings(SpecTesting.header + """
            models:
              Customer: { properties: { id: String, rank: Int } }
              Page: { properties: { data: [Customer], more: Bool, count: Int } }
            endpoints:
              good:
                method: GET
                path: /a
                query: { after: String? }
                response: Page
                pagination: { items: data, cursor: after, next: id, has_more: more }
              bad:
                method: GET
                path: /b
                query: { after: String }
                response: Page
                pagination: { items: count, cursor: after, next: id, has_more: count }
              worse:
                method: GET
                path: /c
                response: "[Customer]"
                pagination: { items: data, cursor: after, nxt: id }
              goodPages:
                method: GET
                path: /d
                pagination: { items: data, cursor: after, next: id }
              paged:
                method: GET
                path: /e
                query: { after: String?, page: Int? }
                response: Page
                pagination: { items: data, cursor: after, page: page, next_cursor: more }
              numbered:
                method: GET
                path: /f
                query: { page: String? }
                response: Page
                pagination: { items: data, page: page, next: id }
            """)
        #expect(findings == [
            "14:5: error: the pagination of endpoint `good` makes a method `goodPages`, which is an endpoint's name",
            "20:26: error: `items` of the pagination of endpoint `bad` is `Int`, not a list of models",
            "20:41: error: `cursor` of the pagination of endpoint `bad` must be an optional `String` query parameter of the endpoint, not `after` of type `String`",
            "20:68: error: `has_more` of the pagination of endpoint `bad` names `count`, which is `Int`, not `Bool`",
            "25:5: error: the pagination of endpoint `worse` needs a `response` that is an object model holding the items",
            "25:47: error: unknown key `nxt` in the pagination of endpoint `worse`; did you mean `next`?",
            "29:5: error: the pagination of endpoint `goodPages` needs a `response` that is an object model holding the items",
            "35:47: error: the pagination of endpoint `paged` has both `cursor` and `page`",
            "35:72: error: `next_cursor` of the pagination of endpoint `paged` names `more`, which is `Bool`, not `String?`",
            "41:38: error: `page` of the pagination of endpoint `numbered` must be an optional `Int` query parameter of the endpoint, not `page` of type `String?`",
            "41:44: error: `next` of the pagination of endpoint `numbered` goes with `cursor`, not `page`",
        ])
    }

    /// `dates`, `query_arrays`, `allOf` collisions and cycles, `swift_name`, `default`, `format`, `T??` and
    /// `deepObject`, and an endpoint header replacing a top-level one (a warning).
    @Test func compositionDefaultsFormatsAndStyles() {
        let findings = SpecTesting.findings("""
            routegen: 1
            name: Shop
            environments:
              production: https://shop.example.com
            headers: { Accept: application/json }
            dates: epoch
            query_arrays: pipes
            models:
              Base:
                properties: { id: String, name: String }
              Other:
                properties: { id: Int }
              Child:
                allOf: [Base, Other]
                properties:
                  name: String
                  "+1": { type: Int, swift_name: 1plus }
                  limit: { type: Int, default: many }
                  kind: { type: Kind, default: large }
                  when: { type: String, format: unix }
                  at: { type: Date, format: epoch }
              Kind:
                enum: [small, medium]
              Loop:
                allOf: [Loop]
            endpoints:
              list:
                method: GET
                path: /items
                headers:
                  Accept: String?
                query:
                  note: String??
                  page: { type: Int, default: "1" }
                  filter: { type: Base?, style: deepObject }
                  plain: Base?
            """)
        #expect(findings == [
            "6:8: error: unknown date format `epoch`",
            "7:15: error: unknown `query_arrays` style `pipes`",
            "14:19: error: property `id` comes from both `Base` and `Other` in the `allOf` of model `Child`, as `String` and as `Int`, which no value is both",
            "17:38: error: `swift_name` must be a Swift identifier, not `1plus`",
            "18:36: error: the default `many` does not fit the type `Int`",
            "19:36: error: the default `large` does not fit the type `Kind`",
            "20:29: error: `format` applies only to `Date`, not `String`",
            "21:33: error: unknown date format `epoch`",
            "25:13: error: model `Loop` includes itself through `allOf`",
            "31:7: warning: header `Accept` of endpoint `list` replaces the top-level header `Accept` for this endpoint",
            "33:13: error: `String??` (explicit null) is only for JSON properties, not a query parameter",
            "34:36: error: the default `1` does not fit the type `Int`",
            "36:14: error: `Base?` cannot be sent as a query parameter",
        ])
    }

    /// `server_default` is for a value that can go unsent, has its type, and never stands beside `default`.
    @Test func serverDefaultsAreForOptionalValuesOnly() {
        let findings = SpecTesting.findings(SpecTesting.header + """
            models:
              M:
                properties:
                  limit: { type: Int, server_default: 10 }
                  both: { type: Int?, default: 1, server_default: 1 }
                  kind: { type: String?, server_default: [a] }
                  fine: { type: Int?, server_default: 10 }
            """)
        #expect(findings == [
            "8:27: error: `server_default` is for an optional value, not `Int`: what is not sent must be able to be nil",
            "9:39: error: a value has either `default` (sent) or `server_default` (not sent), not both",
            "10:46: error: the default `a list` does not fit the type `String`",
        ])
    }

    /// A default is read as its type: in its range, finite, and as exact as the type; a `Decimal` takes what
    /// Foundation's holds (an 18-digit significand, an exponent of -128 to 127).
    /// Found by the generative test: a default below the smallest normal number lints clean, and its literal makes
    /// Swift warn that it "underflows and loses precision"; zero and the smallest normal numbers are fine.
    @Test func defaultsBelowTheNormalRangeDoNotFit() {
        let findings = SpecTesting.findings(SpecTesting.header + """
            models:
              Sample:
                properties:
                  tiny: { type: Float, default: 1e-45 }
                  small: { type: Double?, server_default: 5e-324 }
                  below: { type: Float, default: -1e-39 }
                  zero: { type: Float, default: 0.0 }
                  normal: { type: Double, default: 2.2250738585072014e-308 }
                  smallest: { type: Float, default: 1.1754944e-38 }
            """)
        #expect(findings == [
            "8:37: error: the default `1e-45` does not fit the type `Float`",
            "9:47: error: the default `5e-324` does not fit the type `Double`",
            "10:38: error: the default `-1e-39` does not fit the type `Float`",
        ])
    }

    @Test func defaultsMustFitTheirTypesRangeAndPrecision() {
        let findings = SpecTesting.findings(SpecTesting.header + """
            models:
              M:
                properties:
                  huge: { type: Decimal?, server_default: 1e200 }
                  long: { type: Decimal, default: 1.2345678901234567890 }
                  wide: { type: Int32, default: 3000000000 }
                  nan: { type: Double, default: nan }
                  infinite: { type: Float?, server_default: 1e39 }
                  rate: { type: Decimal, default: -12.50e-3 }
                  least: { type: Int32, default: -2147483648 }
                  half: { type: Double, default: .5 }
            """)
        #expect(findings == [
            "8:47: error: the default `1e200` does not fit the type `Decimal`",
            "9:39: error: the default `1.2345678901234567890` does not fit the type `Decimal`",
            "10:37: error: the default `3000000000` does not fit the type `Int32`",
            "11:37: error: the default `nan` does not fit the type `Double`",
            "12:49: error: the default `1e39` does not fit the type `Float`",
        ])
    }

    @Test func listsOfDatesWarnWhenTheAPIsDatesAreNotRFC3339() {
        let findings = SpecTesting.findings(SpecTesting.header + """
            dates: unix
            models:
              M:
                properties:
                  days: "[Date]"
                  byName: "[String: Date]?"
                  day: Date?
            """)
        #expect(findings == [
            "9:7: warning: the dates in `[Date]` of property `days` are read and written as RFC 3339, not as `dates: unix` says",
            "10:7: warning: the dates in `[String: Date]?` of property `byName` are read and written as RFC 3339, not as `dates: unix` says",
        ])
    }

    @Test func aBuiltInNameSuggestsARename() {
        #expect(SpecTesting.hints(SpecTesting.header + "models:\n  Decimal: { properties: { a: Int } }\n") == [
            "rename the model, for example to `DecimalModel`"
        ])
    }

    @Test func namesOfScreamingCaseAndEmptyValues() {
        #expect(SwiftNaming.memberName("FIRST_TIME_CONTRIBUTOR") == "firstTimeContributor")
        #expect(SwiftNaming.typeName("PET_STATUS") == "PetStatus")
        #expect(SwiftNaming.memberName("X-Request-ID") == "xRequestID")
        #expect(SwiftNaming.memberName("URL") == "url")
        #expect(SwiftNaming.memberName("") == "empty")
    }
}

extension DataModelRejectionTests {
    /// The hint names the type to write: `Int?` for an `Int??` as for an `Int`.
    @Test func aServerDefaultOnANullableValueHintsAtTheOptional() throws {
        let (_, diagnostics) = SpecTesting.check(SpecTesting.header + """
            models:
              M:
                properties:
                  nulls: { type: "Int??", server_default: 5 }
            """)
        let error = try #require(diagnostics.first)
        #expect(error.message == "`server_default` is for an optional value, not `Int??`: what is not sent must be able to be nil")
        #expect(error.hint == "write the type `Int?`, or use `default` for a value always sent")
    }

    /// A `swift_name` that names a type the generated code uses hides that type inside its model (found by an
    /// attack: `swift_name: String` generated `self.String = try container.decode(String.self, …)`).
    @Test func aSwiftNameThatNamesATypeIsAnError() {
        #expect(SpecTesting.findings(SpecTesting.header + """
            models:
              Pet:
                properties:
                  text: { type: String, swift_name: String }
                  owner: { type: String?, swift_name: Pet }
                  kind: { type: String?, swift_name: kindName }
            endpoints:
              find: { method: GET, path: /find, query: { q: { type: String?, swift_name: QueryItem } }, response: Pet }
            """) == [
            "8:41: error: `swift_name` `String` is the name of a type the generated code uses, which a member of that name would hide",
            "9:43: error: `swift_name` `Pet` is the name of a type the generated code uses, which a member of that name would hide",
            "12:78: error: `swift_name` `QueryItem` is the name of a type the generated code uses, which a member of that name would hide",
        ])
    }
}
