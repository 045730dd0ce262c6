import Foundation
import RouteGenRuntime

/// What a ``StubTransport`` answers with.
public struct StubResponse: Sendable {
    /// The status code.
    public var statusCode: Int
    /// The headers.
    public var headers: HeaderFields
    /// The body.
    public var body: Data

    /// Creates a response.
    public init(statusCode: Int = 200, headers: HeaderFields = [:], body: Data = Data()) {
        self.statusCode = statusCode
        self.headers = headers
        self.body = body
    }

    /// A JSON body encoded from `value` (ISO 8601 dates by default).
    public static func json<Value: Encodable>(
        _ value: Value, status: Int = 200, encoder: JSONEncoder = JSONCoding.makeEncoder()
    ) throws -> StubResponse {
        StubResponse(statusCode: status, headers: ["Content-Type": "application/json"], body: try encoder.encode(value))
    }

    /// A JSON body written out as text.
    public static func json(_ text: String, status: Int = 200) -> StubResponse {
        StubResponse(statusCode: status, headers: ["Content-Type": "application/json"], body: Data(text.utf8))
    }

    /// A JSON body read from a fixture file, so UI tests can run offline against recorded responses.
    public static func fixture(_ file: URL, status: Int = 200) throws -> StubResponse {
        StubResponse(statusCode: status, headers: ["Content-Type": "application/json"], body: try Data(contentsOf: file))
    }

    /// A status with an optional text body.
    public static func status(_ code: Int, body: String = "") -> StubResponse {
        StubResponse(statusCode: code, body: Data(body.utf8))
    }
}
