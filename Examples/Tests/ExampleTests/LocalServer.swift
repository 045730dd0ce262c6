import Foundation
import Hummingbird
import Logging

/// A real HTTP server on 127.0.0.1 on a free port, for the duration of `body`. `reply` maps a request's
/// method and path (with query) to a status and a JSON body, and sees the request's headers.
func withLocalServer<Result: Sendable>(
    reply: @escaping @Sendable (_ method: String, _ target: String, _ headers: [String: String]) -> (Int, String),
    _ body: @escaping @Sendable (URL) async throws -> Result
) async throws -> Result {
    let (ports, continuation) = AsyncStream<Int>.makeStream()
    let responder = CallbackResponder<BasicRequestContext> { request, _ in
        var headers: [String: String] = [:]
        for field in request.headers { headers[field.name.canonicalName] = field.value }
        let target = request.uri.path + (request.uri.query.map { "?" + $0 } ?? "")
        let (status, json) = reply(request.method.rawValue, target, headers)
        return Response(
            status: .init(code: status), headers: [.contentType: "application/json"],
            body: .init(byteBuffer: ByteBuffer(string: json)))
    }
    var logger = Logger(label: "example-server")
    logger.logLevel = .critical
    let app = Application(
        responder: responder, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
        onServerRunning: { channel in
            continuation.yield(channel.localAddress?.port ?? 0)
            continuation.finish()
        }, logger: logger)
    return try await withThrowingTaskGroup(of: Result?.self) { group in
        group.addTask {
            try await app.runService()
            return nil
        }
        group.addTask {
            try await Task.sleep(for: .seconds(60))
            throw CancellationError()
        }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next(), let url = URL(string: "http://127.0.0.1:\(port)") else {
            throw CancellationError()
        }
        group.addTask { try await body(url) }
        defer { group.cancelAll() }
        while let finished = try await group.next() {
            if let result = finished { return result }
        }
        throw CancellationError()
    }
}
