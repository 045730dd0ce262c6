import Foundation
import RouteGenRuntime

/// Gives every request that has no `APIRequest.deadline` of its own the same one: a limit on the whole call, from
/// sending to the last byte of the body, retries, token refreshes and waits for a shared request included, whatever
/// the decorators below it do (`APIRequest.timeout` only bounds how long the connection may stay idle).
///
/// ```swift
/// let client = URLSessionClient(timeout: .seconds(30)).limitingCalls(to: .seconds(120))
/// ```
public struct DeadlineClient: HTTPTransport, Decorating {
    package let base: any HTTPTransport
    /// The deadline of a request that sets none.
    public let deadline: Duration

    /// Creates the decorator.
    public init(wrapping base: any HTTPTransport, deadline: Duration) {
        self.base = base
        self.deadline = deadline
    }

    public func load(_ request: APIRequest) async throws -> (Data, APIResponse) {
        let (base, limited) = (self.base, limited(request))
        return try await CallEnd.within(limited) { try await base.load(limited) }
    }

    public func stream(_ request: APIRequest) async throws -> (APIResponse, ResponseBodyStream) {
        let (base, limited) = (self.base, limited(request))
        return try await CallEnd.within(limited) { try await base.stream(limited) }
    }

    private func limited(_ request: APIRequest) -> APIRequest {
        var limited = request
        limited.deadline = request.deadline ?? deadline
        return limited
    }
}

extension HTTPTransport {
    /// Ends every call that takes longer than `deadline` as a whole, unless its request sets its own. See
    /// ``DeadlineClient``.
    public func limitingCalls(to deadline: Duration) -> DeadlineClient {
        DeadlineClient(wrapping: self, deadline: deadline)
    }
}
