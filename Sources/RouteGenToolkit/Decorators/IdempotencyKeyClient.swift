import Foundation
import RouteGenRuntime

/// Gives every POST and PATCH request an idempotency key (`Idempotency-Key: <UUID>`, as Stripe and the IETF
/// draft name it), so that the server does its work once however often the request arrives.
///
/// The key is made once per call of ``load(_:)`` or ``stream(_:)`` and sent with every retry of that call, so put
/// this decorator outside ``RetryingClient``: the retrying client then retries a POST or PATCH because it carries
/// the key (see ``RetryPolicy/idempotencyKeyHeader``):
///
/// ```swift
/// let client = URLSessionClient()
///     .retrying()                  // retries the POST: it has a key…
///     .addingIdempotencyKeys()     // …made here, once per call
/// ```
///
/// A request that already has the header keeps its own key; GET, PUT, DELETE and the other idempotent methods
/// get none.
public struct IdempotencyKeyClient: HTTPTransport, Decorating {
    package let base: any HTTPTransport
    private let headerName: String
    private let makeKey: @Sendable () -> String

    /// Creates the decorator. `makeKey` makes a fresh key per call (a random UUID unless a test says otherwise).
    public init(
        wrapping base: any HTTPTransport, headerName: String = "Idempotency-Key",
        makeKey: @escaping @Sendable () -> String = { UUID().uuidString }
    ) {
        self.base = base
        self.headerName = headerName
        self.makeKey = makeKey
    }

    public func load(_ request: APIRequest) async throws -> (Data, APIResponse) {
        try await base.load(keyed(request))
    }

    public func stream(_ request: APIRequest) async throws -> (APIResponse, ResponseBodyStream) {
        try await base.stream(keyed(request))
    }

    private func keyed(_ request: APIRequest) -> APIRequest {
        guard !request.method.isIdempotent, request.headers[headerName] == nil else { return request }
        var keyed = request
        keyed.headers[headerName] = makeKey()
        return keyed
    }
}

extension HTTPTransport {
    /// Sends a fresh idempotency key with every POST and PATCH call, the same key with each of its retries. Put it
    /// after `.retrying()` in the chain. See ``IdempotencyKeyClient``.
    public func addingIdempotencyKeys(headerName: String = "Idempotency-Key") -> IdempotencyKeyClient {
        IdempotencyKeyClient(wrapping: self, headerName: headerName)
    }
}
