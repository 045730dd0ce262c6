import Foundation
import RouteGenRuntime
import RouteGenTestSupport

/// A real server on 127.0.0.1 that records every request and answers with `reply`; `body` gets its base URL
/// and the record.
@discardableResult
func withRecordingServer<Result: Sendable>(
    reply: @escaping @Sendable (ReceivedRequest) -> ServerReply,
    _ body: @escaping @Sendable (URL, Locked<[ReceivedRequest]>) async throws -> Result
) async throws -> Result {
    let recorded = Locked<[ReceivedRequest]>([])
    return try await withTestServer(handler: { received in
        recorded.withLock { $0.append(received) }
        return reply(received)
    }) { base in try await body(base, recorded) }
}

extension Locked where Value == [ReceivedRequest] {
    /// The last request received.
    var last: ReceivedRequest? { withLock { $0.last } }
}

extension ReceivedRequest {
    /// The body as a JSON object, for comparing without caring about key order.
    var jsonObject: NSDictionary? { (try? JSONSerialization.jsonObject(with: body)) as? NSDictionary }
}
