import Foundation
import GeneratedClients
import RouteGenRuntime
import RouteGenTestSupport
import RouteGenToolkit
import Testing

/// The client imported from `Tests/OpenAPI/constructs.yaml` (Tests/Specs/Imported/Constructs.yaml) against a real
/// server: what published documents use that once left operations out (issue 52) is sent and read as the document
/// says.
@Suite struct ConstructsClientTests {
    static let result = #"{"took":4294967295,"total":18446744073709551615}"#
    static let account = #"{"id":"a1","name":"Ada","created":"2024-02-11T09:48:46Z"}"#

    static func reply(_ received: ReceivedRequest) -> ServerReply {
        switch (received.method, received.path) {
        case ("GET", _) where received.path.hasPrefix("/indices/"): .json(result)
        case ("HEAD", "/zones/z%2F1"): ServerReply(status: 200, headers: ["X-Zone-Version": "7"])
        case ("DELETE", "/zones/z1"): ServerReply(status: 204)
        case ("POST", "/accounts"): .json(account, status: 201)
        case ("POST", "/sessions"): .json(#"{"token":"t"}"#)
        case ("GET", "/labels"):
            .json(#"{"_name":"1","name":"2","foo-bar":"3","foo_bar":"4","URL":"5","url":"6","@type":"7","type":"8"}"#)
        default: .text("unexpected \(received.method) \(received.path)", status: 500)
        }
    }

    private func handler(_ base: URL, _ transport: Transport) -> Constructs.RequestHandler {
        Constructs.RequestHandler(environment: Constructs.Environment(baseURL: base), client: transport.client())
    }

    /// A list in the path is sent comma-joined, each value percent-encoded (a comma in one too); query unions are sent
    /// as each variant alone; `uint32` and `uint64` decode their largest values.
    @Test(arguments: Transport.allCases)
    func aListInThePathIsSentCommaJoined(transport: Transport) async throws {
        let (result, received) = try await withRecordingServer(reply: Self.reply) { base, recorded in
            let found = try await handler(base, transport).search(
                index: ["logs", "a,b", "../x"], trackTotalHits: "true", source: ["title", "date"], mode: [.lookup],
                expandWildcards: [.open, .closed])
            return (found, recorded.last)
        }
        #expect(received?.path == "/indices/logs,a%2Cb,..%2Fx/_search")
        #expect(
            received?.query
                == "track_total_hits=true&_source=title&_source=date&mode=lookup&expand_wildcards=open&expand_wildcards=closed")
        #expect(received?.body.isEmpty == true && received?.headers["content-type"] == nil)
        #expect(result == Constructs.SearchResult(took: .max, total: .max))
    }

    /// The guarantee: whatever the values, the list stays in its one segment, and splitting it at its commas and
    /// decoding each piece gives the values back, in order.
    @Test func noListOfValuesChangesThePath() throws {
        let alphabet = Array("a,/.?#%&=+ ;~-_é\u{0}")
        for seed in UInt64(1)...500 {
            var random = SeededGenerator(seed: seed)
            let values = (0..<Int.random(in: 1...4, using: &random)).map { _ in
                String((0..<Int.random(in: 1...6, using: &random)).map { _ in alphabet.randomElement(using: &random)! })
            }
            let request = try Constructs.APIRoute.search(index: values).request(for: .production)
            let segments = request.path.split(separator: "/", omittingEmptySubsequences: false)
            #expect(segments.count == 4 && segments[1] == "indices" && segments[3] == "_search", "seed \(seed): \(request.path)")
            let decoded = segments[2].split(separator: ",", omittingEmptySubsequences: false).map { $0.removingPercentEncoding }
            #expect(decoded == values, "seed \(seed): \(request.path)")
            #expect(!segments[2].contains { "/?#".contains($0) } && segments[2] != "." && segments[2] != "..", "seed \(seed)")
        }
    }

    /// An empty list (or one of empty values) in a path, last or not, is refused before anything is sent: it would
    /// otherwise leave its segment empty and send the request elsewhere.
    @Test func anEmptyListInAPathIsRefused() throws {
        for values in [[], [""], ["", ""]] as [[String]] {
            let request = try Constructs.APIRoute.search(index: values).request(for: .production)
            #expect(throws: RouteGenError.self, "\(values): \(request.path)") { try request.validate() }
        }
    }

    /// A GET with a body is sent with it by a transport that can send one; URLSession cannot, and the call fails before
    /// anything is sent, saying why and naming the route. Without a body, the GET goes through URLSession too.
    @Test(arguments: Transport.allCases)
    func aGetWithABodyIsSentWhereTheTransportCanSendIt(transport: Transport) async throws {
        let (outcome, requests) = try await withRecordingServer(reply: Self.reply) { base, recorded in
            let outcome: Result<Constructs.SearchResult, any Error>
            do {
                outcome = .success(try await handler(base, transport).search(index: ["logs"], body: .init(query: "ada", size: 10)))
            } catch {
                outcome = .failure(error)
            }
            return (outcome, recorded.withLock { $0 })
        }
        guard transport == .urlSession else {
            #expect(try outcome.get() == Constructs.SearchResult(took: .max, total: .max))
            #expect(requests.last?.method == "GET" && requests.last?.jsonObject == ["query": "ada", "size": 10])
            #expect(requests.last?.headers["content-type"] == "application/json")
            return
        }
        #expect(requests.isEmpty)
        guard case .failure(RouteGenError.invalidRequest(let failure)) = outcome else {
            Issue.record("expected an invalid request, got \(outcome)")
            return
        }
        #expect(failure.request.routeName == "Constructs.search")
        #expect(failure.reason.contains("URLSession cannot send a body with GET"))
    }

    /// A `uint32` the server sends out of its range (too large, negative, too large in exponent form) fails the call
    /// as a decoding error that names the route; nothing traps.
    @Test(arguments: ["4294967296", "-1", "1e10"])
    func aUInt32OutOfItsRangeIsADecodingError(took: String) async throws {
        let error = try await withRecordingServer(reply: { _ in .json(#"{"took":\#(took)}"#) }) { base, _ in
            do {
                _ = try await handler(base, .urlSession).search(index: ["logs"])
                return nil as RouteGenError?
            } catch let error as RouteGenError {
                return error
            }
        }
        guard case .decodingFailed(let failure)? = error else {
            Issue.record("expected a decoding failure, got \(String(describing: error))")
            return
        }
        // Foundation on Linux says no more than "not valid JSON", without the key: the route and the type are sure.
        #expect(failure.request.routeName == "Constructs.search" && failure.expectedType.contains("SearchResult"))
    }

    #if AsyncHTTPClient
    /// A GET's body is part of what the toolkit's decorators key on: through retrying, caching and coalescing,
    /// searches with different bodies in flight together each get their own answer, and a search again is
    /// answered from the cache with its own.
    @Test func aGetBodyKeepsCachedAndCoalescedAnswersApart() async throws {
        let (tooks, requests) = try await withRecordingServer(reply: { received in
            let size = received.jsonObject?["size"] as? Int ?? 0
            return ServerReply(
                headers: ["Content-Type": "application/json", "Cache-Control": "max-age=600"],
                body: Data(#"{"took":\#(size)}"#.utf8))
        }) { base, recorded in
            let client = Transport.asyncHTTPClient.client().retrying().caching().coalescing()
            let handler = Constructs.RequestHandler(
                environment: Constructs.Environment(baseURL: base), client: client)
            async let first = handler.search(index: ["logs"], body: .init(query: "a", size: 1))
            async let second = handler.search(index: ["logs"], body: .init(query: "b", size: 2))
            let together = try await [first.took, second.took]
            let secondAgain = try await handler.search(index: ["logs"], body: .init(query: "b", size: 2)).took
            let firstAgain = try await handler.search(index: ["logs"], body: .init(query: "a", size: 1)).took
            let bodies = recorded.withLock { $0.map { String(decoding: $0.body, as: UTF8.self) } }
            return (together + [secondAgain, firstAgain], bodies)
        }
        #expect(tooks == [1, 2, 2, 1])
        #expect(requests.count == 2, "\(requests)")
    }
    #endif

    /// A HEAD whose response the document gives a schema reads the response's headers; a path parameter of any value
    /// is text; a DELETE sends its body.
    @Test(arguments: Transport.allCases)
    func aHeadReadsItsHeadersAndADeleteSendsItsBody(transport: Transport) async throws {
        let (version, received) = try await withRecordingServer(reply: Self.reply) { base, recorded in
            let client = handler(base, transport)
            let version = try await client.zoneExists(zoneId: "z/1").headers.xZoneVersion
            try await client.deleteZone(zoneId: "z1", body: .init(reason: "done"))
            return (version, recorded.last)
        }
        #expect(version == 7)
        #expect(received?.method == "DELETE" && received?.jsonObject == ["reason": "done"])
    }

    /// A read-only property is never sent, and a write-only one is not required in the response; a body the document
    /// does not require may be left out, and nothing is sent.
    @Test(arguments: Transport.allCases)
    func oneWayPropertiesAndOptionalBodies(transport: Transport) async throws {
        let (account, session, requests) = try await withRecordingServer(reply: Self.reply) { base, recorded in
            let client = handler(base, transport)
            let sent = Constructs.Account(id: "ignored", name: "Ada", password: "secret", created: Date(timeIntervalSince1970: 0))
            let account = try await client.createAccount(body: sent)
            let session = try await client.createSession()
            return (account, session, recorded.withLock { $0 })
        }
        #expect(requests.first?.jsonObject == ["name": "Ada", "password": "secret"])
        #expect(account == Constructs.Account(id: "a1", name: "Ada", created: Date(timeIntervalSince1970: 1_707_644_926)))
        #expect(requests.last?.body.isEmpty == true && requests.last?.headers["content-type"] == nil)
        #expect(session == Constructs.Session(token: "t"))
    }

    /// Properties whose names derive alike, in one object: each its own Swift property, read from its own key.
    @Test func collidingNamesAreEachTheirOwnProperty() async throws {
        let label = try await withRecordingServer(reply: Self.reply) { base, _ in
            try await handler(base, .urlSession).getLabel()
        }
        #expect([label.name, label.name2, label.fooBar, label.fooBar2] == ["1", "2", "3", "4"])
        #expect([label.url, label.url2, label.type, label.type2] == ["5", "6", "7", "8"])
    }
}
