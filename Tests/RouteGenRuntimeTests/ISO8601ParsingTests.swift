import Foundation
import RouteGenRuntime
import Testing

/// `JSONCoding.date(fromISO8601:)` reads RFC 3339 itself; where `Date.ISO8601FormatStyle` writes the same
/// forms, the two must agree.
@Suite struct ISO8601ParsingTests {
    /// Deterministic pseudo-random seconds between 1900 and 2100.
    private static func timestamps(count: Int) -> [Int] {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        return (0..<count).map { _ in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return -2_208_988_800 + Int((state >> 11) % 6_311_433_600)
        }
    }

    @Test func agreesWithFoundationOnWholeSecondsInEveryOffset() throws {
        let offsets = [0, 3_600, -28_800, 19_800, -12_600, 50_400]
        for (index, seconds) in Self.timestamps(count: 3_000).enumerated() {
            let zone = try #require(TimeZone(secondsFromGMT: offsets[index % offsets.count]))
            let style = Date.ISO8601FormatStyle(timeZone: zone)
            let text = Date(timeIntervalSince1970: TimeInterval(seconds)).formatted(style)
            let expected = try style.parse(text)
            #expect(JSONCoding.date(fromISO8601: text) == expected, "\(text)")
        }
    }

    @Test func agreesWithFoundationOnFractionalSeconds() throws {
        let style = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
        for (index, seconds) in Self.timestamps(count: 2_000).enumerated() {
            let date = Date(timeIntervalSince1970: TimeInterval(seconds) + TimeInterval(index % 1_000) / 1_000)
            let text = date.formatted(style)
            let parsed = try #require(JSONCoding.date(fromISO8601: text), "\(text)")
            #expect(abs(parsed.timeIntervalSince(try style.parse(text))) < 0.000_5, "\(text)")
        }
    }

    @Test func readsOffsetsWithOrWithoutAColonAndLongFractions() throws {
        let utc = Date(timeIntervalSince1970: 1_707_644_926)
        #expect(JSONCoding.date(fromISO8601: "2024-02-11T09:48:46Z") == utc)
        #expect(JSONCoding.date(fromISO8601: "2024-02-11T10:48:46+01:00") == utc)
        #expect(JSONCoding.date(fromISO8601: "2024-02-11T04:18:46-0530") == utc)
        #expect(JSONCoding.date(fromISO8601: "2024-02-11t09:48:46z") == utc)
        #expect(JSONCoding.date(fromISO8601: "2024-02-11 09:48:46Z") == utc)
        #expect(JSONCoding.date(fromISO8601: "1969-12-31T23:59:59Z") == Date(timeIntervalSince1970: -1))
        #expect(JSONCoding.date(fromISO8601: "2024-02-29T00:00:00Z") == Date(timeIntervalSince1970: 1_709_164_800))
        let long = try #require(JSONCoding.date(fromISO8601: "2024-02-11T09:48:46.123456789123Z"))
        #expect(abs(long.timeIntervalSince1970 - 1_707_644_926.123_456_789) < 0.000_001)
    }

    @Test func rejectsWhatIsNotADateTime() {
        for text in ["", "2024-02-11", "not a date", "2024-13-01T00:00:00Z", "2024-02-11T09:48:46", "2024-02-11T09:48Z",
            "2024-02-11T25:00:00Z", "2024-02-11T24:00:00Z", "2024-02-30T00:00:00Z", "2023-02-29T00:00:00Z",
            "2024-02-11T09:48:60Z", "2024-02-11T09:48:46.Z", "2024-02-11T09:48:46Z trailing", "2024-02-11T09:48:46+1:00",
            "２０２４-02-11T09:48:46Z"]
        {
            #expect(JSONCoding.date(fromISO8601: text) == nil, "\(text)")
        }
    }
}
