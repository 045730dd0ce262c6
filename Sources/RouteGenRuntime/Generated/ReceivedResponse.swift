import Foundation

/// A response as a generated handler reads it: the status and headers, the body, and the means to decode it
/// with the route's name in every error.
public struct ReceivedResponse: Sendable {
    /// The request it answers.
    public let request: APIRequest
    /// Status and headers.
    public let head: APIResponse
    /// The body.
    public let body: Data
    let decoder: JSONDecoder

    /// The status code.
    public var statusCode: Int { head.statusCode }

    /// Whether the status is 2xx.
    public var isSuccess: Bool { head.isSuccess }

    /// The body decoded from JSON as `type`.
    public func decode<Value: Decodable>(_ type: Value.Type) throws(RouteGenError) -> Value {
        try ResponseDecoding.decode(type, from: body, response: head, for: request, decoder: decoder)
    }

    /// The body as text: the JSON string when the body is JSON (`application/json` or `…+json`), otherwise the
    /// body itself read as UTF-8.
    public func text() throws(RouteGenError) -> String {
        if head.isJSON { return try decode(String.self) }
        guard let text = String(data: body, encoding: .utf8) else {
            throw .decodingFailed(
                DecodingFailure(
                    request: RequestSummary(request, redactor: .default), statusCode: statusCode, expectedType: "String",
                    codingPath: "", reason: "the body is not UTF-8 text"))
        }
        return text
    }
}

/// How a generated handler turns a response into its result: nil for a status the endpoint does not expect,
/// which becomes ``RouteGenError/unacceptableStatus(_:)``.
public struct ResponseReader<Output: Sendable>: Sendable {
    /// Reads the response.
    public let read: @Sendable (ReceivedResponse) throws -> Output?

    /// A reader from a closure, for endpoints with several `responses:`.
    public init(_ read: @escaping @Sendable (ReceivedResponse) throws -> Output?) {
        self.read = read
    }

    /// A 2xx JSON body as `type`.
    public static func json(_ type: Output.Type) -> ResponseReader where Output: Decodable {
        ResponseReader { $0.isSuccess ? try $0.decode(type) : nil }
    }

    /// This reader's output, transformed (an enveloped body to its payload).
    public func map<Mapped>(_ transform: @escaping @Sendable (Output) throws -> Mapped) -> ResponseReader<Mapped> {
        ResponseReader<Mapped> { try read($0).map(transform) }
    }
}

extension ResponseReader where Output == Data {
    /// A 2xx body's bytes, whatever their content type.
    public static var data: ResponseReader { ResponseReader { $0.isSuccess ? $0.body : nil } }
}

extension ResponseReader where Output == String {
    /// A 2xx body's text (see ``ReceivedResponse/text()``).
    public static var text: ResponseReader { ResponseReader { $0.isSuccess ? try $0.text() : nil } }
}

extension ResponseReader where Output == Void {
    /// Any 2xx response, its body ignored.
    public static var none: ResponseReader { ResponseReader { $0.isSuccess ? () : nil } }
}

extension APIResponse {
    /// Whether the `Content-Type` is JSON: `application/json` or a `+json` type like `application/problem+json`.
    public var isJSON: Bool {
        guard let type = headers["Content-Type"]?.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased()
        else { return false }
        return type == "application/json" || type.hasSuffix("+json")
    }
}
