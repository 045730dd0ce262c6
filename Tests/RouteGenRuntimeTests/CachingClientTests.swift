import Foundation
import RouteGenTestSupport
import RouteGenURLSession
import Testing

@testable import RouteGenRuntime
@testable import RouteGenToolkit

/// SHA-256, which cache keys are made with, on the standard's test vectors.
@Test func sha256MatchesTheStandardsVectors() {
    #expect(SHA256.hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    #expect(SHA256.hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    #expect(
        SHA256.hex(String(repeating: "a", count: 1_000))
            == "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3")
}

/// HTTP caching (RFC 9111) against a real server that counts the requests reaching it and sends the caching
/// headers; the cache's clock is the test's, so freshness is decided without waiting.
@Suite struct CachingClientTests {
    /// A clock the test moves.
    final class TestClock: Sendable {
        /// Now, to the second: the server's own `Date` header is the real time.
        let start = Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down))
        private let date: Locked<Date>
        init() { date = Locked(start) }
        var now: Date { date.withLock { $0 } }
        func advance(_ seconds: TimeInterval) { date.withLock { $0 += seconds } }

        /// The `Date` header of a response generated now.
        var httpDate: String { Self.format(now) }

        static func format(_ date: Date) -> String {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "GMT")
            formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
            return formatter.string(from: date)
        }
    }

    private static func get(_ base: URL, _ path: String = "/pets", headers: HeaderFields = [:]) -> APIRequest {
        APIRequest(method: .get, baseURL: base, path: path, headers: headers, routeName: "Tests.pets")
    }

    private static func text(_ result: (Data, APIResponse)) -> String {
        String(decoding: result.0, as: UTF8.self)
    }

    /// The test server's `Date` is the real time; this puts the test clock's in its place, as a server whose clock
    /// agrees with the test's would send it.
    struct ServerOnTestClock: HTTPTransport {
        let base: any HTTPTransport
        let clock: TestClock

        func load(_ request: APIRequest) async throws -> (Data, APIResponse) {
            var (body, response) = try await base.load(request)
            response.headers["Date"] = clock.httpDate
            return (body, response)
        }
    }

    /// A memory store that tells a test each time something is stored.
    final class RecordingStore: HTTPCacheStore {
        let stored = Checkpoint()
        private let memory = MemoryCacheStore()
        func entry(forKey key: String) -> CachedResponse? { memory.entry(forKey: key) }
        func store(_ entry: CachedResponse, forKey key: String) {
            memory.store(entry, forKey: key)
            stored.reach()
        }
        func removeEntry(forKey key: String) { memory.removeEntry(forKey: key) }
        func removeEntries(where shouldRemove: (CachedResponse) -> Bool) { memory.removeEntries(where: shouldRemove) }
    }

    /// A cache on `clock` over `URLSessionClient`.
    private static func client(
        _ clock: TestClock, policy: HTTPCache.Policy = .init(), store: any HTTPCacheStore = MemoryCacheStore()
    ) -> (CachingClient, HTTPCache) {
        let cache = HTTPCache(store: store, policy: policy, now: { clock.now })
        return (ServerOnTestClock(base: URLSessionClient(), clock: clock).caching(cache), cache)
    }

    @Test func aFreshResponseIsServedWithoutARequestAndAStaleOneIsRevalidated() async throws {
        let served = Counter()
        let clock = TestClock()
        let conditions = Locked<[String?]>([])
        try await withTestServer(handler: { request in
            served.increment()
            conditions.withLock { $0.append(request.headers["if-none-match"]) }
            let headers = ["Cache-Control": "max-age=60", "ETag": #""v1""#]
            if request.headers["if-none-match"] == #""v1""# { return ServerReply(status: 304, headers: headers) }
            return .text("rex", headers: headers)
        }) { base in
            let (client, _) = Self.client(clock)
            #expect(Self.text(try await client.load(Self.get(base))) == "rex")
            clock.advance(30)
            let second = try await client.load(Self.get(base))
            #expect(Self.text(second) == "rex" && second.1.headers["Age"] == "30")
            #expect(served.count == 1)

            clock.advance(31)  // 61 s old: stale; revalidated with its ETag, and the 304 refreshes it.
            let third = try await client.load(Self.get(base))
            #expect(Self.text(third) == "rex" && third.1.statusCode == 200 && third.1.headers["Age"] == "0")
            #expect(served.count == 2)
            #expect(conditions.withLock { $0 } == [nil, #""v1""#])

            clock.advance(59)  // fresh again after the 304
            _ = try await client.load(Self.get(base))
            #expect(served.count == 2)
        }
    }

    @Test func noStoreIsNeverStoredAndNoCacheIsRevalidatedEveryTime() async throws {
        let served = Counter()
        let clock = TestClock()
        try await withTestServer(handler: { request in
            served.increment()
            if request.path == "/no-store" { return .text("secret", headers: ["Cache-Control": "no-store, max-age=600"]) }
            if request.headers["if-modified-since"] == "Sun, 06 Nov 1994 08:49:37 GMT" { return ServerReply(status: 304) }
            return .text("list", headers: ["Cache-Control": "no-cache", "Last-Modified": "Sun, 06 Nov 1994 08:49:37 GMT"])
        }) { base in
            let (client, cache) = Self.client(clock)
            _ = try await client.load(Self.get(base, "/no-store"))
            _ = try await client.load(Self.get(base, "/no-store"))
            #expect(served.count == 2)
            #expect((cache.store as? MemoryCacheStore)?.byteCount == 0)

            #expect(Self.text(try await client.load(Self.get(base, "/no-cache"))) == "list")
            #expect(Self.text(try await client.load(Self.get(base, "/no-cache"))) == "list")
            #expect(served.count == 4)  // the second was a conditional request answered 304
        }
    }

    @Test func expiresDateAndAgeDecideFreshness() async throws {
        let served = Counter()
        let clock = TestClock()
        let expires = TestClock.format(clock.start + 30)
        try await withTestServer(handler: { request in
            served.increment()
            switch request.path {
            case "/expires": return .text("a", headers: ["Expires": expires])
            case "/expired": return .text("b", headers: ["Expires": "0"])
            default: return .text("c", headers: ["Cache-Control": "max-age=60", "Age": "50"])
            }
        }) { base in
            let (client, _) = Self.client(clock)
            _ = try await client.load(Self.get(base, "/expires"))
            _ = try await client.load(Self.get(base, "/expired"))
            _ = try await client.load(Self.get(base, "/aged"))
            clock.advance(9)
            _ = try await client.load(Self.get(base, "/expires"))  // 9 of 30 s: fresh
            _ = try await client.load(Self.get(base, "/expired"))  // never fresh, no validator: not stored
            _ = try await client.load(Self.get(base, "/aged"))  // 50 + 9 of 60 s: fresh
            #expect(served.count == 4)
            clock.advance(2)
            _ = try await client.load(Self.get(base, "/aged"))  // 61 of 60 s: stale, no validator: fetched
            _ = try await client.load(Self.get(base, "/expires"))  // 11 of 30 s: fresh
            #expect(served.count == 5)
            clock.advance(20)
            _ = try await client.load(Self.get(base, "/expires"))  // 31 of 30 s
            #expect(served.count == 6)
        }
    }

    @Test func varyAndCredentialsKeepResponsesApart() async throws {
        let served = Counter()
        let clock = TestClock()
        try await withTestServer(handler: { request in
            served.increment()
            let body = "\(request.headers["authorization"] ?? "anonymous") \(request.headers["x-variant"] ?? "-")"
            return .text(body, headers: ["Cache-Control": "private, max-age=600", "Vary": "X-Variant"])
        }) { base in
            let (cached, _) = Self.client(clock)
            let ann = cached.authenticated { "ann" }
            let bob = cached.authenticated { "bob" }
            var bodies: [String] = []
            for client in [ann, bob, ann, bob] { bodies.append(Self.text(try await client.load(Self.authenticated(base)))) }
            #expect(bodies == ["Bearer ann -", "Bearer bob -", "Bearer ann -", "Bearer bob -"])
            #expect(served.count == 2)

            let french = Self.get(base, "/greeting", headers: ["X-Variant": "fr"])
            let english = Self.get(base, "/greeting", headers: ["X-Variant": "en"])
            #expect(Self.text(try await cached.load(french)) == "anonymous fr")
            #expect(Self.text(try await cached.load(english)) == "anonymous en")
            #expect(Self.text(try await cached.load(english)) == "anonymous en")
            #expect(served.count == 4)
        }
    }

    private static func authenticated(_ base: URL) -> APIRequest {
        var request = get(base, "/me")
        request.authentication = .bearer
        return request
    }

    @Test func theAppsPolicyCoversServersThatSayNothing() async throws {
        let served = Counter()
        let clock = TestClock()
        try await withTestServer(handler: { _ in
            served.increment()
            return .text("v\(served.count)")
        }) { base in
            let (plain, _) = Self.client(clock)
            _ = try await plain.load(Self.get(base))
            _ = try await plain.load(Self.get(base))
            #expect(served.count == 2)  // no lifetime, no validator: not stored

            let (fiveMinutes, _) = Self.client(clock, policy: .init(defaultMaxAge: .seconds(300)))
            #expect(Self.text(try await fiveMinutes.load(Self.get(base))) == "v3")
            clock.advance(299)
            #expect(Self.text(try await fiveMinutes.load(Self.get(base))) == "v3")
            clock.advance(2)
            #expect(Self.text(try await fiveMinutes.load(Self.get(base))) == "v4")
        }
    }

    @Test(.timeLimit(.minutes(1)))
    func staleWhileRevalidateAnswersAtOnceAndRefreshesInTheBackground() async throws {
        let served = Counter()
        let clock = TestClock()
        let store = RecordingStore()
        try await withTestServer(handler: { _ in
            served.increment()
            return .text("v\(served.count)", headers: ["Cache-Control": "max-age=10"])
        }) { base in
            let (client, _) = Self.client(clock, policy: .init(staleWhileRevalidate: .seconds(3600)), store: store)
            let first = Self.text(try await client.load(Self.get(base)))
            #expect(first == "v1")
            clock.advance(60)
            #expect(Self.text(try await client.load(Self.get(base))) == "v1")  // stale, served at once
            await store.stored.wait(for: 2)  // the background revalidation's response is in the store
            #expect(served.count == 2)
            #expect(Self.text(try await client.load(Self.get(base))) == "v2")
            #expect(served.count == 2)

            clock.advance(3700)  // beyond the window: revalidated before answering
            #expect(Self.text(try await client.load(Self.get(base))) == "v3")
        }
    }

    @Test(.timeLimit(.minutes(1)))
    func theServersStaleWhileRevalidateCountsAndMustRevalidateForbidsServingStale() async throws {
        let served = Checkpoint()
        let clock = TestClock()
        try await withTestServer(handler: { request in
            let count = served.reach()
            let control =
                request.path == "/strict"
                ? "max-age=10, must-revalidate" : "public, max-age=10, stale-while-revalidate=60"
            return .text("\(request.path) v\(count)", headers: ["Cache-Control": control])
        }) { base in
            let (client, _) = Self.client(clock, policy: .init(staleWhileRevalidate: .seconds(3600)))
            _ = try await client.load(Self.get(base, "/relaxed"))
            _ = try await client.load(Self.get(base, "/strict"))
            clock.advance(30)
            // 30 s old: the relaxed one is served stale at once (its own window, and the app's);
            #expect(Self.text(try await client.load(Self.get(base, "/relaxed"))) == "/relaxed v1")
            // the strict one is fetched again before answering, whatever the app's policy says.
            let strict = Self.text(try await client.load(Self.get(base, "/strict")))
            #expect(strict == "/strict v3" || strict == "/strict v4")
            await served.wait(for: 4)  // the strict refetch, and the relaxed one's background revalidation
            #expect(served.count == 4)
        }
    }

    @Test func unsafeRequestsAndClearingRemoveStoredResponses() async throws {
        let served = Counter()
        let clock = TestClock()
        try await withTestServer(handler: { request in
            served.increment()
            return .text("\(request.method) \(request.path)", headers: ["Cache-Control": "max-age=600"])
        }) { base in
            let (client, cache) = Self.client(clock)
            var other = Self.get(base, "/owners/1")
            other.routeName = "Tests.owner"
            for request in [Self.get(base, "/pets/1"), Self.get(base, "/pets/2"), other] { _ = try await client.load(request) }
            #expect(served.count == 3)

            var delete = Self.get(base, "/pets/1")
            delete.method = .delete
            _ = try await client.load(delete)  // removes GET /pets/1
            _ = try await client.load(Self.get(base, "/pets/1"))
            _ = try await client.load(Self.get(base, "/pets/2"))
            #expect(served.count == 5)

            cache.removeEntries(forRoute: "Tests.owner")
            _ = try await client.load(other)
            _ = try await client.load(Self.get(base, "/pets/2"))
            #expect(served.count == 6)

            cache.removeEntries(withURLPrefix: base.absoluteString + "/pets/")
            _ = try await client.load(Self.get(base, "/pets/2"))
            _ = try await client.load(other)
            #expect(served.count == 7)

            cache.removeAll()
            _ = try await client.load(other)
            #expect(served.count == 8)
        }
    }

    @Test(.timeLimit(.minutes(1)))
    func aHundredIdenticalGETsReachTheServerOnce() async throws {
        let served = Counter()
        let joined = Checkpoint()
        try await withTestServer(handler: { _ in
            served.increment()
            // Answered once all hundred callers wait for this one request.
            await joined.wait(for: 100)
            return .text("shared", headers: ["Cache-Control": "max-age=60"])
        }) { base in
            let client = CoalescingClient(wrapping: URLSessionClient(), onJoin: { joined.reach() }).caching(HTTPCache())
            let bodies = try await withThrowingTaskGroup(of: String.self) { group in
                for _ in 0..<100 {
                    group.addTask { Self.text(try await client.load(Self.get(base))) }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(bodies == Array(repeating: "shared", count: 100))
            // And later ones are answered from the cache.
            for _ in 0..<100 { _ = try await client.load(Self.get(base)) }
            #expect(served.count == 1)
        }
    }
}

/// The stores, without a server.
@Suite struct HTTPCacheStoreTests {
    private static func entry(_ url: String, bytes: Int) -> CachedResponse {
        CachedResponse(
            method: "GET", url: url, routeName: nil, statusCode: 200, headers: ["ETag": "\"1\""],
            body: Data(repeating: 7, count: bytes), requestTime: Date(timeIntervalSince1970: 0),
            responseTime: Date(timeIntervalSince1970: 1), varyingHeaders: [:])
    }

    @Test func theMemoryStoreDropsTheLeastRecentlyUsedBeyondItsLimit() {
        let store = MemoryCacheStore(byteLimit: 3_000)
        store.store(Self.entry("a", bytes: 900), forKey: "a")
        store.store(Self.entry("b", bytes: 900), forKey: "b")
        store.store(Self.entry("c", bytes: 900), forKey: "c")
        _ = store.entry(forKey: "a")  // a is now more recent than b
        store.store(Self.entry("d", bytes: 900), forKey: "d")
        #expect(store.entry(forKey: "b") == nil)
        #expect(store.entry(forKey: "a") != nil && store.entry(forKey: "c") != nil && store.entry(forKey: "d") != nil)
        #expect(store.byteCount <= 3_000)
        store.store(Self.entry("huge", bytes: 5_000), forKey: "huge")
        #expect(store.entry(forKey: "huge") == nil)
    }

    @Test func theDiskStoreSurvivesARestartAndAnInterruptedWrite() throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "routegen-cache-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let stored = Self.entry("https://api.example.com/pets", bytes: 100_000)
        try DiskCacheStore(folder: folder).store(stored, forKey: "k1")

        // A new store on the same folder (the app restarted) reads it back.
        #expect(try DiskCacheStore(folder: folder).entry(forKey: "k1") == stored)

        // A write interrupted before its rename leaves a partial file, removed at the next start; the entry
        // before it is intact.
        let partial = folder.appending(path: "k1.\(UUID().uuidString).partial")
        try Data("RGC1 torn".utf8).write(to: partial)
        let restarted = try DiskCacheStore(folder: folder)
        #expect(!FileManager.default.fileExists(atPath: partial.path))
        #expect(restarted.entry(forKey: "k1") == stored)

        // An entry cut short (a disk that lost its tail) is a miss, and is removed.
        let file = folder.appending(path: "k1.response")
        let bytes = try Data(contentsOf: file)
        try bytes.prefix(bytes.count - 10).write(to: file)
        #expect(restarted.entry(forKey: "k1") == nil)
        #expect(!FileManager.default.fileExists(atPath: file.path))

        restarted.store(stored, forKey: "k2")
        restarted.removeEntries { $0.url.hasPrefix("https://api.example.com/") }
        #expect(restarted.entry(forKey: "k2") == nil)
    }

    @Test func aCacheOnDiskAnswersAfterARestart() async throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "routegen-cache-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let served = Counter()
        try await withTestServer(handler: { _ in
            served.increment()
            return .text("kept", headers: ["Cache-Control": "max-age=600"])
        }) { base in
            let request = APIRequest(method: .get, baseURL: base, path: "/pets")
            _ = try await URLSessionClient().caching(HTTPCache(store: try DiskCacheStore(folder: folder))).load(request)
            let again = try await URLSessionClient().caching(HTTPCache(store: try DiskCacheStore(folder: folder))).load(request)
            #expect(String(decoding: again.0, as: UTF8.self) == "kept")
            #expect(served.count == 1)
        }
    }
}
