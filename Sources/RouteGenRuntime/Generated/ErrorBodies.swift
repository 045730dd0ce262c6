import Foundation

/// The models a route decodes from error bodies: one per status, and one for every other status.
///
/// Generated handlers pass the spec's `errors:`; the decoded value travels in
/// ``UnacceptableStatus/errorBody``, and each generated error model reads it back with `init?(_ error:)`.
public struct ErrorBodies: Sendable {
    /// Models by status code.
    public var byStatus: [Int: any (Decodable & Sendable).Type]
    /// The model for statuses not in ``byStatus``.
    public var `default`: (any (Decodable & Sendable).Type)?

    /// Creates the table.
    public init(_ byStatus: [Int: any (Decodable & Sendable).Type] = [:], default: (any (Decodable & Sendable).Type)? = nil) {
        self.byStatus = byStatus
        self.default = `default`
    }

    /// The error for a response whose status the endpoint does not expect, with its body decoded.
    func unacceptableStatus(_ request: APIRequest, _ response: APIResponse, body: Data, decoder: JSONDecoder) -> RouteGenError {
        .unacceptableStatus(
            UnacceptableStatus(
                request: RequestSummary(request, redactor: .default), response: response, body: body,
                errorBody: decode(body, status: response.statusCode, decoder: decoder)))
    }

    /// `body` decoded with the model for `status`; nil when there is none or the body does not fit it (the
    /// raw body stays in the error).
    func decode(_ body: Data, status: Int, decoder: JSONDecoder) -> (any Sendable)? {
        guard !body.isEmpty, let type = byStatus[status] ?? self.default else { return nil }
        return Self.decode(type, from: body, decoder: decoder)
    }

    private static func decode<Body: Decodable & Sendable>(_ type: Body.Type, from data: Data, decoder: JSONDecoder) -> (any Sendable)? {
        try? decoder.decode(type, from: data)
    }
}

extension RouteGenError {
    /// The error body decoded as `type`, when the server answered with a status whose `errors:` model is `type`.
    public func errorBody<Body>(as type: Body.Type) -> Body? {
        guard case .unacceptableStatus(let failure) = self else { return nil }
        return failure.errorBody(as: type)
    }
}

/// A generated model that the spec decodes from error bodies (`errors:`). It reads itself back from a thrown
/// error, with no cast:
///
/// ```swift
/// } catch {
///     if let problem = Shop.ValidationFailed(error) { show(problem.fields) }
/// }
/// ```
public protocol APIErrorBody: Decodable, Sendable {}

extension APIErrorBody {
    /// The body of `error` when it is a ``RouteGenError`` for a response whose error body decoded as this model.
    public init?(_ error: any Error) {
        guard let body = (error as? RouteGenError)?.errorBody(as: Self.self) else { return nil }
        self = body
    }
}
