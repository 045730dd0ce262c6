import Foundation

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
    /// Whether POST and PATCH requests are retried too. Off: sending them twice may do the work twice.
    public var retriesNonIdempotentRequests: Bool
    /// Whether requests that got no response at all are retried.
    public var retriesTransportFailures: Bool

    /// Creates a policy; the defaults suit most APIs.
    public init(
        maxAttempts: Int = 3, baseDelay: Duration = .milliseconds(250), maxDelay: Duration = .seconds(30),
        retryableStatusCodes: Set<Int> = [408, 425, 429, 500, 502, 503, 504], retriesNonIdempotentRequests: Bool = false,
        retriesTransportFailures: Bool = true
    ) {
        self.maxAttempts = maxAttempts
        self.baseDelay = baseDelay
        self.maxDelay = maxDelay
        self.retryableStatusCodes = retryableStatusCodes
        self.retriesNonIdempotentRequests = retriesNonIdempotentRequests
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
