import Foundation
import RouteGenRuntime
import RouteGenTestSupport
import RouteGenURLSession
import Testing

/// Identical GETs in flight share one network call, against a real server that counts what reaches it.
@Suite struct CoalescingClientTests {
    private static func get(_ base: URL, _ path: String = "/pets", query: [QueryItem] = []) -> HTTPRequest {
        HTTPRequest(method: .get, baseURL: base, path: path, query: query, routeName: "Tests.pets")
    }

    @Test func aHundredIdenticalGETsReachTheServerOnce() async throws {
        let served = Counter()
        let callers = Counter()
        try await withTestServer(handler: { request in
            served.increment()
            // The response waits until every caller has set off (and a little more), so all are in flight.
            let deadline = ContinuousClock.now + .seconds(10)
            while request.query == "p=1", callers.count < 100, ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(5))
            }
            try await Task.sleep(for: .milliseconds(50))
            return .json(#"{"page":"\#(request.query ?? "")"}"#)
        }) { base in
            let client = URLSessionClient().coalescing()
            let bodies = try await withThrowingTaskGroup(of: String.self) { group in
                for _ in 0..<100 {
                    group.addTask {
                        callers.increment()
                        return String(decoding: try await client.load(Self.get(base, query: [QueryItem(name: "p", value: "1")])).0, as: UTF8.self)
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(bodies.count == 100 && Set(bodies) == [#"{"page":"p=1"}"#])
            #expect(served.count == 1)

            // Different URLs, methods or credentials are different requests.
            let other = Self.get(base, query: [QueryItem(name: "p", value: "2")])
            var otherUser = other
            otherUser.authentication = .bearer
            otherUser.headers["Authorization"] = "Bearer someone-else"
            var post = Self.get(base)
            post.method = .post
            async let second = client.load(other)
            async let third = client.load(otherUser)
            async let fourth = client.load(post)
            _ = try await (second, third, fourth)
            #expect(served.count == 4)
        }
    }

    @Test func aCancelledCallerDoesNotCancelTheOthers() async throws {
        let served = Counter()
        let held = Locked<Set<String>>(["q=first", "q=second"])
        try await withTestServer(handler: { request in
            served.increment()
            // A held response is sent only once the test releases it: a cancelled caller that waited for it
            // would never return, and the test would time out.
            let deadline = ContinuousClock.now + .seconds(10)
            while held.withLock({ $0.contains(request.query ?? "") }), ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(5))
            }
            return .json("{}")
        }) { base in
            let client = URLSessionClient().coalescing()
            let first = Self.get(base, query: [QueryItem(name: "q", value: "first")])
            let leaving = Task { try await client.load(first) }
            let staying = Task { try await client.load(first) }
            while served.count == 0 { try await Task.sleep(for: .milliseconds(5)) }
            leaving.cancel()
            await #expect(throws: CancellationError.self) { try await leaving.value }
            _ = held.withLock { $0.remove("q=first") }
            #expect(try await staying.value.1.statusCode == 200)
            #expect(served.count == 1)

            // When every caller leaves, the request itself is cancelled, and the next caller starts a new one.
            let second = Self.get(base, query: [QueryItem(name: "q", value: "second")])
            let alone = Task { try await client.load(second) }
            while served.count == 1 { try await Task.sleep(for: .milliseconds(5)) }
            alone.cancel()
            await #expect(throws: CancellationError.self) { try await alone.value }
            _ = held.withLock { $0.remove("q=second") }
            #expect(try await client.load(second).1.statusCode == 200)
            #expect(served.count == 3)
        }
    }
}
