import Foundation
import RouteGenRuntime
import RouteGenTestSupport
import RouteGenToolkit
import RouteGenURLSession
import Testing

/// Streamed responses over each transport against a real server that sends its body in pieces.
@Suite struct StreamingIntegrationTests {
    struct Chunk: Decodable, Sendable, Equatable {
        var text: String
    }

    @Test(arguments: Transport.allCases)
    func eventsArriveAsTheServerSendsThemThroughEveryDecorator(transport: Transport) async throws {
        let firstReceived = Checkpoint()
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
                await firstReceived.wait()
                try await send(Data(": keep-alive\n\nevent: delta\ndata: {\"text\":".utf8))
                try await Task.sleep(for: .milliseconds(50))
                try await send(Data("\"lo\"}\n\ndata: [DONE]\n\ndata: {\"text\":\"after done\"}\n\n".utf8))
            }
        }) { base in
            let client = transport.client()
                .logging()
                .retrying(RetryPolicy(baseDelay: .milliseconds(10)))
                .addingIdempotencyKeys()
                .authenticated { "t0k3n" }
                .handlingErrors()
            var request = APIRequest(method: .post, baseURL: base, path: "/chat", routeName: "Tests.chat")
            try request.setJSONBody(["prompt": "hi"], encoder: JSONEncoder())
            let events = try await client.events(request, decoding: Chunk.self, decoder: JSONDecoder()).ending(at: "[DONE]")
            var received: [Chunk] = []
            for try await chunk in events {
                if received.isEmpty { firstReceived.reach() }
                received.append(chunk)
            }
            #expect(received == [Chunk(text: "Hel"), Chunk(text: "lo")])
        }
        #expect(attempts.count == 2)
    }

    @Test(.timeLimit(.minutes(1)), arguments: Transport.allCases)
    func cancellingTheConsumerCancelsTheRequest(transport: Transport) async throws {
        let serverStopped = Checkpoint()
        let firstReceived = Checkpoint()
        try await withTestServer(handler: { _ in
            .streamed(headers: ["Content-Type": "text/event-stream"]) { send in
                // An endless stream, at a server's pace: its writer learns the client left only by writing.
                do {
                    for index in 0..<1_000 {
                        try await send(Data("data: {\"text\":\"\(index)\"}\n\n".utf8))
                        try await Task.sleep(for: .milliseconds(20))
                    }
                } catch {
                    serverStopped.reach()
                    throw error
                }
            }
        }) { base in
            let request = APIRequest(method: .get, baseURL: base, path: "/events", routeName: "Tests.events")
            let consumer = Task {
                var count = 0
                for try await _ in try await transport.client().events(request, decoding: Chunk.self, decoder: JSONDecoder()) {
                    if count == 0 { firstReceived.reach() }
                    count += 1
                }
                return count
            }
            // Cancelled once the stream is flowing: a fixed delay raced the request's start on a busy machine.
            await firstReceived.wait()
            consumer.cancel()
            _ = try? await consumer.value
            await serverStopped.wait()
        }
    }

    /// 8 MiB of numbered bytes, in 128 blocks.
    private static func block(_ index: Int) -> Data {
        Data((0..<65_536).map { UInt8(truncatingIfNeeded: $0 &+ index) })
    }

    @Test(arguments: Transport.allCases)
    func loadHasNoUnreadLimitAndGetsEveryByteInOrder(transport: Transport) async throws {
        try await withTestServer(handler: { _ in
            .streamed { send in
                for index in 0..<128 { try await send(Self.block(index)) }
            }
        }) { base in
            let request = APIRequest(method: .get, baseURL: base, path: "/large", routeName: "Tests.large")
            // URLSession's buffer is limited to 1 MiB: a load is not limited by it.
            let client = transport == .urlSession ? URLSessionClient(unreadBodyLimit: 1 << 20) : transport.client()
            let (data, _) = try await client.load(request)
            #expect(data == (0..<128).map(Self.block).reduce(Data(), +))
        }
    }

    @Test(arguments: Transport.allCases)
    func anErrorStatusCarriesItsBody(transport: Transport) async throws {
        struct Problem: Decodable, Sendable { var message: String }
        try await withTestServer(handler: { _ in .json(#"{"message":"quota"}"#, status: 429) }) { base in
            let request = APIRequest(method: .get, baseURL: base, path: "/events", routeName: "Tests.events")
            await #expect {
                _ = try await transport.client().events(
                    request, decoding: Chunk.self, decoder: JSONDecoder(), errors: ErrorBodies(default: Problem.self))
            } throws: { error in
                (error as? RouteGenError)?.errorBody(as: Problem.self)?.message == "quota"
                    && (error as? RouteGenError)?.statusCode == 429
            }
        }
    }

    @Test(arguments: Transport.allCases)
    func aMultipartFormWithAFileOnDiskIsStreamedFromATemporaryFile(transport: Transport) async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("routegen-\(UUID().uuidString).bin")
        let bytes = Data((0..<300_000).map { UInt8($0 % 251) })
        try bytes.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        try await withTestServer(handler: { received in ServerReply(body: received.body) }) { base in
            var form = MultipartFormData(boundary: "XyZ")
            form.append("receipt", name: "purpose")
            form.append(fileAt: file, name: "file", contentType: "application/pdf")
            var request = APIRequest(method: .post, baseURL: base, path: "/files")
            request.setMultipartBody(form)
            let (echoed, response) = try await transport.client().load(request)
            #expect(response.statusCode == 200)
            #expect(echoed == (try form.encoded()))
        }
    }
}
