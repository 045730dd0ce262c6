/// An operation of an OpenAPI document that an import leaves out because its client would be wrong, and why.
public struct LeftOutOperation: Hashable, Sendable {
    /// The endpoint name the operation would have had.
    public var name: String
    /// What stopped it, as the diagnostic said it.
    public var reason: String

    /// Creates a record.
    public init(name: String, reason: String) {
        self.name = name
        self.reason = reason
    }
}
