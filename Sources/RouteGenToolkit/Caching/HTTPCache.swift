import Foundation
import RouteGenRuntime

/// A private HTTP cache (RFC 9111) for a ``CachingClient``: which responses are stored, for how long they are
/// fresh, and how they are found again. Keep a reference to clear it, at logout for example.
///
/// Responses are keyed by method, URL, body, request headers and the cookies the transport adds from its own store
/// (`HTTPTransport.storedCookies(for:)`), hashed: every header but those the policy says change from request to request
/// without changing who asks (``Policy/unkeyedHeaders``: `Accept`, `User-Agent`, tracing ids, …), so a credential
/// under any name keeps responses apart (`Authorization`, `Cookie`, an API key the route's `Authentication` or a
/// header injector places; a query credential is in the URL), and so does a session cookie the transport keeps. A
/// response to one user's request is never served to another. A response to a request that went out with cookies the
/// client under the cache did not tell it of (a decorator of another package that does not forward
/// `HTTPTransport.storedCookies(for:)`) is not stored. `Vary` is respected, and `Set-Cookie` is never stored.
public final class HTTPCache: Sendable {
    /// The app's own rules, for servers that say nothing or for offline-first screens.
    public struct Policy: Sendable, Hashable {
        /// How long a response is fresh when the server gives it no lifetime (no `max-age`, no `Expires`). Nil
        /// by default: such a response is stored only if it has a validator, and revalidated before each use.
        public var defaultMaxAge: Duration?
        /// How long past its freshness a stored response is still served at once while a revalidation runs in
        /// the background. A response's own `stale-while-revalidate` counts too; `must-revalidate` and
        /// `no-cache` forbid it.
        public var staleWhileRevalidate: Duration?

        /// The request headers, lower-cased, left out of the store key: they say how to answer, not who asks (a
        /// server that answers each otherwise says so with `Vary`), or they change from request to request without
        /// changing the answer (tracing ids). Every other header keeps responses apart. Add the names of an app's own
        /// per-request headers (`x-app-launch-id`), never a credential's.
        public var unkeyedHeaders: Set<String>

        /// The headers ``unkeyedHeaders`` holds by default: content negotiation, conditions and ranges, and the
        /// tracing and request ids of W3C Trace Context, B3, Sentry, AWS, Google Cloud and Datadog.
        public static let standardUnkeyedHeaders: Set<String> = [
            "accept", "accept-charset", "accept-encoding", "accept-language", "user-agent", "cache-control", "pragma",
            "if-none-match", "if-modified-since", "if-match", "if-unmodified-since", "if-range", "range", "content-type",
            "content-length", "idempotency-key", "x-request-id", "request-id", "x-correlation-id", "x-trace-id",
            "traceparent", "tracestate", "baggage", "sentry-trace", "x-amzn-trace-id", "x-cloud-trace-context",
            "x-b3-traceid", "x-b3-spanid", "x-b3-parentspanid", "x-b3-sampled", "x-b3-flags", "b3",
            "x-datadog-trace-id", "x-datadog-parent-id", "x-datadog-sampling-priority", "x-datadog-origin",
        ]

        /// A policy; the defaults follow the server's headers only.
        public init(
            defaultMaxAge: Duration? = nil, staleWhileRevalidate: Duration? = nil,
            unkeyedHeaders: Set<String> = Policy.standardUnkeyedHeaders
        ) {
            self.defaultMaxAge = defaultMaxAge
            self.staleWhileRevalidate = staleWhileRevalidate
            self.unkeyedHeaders = Set(unkeyedHeaders.map { $0.lowercased() })
        }
    }

    /// Where responses are kept.
    public let store: any HTTPCacheStore
    /// The app's rules.
    public let policy: Policy
    let now: @Sendable () -> Date
    /// The keys being revalidated in the background, so that a stale response served many times is revalidated
    /// once.
    private let revalidating = Locked<Set<String>>([])

    /// A cache in `store` (by default 10 MiB in memory) following `policy`; `now` is the clock (tests pass their
    /// own).
    public init(
        store: any HTTPCacheStore = MemoryCacheStore(), policy: Policy = Policy(),
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.store = store
        self.policy = policy
        self.now = now
    }

    /// Removes every stored response.
    public func removeAll() {
        store.removeEntries { _ in true }
    }

    /// Removes the responses of one endpoint, by its generated name (`Petstore.getPet`).
    public func removeEntries(forRoute name: String) {
        store.removeEntries { $0.routeName == name }
    }

    /// Removes the responses whose URL starts with `prefix` (`https://api.example.com/v1/pets`).
    public func removeEntries(withURLPrefix prefix: String) {
        store.removeEntries { $0.url.hasPrefix(prefix) }
    }

