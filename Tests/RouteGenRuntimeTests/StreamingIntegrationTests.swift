import Foundation
import RouteGenRuntime
import RouteGenTestSupport
import RouteGenURLSession
import Testing

/// Streamed responses over `URLSessionClient` against a real server that sends its body in pieces.
@Suite struct StreamingIntegrationTests {
    struct Chunk: Decodable, Sendable, Equatable {
        var text: String
    }

    @Test func eventsArriveAsTheServerSendsThemThroughEveryDecorator() async throws {
        let firstReceived = Signal()
        let attempts = Counter()
        try await withTestServer(handler: { received in
            if attempts.increment() == 1 { return .text("busy", status: 503) }
            #expect(received.headers["authorization"] == "Bearer t0k3n")
            #expect(received.headers["accept"] == "text/event-stream")
            #expect(received.bodyText == #"{"prompt":"hi"}"#)
            return .streamed(headers: ["Content-Type": "text/event-stream"]) { send in
                try await send(Data("data: {\"text\":\"Hel\"}\n\n".utf8))
                // The rest is sent only once the client has the first event: a client that waited for the
                // whole body would never get it, and the test would time out.
                try await firstReceived.wait(timeout: .seconds(10))
                try await send(Data(": keep-alive\n\nevent: delta\ndata: {\"text\":".utf8))
                try await Task.sleep(for: .milliseconds(50))
                try await send(Data("\"lo\"}\n\ndata: [DONE]\n\ndata: {\"text\":\"after done\"}\n\n".utf8))
            }
        }) { base in
            let client = URLSessionClient()
                .logging()
                .retrying(RetryPolicy(baseDelay: .milliseconds(10), retriesNonIdempotentRequests: true))
                .authenticated { "t0k3n" }
                .handlingErrors()
            var request = HTTPRequest(method: .post, baseURL: base, path: "/chat", routeName: "Tests.chat")
            try request.setJSONBody(["prompt": "hi"], encoder: JSONEncoder())
            let events = try await client.events(request, decoding: Chunk.self, decoder: JSONDecoder()).ending(at: "[DONE]")
            var received: [Chunk] = []
            for try await chunk in events {
                if received.isEmpty { firstReceived.signal() }
                received.append(chunk)
            }
            #expect(received == [Chunk(text: "Hel"), Chunk(text: "lo")])
        }
        #expect(attempts.count == 2)
    }

    @Test func cancellingTheConsumerCancelsTheRequest() async throws {
        let serverStopped = Signal()
        let firstReceived = Signal()
        try await withTestServer(handler: { _ in
            .streamed(headers: ["Content-Type": "text/event-stream"]) { send in
                do {
                    for index in 0..<1_000 {
                        try await send(Data("data: {\"text\":\"\(index)\"}\n\n".utf8))
                        try await Task.sleep(for: .milliseconds(20))
                    }
                } catch {
                    serverStopped.signal()
                    throw error
                }
            }
        }) { base in
            let request = HTTPRequest(method: .get, baseURL: base, path: "/events", routeName: "Tests.events")
            let consumer = Task {
                var count = 0
                for try await _ in try await URLSessionClient().events(request, decoding: Chunk.self, decoder: JSONDecoder()) {
                    if count == 0 { firstReceived.signal() }
                    count += 1
                }
                return count
            }
            // Cancelled once the stream is flowing: a fixed delay raced the request's start on a busy machine.
            try await firstReceived.wait(timeout: .seconds(10))
            consumer.cancel()
            _ = try? await consumer.value
            try await serverStopped.wait(timeout: .seconds(10))
        }
    }

    /// 8 MiB of numbered bytes, sent as fast as the connection takes them.
    private static func eightMebibytes(ended: Signal) -> ServerReply {
        .streamed { send in
            defer { ended.signal() }
            for block in 0..<128 {
                try await send(Data((0..<65_536).map { UInt8(truncatingIfNeeded: $0 &+ block) }))
            }
        }
    }

    @Test func loadHasNoUnreadLimitAndGetsEveryByteInOrder() async throws {
        let ended = Signal()
        try await withTestServer(handler: { _ in Self.eightMebibytes(ended: ended) }) { base in
            let request = HTTPRequest(method: .get, baseURL: base, path: "/large", routeName: "Tests.large")
            let (data, _) = try await URLSessionClient(unreadBodyLimit: 1 << 20).load(request)
            let expected = (0..<128).flatMap { block in (0..<65_536).map { UInt8(truncatingIfNeeded: $0 &+ block) } }
            #expect(data == Data(expected))
        }
    }

    @Test func anErrorStatusCarriesItsBody() async throws {
        struct Problem: Decodable, Sendable { var message: String }
        try await withTestServer(handler: { _ in .json(#"{"message":"quota"}"#, status: 429) }) { base in
            let request = HTTPRequest(method: .get, baseURL: base, path: "/events", routeName: "Tests.events")
            await #expect {
                _ = try await URLSessionClient().events(
                    request, decoding: Chunk.self, decoder: JSONDecoder(), errors: ErrorBodies(default: Problem.self))
            } throws: { error in
                (error as? RouteGenError)?.errorBody(as: Problem.self)?.message == "quota"
                    && (error as? RouteGenError)?.statusCode == 429
            }
        }
    }

    @Test func aMultipartFormWithAFileOnDiskIsStreamedFromATemporaryFile() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("routegen-\(UUID().uuidString).bin")
        let bytes = Data((0..<300_000).map { UInt8($0 % 251) })
        try bytes.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        try await withTestServer(handler: { received in ServerReply(body: received.body) }) { base in
            var form = MultipartFormData(boundary: "XyZ")
            form.append("receipt", name: "purpose")
            form.append(fileAt: file, name: "file", contentType: "application/pdf")
            var request = HTTPRequest(method: .post, baseURL: base, path: "/files")
            request.setMultipartBody(form)
            let (echoed, response) = try await URLSessionClient().load(request)
            #expect(response.statusCode == 200)
            #expect(echoed == (try form.encoded()))
        }
    }
}

/// A one-shot signal one task waits for and another sends.
final class Signal: Sendable {
    private let isSet = Locked(false)

    func signal() { isSet.withLock { $0 = true } }

    /// Waits for the signal, checking every 5 ms; throws when it does not come within `timeout`.
    func wait(timeout: Duration) async throws {
        let deadline = ContinuousClock.now + timeout
        while !isSet.withLock({ $0 }) {
            guard ContinuousClock.now < deadline else { throw TestServerError.timedOut(timeout) }
            try await Task.sleep(for: .milliseconds(5))
        }
    }
}
