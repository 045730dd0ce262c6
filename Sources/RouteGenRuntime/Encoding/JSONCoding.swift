import Foundation

/// The JSON coders RouteGen uses unless told otherwise: ISO 8601 (RFC 3339) dates, decoded with or without
/// fractional seconds.
public enum JSONCoding {
    /// An encoder writing dates as ISO 8601 and an object's keys sorted, so that one value always encodes to the
    /// same bytes (Foundation's order otherwise changes from one encoding to the next): a cache or a coalescer that
    /// keys a request by its body, a signature or a log, sees one search as one.
    public static func makeEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(try DateFormat.dateTime.checkedText(from: date, codingPath: encoder.codingPath))
        }
        return encoder
    }

    /// A decoder reading ISO 8601 dates, with or without fractional seconds.
    public static func makeDecoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let date = date(fromISO8601: text) else {
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: "`\(text)` is not an ISO 8601 date-time")
            }
            return date
        }
        return decoder
    }

    /// `2024-02-11T09:48:46Z`, or `2024-02-11T09:48:46.250Z` when the date has fractional seconds.
    public static func iso8601String(from date: Date) -> String {
        let hasFraction = date.timeIntervalSince1970.rounded(.down) != date.timeIntervalSince1970
        return date.formatted(hasFraction ? withFraction : withoutFraction)
    }

    /// Parses RFC 3339 date-times (ISO 8601's profile for the internet) with or without fractional seconds, in
    /// UTC or with an offset; nil for anything else, including times that do not exist.
    public static func date(fromISO8601 text: String) -> Date? {
        ISO8601Parsing.date(from: text)
    }

    private static let withoutFraction = Date.ISO8601FormatStyle()
    private static let withFraction = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
}
