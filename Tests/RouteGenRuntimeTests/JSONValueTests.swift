import Foundation
import RouteGenRuntime
import Testing

/// `JSONValue` (a spec's `JSON`) and `Decimal`: exact round trips of real payloads.
@Suite struct JSONValueTests {
    @Test func literalsSubscriptsAndAccessors() {
        let value: JSONValue = ["name": "Rex", "tags": ["a", "b"], "age": 3, "price": 19.99, "vaccinated": true, "owner": nil]
        #expect(value["tags"]?[1]?.stringValue == "b")
        #expect(value["age"]?.intValue == 3)
        #expect(value["price"]?.decimalValue == Decimal(string: "19.99"))
        #expect(value["price"]?.intValue == nil)
        #expect(value["vaccinated"]?.boolValue == true)
        #expect(value["owner"]?.isNull == true)
        #expect(value["missing"] == nil && value[0] == nil && value["tags"]?[5] == nil)
    }

    @Test func stripeMetadataRoundTripsExactly() throws {
        let text = #"{"amount":19.99,"big":12345678901234567890.5,"count":9007199254740993,"flags":[true,false,null],"nested":{"note":"é ✓","rate":-0.000001}}"#
        let value = try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
        #expect(value["count"] == .integer(9_007_199_254_740_993))
        #expect(value["amount"] == .number(Decimal(string: "19.99")!))
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let again = try JSONDecoder().decode(JSONValue.self, from: try encoder.encode(value))
        #expect(again == value)
        #expect(String(decoding: try encoder.encode(value["amount"]), as: UTF8.self) == "19.99")
    }

    @Test func decimalsAreNeverReadThroughDouble() throws {
        struct Price: Codable, Equatable { var amount: Decimal }
        let decoded = try JSONDecoder().decode(Price.self, from: Data(#"{"amount":19.99}"#.utf8))
        #expect(decoded.amount == Decimal(string: "19.99"))
        #expect(String(decoding: try JSONEncoder().encode(decoded), as: UTF8.self) == #"{"amount":19.99}"#)
        #expect(Decimal(string: "0.1")!.httpParameterValue == "0.1")
    }

    /// Found by the generative test: a number `Decimal` cannot hold made every `JSON` property holding it fail to
    /// decode ("not a JSON value"); it is the nearest `Double`, and round-trips.
    @Test func numbersBeyondDecimalDecodeAsDoubles() throws {
        let text = #"{"huge":1e300,"tiny":5e-324,"list":[1e+300,-1.7976931348623157e308],"plain":19.99}"#
        let value = try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
        #expect(value["huge"] == .double(1e300) && value["huge"]?.doubleValue == 1e300 && value["huge"]?.decimalValue == nil)
        #expect(value["tiny"] == .double(5e-324))
        #expect(value["list"]?[1] == .double(-1.7976931348623157e308))
        #expect(value["plain"] == .number(Decimal(string: "19.99")!))
        let again = try JSONDecoder().decode(JSONValue.self, from: try JSONEncoder().encode(value))
        #expect(again == value)
        let literal: JSONValue = 1e300
        #expect(literal == .double(1e300))
    }
}
