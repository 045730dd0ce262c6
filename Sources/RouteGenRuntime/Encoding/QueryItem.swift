/// One `name=value` pair of a query or form body, unencoded.
public struct QueryItem: Hashable, Sendable {
    /// The name.
    public var name: String
    /// The value as text.
    public var value: String

    /// Creates an item.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }

    /// `name=value`, both percent-encoded.
    public var encoded: String { PercentEncoding.encode(name) + "=" + PercentEncoding.encode(value) }
}

extension Array where Element == QueryItem {
    /// Appends `name=value`; does nothing when `value` is nil, so optional parameters can be passed straight in.
    public mutating func append(_ name: String, _ value: (some HTTPParameterValue)?) {
        guard let value else { return }
        append(QueryItem(name: name, value: value.httpParameterValue))
    }

    /// Appends one `name=value` per element: `tags=a&tags=b`. Does nothing when `values` is nil.
    public mutating func append(_ name: String, _ values: [some HTTPParameterValue]?) {
        guard let values else { return }
        for value in values { append(QueryItem(name: name, value: value.httpParameterValue)) }
    }
}
