import Foundation
import GeneratedClients
import RouteGenRuntime
import Testing

/// What the generative test found, as values: the fixtures under `Tests/Specs/Generative` compile (the
/// `GeneratedClients` target) and read and write what their specs say.
@Suite struct GenerativeFixtureTests {
    @Test func aNullableDateKeepsItsFormatAndTellsNullFromAbsent() throws {
        let json = #"{"unix":1707644926,"millis":null,"day":"2024-02-11","iso":"2024-02-11T09:48:46Z"}"#
        let stamp = try JSONCoding.makeDecoder().decode(NullableDates.Stamp.self, from: Data(json.utf8))
        #expect(stamp.unix == .some(Date(timeIntervalSince1970: 1_707_644_926)))
        #expect(stamp.millis == .some(nil))
        #expect(stamp.day == .some(Date(timeIntervalSince1970: 1_707_609_600)))
        let again = try JSONDecoder().decode(JSONValue.self, from: try JSONCoding.makeEncoder().encode(stamp))
        #expect(again == ["unix": 1_707_644_926, "millis": nil, "day": "2024-02-11", "iso": "2024-02-11T09:48:46Z"])
        let absent = try JSONCoding.makeDecoder().decode(NullableDates.Stamp.self, from: Data("{}".utf8))
        #expect(absent.unix == nil && absent.millis == nil)
    }

    @Test func aPropertyNamedHashValueIsReadAndWritten() throws {
        let item = try JSONDecoder().decode(HashValueNames.Item.self, from: Data(#"{"hashValue":7,"hash":3}"#.utf8))
        #expect(item.hashValue_ == 7 && item.hash == 3)
        #expect(try JSONDecoder().decode(JSONValue.self, from: try JSONEncoder().encode(item)) == ["hashValue": 7, "hash": 3])
    }
}
