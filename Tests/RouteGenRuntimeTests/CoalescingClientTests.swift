import Foundation
import RouteGenTestSupport
import RouteGenURLSession
import Testing

@testable import RouteGenRuntime
@testable import RouteGenToolkit

/// Identical GETs in flight share one network call, against a real server that counts what reaches it.
@Suite struct CoalescingClientTests {
    private static func get(_ base: URL, _ path: String = "/pets", query: [QueryItem] = []) -> APIRequest {
        APIRequest(method: .get, baseURL: base, path: path, query: query, routeName: "Tests.pets")
    }

    @Test(.timeLimit(.minutes(1)))
    func aHundredIdenticalGETsReachTheServerOnce() async throws {
        let served = Counter()
        let joined = Checkpoint()
        try await withTestServer(handler: { request in
            served.increment()
            // The response waits until every caller has joined the flight, so all are in flight together.
            if request.query == "p=1" { await joined.wait(for: 100) }
            return .json(#"{"page":"\#(request.query ?? "")"}"#)
        }) { base in
            let client = CoalescingClient(wrapping: URLSessionClient(), onJoin: { joined.reach() })
            let bodies = try await withThrowingTaskGroup(of: String.self) { group in
                for _ in 0..<100 {
                    group.addTask {
                        String(decoding: try await client.load(Self.get(base, query: [QueryItem(name: "p", value: "1")])).0, as: UTF8.self)
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

    @Test(.timeLimit(.minutes(1)))
    func aCancelledCallerDoesNotCancelTheOthers() async throws {
        let served = Checkpoint()
        let released = ["q=first": Checkpoint(), "q=second": Checkpoint()]
        try await withTestServer(handler: { request in
            served.reach()
            // A held response is sent only once the test releases it: a cancelled caller that waited for it
            // would never return, and the test would time out.
            await released[request.query ?? ""]?.wait()
            return .json("{}")
        }) { base in
            let joined = Checkpoint()
            let client = CoalescingClient(wrapping: URLSessionClient(), onJoin: { joined.reach() })
            let first = Self.get(base, query: [QueryItem(name: "q", value: "first")])
            let leaving = Task { try await client.load(first) }
            let staying = Task { try await client.load(first) }
            await joined.wait(for: 2)
            await served.wait(for: 1)
            leaving.cancel()
            await #expect(throws: CancellationError.self) { try await leaving.value }
            released["q=first"]?.reach()
            let stayed = try await staying.value.1.statusCode
            #expect(stayed == 200)
            #expect(served.count == 1)

            // When every caller leaves, the request itself is cancelled, and the next caller starts a new one.
            let second = Self.get(base, query: [QueryItem(name: "q", value: "second")])
            let alone = Task { try await client.load(second) }
            await served.wait(for: 2)
            alone.cancel()
            await #expect(throws: CancellationError.self) { try await alone.value }
            released["q=second"]?.reach()
            let again = try await client.load(second).1.statusCode
            #expect(again == 200)
            #expect(served.count == 3)
        }
    }
}
