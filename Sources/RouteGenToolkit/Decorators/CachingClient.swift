import Foundation
import RouteGenRuntime

/// Answers GET and HEAD requests from an ``HTTPCache`` when HTTP caching (RFC 9111) allows, and revalidates
/// stored responses with `If-None-Match` / `If-Modified-Since`: a 304 refreshes the stored response, which is
/// returned as the answer.
///
/// A fresh response (`max-age`, `Expires`, or the policy's default lifetime) is served without a request; a
/// stale one, or one marked `no-cache`, is revalidated first, unless the policy or its `stale-while-revalidate`
/// lets it be served at once while the revalidation runs in the background. Requests with `Cache-Control:
/// no-cache` revalidate; with `no-store`, or conditional or range requests of the caller's own, pass through.
/// A successful POST, PUT, PATCH or DELETE removes the responses stored for its URL under the same credential.
/// Streamed responses pass through. Responses are kept apart by every credential the request carries and the cookies
/// the transport adds from its own store (see ``HTTPCache``).
///
/// Apply it before `.authenticated(…)` in the chain, so that it runs after the credential is added and keeps
/// responses apart per credential, and apply `.coalescing()` just before it so that identical misses in flight
/// share one request.
public struct CachingClient: HTTPTransport, Decorating {
    package let base: any HTTPTransport
    /// The cache it reads and fills.
    public let cache: HTTPCache

    /// Creates the decorator.
    public init(wrapping base: any HTTPTransport, cache: HTTPCache) {
        self.base = base
        self.cache = cache
    }

    public func load(_ request: APIRequest) async throws -> (Data, APIResponse) {
        let storedCookies = base.storedCookies(for: request)
        guard request.method == .get || request.method == .head else {
            let result = try await base.load(request)
            if result.1.statusCode < 400 { cache.invalidate(after: request, storedCookies: storedCookies) }
            return result
        }
        let requestControl = CacheControl(request.headers)
        let isCallersOwnConditional = ["If-None-Match", "If-Modified-Since", "Range"].contains {
            request.headers[$0] != nil
        }
        guard !requestControl.noStore, !isCallersOwnConditional else { return try await base.load(request) }
        let key = cache.key(for: request, storedCookies: storedCookies)
        let fetch = Fetch(request: request, key: key, storedCookies: storedCookies)
        guard let stored = cache.entry(for: request, key: key) else { return try await self.fetch(fetch) }
        let age = stored.age(at: cache.now())
        let lifetime = stored.freshnessLifetime(defaultMaxAge: cache.policy.defaultMaxAge)
        let mustRevalidate = CacheControl(stored.headers).noCache || requestControl.noCache
        if !mustRevalidate, age < lifetime { return Self.served(stored, age: age) }
        if !mustRevalidate, age < lifetime + cache.staleWindow(for: stored) {
            if cache.beginBackgroundRevalidation(key) {
                let client = self
                Task {
                    defer { client.cache.endBackgroundRevalidation(key) }
                    // A call of its own: the caller's deadline, if any, is not this revalidation's.
                    _ = try? await CallEnd.$current.withValue(nil) { try await client.revalidate(fetch, stored) }
                }
            }
            return Self.served(stored, age: age)
        }
        return try await revalidate(fetch, stored)
    }

    public func stream(_ request: APIRequest) async throws -> (APIResponse, ResponseBodyStream) {
        try await base.stream(request)
    }

    /// A request the cache answers from the network: under which key, and the cookies the transport said it adds
    /// (`HTTPTransport.storedCookies(for:)`), which the key holds.
    private struct Fetch {
        var request: APIRequest
        var key: String
        var storedCookies: String?

        /// Whether the response to a request that went out with `sent` cookies from the transport's store belongs
        /// under the key: only the cookies the key holds were sent.
        func keyHolds(_ sent: [String]) -> Bool { sent.allSatisfy { $0 == storedCookies } }
    }

    /// Sends the request and stores the response if it may be.
    private func fetch(_ fetch: Fetch) async throws -> (Data, APIResponse) {
        let requestTime = cache.now()
        let ((body, response), sentCookies) = try await TransportCookies.watch { try await base.load(fetch.request) }
        // Cookies the key does not hold (the store changed meanwhile, or nothing told the cache of them): the
        // response is not filed under it.
        guard fetch.keyHolds(sentCookies) else {
            cache.store.removeEntry(forKey: fetch.key)
            return (body, response)
        }
        cache.storeIfAllowed(
            fetch.request, key: fetch.key, body: body, response: response, requestTime: requestTime, responseTime: cache.now())
        return (body, response)
    }

    /// Asks the server whether `stored` is still good; a 304 refreshes it, anything else replaces it.
    private func revalidate(_ fetch: Fetch, _ stored: CachedResponse) async throws -> (Data, APIResponse) {
        let (request, key) = (fetch.request, fetch.key)
        guard stored.hasValidator else { return try await self.fetch(fetch) }
        var conditional = request
        conditional.headers["If-None-Match"] = stored.headers["ETag"]
        conditional.headers["If-Modified-Since"] = stored.headers["Last-Modified"]
        let requestTime = cache.now()
        let ((body, response), sentCookies) = try await TransportCookies.watch { try await base.load(conditional) }
        let responseTime = cache.now()
        guard fetch.keyHolds(sentCookies) else {
            cache.store.removeEntry(forKey: key)
            return response.statusCode == 304 ? Self.served(stored, age: stored.age(at: responseTime)) : (body, response)
        }
        guard response.statusCode == 304 else {
            cache.storeIfAllowed(
                request, key: key, body: body, response: response, requestTime: requestTime, responseTime: responseTime)
            return (body, response)
        }
        // RFC 9111 §4.3.4: the 304's headers replace the stored ones of the same name.
        var refreshed = stored
        for field in response.headers where !["content-length", "set-cookie"].contains(field.name.lowercased()) {
            refreshed.headers[field.name] = field.value
        }
        refreshed.requestTime = requestTime
        refreshed.responseTime = responseTime
        cache.storeIfAllowed(
            request, key: key, body: stored.body, response: refreshed.head, requestTime: requestTime,
            responseTime: responseTime)
        return Self.served(refreshed, age: refreshed.age(at: responseTime))
    }

    /// A stored response as served: its status, headers and body, with its current `Age`.
    private static func served(_ stored: CachedResponse, age: TimeInterval) -> (Data, APIResponse) {
        var head = stored.head
        head.headers["Age"] = String(Int(age.rounded(.down)))
        return (stored.body, head)
    }
}

extension HTTPTransport {
    /// Answers GET and HEAD requests from `cache` as HTTP caching allows. See ``CachingClient``.
    public func caching(_ cache: HTTPCache = HTTPCache()) -> CachingClient {
        CachingClient(wrapping: self, cache: cache)
    }
}
