import Foundation

/// A value that can be written as text in a path segment, query item or header.
///
/// Booleans are `true` / `false` (never `1` / `0`, the JSONSerialization pitfall); dates are
/// ISO 8601; string enums are their raw value.
public protocol HTTPParameterValue: Sendable {
    /// The text form of the value, before percent-encoding.
    var httpParameterValue: String { get }
}

extension String: HTTPParameterValue {
    public var httpParameterValue: String { self }
}

extension Bool: HTTPParameterValue {
    public var httpParameterValue: String { self ? "true" : "false" }
}

extension Int: HTTPParameterValue {
    public var httpParameterValue: String { String(self) }
}

extension Int32: HTTPParameterValue {
    public var httpParameterValue: String { String(self) }
}

extension Int64: HTTPParameterValue {
    public var httpParameterValue: String { String(self) }
}

extension UInt32: HTTPParameterValue {
    public var httpParameterValue: String { String(self) }
}

extension UInt64: HTTPParameterValue {
    public var httpParameterValue: String { String(self) }
}

extension Double: HTTPParameterValue {
    public var httpParameterValue: String { String(self) }
}

extension Float: HTTPParameterValue {
    public var httpParameterValue: String { String(self) }
}

extension UUID: HTTPParameterValue {
    public var httpParameterValue: String { uuidString }
}

extension URL: HTTPParameterValue {
    public var httpParameterValue: String { absoluteString }
}

extension Date: HTTPParameterValue {
    /// ISO 8601 in UTC, with fractional seconds only when there are some: `2024-02-11T09:48:46Z`.
    public var httpParameterValue: String { JSONCoding.iso8601String(from: self) }
}

extension HTTPParameterValue where Self: RawRepresentable, RawValue == String {
    public var httpParameterValue: String { rawValue }
}
