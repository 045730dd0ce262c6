import Foundation

/// The cookies a transport sent from its own cookie store (URLSession's `httpCookieStorage`) with the requests of a
/// call: a credential the request does not show. A `CachingClient` watches each request it sends with
/// ``watch(_:)`` and stores the response only when they are the cookies its key holds
/// (``HTTPTransport/storedCookies(for:)``), so that a store that changed while the request was in flight, or a decorator
/// that does not tell the cache of them, never files one user's response under another's key. A transport calls
/// ``recordSent(_:)`` when it adds stored cookies.
package enum TransportCookies {
    /// What the transports under a watched call report.
    package final class Report: Sendable {
        private let sent = Locked<[String]>([])

        /// The `Cookie` headers the call's requests went out with from a transport's store, in order.
        package var headers: [String] { sent.withLock { $0 } }

        fileprivate func record(_ header: String) { sent.withLock { $0.append(header) } }
    }

    @TaskLocal private static var report: Report?

    /// Runs `operation` and returns the `Cookie` headers transports added from their stores to its requests.
    package static func watch<Result>(_ operation: () async throws -> Result) async rethrows -> (Result, sentCookies: [String]) {
        let report = Report()
        let result = try await $report.withValue(report) { try await operation() }
        return (result, report.headers)
    }

    /// Tells the call being watched, if any, that a request of it went out with `header` from the transport's store.
    package static func recordSent(_ header: String) {
        report?.record(header)
    }
}
