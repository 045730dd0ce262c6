import Foundation
import RouteGenTestSupport
import RouteGenTesting
import Testing

@testable import RouteGenRuntime
@testable import RouteGenToolkit

/// A deadline bounds the whole call, through every decorator chain the documentation shows: retries (and their
/// `Retry-After` waits), token refreshes, a validator's retries and its work, shared requests and the cache, on the
/// wire over each transport.
@Suite struct DeadlineChainTests {
    private static func isDeadline(_ error: any Error, route: String = "Tests.slow") -> Bool {
        guard case .transportFailed(let failure) = error as? RouteGenError else { return false }
        return failure.code == .timedOut && failure.description.contains("deadline") && failure.request.routeName == route
    }

    @Test func aRetryAfterThatWouldEndPastTheDeadlineIsNotWaited() async throws {
        let slept = Locked<[Duration]>([])
        let server = StubTransport()
        server.register(.get, "/pets", response: StubResponse(statusCode: 503, headers: ["Retry-After": "3"]))
        let client = RetryingClient(wrapping: server, sleep: { delay in slept.withLock { $0.append(delay) } })
        var request = APIRequest(method: .get, baseURL: URL(string: "https://api.example.com")!, path: "/pets")
        request.deadline = .seconds(1)
        let (_, response) = try await client.load(request)
        #expect(response.statusCode == 503)
        #expect(slept.withLock { $0 }.isEmpty && server.requests.count == 1)
        // Without a deadline the same answers are waited for and retried.
        request.deadline = nil
        _ = try await client.load(request)
        #expect(slept.withLock { $0 } == [.seconds(3), .seconds(3)] && server.requests.count == 4)
    }

    @Test(.timeLimit(.minutes(1)), arguments: Transport.allCases)
    func retriesUnderAClientsDeadlineStopWhenItPasses(transport: Transport) async throws {
        let served = Counter()
        let release = Checkpoint()
        try await withTestServer(handler: { _ in
            served.increment()
            await release.wait()
            return .json("{}")
        }) { base in
            defer { release.reach() }
            let client = transport.client().retrying().limitingCalls(to: .seconds(1))
            let request = APIRequest(method: .get, baseURL: base, path: "/slow", routeName: "Tests.slow")
            await #expect { try await client.load(request) } throws: { Self.isDeadline($0) }
            // The first attempt used the whole deadline: no second one was begun (each with a deadline of its own, the
            // three attempts would all reach the server).
            #expect(served.count <= 1)
        }
    }

