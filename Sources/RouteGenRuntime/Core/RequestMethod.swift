/// An HTTP method. The common ones are static members; any other token can be created from its name.
public struct RequestMethod: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The method's name, like `GET`.
    public var rawValue: String

    /// Creates a method from its name.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public static let get = RequestMethod(rawValue: "GET")
    public static let post = RequestMethod(rawValue: "POST")
    public static let put = RequestMethod(rawValue: "PUT")
    public static let patch = RequestMethod(rawValue: "PATCH")
    public static let delete = RequestMethod(rawValue: "DELETE")
    public static let head = RequestMethod(rawValue: "HEAD")
    public static let options = RequestMethod(rawValue: "OPTIONS")

    /// Whether sending the request twice has the same effect as once (RFC 9110 §9.2.2), so it is safe to retry.
    public var isIdempotent: Bool {
        ["GET", "HEAD", "PUT", "DELETE", "OPTIONS", "TRACE"].contains(rawValue)
    }

    public var description: String { rawValue }
}