    /// The statuses stored without explicit freshness information (RFC 9110 §15.1's heuristically cacheable
    /// ones, less 206, since ranges are not cached).
    static let cacheableStatuses: Set<Int> = [200, 203, 204, 300, 301, 308, 404, 405, 410, 414, 501]

    /// The store key of `request`: its method, URL, body, headers (but the policy's unkeyed ones) and the cookies
    /// the transport adds to it from its store, each part's length before it so that no two requests' parts run
    /// together into the same text, hashed.
    func key(for request: APIRequest, storedCookies: String?) -> String {
        let url = (try? request.url().absoluteString) ?? request.baseURL.absoluteString + request.path
        let credentials = request.headers.filter { !policy.unkeyedHeaders.contains($0.name.lowercased()) }
            .map { "\($0.name.lowercased()): \($0.value)" }.sorted() + [storedCookies.map { "stored cookies: " + $0 } ?? ""]
        let body = request.body.map { body in if case .data(let data) = body { Data(SHA256.bytes(Array(data))).base64EncodedString() } else { "\(body)" } }
        let parts = [request.method.rawValue, url, body ?? ""] + credentials
        return SHA256.hex(parts.map { "\($0.utf8.count):\($0)" }.joined())
    }

    /// The stored response for `request`, if there is one its `Vary` allows.
    func entry(for request: APIRequest, key: String) -> CachedResponse? {
        guard let entry = store.entry(forKey: key), entry.matches(request) else { return nil }
        return entry
    }

    /// Stores the response to `request` if HTTP allows it and it can be of use later (it has a lifetime or a
    /// validator); otherwise removes what was stored under `key`.
    func storeIfAllowed(
        _ request: APIRequest, key: String, body: Data, response: APIResponse, requestTime: Date, responseTime: Date
    ) {
        let entry = CachedResponse(
            method: request.method.rawValue, url: SecretRedactor.default.redactedURL(of: request),
            routeName: request.routeName, statusCode: response.statusCode,
            headers: HeaderFields(response.headers.filter { $0.name.lowercased() != "set-cookie" }),
            body: body, requestTime: requestTime, responseTime: responseTime,
            varyingHeaders: Self.varyingHeaders(of: response, request: request))
        guard isStorable(entry, request: request) else { return store.removeEntry(forKey: key) }
        store.store(entry, forKey: key)
    }

    /// A cacheable status, no `no-store` either way, not `Vary: *`, and of use later: a lifetime or a validator.
    private func isStorable(_ entry: CachedResponse, request: APIRequest) -> Bool {
        Self.cacheableStatuses.contains(entry.statusCode) && !CacheControl(request.headers).noStore
            && !CacheControl(entry.headers).noStore && entry.varyingHeaders["*"] == nil
            && (entry.freshnessLifetime(defaultMaxAge: policy.defaultMaxAge) > 0 || entry.hasValidator)
    }

    /// After a successful unsafe request (POST, PUT, PATCH, DELETE) to a URL, the GET and HEAD responses stored
    /// for it, under the same credential, are out of date (RFC 9111 §4.4). Removed by key, so no store is
    /// scanned.
    func invalidate(after request: APIRequest, storedCookies: String?) {
        for method in [RequestMethod.get, .head] {
            var stored = request
            stored.method = method
            stored.body = nil
            store.removeEntry(forKey: key(for: stored, storedCookies: storedCookies))
        }
    }

    /// Whether a background revalidation of `key` may start: false while one runs.
    func beginBackgroundRevalidation(_ key: String) -> Bool {
        revalidating.withLock { $0.insert(key).inserted }
    }

    /// Marks the background revalidation of `key` finished.
    func endBackgroundRevalidation(_ key: String) {
        _ = revalidating.withLock { $0.remove(key) }
    }

    /// How long past its lifetime `entry` may be served while it is revalidated.
    func staleWindow(for entry: CachedResponse) -> TimeInterval {
        let control = CacheControl(entry.headers)
        guard !control.mustRevalidate, !control.noCache else { return 0 }
        let own = TimeInterval(control.staleWhileRevalidate ?? 0)
        let app = policy.staleWhileRevalidate?.timeInterval ?? 0
        return max(own, app)
    }

    private static func varyingHeaders(of response: APIResponse, request: APIRequest) -> [String: String] {
        let names = response.headers.filter { $0.name.lowercased() == "vary" }.flatMap {
            $0.value.split(separator: ",")
        }
        return Dictionary(
            names.map { name in
                let name = name.trimmingCharacters(in: .whitespaces).lowercased()
                return (name, request.headers[name] ?? "")
            }, uniquingKeysWith: { first, _ in first })
    }
}
