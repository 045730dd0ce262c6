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
    /// `Expandable<T>`: an ID, or the object `T` (a model or `JSON`) when the request asks for it.
    case expandable(TypeReference)

    /// The Swift spelling, relative to the API's namespace: `[Pet]?`, `[String: Int]`.
    public var swiftType: String { swiftType(qualifier: "") }

    /// The Swift spelling with the API's models prefixed by `qualifier` (`Petstore.`), for code outside the
    /// namespace: `[Petstore.Pet]?`.
    public func swiftType(qualifier: String) -> String {
        switch self {
        case .primitive(let primitive): primitive.swiftType
        case .model(let name): qualifier + name
        case .array(let element): "[\(element.swiftType(qualifier: qualifier))]"
        case .dictionary(let value): "[String: \(value.swiftType(qualifier: qualifier))]"
        case .optional(let wrapped): "\(wrapped.swiftType(qualifier: qualifier))?"
        case .expandable(let object): "Expandable<\(object.swiftType(qualifier: qualifier))>"
        }
    }

    /// Whether it is `T??`: absent, explicit null, or a value.
    public var isNullable: Bool {
        if case .optional(.optional) = self { return true }
        return false
    }

    /// Whether it is `File`, `[File]` or an optional of either.
    public var isFile: Bool {
        switch self {
        case .primitive(let primitive): primitive == .file
        case .optional(let wrapped), .array(let wrapped): wrapped.isFile
        default: false
        }
    }

    /// Whether `File` appears anywhere in it.
    public var containsFile: Bool { contains(.file) }

    /// Whether `primitive` appears anywhere in it.
    public func contains(_ primitive: PrimitiveType) -> Bool {
        switch self {
        case .primitive(let own): own == primitive
        case .model: false
        case .array(let inner), .dictionary(let inner), .optional(let inner), .expandable(let inner):
            inner.contains(primitive)
        }
    }

    /// The model's Swift name when the type is a model (optional or not).
    public var modelName: String? {
        if case .model(let name) = nonOptional { return name }
        return nil
    }

    /// The model it names at any depth, if any: `[String: Pet]?` names `Pet`.
    public var innermostModelName: String? {
        switch self {
        case .primitive: nil
        case .model(let name): name
        case .array(let inner), .dictionary(let inner), .optional(let inner), .expandable(let inner):
            inner.innermostModelName
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

/// How a `Date` is written on the wire (`dates:`, `format:`).
public enum DateFormat: String, CaseIterable, Hashable, Sendable {
    /// RFC 3339: `2024-02-11T09:48:46Z`.
    case dateTime = "date-time"
    /// Seconds since 1970 (Stripe, Stack Exchange).
    case unix
    /// Milliseconds since 1970.
    case unixMilliseconds = "unix-ms"
    /// A calendar date, `2024-02-11`.
    case date
}

/// A value written in a spec (`default:`), already checked against its type.
public indirect enum LiteralValue: Hashable, Sendable {
    case string(String)
    /// An integer or decimal number, as written.
    case number(String)
    case bool(Bool)
    case null
    /// A case of an enum model, by its Swift name.
    case enumCase(String)
    case array([LiteralValue])
}
