import Foundation

extension HTTPRequest {
    /// Runs `exchange` (a transport's sending of this request) within the request's ``deadline``: the response head
    /// must arrive, and then every chunk of the body, before it passes, however the bytes trickle in. When it passes,
    /// the exchange is cancelled and the call, or the body's reader, gets `RouteGenError.transportFailed` with
    /// `URLError.Code.timedOut`. Without a deadline, `exchange` runs as it is. The transports call it.
    package func withinDeadline(
        _ exchange: @escaping @Sendable () async throws -> (HTTPResponse, ResponseBodyStream)
    ) async throws -> (HTTPResponse, ResponseBodyStream) {
        // A deadline beyond a century never comes.
        guard let deadline, deadline < .longestWait else { return try await exchange() }
        let end = ContinuousClock.now.advanced(by: max(deadline, .zero))
        let failure = RouteGenError.transportFailed(
            TransportFailure(
                request: RequestSummary(self, redactor: .default), code: .timedOut,
                reason: "the call did not finish within its deadline of \(deadline)"))
        let (head, body) = try await Self.race(until: end, failure: failure, exchange)
        let chunks = DeadlineIterator(body.makeAsyncIterator())
        return (head, ResponseBodyStream(AsyncThrowingStream(unfolding: { try await Self.race(until: end, failure: failure) { try await chunks.next() } })))
    }

    /// `operation`'s result, or `failure` once `end` has passed (and `operation` cancelled).
    private static func race<Result: Sendable>(
        until end: ContinuousClock.Instant, failure: RouteGenError, _ operation: @escaping @Sendable () async throws -> Result
    ) async throws -> Result {
        try await withThrowingTaskGroup(of: Result.self) { group in
            group.addTask { try await operation() }
            group.addTask {
                try await Task.sleep(until: end, clock: .continuous)
                throw failure
            }
            defer { group.cancelAll() }
            return try await group.next()!
        }
    }
}

/// A body's iterator, read one chunk at a time by the tasks of ``HTTPRequest/withinDeadline(_:)``: each read
/// ends before the next starts, so the iterator is never used by two at once.
private final class DeadlineIterator: @unchecked Sendable {
    private var iterator: ResponseBodyStream.AsyncIterator

    init(_ iterator: ResponseBodyStream.AsyncIterator) {
        self.iterator = iterator
    }

    func next() async throws -> Data? { try await iterator.next() }
}
