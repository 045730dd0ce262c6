import Testing

@testable import RouteGenCore

/// The keys that say in a spec what an OpenAPI document says and the format once could not (issue 51): `required: true`
/// on a `T?` (always sent, nil as `null`), `content_type` (a JSON body's `…+json` media type) and `UInt64`; each
/// refused, at its line and column, where it cannot be what it says.
@Suite struct WireShapeKeysTests {
    static func spec(property: String = "note: String?", query: String = "q: String?", form: String = "f: String?", contentType: String? = nil)
        -> String
    {
        SpecTesting.header + """
            models:
              Patch:
                properties: { \(property) }
            endpoints:
              patch:
                method: PATCH
                path: /things
                query: { \(query) }
                body: Patch
            \(contentType.map { "    content_type: \($0)" } ?? "")
              send:
                method: POST
                path: /forms
                form: { \(form) }
            """
    }

    @Test func requiredOnAnOptionalIsAlwaysSentAndMustBeGiven() throws {
        let checked = SpecTesting.check(Self.spec(property: "note: { type: String?, required: true }"))
        #expect(checked.diagnostics.isEmpty, "\(checked.diagnostics)")
        let note = try #require(checked.api?.models.first { $0.name.swift == "Patch" }?.properties.first)
        #expect(note.sendsNull && note.type == .optional(.primitive(.string)) && !note.mayBeLeftOut)
    }

    @Test func requiredIsRefusedWhereItCannotSendNull() {
        #expect(SpecTesting.findings(Self.spec(property: "note: { type: String, required: true }")) == [
            "7:41: error: `required` is for an optional value (`T?`), whose nil it sends as `null`, not `String`"
        ])
        #expect(SpecTesting.findings(Self.spec(property: "note: { type: String??, required: true }")) == [
            "7:43: error: `required` is for an optional value (`T?`), whose nil it sends as `null`, not `String??`"
        ])
        #expect(SpecTesting.findings(Self.spec(property: "note: { type: String?, required: true, server_default: a }")) == [
            "7:42: error: a value has either `required` (always sent) or `server_default` (not sent when nil), not both"
        ])
        #expect(SpecTesting.findings(Self.spec(query: "q: { type: String?, required: true }")).map { $0.prefix(50) } == [
            "12:34: error: `required` (send nil as `null`) appl"
        ])
        #expect(SpecTesting.findings(Self.spec(form: "f: { type: String?, required: true }")).map { $0.prefix(50) } == [
            "18:33: error: `required` (send nil as `null`) appl"
        ])
    }

    @Test func aJSONMediaTypeIsSentAsWritten() throws {
        let checked = SpecTesting.check(Self.spec(contentType: "application/merge-patch+json"))
        #expect(checked.diagnostics.isEmpty, "\(checked.diagnostics)")
        #expect(checked.api?.endpoints.first?.contentType == "application/merge-patch+json")
    }

    @Test func aMediaTypeThatIsNotJSONIsRefused() {
        for written in ["text/plain", "application/json+xml", "'application/x\\r\\nX-Evil: 1+json'", "json"] {
            #expect(
                SpecTesting.findings(Self.spec(contentType: written)).contains {
                    $0.hasPrefix("14:") && $0.contains(": error: `content_type` must be a JSON media type")
                }, "\(written): \(SpecTesting.findings(Self.spec(contentType: written)))")
        }
    }

    /// A JSON media type is `application/json` or `application/<name>+json`, parameters well formed: a stray `;`,
    /// a space around it, an empty subtype or name before `+json`, or `text/json` were once accepted.
    @Test(arguments: [
        "application/vnd.a+json;", "' application/json'", "'application/json '", "application/+json", "text/json",
        "'application/json; '", "'application/json; charset'", "application/json+", "'application /json'",
    ])
    func aMalformedJSONMediaTypeIsRefused(written: String) {
        #expect(
            SpecTesting.findings(Self.spec(contentType: written)).contains {
                $0.hasPrefix("14:") && $0.contains(": error: `content_type` must be a JSON media type")
            }, "\(written): \(SpecTesting.findings(Self.spec(contentType: written)))")
    }

    @Test(arguments: ["application/json", "application/vnd.api+json", "'application/json; charset=utf-8'", "'Application/Merge-Patch+JSON; a=\"b c\"'"])
    func aWellFormedJSONMediaTypeIsAccepted(written: String) {
        #expect(SpecTesting.findings(Self.spec(contentType: written)) == [])
    }

    /// `required: 1` is one mistake, reported once.
    @Test func aRequiredThatIsNotABooleanIsReportedOnce() {
        let findings = SpecTesting.findings(Self.spec(property: "note: { type: String?, required: 1 }"))
        #expect(findings.count == 1, "\(findings)")
    }

    /// A form or a query writes a model as text (`addr[line2]=`), which has no `null`: `required: true` in a model
    /// sent there, at any depth, is refused where it is written (nil was sent as an empty value, which a server
    /// reads as `""` or refuses for a number). A multipart body's own fields are refused as they are read; a model
    /// within a multipart form is a JSON part, where it holds.
    @Test(arguments: [
        ("form: { addr: Addr }", "in a form"), ("form: Outer", "in a form"), ("query: { addr: { type: Addr?, style: deepObject } }", "in the query"),
        ("query: { outer: { type: Outer, style: deepObject } }", "in the query"),
        // A union's variant, found by the final attack.
        ("query: { either: { type: Either?, style: deepObject } }", "in the query"), ("form: { either: Either }", "in a form"),
    ])
    func requiredInAModelSentAsTextIsRefused(sending: String, how: String) {
        let spec = SpecTesting.header + """
            models:
              Outer:
                properties: { addr: Addr }
              Either:
                oneOf: [Addr, Outer]
              Addr:
                properties:
                  line1: String
                  line2: { type: Int?, required: true }
            endpoints:
              save:
                method: POST
                path: /addresses
                \(sending)

            """
        #expect(SpecTesting.findings(spec) == [
            "13:7: error: property `line2` of model `Addr` has `required: true` (nil sent as `null`), but endpoint `save` sends the model \(how), which has no `null`"
        ])
    }

    @Test func requiredInAModelWithinAMultipartFormIsAJSONPartsAndHolds() {
        let spec = SpecTesting.header + """
            models:
              Addr:
                properties:
                  line2: { type: Int?, required: true }
            endpoints:
              save:
                method: POST
                path: /addresses
                multipart: { addr: Addr, note: String? }
              saveJSON:
                method: POST
                path: /addresses.json
                body: Addr

            """
        #expect(SpecTesting.findings(spec) == [])
    }

    @Test func unsignedSixtyFourBitIntegersTakeTheirWholeRange() {
        #expect(SpecTesting.findings(Self.spec(property: "n: { type: UInt64, default: 18446744073709551615 }")) == [])
        #expect(SpecTesting.findings(Self.spec(property: "n: { type: UInt64, default: -1 }")).count == 1)
    }
}
