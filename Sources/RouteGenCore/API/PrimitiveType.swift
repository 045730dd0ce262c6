/// The built-in types of the spec's type grammar.
public enum PrimitiveType: String, CaseIterable, Hashable, Sendable {
    case string = "String"
    case int = "Int"
    case int32 = "Int32"
    case int64 = "Int64"
    /// An unsigned 32-bit integer (OpenAPI's `format: uint32`).
    case uint32 = "UInt32"
    /// An unsigned 64-bit integer (OpenAPI's `format: uint64`), whose values above `Int64.max` no `Int` holds.
    case uint64 = "UInt64"
    case double = "Double"
    case float = "Float"
    case bool = "Bool"
    /// An ISO 8601 date-time on the wire.
    case date = "Date"
    case uuid = "UUID"
    case url = "URL"
    /// Base64 text inside JSON; raw bytes as a whole `body` or `response`.
    case data = "Data"
    /// A file to upload: only a raw `body`, a `multipart` field, or a list of them.
    case file = "File"
    /// Any JSON value (`JSONValue` in Swift).
    case json = "JSON"
    /// An exact decimal number (money), never through `Double`.
    case decimal = "Decimal"

    /// The Swift type; its spelling in specs too, but for `JSON`.
    public var swiftType: String { self == .json ? "JSONValue" : rawValue }

    /// The lower-case JSON Schema spellings the grammar accepts as well.
    static let jsonSchemaAliases: [String: PrimitiveType] = [
        "string": .string, "integer": .int, "number": .double, "boolean": .bool,
    ]

    /// Whether values of this type can be written in a URL path, query or header as text.
    var isTextEncodable: Bool { self != .data && self != .file && self != .json }
}
