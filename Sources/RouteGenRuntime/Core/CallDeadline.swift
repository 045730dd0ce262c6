import Foundation

/// The instant a call with a deadline must be over by, fixed when the call starts: every attempt, retry, wait for a
/// token refresh or for a shared request, and every chunk of the body, keeps to this one end, so a deadline bounds the
/// whole call (`Runtime.md`, "Timeouts and deadlines").
///
/// The first decorator or transport that sees a request with a ``APIRequest/deadline`` fixes the end; the ones it
/// calls find it in ``current`` and keep to it (or to their request's own deadline, if that ends sooner).
package struct CallEnd: Sendable {
    /// The deadline as the request gave it, for messages.
    package let deadline: Duration
    /// When it passes.
    package let instant: ContinuousClock.Instant

    /// The end of the call the current task runs within, if any.
    @TaskLocal package static var current: CallEnd?

    /// The end `request` keeps to: the enclosing call's, or its own deadline's from now, whichever comes first; nil
    /// when neither applies (a deadline beyond a century never comes).
    package static func of(_ request: APIRequest) -> CallEnd? {
        let own = request.deadline.flatMap { deadline in
            deadline < .longestWait ? CallEnd(deadline: deadline, instant: .now.advanced(by: max(deadline, .zero))) : nil
        }
        guard let current else { return own }
        guard let own else { return current }
        return own.instant < current.instant ? own : current
    }

    /// How long is left; zero or less once it has passed.
    package var remaining: Duration { ContinuousClock.now.duration(to: instant) }

    /// Whether waiting `delay` from now would pass the end.
    package func isPassed(after delay: Duration) -> Bool { remaining <= delay }

    /// The failure of a call of `request` that did not finish in time.
    package func failure(for request: APIRequest) -> RouteGenError {
        .transportFailed(
            TransportFailure(
                request: RequestSummary(request, redactor: .default), code: .timedOut,
                reason: "the call did not finish within its deadline of \(deadline)"))
    }

    /// `operation`'s result, or the call's failure once the end has passed. `operation` runs within the call
    /// (``current`` is this end), so what it calls keeps to the same end. At the end it is cancelled and not waited
    /// for: a wait that ignores cancellation (a single-flight token refresh, a user's closure) cannot hold the call.
    package func bound<Result: Sendable>(
        _ request: APIRequest, _ operation: @escaping @Sendable () async throws -> Result
    ) async throws -> Result {
        let race = Race<Result>()
        let (end, failure) = (self, failure(for: request))
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let work = Task {
                    do {
                        race.finish(.success(try await CallEnd.$current.withValue(end, operation: operation)))
                    } catch {
                        race.finish(.failure(error))
                    }
                }
                let timer = Task {
                    try? await Task.sleep(until: end.instant, clock: .continuous)
                    race.finish(.failure(failure))
                }
                race.start(continuation, racing: [work, timer])
            }
        } onCancel: {
            race.finish(.failure(CancellationError()))
        }
    }

    /// Runs `operation` within the call `request` belongs to, bounded by its end when it has one: decorators that
    /// send more than once, or wait, call it around their whole work.
    package static func within<Result: Sendable>(
        _ request: APIRequest, _ operation: @escaping @Sendable () async throws -> Result
    ) async throws -> Result {
        guard let end = of(request) else { return try await operation() }
        return try await end.bound(request, operation)
    }
}

extension APIRequest {
    /// Runs `exchange` (a transport's sending of this request) within the call's end (`CallEnd`): the response head
    /// must arrive, and then every chunk of the body, before it passes, however the bytes trickle in. When it passes,
    /// the exchange is cancelled and the call, or the body's reader, gets `RouteGenError.transportFailed` with
    /// `URLError.Code.timedOut`. Without a deadline, `exchange` runs as it is. The transports call it.
    package func withinDeadline(
        _ exchange: @escaping @Sendable () async throws -> (APIResponse, ResponseBodyStream)
    ) async throws -> (APIResponse, ResponseBodyStream) {
        guard let end = CallEnd.of(self) else { return try await exchange() }
        let (head, body) = try await end.bound(self, exchange)
        let chunks = DeadlineIterator(body.makeAsyncIterator())
        let request = self
        return (head, ResponseBodyStream(AsyncThrowingStream(unfolding: { try await end.bound(request) { try await chunks.next() } })))
    }
}

/// The first outcome of a work and a timer, handed to the one waiting for it; the loser is cancelled.
private final class Race<Value: Sendable>: Sendable {
    private struct State {
        var waiter: CheckedContinuation<Value, any Error>?
        var outcome: Result<Value, any Error>?
        var racers: [Task<Void, Never>] = []
    }

    private let state = Locked(State())

    /// Hands the outcome to `waiter`, at once if there already is one.
    func start(_ waiter: CheckedContinuation<Value, any Error>, racing racers: [Task<Void, Never>]) {
        let outcome = state.withLock { state -> Result<Value, any Error>? in
            state.racers = racers
            if state.outcome == nil { state.waiter = waiter }
            return state.outcome
        }
        guard let outcome else { return }
        waiter.resume(with: outcome)
        for racer in racers { racer.cancel() }
    }

    /// The first call wins: its outcome goes to the waiter, and every racer is cancelled.
    func finish(_ outcome: Result<Value, any Error>) {
        let (waiter, racers) = state.withLock { state -> (CheckedContinuation<Value, any Error>?, [Task<Void, Never>]) in
            guard state.outcome == nil else { return (nil, []) }
            state.outcome = outcome
            defer { state.waiter = nil }
            return (state.waiter, state.racers)
        }
        waiter?.resume(with: outcome)
        for racer in racers { racer.cancel() }
    }
}

/// A body's iterator, read one chunk at a time by the tasks of ``APIRequest/withinDeadline(_:)``: each read
/// ends before the next starts, so the iterator is never used by two at once.
private final class DeadlineIterator: @unchecked Sendable {
    private var iterator: ResponseBodyStream.AsyncIterator

    init(_ iterator: ResponseBodyStream.AsyncIterator) {
        self.iterator = iterator
    }

    func next() async throws -> Data? { try await iterator.next() }
}
