import Foundation

/// Gives every request that has no ``HTTPRequest/deadline`` of its own the same one: a limit on the whole call, from
/// sending to the last byte of the body, retries, token refreshes and waits for a shared request included, whatever
/// the decorators below it do (``HTTPRequest/timeout`` only bounds how long the connection may stay idle).
///
/// ```swift
/// let client = URLSessionClient(timeout: .seconds(30)).limitingCalls(to: .seconds(120))
/// ```
public struct DeadlineClient: HTTPClient, Decorating {
    let base: any HTTPClient
    /// The deadline of a request that sets none.
    public let deadline: Duration

    /// Creates the decorator.
    public init(wrapping base: any HTTPClient, deadline: Duration) {
        self.base = base
        self.deadline = deadline
    }

    public func load(_ request: HTTPRequest) async throws -> (Data, HTTPResponse) {
        let (base, limited) = (self.base, limited(request))
        return try await CallEnd.within(limited) { try await base.load(limited) }
    }

    public func stream(_ request: HTTPRequest) async throws -> (HTTPResponse, ResponseBodyStream) {
        let (base, limited) = (self.base, limited(request))
        return try await CallEnd.within(limited) { try await base.stream(limited) }
    }

    private func limited(_ request: HTTPRequest) -> HTTPRequest {
        var limited = request
        limited.deadline = request.deadline ?? deadline
        return limited
    }
}

extension HTTPClient {
    /// Ends every call that takes longer than `deadline` as a whole, unless its request sets its own. See
    /// ``DeadlineClient``.
    public func limitingCalls(to deadline: Duration) -> DeadlineClient {
        DeadlineClient(wrapping: self, deadline: deadline)
    }
}
