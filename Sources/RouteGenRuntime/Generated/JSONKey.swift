/// The key of a generated model's property in its JSON object, written as a string literal in the model's
/// `init(from:)` and `encode(to:)`: `try container.decode(String.self, forKey: "created_at")`.
///
/// Every generated model shares this one key type instead of declaring a `CodingKeys` enum and having the
/// compiler derive its conformances: at 300 models that is about a third of the models' compile time.
@_spi(Generated) public struct JSONKey: CodingKey, ExpressibleByStringLiteral, Sendable, Hashable {
    /// The key as it appears in the JSON object.
    public let stringValue: String

    /// A key named `stringValue`.
    public init(stringValue: String) {
        self.stringValue = stringValue
    }

    /// A key written as a string literal.
    public init(stringLiteral value: String) {
        self.stringValue = value
    }

    /// Always nil: JSON objects have string keys only.
    public var intValue: Int? { nil }

    /// Always nil: JSON objects have string keys only.
    public init?(intValue: Int) {
        nil
    }
}
