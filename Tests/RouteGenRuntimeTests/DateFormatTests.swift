import Foundation
@_spi(Generated) import RouteGenRuntime
import Testing

/// Per-property date formats, explicit null, and query styles: what generated models and routes call.
@Suite struct DateFormatTests {
    struct Mixed: Codable, Equatable {
        var created: Date
        var capturedAt: Date?
        var refundBy: Date?
        var updated: Date
        var note: String??

        init(created: Date, capturedAt: Date?, refundBy: Date?, updated: Date, note: String??) {
            self.created = created
            self.capturedAt = capturedAt
            self.refundBy = refundBy
            self.updated = updated
            self.note = note
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: JSONKey.self)
            created = try container.decode(Date.self, forKey: "created", format: .unix)
            capturedAt = try container.decodeIfPresent(Date.self, forKey: "captured_at", format: .unixMilliseconds)
            refundBy = try container.decodeIfPresent(Date.self, forKey: "refund_by", format: .date)
            updated = try container.decode(Date.self, forKey: "updated")
            note = try container.decodeNullable(String.self, forKey: "note")
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: JSONKey.self)
            try container.encode(created, forKey: "created", format: .unix)
            try container.encodeIfPresent(capturedAt, forKey: "captured_at", format: .unixMilliseconds)
            try container.encodeIfPresent(refundBy, forKey: "refund_by", format: .date)
            try container.encode(updated, forKey: "updated")
            try container.encodeNullable(note, forKey: "note")
        }
    }

    @Test func unixDateOnlyAndRFC3339InOneModel() throws {
        let text = #"{"created":1707644926,"captured_at":1707644926250,"refund_by":"2024-03-01","updated":"2024-02-11T10:48:46+01:00","note":null}"#
        let decoded = try JSONCoding.makeDecoder().decode(Mixed.self, from: Data(text.utf8))
        #expect(decoded.created == Date(timeIntervalSince1970: 1_707_644_926))
        #expect(decoded.capturedAt == Date(timeIntervalSince1970: 1_707_644_926.25))
        #expect(decoded.refundBy == Date(timeIntervalSince1970: 1_709_251_200))
        #expect(decoded.updated == Date(timeIntervalSince1970: 1_707_644_926))
        #expect(decoded.note == .some(nil))
        let encoder = JSONCoding.makeEncoder()
        encoder.outputFormatting = .sortedKeys
        #expect(
            String(decoding: try encoder.encode(decoded), as: UTF8.self)
                == #"{"captured_at":1707644926250,"created":1707644926,"note":null,"refund_by":"2024-03-01","updated":"2024-02-11T09:48:46Z"}"#)
        #expect(throws: DecodingError.self) {
            try JSONCoding.makeDecoder().decode(Mixed.self, from: Data(#"{"created":1,"updated":"2024-02-11T09:48:46Z","refund_by":"2024-02-30"}"#.utf8))
        }
    }

    @Test func explicitNullAbsenceAndAValueAreThreeThings() throws {
        let base = Mixed(created: Date(timeIntervalSince1970: 0), capturedAt: nil, refundBy: nil, updated: Date(timeIntervalSince1970: 0), note: nil)
        let encoder = JSONCoding.makeEncoder()
        encoder.outputFormatting = .sortedKeys
        func note(_ value: String??) throws -> String {
            var copy = base
            copy.note = value
            return String(decoding: try encoder.encode(copy), as: UTF8.self)
        }
        #expect(try note(nil) == #"{"created":0,"updated":"1970-01-01T00:00:00Z"}"#)
        #expect(try note(.some(nil)) == #"{"created":0,"note":null,"updated":"1970-01-01T00:00:00Z"}"#)
        #expect(try note("hi") == #"{"created":0,"note":"hi","updated":"1970-01-01T00:00:00Z"}"#)
        let absent = try JSONCoding.makeDecoder().decode(Mixed.self, from: Data(#"{"created":0,"updated":"1970-01-01T00:00:00Z"}"#.utf8))
        #expect(absent.note == nil)
    }

    @Test func queryStylesFormatsAndDeepObjects() throws {
        var query: [QueryItem] = []
        query.append("ids", [1, 2], style: .comma)
        query.append("expand", ["a", "b"], style: .brackets)
        query.append("tags", ["x"], style: .repeat)
        query.append("since", Date(timeIntervalSince1970: 1_707_644_926), format: .unix)
        query.append("day", Date(timeIntervalSince1970: 1_707_644_926), format: .date)
        query.append("filter", deepObject: ["color": "red"])
        query.append("none", Optional<[Int]>.none, style: .comma)
        query.append("missing", deepObject: Optional<[String: String]>.none)
        #expect(
            query.map(\.encoded).joined(separator: "&")
                == "ids=1%2C2&expand%5B%5D=a&expand%5B%5D=b&tags=x&since=1707644926&day=2024-02-11&filter%5Bcolor%5D=red")
    }
}
