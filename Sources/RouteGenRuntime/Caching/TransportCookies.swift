import Foundation

/// Whether a transport sent cookies from its own cookie store (URLSession's `httpCookieStorage`) with a request: a
/// credential a ``CachingClient`` above it cannot see, so a response to such a request is not stored. The cache
/// watches a call with ``watch(_:)``; a transport calls ``recordSent()`` when it adds stored cookies.
package enum TransportCookies {
    /// What the transports under a watched call report.
    package final class Report: Sendable {
        private let sent = Locked(false)

        /// Whether any request of the call went out with cookies from a transport's store.
        var wereSent: Bool { sent.withLock { $0 } }

        fileprivate func record() { sent.withLock { $0 = true } }
    }

    @TaskLocal private static var report: Report?

    /// Runs `operation` and says whether a transport sent cookies of its own store with any request of it.
    static func watch<Result>(_ operation: () async throws -> Result) async rethrows -> (Result, cookiesSent: Bool) {
        let report = Report()
        let result = try await $report.withValue(report) { try await operation() }
        return (result, report.wereSent)
    }

    /// Tells the call being watched, if any, that its request went out with cookies from the transport's store.
    package static func recordSent() {
        report?.record()
    }
}
