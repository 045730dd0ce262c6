/// A resolved type: what a property, parameter, body or response holds.
public indirect enum TypeReference: Hashable, Sendable {
    /// A built-in type.
    case primitive(PrimitiveType)
    /// A model of the spec, by its Swift type name.
    case model(String)
    /// `[T]`.
    case array(TypeReference)
    /// `[String: T]`.
    case dictionary(TypeReference)
    /// `T?`: may be absent or null on the wire.
    case optional(TypeReference)

    /// The Swift spelling, relative to the API's namespace: `[Pet]?`, `[String: Int]`.
    public var swiftType: String {
        switch self {
        case .primitive(let primitive): primitive.swiftType
        case .model(let name): name
        case .array(let element): "[\(element.swiftType)]"
        case .dictionary(let value): "[String: \(value.swiftType)]"
        case .optional(let wrapped): "\(wrapped.swiftType)?"
        }
    }

    /// Whether the outermost type is optional.
    public var isOptional: Bool {
        if case .optional = self { return true }
        return false
    }

    /// The type without its outermost `?`.
    public var nonOptional: TypeReference {
        if case .optional(let wrapped) = self { return wrapped }
        return self
    }
}

/// The built-in types of the spec's type grammar.
public enum PrimitiveType: String, CaseIterable, Hashable, Sendable {
    case string = "String"
    case int = "Int"
    case int32 = "Int32"
    case int64 = "Int64"
    case double = "Double"
    case float = "Float"
    case bool = "Bool"
    /// An ISO 8601 date-time on the wire.
    case date = "Date"
    case uuid = "UUID"
    case url = "URL"
    /// Base64 text on the wire.
    case data = "Data"

    /// The Swift type, which is also its spelling in specs.
    public var swiftType: String { rawValue }

    /// The lower-case JSON Schema spellings the grammar accepts as well.
    static let jsonSchemaAliases: [String: PrimitiveType] = [
        "string": .string, "integer": .int, "number": .double, "boolean": .bool,
    ]

    /// Whether values of this type can be written in a URL path, query or header as text.
    var isTextEncodable: Bool { self != .data }
}
