import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdCore
import HummingbirdHTTP2
import HummingbirdTLS
import NIOSSL
import Logging
import RouteGenRuntime
import ServiceLifecycle

/// A request as the test server received it: the raw (still percent-encoded) path and query.
package struct ReceivedRequest: Codable, Sendable {
    package var method: String
    package var path: String
    package var query: String?
    /// Header values by lower-cased name; repeated headers joined with ", ".
    package var headers: [String: String]
    package var body: Data

    package var bodyText: String { String(decoding: body, as: UTF8.self) }
}

/// What the test server answers.
package struct ServerReply: Sendable {
    package var status: Int = 200
    package var headers: [String: String] = [:]
    package var body: Data = Data()
    /// When set, the body is written by this closure, chunk by chunk, each sent as soon as it is written
    /// (`body` is then ignored).
    package var stream: (@Sendable (_ send: @Sendable (Data) async throws -> Void) async throws -> Void)?

    package init(status: Int = 200, headers: [String: String] = [:], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A reply whose body `write` sends in pieces, for streaming tests.
    package static func streamed(
        status: Int = 200, headers: [String: String] = [:],
        _ write: @escaping @Sendable (_ send: @Sendable (Data) async throws -> Void) async throws -> Void
    ) -> ServerReply {
        var reply = ServerReply(status: status, headers: headers)
        reply.stream = write
        return reply
    }

    package static func text(_ text: String, status: Int = 200, headers: [String: String] = [:]) -> ServerReply {
        ServerReply(status: status, headers: headers, body: Data(text.utf8))
    }

    package static func json(_ text: String, status: Int = 200) -> ServerReply {
        ServerReply(status: status, headers: ["Content-Type": "application/json"], body: Data(text.utf8))
    }
}

package enum TestServerError: Error {
    case didNotStart
    case timedOut(Duration)
}

/// Runs a real HTTP server (Hummingbird) on 127.0.0.1 on a free port while `body` runs, then stops it.
/// `body` gets the server's base URL (`http://127.0.0.1:<port>`, whatever `builder` speaks: with TLS, use the port
/// with `https://localhost`) and is bounded by `timeout`.
///
/// The server is stopped gracefully, as Hummingbird's own test framework does it: it stops accepting, lets the
/// requests in flight finish (a handler still sleeping, a stream still being written) and closes its connections.
/// Cancelling it instead, with a connection accepted but not yet served or a response being written, traps in
/// NIO ("Deinited NIOAsyncWriter without calling finish()"). A shutdown that takes longer than 10 seconds is
/// escalated to cancellation.
package func withTestServer<Result: Sendable>(
    timeout: Duration = .seconds(60),
    server builder: HTTPServerBuilder = .http1(),
    handler: @escaping @Sendable (ReceivedRequest) async throws -> ServerReply,
    _ body: @escaping @Sendable (URL) async throws -> Result
) async throws -> Result {
    let (ports, portContinuation) = AsyncStream<Int>.makeStream()
    let responder = CallbackResponder<BasicRequestContext> { request, _ in
        var request = request
        let buffer = try await request.collectBody(upTo: 64 << 20)
        var headers: [String: String] = [:]
        for field in request.headers {
            let name = field.name.canonicalName
            headers[name] = headers[name].map { "\($0), \(field.value)" } ?? field.value
        }
        let received = ReceivedRequest(
            method: request.method.rawValue, path: request.uri.path, query: request.uri.query, headers: headers,
            body: Data(buffer.readableBytesView))
        let reply = try await handler(received)
        var fields = HTTPFields()
        for (name, value) in reply.headers {
            if let fieldName = HTTPField.Name(name) { fields[fieldName] = value }
        }
        guard let stream = reply.stream else {
            return Response(
                status: .init(code: reply.status), headers: fields, body: .init(byteBuffer: ByteBuffer(bytes: reply.body)))
        }
        let (chunks, continuation) = AsyncStream<ByteBuffer>.makeStream()
        // A body that fails ends early but cleanly: the test sees the missing bytes, the server stays sound.
        let writer = Task {
            try? await stream { continuation.yield(ByteBuffer(bytes: $0)) }
            continuation.finish()
        }
        continuation.onTermination = { _ in writer.cancel() }
        return Response(status: .init(code: reply.status), headers: fields, body: .init(asyncSequence: chunks))
    }
    var logger = Logger(label: "RouteGenTests.server")
    logger.logLevel = .critical
    let app = Application(
        responder: responder, server: builder, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
        onServerRunning: { channel in
            portContinuation.yield(channel.localAddress?.port ?? 0)
            portContinuation.finish()
        },
        logger: logger)
    var configuration = ServiceGroupConfiguration(services: [app], logger: logger)
    configuration.maximumGracefulShutdownDuration = .seconds(10)
    let server = ServiceGroup(configuration: configuration)

    return try await withThrowingTaskGroup(of: Void.self) { group in
        group.addTask {
            // A server that fails to start ends the wait for its port.
            defer { portContinuation.finish() }
            try await server.run()
        }
        let outcome: Swift.Result<Result, any Error>
        var iterator = ports.makeAsyncIterator()
        do {
            guard let port = await iterator.next(), port > 0, let url = URL(string: "http://127.0.0.1:\(port)") else {
                throw TestServerError.didNotStart
            }
            outcome = .success(try await withTimeout(timeout) { try await body(url) })
        } catch {
            outcome = .failure(error)
        }
        await server.triggerGracefulShutdown()
        try await group.waitForAll()
        return try outcome.get()
    }
}

/// `operation`'s result, or `TestServerError.timedOut` (and `operation` cancelled) once `timeout` has passed.
private func withTimeout<Result: Sendable>(
    _ timeout: Duration, _ operation: @escaping @Sendable () async throws -> Result
) async throws -> Result {
    try await withThrowingTaskGroup(of: Result?.self) { group in
        group.addTask { try await operation() }
        group.addTask {
            try await Task.sleep(for: timeout)
            throw TestServerError.timedOut(timeout)
        }
        defer { group.cancelAll() }
        while let finished = try await group.next() {
            if let result = finished { return result }
        }
        throw TestServerError.timedOut(timeout)
    }
}

/// ``withTestServer(timeout:server:handler:_:)`` over TLS, presenting `leaf`'s chain, speaking HTTP/1.1, or HTTP/2
/// by ALPN when `http2` is set; `body` gets `https://localhost:<port>`.
package func withTLSTestServer<Result: Sendable>(
    presenting leaf: TestCertificates.Leaf, http2: Bool = false,
    handler: @escaping @Sendable (ReceivedRequest) async throws -> ServerReply,
    _ body: @escaping @Sendable (URL) async throws -> Result
) async throws -> Result {
    let chain = try NIOSSLCertificate.fromPEMFile(leaf.chainPEM.path).map { NIOSSLCertificateSource.certificate($0) }
    let key = try NIOSSLPrivateKey(file: leaf.keyPEM.path, format: .pem)
    let tls = TLSConfiguration.makeServerConfiguration(certificateChain: chain, privateKey: .privateKey(key))
    let builder: HTTPServerBuilder = http2 ? try .http2Upgrade(tlsConfiguration: tls) : try .tls(.http1(), tlsConfiguration: tls)
    return try await withTestServer(server: builder, handler: handler) { base in
        try await body(URL(string: "https://localhost:\(base.port!)")!)
    }
}
