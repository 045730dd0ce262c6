/// One `name=value` pair of a query or form body, unencoded.
public struct QueryItem: Hashable, Sendable {
    /// The name.
    public var name: String {
        didSet { written = nil }
    }
    /// The value as text.
    public var value: String {
        didSet { written = nil }
    }
    /// The pair as a server wrote it, sent back byte for byte until the name or value is changed.
    private var written: String?

    /// Creates an item.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }

    /// The item a server wrote as `pair` (`q=addClass+user%3Amozilla`, from a `Link` target), sent as it is: its
    /// ``name`` and ``value`` are the percent-decoded text, for reading and redaction.
    public init(percentEncoded pair: Substring) {
        let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        func decoded(_ text: Substring?) -> String {
            guard let text else { return "" }
            return String(text).removingPercentEncoding ?? String(text)
        }
        self.name = decoded(parts.first)
        self.value = decoded(parts.count > 1 ? parts[1] : nil)
        self.written = String(pair)
    }

    /// `name=value`, both percent-encoded; a pair a server wrote, as it wrote it.
    public var encoded: String { written ?? PercentEncoding.encode(name) + "=" + PercentEncoding.encode(value) }

    /// Two items are equal when they are sent as the same text.
    public static func == (lhs: QueryItem, rhs: QueryItem) -> Bool { lhs.encoded == rhs.encoded }

    public func hash(into hasher: inout Hasher) { hasher.combine(encoded) }
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
