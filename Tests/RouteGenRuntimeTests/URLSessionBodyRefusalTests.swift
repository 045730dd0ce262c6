import Foundation
import RouteGenRuntime
import RouteGenTestSupport
import RouteGenURLSession
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// URLSession cannot send a body with GET (on Linux as on Apple platforms the task fails, "GET method must not have a
/// body") and on Linux sends a HEAD without its body: `URLSessionClient` refuses both before anything is sent, with a
/// typed error that names the route and says why, through its own session and a caller's. A DELETE sends its body.
@Suite struct URLSessionBodyRefusalTests {
    @Test(arguments: [RequestMethod.get, .head], [false, true])
    func aGetOrHeadWithABodyFailsBeforeAnythingIsSent(method: RequestMethod, throughCallersSession: Bool) async throws {
        let received = Locked(0)
        let outcome = try await withTestServer(handler: { _ in
            received.withLock { $0 += 1 }
            return ServerReply(status: 200)
        }) { base in
            let client =
                throughCallersSession
                ? URLSessionClient(session: URLSession(configuration: .ephemeral)) : URLSessionClient()
            let request = APIRequest(
                method: method, baseURL: base, path: "/search", body: .data(Data(#"{"q":1}"#.utf8)), routeName: "Tests.search")
            do {
                _ = try await client.load(request)
                return "sent"
            } catch RouteGenError.invalidRequest(let failure) {
                return "\(failure.request.routeName ?? "") \(failure.reason)"
            }
        }
        #expect(outcome.hasPrefix("Tests.search URLSession cannot send a body with \(method.rawValue)"), "\(outcome)")
        #expect(received.withLock { $0 } == 0)
    }

    @Test func aDeleteSendsItsBody() async throws {
        let body = try await withTestServer(handler: { received in ServerReply(status: 200, body: received.body) }) { base in
            let request = APIRequest(
                method: .delete, baseURL: base, path: "/things/1", body: .data(Data("reason".utf8)), routeName: "Tests.delete")
            return try await URLSessionClient().load(request).0
        }
        #expect(body == Data("reason".utf8))
    }
}
