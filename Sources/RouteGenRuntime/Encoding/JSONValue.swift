import Foundation

/// Any JSON value: what a spec's `JSON` type holds (Stripe's `metadata`, OpenAI's tool arguments, GitHub's
/// event payloads). Sendable, Hashable and Codable; written with literals and read with subscripts:
///
/// ```swift
/// let value: JSONValue = ["name": "Rex", "tags": ["a", "b"], "age": 3, "vaccinated": true, "owner": nil]
/// value["tags"]?[1]?.stringValue   // "b"
/// value["age"]?.intValue           // 3
/// ```
///
/// Integers stay integers (up to 64 bits) and other numbers are exact decimals, so a value decoded and encoded
/// again is written as it was read, `19.99` as `19.99`; a number beyond what `Decimal` holds (`1e300`) is the
/// nearest `Double`, so every JSON document decodes.
public enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    /// A number without a fraction or exponent that fits 64 bits.
    case integer(Int64)
    /// Any other number, exactly.
    case number(Decimal)
    /// A number too large or too small for `Decimal` (its exponent is past about ±128: `1e300`, `5e-324`), as the
    /// nearest `Double`.
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// The value under `key` of an object; nil for a missing key or another kind of value.
    public subscript(key: String) -> JSONValue? {
        if case .object(let object) = self { return object[key] }
        return nil
    }

    /// The element at `index` of an array; nil when out of range or for another kind of value.
    public subscript(index: Int) -> JSONValue? {
        if case .array(let array) = self, array.indices.contains(index) { return array[index] }
        return nil
    }

    /// The text of a string.
    public var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// A boolean's value.
    public var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// An integer, or a number that is a whole number in `Int`'s range.
    public var intValue: Int? {
        switch self {
        case .integer(let value): Int(exactly: value)
        case .number(let value): Int(exactly: NSDecimalNumber(decimal: value).doubleValue).flatMap { Decimal($0) == value ? $0 : nil }
        case .double(let value): Int(exactly: value)
        default: nil
        }
    }

    /// A number as a `Double` (which may round it).
    public var doubleValue: Double? {
        switch self {
        case .integer(let value): Double(value)
        case .number(let value): NSDecimalNumber(decimal: value).doubleValue
        case .double(let value): value
        default: nil
        }
    }

    /// A number as an exact `Decimal` (nil for a ``double(_:)``, which `Decimal` cannot hold).
    public var decimalValue: Decimal? {
        switch self {
        case .integer(let value): Decimal(value)
        case .number(let value): value
        default: nil
        }
    }

    /// The elements of an array.
    public var arrayValue: [JSONValue]? {
        if case .array(let array) = self { return array }
        return nil
    }

    /// The members of an object.
    public var objectValue: [String: JSONValue]? {
        if case .object(let object) = self { return object }
        return nil
    }

    /// Whether it is `null`.
    public var isNull: Bool { self == .null }
}

extension JSONValue: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int64.self) {
            self = .integer(value)
        } else if let value = try? container.decode(Decimal.self) {
            self = .number(value)
        } else if let value = try? container.decode(Double.self) {
            self = .double(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else if let value = try? container.decode([String: JSONValue].self) {
            self = .object(value)
        } else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a JSON value")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .integer(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .double(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }
}

extension JSONValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    public init(nilLiteral: ()) { self = .null }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(integerLiteral value: Int64) { self = .integer(value) }
    /// A number literal; written through its shortest text, so `19.99` is exactly 19.99.
    public init(floatLiteral value: Double) { self = Decimal(string: "\(value)").map(JSONValue.number) ?? .double(value) }
    public init(stringLiteral value: String) { self = .string(value) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { $1 }))
    }
}

extension Decimal: HTTPParameterValue {
    /// The exact decimal text: `19.99`.
    public var httpParameterValue: String { description }
}
