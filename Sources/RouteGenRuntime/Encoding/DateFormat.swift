import Foundation

/// How a date is written on the wire, chosen per property or parameter (a spec's `dates:` and `format:`), so
/// one API can mix unix timestamps, calendar dates and RFC 3339 date-times without a global strategy.
public enum DateFormat: String, Hashable, Sendable {
    /// RFC 3339 (`2024-02-11T09:48:46Z`), with or without a fraction of a second.
    case dateTime = "date-time"
    /// Whole seconds since 1970 (`1707644926`); a fraction is read, and written when there is one.
    case unix
    /// Milliseconds since 1970 (`1707644926250`).
    case unixMilliseconds = "unix-ms"
    /// A calendar date in UTC (`2024-02-11`).
    case date

    /// The date as text, for queries, headers and forms. A timestamp too large for 64 bits is written with all its
    /// digits, never trapping.
    public func text(from date: Date) -> String {
        switch self {
        case .dateTime: JSONCoding.iso8601String(from: date)
        case .unix: Self.secondsText(date.timeIntervalSince1970)
        case .unixMilliseconds: Self.wholeNumberText((date.timeIntervalSince1970 * 1_000).rounded())
        case .date: Self.calendarDate(date)
        }
    }

    /// The dates RFC 3339 can write: from year 1 to year 9999.
    private static let calendarDates = Date(timeIntervalSince1970: -62_135_596_800)...Date(timeIntervalSince1970: 253_402_300_799.999)

    /// The date as JSON text (`date-time`, `date`); throws `EncodingError.invalidValue` for a date outside the years
    /// 1 to 9999, which RFC 3339 cannot write (Foundation would write another date).
    func checkedText(from date: Date, codingPath: [any CodingKey] = []) throws -> String {
        guard Self.calendarDates.contains(date) else {
            throw EncodingError.invalidValue(
                date, .init(codingPath: codingPath, debugDescription: "the date \(date) is outside the years 1 to 9999 that RFC 3339 writes"))
        }
        return text(from: date)
    }

    /// The number `date` is written as in JSON (`unix`, `unix-ms`): whole seconds or milliseconds as an integer,
    /// seconds with a fraction as a double. Throws for a date whose number a 64-bit integer cannot hold, or that is
    /// not finite.
    func number(from date: Date) throws -> Timestamp {
        let value = self == .unixMilliseconds ? (date.timeIntervalSince1970 * 1_000).rounded() : date.timeIntervalSince1970
        guard value.isFinite, abs(value) < 9.2e18 else {
            throw EncodingError.invalidValue(
                date, .init(codingPath: [], debugDescription: "the date \(date) is out of the range a `\(rawValue)` timestamp can be written in"))
        }
        if let whole = Int64(exactly: value) { return .integer(whole) }
        return .double(value)
    }

    /// A timestamp as JSON writes it.
    enum Timestamp {
        case integer(Int64)
        case double(Double)
    }

    /// The date `text` writes in this format, or nil.
    public func date(from text: String) -> Date? {
        switch self {
        case .dateTime: JSONCoding.date(fromISO8601: text)
        case .unix: Double(text).map { Date(timeIntervalSince1970: $0) }
        case .unixMilliseconds: Double(text).map { Date(timeIntervalSince1970: $0 / 1_000) }
        case .date: JSONCoding.date(fromISO8601: text + "T00:00:00Z").flatMap { text.count == 10 ? $0 : nil }
        }
    }

    private static func secondsText(_ seconds: Double) -> String {
        seconds.rounded(.towardZero) == seconds ? wholeNumberText(seconds) : String(seconds)
    }

    /// A whole number's digits, however large; a value that is not finite as Swift prints it.
    private static func wholeNumberText(_ value: Double) -> String {
        if let whole = Int64(exactly: value) { return String(whole) }
        return value.isFinite ? String(format: "%.0f", value) : String(value)
    }

    private static func calendarDate(_ date: Date) -> String {
        String(JSONCoding.iso8601String(from: date).prefix(10))
    }
}

@_spi(Generated) extension KeyedDecodingContainer where Key == JSONKey {
    /// A date written in `format`: a number for `unix` and `unix-ms`, text otherwise.
    public func decode(_ type: Date.Type, forKey key: Key, format: DateFormat) throws -> Date {
        switch format {
        case .unix: return Date(timeIntervalSince1970: try decode(Double.self, forKey: key))
        case .unixMilliseconds: return Date(timeIntervalSince1970: try decode(Double.self, forKey: key) / 1_000)
        case .dateTime, .date:
            let text = try decode(String.self, forKey: key)
            guard let date = format.date(from: text) else {
                throw DecodingError.dataCorruptedError(
                    forKey: key, in: self, debugDescription: "`\(text)` is not a \(format.rawValue) date")
            }
            return date
        }
    }

    /// A date written in `format`, or nil when the key is absent or null.
    public func decodeIfPresent(_ type: Date.Type, forKey key: Key, format: DateFormat) throws -> Date? {
        guard contains(key), try !decodeNil(forKey: key) else { return nil }
        return try decode(type, forKey: key, format: format)
    }

