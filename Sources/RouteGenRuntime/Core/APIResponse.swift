/// The head of a response: status and headers. The body travels beside it as `Data`.
public struct APIResponse: Hashable, Sendable {
    /// The status code, like 200.
    public var statusCode: Int
    /// The response headers.
    public var headers: HeaderFields

    /// Creates a response head.
    public init(statusCode: Int, headers: HeaderFields = HeaderFields()) {
        self.statusCode = statusCode
        self.headers = headers
    }

    /// 1xx.
    public var isInformational: Bool { (100..<200).contains(statusCode) }
    /// 2xx.
    public var isSuccess: Bool { (200..<300).contains(statusCode) }
    /// 3xx.
    public var isRedirection: Bool { (300..<400).contains(statusCode) }
    /// 4xx.
    public var isClientError: Bool { (400..<500).contains(statusCode) }
    /// 5xx.
    public var isServerError: Bool { (500..<600).contains(statusCode) }
    /// 4xx or 5xx.
    public var isError: Bool { (400..<600).contains(statusCode) }
}