    @Test(.timeLimit(.minutes(1)), arguments: Transport.allCases)
    func aCallerSharingARequestKeepsToItsOwnDeadline(transport: Transport) async throws {
        for hurriedFirst in [false, true] {
            let release = Checkpoint()
            try await withTestServer(handler: { _ in
                await release.wait()
                return .json(#"{"ok":true}"#)
            }) { base in
                defer { release.reach() }
                let joined = Checkpoint()
                let client = CoalescingClient(wrapping: transport.client(), onJoin: { joined.reach() })
                let patient = APIRequest(method: .get, baseURL: base, path: "/slow", routeName: "Tests.slow")
                var limited = patient
                limited.deadline = .milliseconds(300)
                let hurried = limited
                // The first caller starts the shared request, the second joins it.
                let first = hurriedFirst ? hurried : patient
                let waiting = Task { try await client.load(first) }
                await joined.wait(for: 1)
                if hurriedFirst {
                    let answer = Task { try await client.load(patient) }
                    await #expect { try await waiting.value } throws: { Self.isDeadline($0) }
                    release.reach()
                    let (body, _) = try await answer.value
                    #expect(String(decoding: body, as: UTF8.self) == #"{"ok":true}"#)
                } else {
                    // Without its own deadline, the server would be released only after this returns: it never would.
                    await #expect { try await client.load(hurried) } throws: { Self.isDeadline($0) }
                    release.reach()
                    let (body, _) = try await waiting.value
                    #expect(String(decoding: body, as: UTF8.self) == #"{"ok":true}"#)
                }
            }
        }
    }

    /// A token refresh is shared by every caller a 401 sends to it: the first caller's deadline ends that caller's
    /// wait, never the refresh the others wait for. (On a machine so loaded that the first 401 comes back after the
    /// deadline, the refresh never starts: the case is tried again with a deadline twice as long.)
    @Test(.timeLimit(.minutes(1)), arguments: Transport.allCases)
    func aSharedRefreshKeepsToNoOneCallersDeadline(transport: Transport) async throws {
        try await withTestServer(handler: { request in
            request.headers["authorization"] == "Bearer fresh" ? .json(#"{"ok":true}"#) : ServerReply(status: 401)
        }) { base in
            for seconds in [1, 2, 4, 8] {
                // Reached when the refresh starts, and when the first call ends: whichever comes first.
                let progress = Checkpoint()
                let refreshes = Counter()
                let release = Checkpoint()
                defer { release.reach() }
                let client = transport.client().authenticated(token: { "old" }) { _ in
                    refreshes.increment()
                    progress.reach()
                    await release.wait()
                    return "fresh"
                }
                let patient = APIRequest(method: .get, baseURL: base, path: "/me", authentication: .bearer, routeName: "Tests.slow")
                var hurried = patient
                hurried.deadline = .seconds(seconds)
                let limited = hurried
                let first = Task {
                    defer { progress.reach() }
                    return try await client.load(limited)
                }
                await progress.wait()
                guard refreshes.count == 1 else { continue }
                let second = Task { try await client.load(patient) }
                await #expect { try await first.value } throws: { Self.isDeadline($0) }
                release.reach()
                let (body, response) = try await second.value
                #expect(response.statusCode == 200 && String(decoding: body, as: UTF8.self) == #"{"ok":true}"#)
                return
            }
            Issue.record("the first 401 never came back within 8 s")
        }
    }

    /// A call cancelled while its body arrives ends with `CancellationError`, never with the bytes so far as if they
    /// were the body: a cache does not keep them, and a download leaves no file.
    @Test(.timeLimit(.minutes(1)), arguments: Transport.allCases)
    func aCancelledCallIsNoWholeBody(transport: Transport) async throws {
        let started = Checkpoint()
        try await withTestServer(handler: { _ in
            .streamed(headers: ["Content-Type": "text/plain", "Cache-Control": "max-age=600"]) { send in
                try await send(Data("first bytes ".utf8))
                started.reach()
                for _ in 0..<600 {
                    try await Task.sleep(for: .milliseconds(50))
                    try await send(Data("x".utf8))
                }
            }
        }) { base in
            let cache = HTTPCache(policy: .init(defaultMaxAge: .seconds(600)))
            let client = transport.client().caching(cache)
            let request = APIRequest(method: .get, baseURL: base, path: "/slow", routeName: "Tests.slow")
            let load = Task { try await client.load(request) }
            await started.wait(for: 1)
            load.cancel()
            await #expect(throws: CancellationError.self) { try await load.value }
            #expect(cache.store.entry(forKey: cache.key(for: request, storedCookies: nil)) == nil)

            let folder = FileManager.default.temporaryDirectory.appending(path: "routegen-cancel-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let download = Task { try await transport.client().download(request, to: folder.appending(path: "file.txt")) }
            await started.wait(for: 2)
            download.cancel()
            await #expect(throws: CancellationError.self) { try await download.value }
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
        }
    }

    /// The decorators a chain may hold, as the documentation composes them.
    enum Decorator: CaseIterable {
        case retrying, refreshing, coalescing, caching, validating

        func wrap(_ client: any HTTPTransport, release: Checkpoint) -> any HTTPTransport {
            switch self {
            case .retrying: client.retrying(RetryPolicy(maxAttempts: 4, baseDelay: .milliseconds(100)))
            case .refreshing:
                client.authenticated(token: { "expired" }) { _ in
                    // A refresh that hangs, ignoring cancellation: only the deadline can end the wait.
                    await release.wait()
                    return "fresh"
                }
            case .coalescing: client.coalescing()
            case .caching: client.caching(HTTPCache(policy: .init(defaultMaxAge: .seconds(60))))
            case .validating:
                // A validator that asks for a long wait, or for work that hangs, before each retry.
                client.validatingResponses(maxRetries: 2) { _, response, _ in
                    switch response.statusCode {
                    case 503: .retry(after: .seconds(5))
                    case 401: .retryAfter({ await release.wait() })
                    default: .next
                    }
                }
            }
        }
    }

    /// A generated chain over a server that is silent, busy (`503`, `Retry-After: 5`) or rejects the token (`401`),
    /// with the deadline on the request or on the client: the call ends within its deadline, give or take the
    /// scheduling of a machine running every suite at once on two cores (4 s; a chain that waited for a `Retry-After`
    /// would take 5 s more, and one that waited for the refresh or a validator's work would never end), with its answer,
    /// a validator's status check, or the deadline's failure.
    @Test(.timeLimit(.minutes(3)))
    func everyDocumentedChainEndsByItsDeadline() async throws {
        let release = Checkpoint()
        try await withTestServer(handler: { request in
            switch request.path {
            case "/silent":
                await release.wait()
                return .json("{}")
            case "/busy": return ServerReply(status: 503, headers: ["Retry-After": "5"])
            default: return ServerReply(status: 401, headers: ["WWW-Authenticate": "Bearer"])
            }
        }) { base in
            defer { release.reach() }
            var random = SeededGenerator(seed: 4)
            for round in 0..<30 {
                let transport = Transport.allCases[round % Transport.allCases.count]
                let decorators = Decorator.allCases.shuffled(using: &random).prefix(Int.random(in: 1...4, using: &random))
                var client = decorators.reduce(transport.client()) { $1.wrap($0, release: release) }
                let deadline = Duration.milliseconds(Int.random(in: 200...500, using: &random))
                let path = ["/silent", "/busy", "/expired"].randomElement(using: &random)!
                var request = APIRequest(method: .get, baseURL: base, path: path, authentication: .bearer, routeName: "Tests.chain")
                let onClient = Bool.random(using: &random)
                if onClient { client = client.limitingCalls(to: deadline) } else { request.deadline = deadline }
                let context = "round \(round): \(decorators) over \(transport), \(path), deadline \(deadline) on the \(onClient ? "client" : "request")"
                let start = ContinuousClock.now
                do {
                    let (_, response) = try await client.load(request)
                    #expect(path != "/silent", "\(context): answered \(response.statusCode)")
                } catch RouteGenError.unacceptableStatus(let status) {
                    // A validator's status check: the answer, given within the deadline.
                    #expect(decorators.contains(.validating) && status.response.statusCode != 200, "\(context): \(status)")
                } catch {
                    #expect(Self.isDeadline(error, route: "Tests.chain"), "\(context): \(error)")
                }
                let elapsed = ContinuousClock.now - start
                #expect(elapsed < deadline + .seconds(4), "\(context): took \(elapsed)")
            }
        }
    }
}