    /// A value with a server default: `absent` when the key is absent, nil when it is `null`, the value otherwise.
    public func decodeIfPresent<Value: Decodable>(_ type: Value.Type, forKey key: Key, whenAbsent absent: Value) throws -> Value? {
        guard contains(key) else { return absent }
        return try decodeIfPresent(type, forKey: key)
    }

    /// A date in `format` with a server default: `absent` when the key is absent, nil when it is `null`.
    public func decodeIfPresent(_ type: Date.Type, forKey key: Key, format: DateFormat, whenAbsent absent: Date) throws -> Date? {
        guard contains(key) else { return absent }
        return try decodeIfPresent(type, forKey: key, format: format)
    }

    /// A `Date??` in `format`: nil when the key is absent, `.some(nil)` when it is `null`, the date otherwise.
    public func decodeNullable(_ type: Date.Type, forKey key: Key, format: DateFormat) throws -> Date?? {
        guard contains(key) else { return nil }
        if try decodeNil(forKey: key) { return .some(nil) }
        return .some(try decode(type, forKey: key, format: format))
    }

    /// `T??`: nil when the key is absent, `.some(nil)` when it is `null`, the value otherwise.
    public func decodeNullable<Value: Decodable>(_ type: Value.Type, forKey key: Key) throws -> Value?? {
        guard contains(key) else { return nil }
        if try decodeNil(forKey: key) { return .some(nil) }
        return .some(try decode(type, forKey: key))
    }
}

@_spi(Generated) extension KeyedEncodingContainer where Key == JSONKey {
    /// Writes a date in `format`; throws `EncodingError.invalidValue` for a timestamp out of range.
    public mutating func encode(_ date: Date, forKey key: Key, format: DateFormat) throws {
        switch format {
        case .unix, .unixMilliseconds:
            switch try format.number(from: date) {
            case .integer(let whole): try encode(whole, forKey: key)
            case .double(let seconds): try encode(seconds, forKey: key)
            }
        case .dateTime, .date: try encode(format.checkedText(from: date, codingPath: codingPath + [key]), forKey: key)
        }
    }

    /// Writes a date in `format`; `null` when it is nil (a key always sent).
    public mutating func encode(_ date: Date?, forKey key: Key, format: DateFormat) throws {
        guard let date else { return try encodeNil(forKey: key) }
        try encode(date, forKey: key, format: format)
    }

    /// Writes a date in `format`; nothing when it is nil.
    public mutating func encodeIfPresent(_ date: Date?, forKey key: Key, format: DateFormat) throws {
        if let date { try encode(date, forKey: key, format: format) }
    }

    /// A `Date??` in `format`: nothing when nil, `null` for `.some(nil)`, the date otherwise.
    public mutating func encodeNullable(_ date: Date??, forKey key: Key, format: DateFormat) throws {
        switch date {
        case .none: break
        case .some(.none): try encodeNil(forKey: key)
        case .some(.some(let date)): try encode(date, forKey: key, format: format)
        }
    }

    /// `T??`: nothing when nil, `null` for `.some(nil)`, the value otherwise.
    public mutating func encodeNullable<Value: Encodable>(_ value: Value??, forKey key: Key) throws {
        switch value {
        case .none: break
        case .some(.none): try encodeNil(forKey: key)
        case .some(.some(let value)): try encode(value, forKey: key)
        }
    }
}

extension Array where Element == QueryItem {
    /// Appends a date in `format`; nothing when it is nil.
    public mutating func append(_ name: String, _ value: Date?, format: DateFormat) {
        guard let value else { return }
        append(QueryItem(name: name, value: format.text(from: value)))
    }

    /// Appends a list in `style`: `ids=1&ids=2`, `ids[]=1&ids[]=2` or `ids=1,2`. Nothing when it is nil.
    public mutating func append(_ name: String, _ values: [some HTTPParameterValue]?, style: ArrayStyle) {
        guard let values else { return }
        switch style {
        case .repeat: append(contentsOf: values.map { QueryItem(name: name, value: $0.httpParameterValue) })
        case .brackets: append(contentsOf: values.map { QueryItem(name: name + "[]", value: $0.httpParameterValue) })
        case .comma:
            if !values.isEmpty { append(QueryItem(name: name, value: values.map(\.httpParameterValue).joined(separator: ","))) }
        }
    }

    /// Appends a model or dictionary as bracketed keys (`style: deepObject`): `filter[color]=red&filter[size]=L`.
    /// Nothing when it is nil. The spec's checker allows only values whose every field has a text form, for
    /// which form encoding cannot fail.
    public mutating func append(_ name: String, deepObject value: (some Encodable)?, arrayStyle: ArrayStyle = .repeat) {
        guard let value, let fields = try? FormEncoder(arrayStyle: arrayStyle).encode(value, named: name),
            let items = try? fields.queryItems()
        else { return }
        append(contentsOf: items)
    }
}
