import Foundation
import RouteGenRuntime

/// When and how often ``RetryingClient`` sends a request again.
public struct RetryPolicy: Hashable, Sendable {
    /// Attempts in all, the first included.
    public var maxAttempts: Int
    /// The delay before the first retry; each later one doubles, up to ``maxDelay``.
    public var baseDelay: Duration
    /// The longest wait: for backoff, and for a server's `Retry-After` (a longer one ends the retries).
    public var maxDelay: Duration
    /// Statuses worth another try.
    public var retryableStatusCodes: Set<Int>
    /// The header that makes a POST or PATCH request safe to send again: a request with a non-idempotent method is
    /// retried only when it carries this header (see ``IdempotencyKeyClient``), since the server then does its work
    /// once however often it arrives. Nil never retries them: sending one twice may do the work twice.
    public var idempotencyKeyHeader: String?
    /// Whether requests that got no response at all are retried.
    public var retriesTransportFailures: Bool

    /// Creates a policy; the defaults suit most APIs.
    public init(
        maxAttempts: Int = 3, baseDelay: Duration = .milliseconds(250), maxDelay: Duration = .seconds(30),
        retryableStatusCodes: Set<Int> = [408, 425, 429, 500, 502, 503, 504],
        idempotencyKeyHeader: String? = "Idempotency-Key",
        retriesTransportFailures: Bool = true
    ) {
        self.maxAttempts = maxAttempts
        self.baseDelay = baseDelay
        self.maxDelay = maxDelay
        self.retryableStatusCodes = retryableStatusCodes
        self.idempotencyKeyHeader = idempotencyKeyHeader
        self.retriesTransportFailures = retriesTransportFailures
    }

    /// The backoff before retry number `retry` (1 for the first): half the exponential delay, plus a random part
    /// of the other half (`jitter` in 0...1), so clients that failed together do not retry together.
    public func backoff(beforeRetry retry: Int, jitter: Double) -> Duration {
        let exponential = baseDelay * (1 << min(retry - 1, 30))
        let capped = min(exponential, maxDelay)
        return capped / 2 + (capped / 2) * min(max(jitter, 0), 1)
    }
}
