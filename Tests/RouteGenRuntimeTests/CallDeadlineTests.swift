import Foundation
@_spi(Generated) import RouteGenRuntime
import RouteGenTestSupport
import Testing

#if AsyncHTTPClient
    import RouteGenAsyncHTTPClient
    import RouteGenToolkit
#endif

/// A call's deadline bounds the whole call however the bytes arrive, over each transport; the idle timeout alone
/// does not; timeouts beyond what a clock counts are clamped, never a trap; and out-of-range dates are an encoding
/// error, never a trap.
@Suite struct CallDeadlineTests {
    /// A server that drips one byte every 50 ms for a minute: never idle, never done.
    private static func drip(_ request: ReceivedRequest) async throws -> ServerReply {
        .streamed(headers: ["Content-Type": "application/octet-stream"]) { send in
            for _ in 0..<1_200 {
                try await send(Data("x".utf8))
                try await Task.sleep(for: .milliseconds(50))
            }
        }
    }

    private static func isDeadline(_ error: any Error) -> Bool {
        guard case .transportFailed(let failure) = error as? RouteGenError else { return false }
        return failure.code == .timedOut && failure.description.contains("deadline") && failure.request.routeName == "Drip.get"
    }

    @Test(.timeLimit(.minutes(1)), arguments: Transport.allCases)
    func aDrippingServerIsCutAtTheCallsDeadline(transport: Transport) async throws {
        try await withTestServer(handler: Self.drip) { base in
            let request = APIRequest(method: .get, baseURL: base, path: "/drip", routeName: "Drip.get")
            // The idle timeout (5 s) never fires: a byte comes every 50 ms.
            let client = transport.client(timeout: .seconds(5))
            var limited = request
            limited.deadline = .milliseconds(400)
            await #expect { try await client.load(limited) } throws: { Self.isDeadline($0) }
            // The client's deadline applies to a request without one, also to a body read as it streams (on a loaded
            // machine the head itself may come after the deadline: the call ends there just the same).
            await #expect {
                let (_, body) = try await client.limitingCalls(to: .milliseconds(400)).stream(request)
                for try await _ in body {}
            } throws: { Self.isDeadline($0) }
        }
    }

    @Test(.timeLimit(.minutes(1)), arguments: Transport.allCases)
    func aCallWithinItsDeadlineIsUntouched(transport: Transport) async throws {
        try await withTestServer(handler: { _ in .json(#"{"ok":true}"#) }) { base in
            var request = APIRequest(method: .get, baseURL: base, path: "/ok", routeName: "Drip.get")
            request.deadline = .seconds(30)
            let (data, response) = try await transport.client().load(request)
            #expect(response.statusCode == 200 && String(decoding: data, as: UTF8.self) == #"{"ok":true}"#)
            request.deadline = .seconds(Int64.max)
            request.timeout = .seconds(Int64.max)
            let (_, again) = try await transport.client(timeout: .seconds(Int64.max)).load(request)
            #expect(again.statusCode == 200)
        }
    }

    #if AsyncHTTPClient
        @Test(.timeLimit(.minutes(1)))
        func timeoutsOfCenturiesAreClampedNotATrap() async throws {
            try await withTestServer(handler: { _ in .json("{}") }) { base in
                let transport = AsyncHTTPClientTransport(timeout: .seconds(400 * 365 * 86_400))
                var request = APIRequest(method: .get, baseURL: base, path: "/ok")
                request.timeout = .seconds(1_000 * 365 * 86_400)
                let (_, response) = try await transport.load(request)
                #expect(response.statusCode == 200)
            }
        }
    #endif

    struct Stamped: Codable {
        var at: Date
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: JSONKey.self)
            try container.encode(at, forKey: "at", format: .unixMilliseconds)
        }
        init(at: Date) { self.at = at }
        init(from decoder: any Decoder) throws {
            at = try decoder.container(keyedBy: JSONKey.self).decode(Date.self, forKey: "at", format: .unixMilliseconds)
        }
    }

    @Test func aTimestampOutOfRangeIsAnEncodingErrorNotATrap() throws {
        // A server may send it; the app must be able to send it back without a crash.
        let decoded = try JSONDecoder().decode(Stamped.self, from: Data(#"{"at":9223372036854775807}"#.utf8))
        #expect(throws: EncodingError.self) { try JSONEncoder().encode(decoded) }
        #expect(throws: EncodingError.self) { try JSONEncoder().encode(Stamped(at: Date(timeIntervalSince1970: .infinity))) }
        // As text (query, header, form) every digit is written.
        #expect(DateFormat.unixMilliseconds.text(from: decoded.at) == "9223372036854775808")
        #expect(DateFormat.unix.text(from: Date(timeIntervalSince1970: 1e19)) == "10000000000000000000")
        #expect(DateFormat.unixMilliseconds.text(from: Date(timeIntervalSince1970: 1_707_644_926.25)) == "1707644926250")
        // A date RFC 3339 cannot write is an error too, not another date.
        #expect(throws: EncodingError.self) { try JSONCoding.makeEncoder().encode(["at": Date(timeIntervalSince1970: 1e17)]) }
        #expect(throws: EncodingError.self) { try JSONCoding.makeEncoder().encode(["at": Date(timeIntervalSince1970: -1e20)]) }
        #expect(try JSONCoding.makeEncoder().encode(["at": Date(timeIntervalSince1970: 0)]) == Data(#"{"at":"1970-01-01T00:00:00Z"}"#.utf8))
        var query: [QueryItem] = []
        query.append("at", decoded.at, format: .unixMilliseconds)
        #expect(query.map(\.encoded) == ["at=9223372036854775808"])
    }
}
