import Foundation
import RouteGenRuntime

/// Sends a request again when it failed in a way worth retrying: a retryable status (honouring `Retry-After`)
/// or no response at all. Only idempotent methods, and POST or PATCH requests that carry an idempotency key
/// (``RetryPolicy/idempotencyKeyHeader``, set by ``IdempotencyKeyClient``); a bounded number of attempts;
/// stops at once when the task is cancelled. A request's `APIRequest.deadline` bounds all the attempts together: a
/// wait (backoff or `Retry-After`) that would end past it is not begun, and the last response or failure is the
/// answer. A streamed response is retried only before its body is handed
/// on: once the caller has the head, the request is theirs.
public struct RetryingClient: HTTPTransport, Decorating {
    package let base: any HTTPTransport
    private let policy: RetryPolicy
    private let sleep: @Sendable (Duration) async throws -> Void
    private let jitter: @Sendable () -> Double
    private let now: @Sendable () -> Date

    /// Creates the decorator. Tests can pass their own `sleep`, `jitter` and `now`.
    public init(
        wrapping base: any HTTPTransport, policy: RetryPolicy = RetryPolicy(),
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) },
        jitter: @escaping @Sendable () -> Double = { Double.random(in: 0...1) },
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.base = base
        self.policy = policy
        self.sleep = sleep
        self.jitter = jitter
        self.now = now
    }

    public func load(_ request: APIRequest) async throws -> (Data, APIResponse) {
        let base = self.base
        return try await send(request, response: { $0.1 }) { try await base.load($0) }
    }

    public func stream(_ request: APIRequest) async throws -> (APIResponse, ResponseBodyStream) {
        let base = self.base
        return try await send(request, response: { $0.0 }) { try await base.stream($0) }
    }

    /// Sends `request` until it succeeds, fails in a way not worth retrying, runs out of attempts, or would pass the
    /// call's deadline (`CallEnd`): a delay that would end after it is not waited, and the last answer is returned.
    private func send<Result: Sendable>(
        _ request: APIRequest, response head: @escaping @Sendable (Result) -> APIResponse,
        _ operation: @escaping @Sendable (APIRequest) async throws -> Result
    ) async throws -> Result {
        try await CallEnd.within(request) {
            let mayRetry = request.method.isIdempotent || policy.idempotencyKeyHeader.map { request.headers[$0] != nil } == true
            var attempt = 1
            while true {
                try Task.checkCancellation()
                let outcome: Swift.Result<Result, any Error>
                let delay: Duration
                do {
                    let result = try await operation(request)
                    outcome = .success(result)
                    let response = head(result)
                    guard mayRetry, attempt < policy.maxAttempts, policy.retryableStatusCodes.contains(response.statusCode)
                    else { return result }
                    if let retryAfter = RetryAfter.delay(in: response, now: now()) {
                        guard retryAfter <= policy.maxDelay else { return result }
                        delay = retryAfter
                    } else {
                        delay = policy.backoff(beforeRetry: attempt, jitter: jitter())
                    }
                } catch let error as RouteGenError {
                    // A server that fails its pins would fail them again.
                    guard case .transportFailed(let failure) = error, failure.pinMismatch == nil, mayRetry,
                        policy.retriesTransportFailures, attempt < policy.maxAttempts
                    else { throw error }
                    outcome = .failure(error)
                    delay = policy.backoff(beforeRetry: attempt, jitter: jitter())
                }
                if let end = CallEnd.current, end.isPassed(after: delay) { return try outcome.get() }
                try await sleep(delay)
                attempt += 1
            }
        }
    }
}

/// Reads `Retry-After` (RFC 9110 §10.2.3): delay-seconds or an HTTP date.
enum RetryAfter {
    static func delay(in response: APIResponse, now: Date) -> Duration? {
        guard let value = response.headers["Retry-After"]?.trimmingCharacters(in: .whitespaces) else { return nil }
        if let seconds = Int(value), seconds >= 0 { return .seconds(seconds) }
        guard let date = HTTPDate.date(from: value) else { return nil }
        return .milliseconds(max(0, Int(date.timeIntervalSince(now) * 1_000)))
    }
}

extension HTTPTransport {
    /// Retries failed requests as `policy` says. See ``RetryingClient``.
    public func retrying(_ policy: RetryPolicy = RetryPolicy()) -> RetryingClient {
        RetryingClient(wrapping: self, policy: policy)
    }
}
