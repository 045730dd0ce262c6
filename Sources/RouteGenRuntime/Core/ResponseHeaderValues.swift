import Foundation

/// A type a response header's text can be read as: typed `response_headers` of a spec.
public protocol HTTPHeaderValue: Sendable {
    /// The value `text` writes, or nil when it is not one.
    init?(httpHeaderValue text: String)
}

extension String: HTTPHeaderValue {
    public init?(httpHeaderValue text: String) { self = text }
}

extension Int: HTTPHeaderValue {
    public init?(httpHeaderValue text: String) { self.init(text) }
}

extension Int32: HTTPHeaderValue {
    public init?(httpHeaderValue text: String) { self.init(text) }
}

extension Int64: HTTPHeaderValue {
    public init?(httpHeaderValue text: String) { self.init(text) }
}

extension UInt32: HTTPHeaderValue {
    public init?(httpHeaderValue text: String) { self.init(text) }
}

extension UInt64: HTTPHeaderValue {
    public init?(httpHeaderValue text: String) { self.init(text) }
}

extension Double: HTTPHeaderValue {
    public init?(httpHeaderValue text: String) { self.init(text) }
}

extension Float: HTTPHeaderValue {
    public init?(httpHeaderValue text: String) { self.init(text) }
}

extension Bool: HTTPHeaderValue {
    /// `true` or `false`, in any case.
    public init?(httpHeaderValue text: String) {
        switch text.lowercased() {
        case "true": self = true
        case "false": self = false
        default: return nil
        }
    }
}

extension UUID: HTTPHeaderValue {
    public init?(httpHeaderValue text: String) { self.init(uuidString: text) }
}

extension URL: HTTPHeaderValue {
    public init?(httpHeaderValue text: String) { self.init(string: text) }
}

extension Date: HTTPHeaderValue {
    /// An HTTP date (`Sun, 06 Nov 1994 08:49:37 GMT`, as `Last-Modified` and `Date` send) or an RFC 3339
    /// date-time.
    public init?(httpHeaderValue text: String) {
        guard let date = HTTPDate.date(from: text) ?? JSONCoding.date(fromISO8601: text) else { return nil }
        self = date
    }
}

/// A declared response header that is missing or cannot be read as its type.
public struct HeaderValueError: Error, Sendable, CustomStringConvertible {
    /// The header's name.
    public var name: String
    /// The type it was read as.
    public var expectedType: String
    /// The text received, or nil when the header is missing.
    public var value: String?

    public var description: String {
        value.map { "header `\(name)` is not a valid `\(expectedType)`: `\($0)`" } ?? "the required header `\(name)` is missing"
    }
}

extension APIResponse {
    /// The header `name` read as `type`; nil when it is absent. Throws when it is there but not a `type`.
    public func header<Value: HTTPHeaderValue>(_ name: String, as type: Value.Type) throws(HeaderValueError) -> Value? {
        try read(name, as: type, Value.init(httpHeaderValue:))
    }

    /// The header `name` read as the enum `type` (values it does not list become its `unknown` case).
    public func header<Value: RawRepresentable & Sendable>(
        _ name: String, as type: Value.Type
    ) throws(HeaderValueError) -> Value? where Value.RawValue: HTTPHeaderValue {
        try read(name, as: type) { Value.RawValue(httpHeaderValue: $0).flatMap(Value.init(rawValue:)) }
    }

    /// The header `name` read as `type`; throws when it is missing.
    public func requiredHeader<Value: HTTPHeaderValue>(_ name: String, as type: Value.Type) throws(HeaderValueError) -> Value {
        try required(header(name, as: type), name, type)
    }

    /// The header `name` read as the enum `type`; throws when it is missing.
    public func requiredHeader<Value: RawRepresentable & Sendable>(
        _ name: String, as type: Value.Type
    ) throws(HeaderValueError) -> Value where Value.RawValue: HTTPHeaderValue {
        try required(header(name, as: type), name, type)
    }

    private func read<Value>(
        _ name: String, as type: Value.Type, _ parse: (String) -> Value?
    ) throws(HeaderValueError) -> Value? {
        guard let text = headers[name] else { return nil }
        guard let value = parse(text.trimmingCharacters(in: .whitespaces)) else {
            throw HeaderValueError(name: name, expectedType: String(describing: type), value: text)
        }
        return value
    }

    private func required<Value>(_ value: Value?, _ name: String, _ type: Value.Type) throws(HeaderValueError) -> Value {
        guard let value else { throw HeaderValueError(name: name, expectedType: String(describing: type), value: nil) }
        return value
    }
}
