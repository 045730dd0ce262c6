import Foundation
import RouteGenRuntime
import RouteGenTestSupport
import RouteGenTesting
import RouteGenToolkit
import Testing

@Suite struct RetryingClientTests {
    /// A stub answering `statuses` in turn (the last one repeats), and the delays the client slept.
    private func scripted(_ statuses: [Int], headers: HeaderFields = [:]) -> (StubTransport, Counter) {
        let stub = StubTransport()
        let calls = Counter()
        for method in [RequestMethod.get, .post] {
            stub.register(method, "/v1/pets") { _ in
                let index = min(calls.increment(), statuses.count) - 1
                return StubResponse(statusCode: statuses[index], headers: headers)
            }
        }
        return (stub, calls)
    }

    private func client(
        _ base: any HTTPTransport, policy: RetryPolicy = RetryPolicy(), slept: Locked<[Duration]>
    ) -> RetryingClient {
        RetryingClient(wrapping: base, policy: policy, sleep: { delay in slept.withLock { $0.append(delay) } }, jitter: { 0.5 })
    }

    @Test func retriesUntilSuccessWithExponentialBackoff() async throws {
        let (stub, calls) = scripted([503, 503, 200])
        let slept = Locked<[Duration]>([])
        let (_, response) = try await client(stub, slept: slept).load(Requests.get())
        #expect(response.statusCode == 200)
        #expect(calls.count == 3)
        // Half of 250 ms plus half the jitter of the other half; then double.
        #expect(slept.withLock { $0 } == [.milliseconds(187.5), .milliseconds(375)])
    }

    @Test func givesUpAfterMaxAttemptsAndReturnsTheLastResponse() async throws {
        let (stub, calls) = scripted([500])
        let slept = Locked<[Duration]>([])
        let (_, response) = try await client(stub, policy: RetryPolicy(maxAttempts: 4), slept: slept).load(Requests.get())
        #expect(response.statusCode == 500)
        #expect(calls.count == 4)
    }

    @Test func aPOSTIsRetriedOnlyWithAnIdempotencyKey() async throws {
        var post = Requests.get()
        post.method = .post
        let (stub, calls) = scripted([503, 200])
        let slept = Locked<[Duration]>([])
        #expect(try await client(stub, slept: slept).load(post).1.statusCode == 503)
        #expect(calls.count == 1)

        post.headers["Idempotency-Key"] = "k-1"
        let (keyedStub, keyedCalls) = scripted([503, 200])
        #expect(try await client(keyedStub, slept: slept).load(post).1.statusCode == 200)
        #expect(keyedCalls.count == 2)
        #expect(keyedStub.requests.map { $0.headers["Idempotency-Key"] } == ["k-1", "k-1"])

        // A policy without the header never retries a POST, key or not.
        let (refusingStub, refusingCalls) = scripted([503, 200])
        let refusing = client(refusingStub, policy: RetryPolicy(idempotencyKeyHeader: nil), slept: slept)
        #expect(try await refusing.load(post).1.statusCode == 503)
        #expect(refusingCalls.count == 1)
    }

    @Test func everyCallGetsAFreshKeyThatItsRetriesKeep() async throws {
        let (stub, _) = scripted([503, 200, 503, 200])
        let slept = Locked<[Duration]>([])
        let keys = Counter()
        let keyed = IdempotencyKeyClient(wrapping: client(stub, slept: slept)) { "key-\(keys.increment())" }
        var post = Requests.get()
        post.method = .post
        _ = try await keyed.load(post)
        _ = try await keyed.load(post)
        // A GET, and a POST with its own key, are left as they are.
        _ = try await keyed.load(Requests.get())
        post.headers["Idempotency-Key"] = "mine"
        _ = try await keyed.load(post)
        #expect(stub.requests.map { $0.headers["Idempotency-Key"] } == ["key-1", "key-1", "key-2", "key-2", nil, "mine"])
    }

    @Test func honoursRetryAfterInSeconds() async throws {
        let (stub, _) = scripted([429, 200], headers: ["Retry-After": "7"])
        let slept = Locked<[Duration]>([])
        _ = try await client(stub, slept: slept).load(Requests.get())
        #expect(slept.withLock { $0 } == [.seconds(7)])
    }

    @Test func honoursRetryAfterAsAnHTTPDate() async throws {
        let (stub, _) = scripted([503, 200], headers: ["Retry-After": "Sun, 11 Feb 2024 09:48:56 GMT"])
        let slept = Locked<[Duration]>([])
        let client = RetryingClient(
            wrapping: stub, sleep: { delay in slept.withLock { $0.append(delay) } },
            now: { Date(timeIntervalSince1970: 1_707_644_926) })
        _ = try await client.load(Requests.get())
        #expect(slept.withLock { $0 } == [.seconds(10)])
    }

    @Test func aRetryAfterLongerThanMaxDelayEndsTheRetries() async throws {
        let (stub, calls) = scripted([503, 200], headers: ["Retry-After": "3600"])
        let slept = Locked<[Duration]>([])
        #expect(try await client(stub, slept: slept).load(Requests.get()).1.statusCode == 503)
        #expect(calls.count == 1)
    }

    @Test func transportFailuresAreRetried() async throws {
        let stub = StubTransport()
        let calls = Counter()
        stub.register(.get, "/v1/pets") { request in
            guard calls.increment() > 1 else {
                throw RouteGenError.transportFailed(
                    TransportFailure(request: RequestSummary(request, redactor: .default), code: .timedOut, reason: "timed out"))
            }
            return .status(200)
        }
        let slept = Locked<[Duration]>([])
        #expect(try await client(stub, slept: slept).load(Requests.get()).1.statusCode == 200)
        #expect(calls.count == 2)
    }

    @Test func otherErrorsAreNotRetried() async throws {
        struct Boom: Error {}
        let stub = StubTransport()
        stub.register(.get, "/v1/pets", failure: Boom())
        let slept = Locked<[Duration]>([])
        await #expect(throws: Boom.self) { try await client(stub, slept: slept).load(Requests.get()) }
        #expect(stub.requests.count == 1)
    }

    @Test(.timeLimit(.minutes(1)))
    func stopsAtOnceWhenCancelled() async throws {
        let (stub, calls) = scripted([503])
        let backingOff = Checkpoint()
        // A backoff that only cancellation ends: the call can only return by being cancelled during it.
        let client = RetryingClient(
            wrapping: stub, policy: RetryPolicy(maxAttempts: 100),
            sleep: { _ in
                backingOff.reach()
                try await waitForCancellation()
            })
        let task = Task { try await client.load(Requests.get()) }
        await backingOff.wait()
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(calls.count == 1)
    }

    @Test func backoffGrowsAndIsCapped() {
        let policy = RetryPolicy(baseDelay: .seconds(1), maxDelay: .seconds(10))
        #expect(policy.backoff(beforeRetry: 1, jitter: 0) == .milliseconds(500))
        #expect(policy.backoff(beforeRetry: 1, jitter: 1) == .seconds(1))
        #expect(policy.backoff(beforeRetry: 3, jitter: 1) == .seconds(4))
        #expect(policy.backoff(beforeRetry: 10, jitter: 1) == .seconds(10))
        #expect(policy.backoff(beforeRetry: 10, jitter: 0) == .seconds(5))
    }
}
