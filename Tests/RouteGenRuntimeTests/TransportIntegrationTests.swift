import Foundation
import Logging
import RouteGenRuntime
import RouteGenTestSupport
import RouteGenToolkit
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The runtime over each transport (``Transport``) against a real HTTP server on 127.0.0.1: every behaviour
/// observed on the wire.
@Suite struct TransportIntegrationTests {
    /// Echoes what it received as JSON.
    static let echo: @Sendable (ReceivedRequest) async throws -> ServerReply = { received in
        ServerReply(status: 200, headers: ["Content-Type": "application/json"], body: try JSONEncoder().encode(received))
    }

    private func request(_ base: URL, _ path: String, method: RequestMethod = .get, query: [QueryItem] = []) -> APIRequest {
        APIRequest(method: method, baseURL: base, path: path, query: query, routeName: "Tests.\(path)")
    }

    @Test(arguments: Transport.allCases)
    func everyDecoratorIsObservedOnTheWire(transport: Transport) async throws {
        let failures = Counter()
        let (logger, messages) = capturingLogger()
        try await withTestServer(handler: { received in
            if received.path == "/flaky", failures.increment() <= 2 { return .text("try again", status: 503) }
            if received.path == "/missing" { return .json(#"{"message":"no such pet"}"#, status: 404) }
            return try await Self.echo(received)
        }) { base in
            let client = transport.client()
                .logging(to: logger)
                .retrying(RetryPolicy(baseDelay: .milliseconds(10)))
                .authenticated { "t0k3n" }
                .injecting(headers: ["X-App": "RouteGen/1.0", "Accept": "application/json"])
                .handlingErrors()

            let (data, response) = try await client.load(request(base, "/flaky", query: [QueryItem(name: "page", value: "2")]))
            #expect(response.statusCode == 200)
            #expect(failures.count == 3)
            let seen = try JSONDecoder().decode(ReceivedRequest.self, from: data)
            #expect(seen.method == "GET" && seen.path == "/flaky" && seen.query == "page=2")
            #expect(seen.headers["authorization"] == "Bearer t0k3n")
            #expect(seen.headers["x-app"] == "RouteGen/1.0")
            #expect(seen.headers["accept"] == "application/json")

            await #expect {
                try await client.load(request(base, "/missing"))
            } throws: { error in
                guard let error = error as? RouteGenError, case .unacceptableStatus(let failure) = error else { return false }
                return failure.response.statusCode == 404 && failure.request.routeName == "Tests./missing"
                    && String(decoding: failure.body, as: UTF8.self) == #"{"message":"no such pet"}"#
            }
        }
        let logged = messages.withLock { $0 }
        #expect(logged.filter { $0.hasPrefix("← 503 GET http://127.0.0.1:") }.count == 2)
        #expect(logged.contains { $0.hasPrefix("← 200 GET http://127.0.0.1:") && $0.contains("/flaky?page=2") })
        #expect(logged.contains { $0.contains("Authorization: <redacted>") })
        #expect(!logged.joined().contains("t0k3n"))
    }

    @Test(.timeLimit(.minutes(1)), arguments: Transport.allCases)
    func twentyConcurrent401sShareExactlyOneRefresh(transport: Transport) async throws {
        let refreshes = Counter()
        let served = Counter()
        let expired = Checkpoint()
        let statuses = try await withTestServer(handler: { received in
            served.increment()
            guard received.headers["authorization"] == "Bearer fresh" else {
                expired.reach()
                return .text("expired", status: 401)
            }
            return .json("{}")
        }) { base in
            let client = transport.client().authenticated(token: { "stale" }) { rejected in
                #expect(rejected == "stale")
                refreshes.increment()
                // Every caller has its 401 before the new token exists.
                await expired.wait(for: 20)
                return "fresh"
            }
            return try await withThrowingTaskGroup(of: Int.self) { group in
                for index in 0..<20 {
                    group.addTask { try await client.load(request(base, "/me/\(index)")).1.statusCode }
                }
                return try await group.reduce(into: [Int]()) { $0.append($1) }
            }
        }
        #expect(statuses == Array(repeating: 200, count: 20))
        #expect(refreshes.count == 1)
        #expect(served.count == 40)
    }

    @Test(arguments: Transport.allCases)
    func retriesAServerThatFailsTwiceThenSucceeds(transport: Transport) async throws {
        let served = Counter()
        let body = try await withTestServer(handler: { _ in
            served.increment() <= 2 ? .text("busy", status: 503, headers: ["Retry-After": "0"]) : .json(#"{"ok":true}"#)
        }) { base in
            try await transport.client().retrying().load(request(base, "/settings", method: .put)).0
        }
        #expect(served.count == 3)
        #expect(body == Data(#"{"ok":true}"#.utf8))
    }

    @Test(arguments: Transport.allCases)
    func aThousandRequestsFiftyAtATimeEachGetTheirOwnResponse(transport: Transport) async throws {
        let (logger, messages) = capturingLogger()
        let results = try await withTestServer(handler: { received in
            .json(#"{"path":"\#(received.path)","query":"\#(received.query ?? "")"}"#)
        }) { base in
            let client = transport.client()
                .logging(to: logger, level: .trace)
                .retrying()
                .authenticated { "t" }
                .injecting(headers: ["X-App": "RouteGen"])
                .handlingErrors()
            return try await withThrowingTaskGroup(of: (Int, Data).self) { group in
                var results: [Int: Data] = [:]
                var next = 0
                func launch() {
                    let index = next
                    next += 1
                    group.addTask {
                        (index, try await client.load(request(base, "/items/\(index)", query: [QueryItem(name: "n", value: "\(index)")])).0)
                    }
                }
                while next < 50 { launch() }
                while let (index, data) = try await group.next() {
                    results[index] = data
                    if next < 1_000 { launch() }
                }
                return results
            }
        }
        #expect(results.count == 1_000)
        for (index, data) in results {
            #expect(String(decoding: data, as: UTF8.self) == #"{"path":"/items/\#(index)","query":"n=\#(index)"}"#)
        }
        #expect(messages.withLock { $0.count } == 2_000)
    }

    @Test(arguments: Transport.allCases)
    func pathAndQueryValuesArriveExactlyAsGiven(transport: Transport) async throws {
        let tricky = "a+b & c=d #e f/é?"
        let seen = try await withTestServer(handler: Self.echo) { base in
            var query: [QueryItem] = []
            query.append("q", tricky)
            query.append("flag", true)
            query.append("tags", ["x", "y"])
            let path = "/items/" + PercentEncoding.encodePathSegment("../admin?x=1")
            let data = try await transport.client().load(request(base, path, query: query)).0
            return try JSONDecoder().decode(ReceivedRequest.self, from: data)
        }
        #expect(seen.path == "/items/..%2Fadmin%3Fx%3D1")
        #expect(seen.query == "q=a%2Bb%20%26%20c%3Dd%20%23e%20f%2F%C3%A9%3F&flag=true&tags=x&tags=y")
        #expect(seen.query.flatMap { URLComponents(string: "http://x/?\($0)")?.queryItems?.first?.value } == tricky)
    }

    @Test(arguments: Transport.allCases)
    func headerInjectionIsRefusedBeforeAnythingIsSent(transport: Transport) async throws {
        let served = Counter()
        try await withTestServer(handler: { _ in served.increment(); return .json("{}") }) { base in
            var bad = request(base, "/x")
            bad.headers["X-Name"] = "ok\r\nX-Admin: true"
            await #expect {
                try await transport.client().load(bad)
            } throws: { error in
                guard case .invalidRequest(let failure) = error as? RouteGenError else { return false }
                return failure.reason.contains("CR, LF")
            }
        }
        #expect(served.count == 0)
    }

    @Test(arguments: Transport.allCases)
    func bodiesUploadsAndDownloads(transport: Transport) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("routegen-io-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let upload = folder.appendingPathComponent("upload.bin")
        let bytes = Data((0..<200_000).map { UInt8($0 % 251) })
        try bytes.write(to: upload)
        let download = folder.appendingPathComponent("download.bin")

        try await withTestServer(handler: { received in
            received.path == "/blob" ? ServerReply(body: bytes) : try await Self.echo(received)
        }) { base in
            let client = transport.client()
            var json = request(base, "/pets", method: .post)
            try json.setJSONBody(["name": "Rex"], encoder: JSONCoding.makeEncoder())
            let echoed = try JSONDecoder().decode(ReceivedRequest.self, from: try await client.load(json).0)
            #expect(echoed.method == "POST" && echoed.headers["content-type"] == "application/json")
            #expect(echoed.bodyText == #"{"name":"Rex"}"#)

            var form = MultipartFormData(boundary: "B0UNDARY")
            form.append("Rex", name: "name")
            form.append(fileAt: upload, name: "photo", contentType: "application/octet-stream")
            var multipart = request(base, "/photos", method: .post)
            multipart.setMultipartBody(form)
            let received = try JSONDecoder().decode(ReceivedRequest.self, from: try await client.load(multipart).0)
            #expect(received.headers["content-type"] == "multipart/form-data; boundary=B0UNDARY")
            #expect(received.body == (try form.encoded()))

            var file = request(base, "/files/upload.bin", method: .put)
            file.body = .file(upload)
            let streamed = try JSONDecoder().decode(ReceivedRequest.self, from: try await client.load(file).0)
            #expect(streamed.body == bytes)

            let head = try await client.download(request(base, "/blob"), to: download)
            #expect(head.statusCode == 200)
        }
        #expect(try Data(contentsOf: download) == bytes)
    }

    @Test(arguments: Transport.allCases)
    func aRefusedConnectionIsATransportFailure(transport: Transport) async throws {
        let unreachable = request(URL(string: "http://127.0.0.1:1")!, "/nothing-listens-here")
        await #expect {
            try await transport.client(timeout: .seconds(10)).load(unreachable)
        } throws: { error in
            guard case .transportFailed(let failure) = error as? RouteGenError else { return false }
            return failure.code == .cannotConnectToHost && failure.request.routeName == "Tests./nothing-listens-here"
        }
    }

    @Test(arguments: Transport.allCases)
    func slowResponsesTimeOut(transport: Transport) async throws {
        try await withTestServer(handler: { _ in
            try await Task.sleep(for: .seconds(2))
            return .json("{}")
        }) { base in
            var slow = request(base, "/slow")
            slow.timeout = .milliseconds(300)
            await #expect {
                try await transport.client().load(slow)
            } throws: { error in
                guard case .transportFailed(let failure) = error as? RouteGenError else { return false }
                return failure.code == .timedOut
            }
        }
    }

    @Test(.timeLimit(.minutes(1)), arguments: Transport.allCases)
    func cancellationIsPassedThrough(transport: Transport) async throws {
        let arrived = Checkpoint()
        try await withTestServer(handler: { _ in
            // Never answers: the call can only end by its cancellation.
            arrived.reach()
            try await waitForCancellation()
            return .json("{}")
        }) { base in
            let client = transport.client().retrying()
            let task = Task { try await client.load(request(base, "/held")) }
            await arrived.wait()
            task.cancel()
            await #expect(throws: CancellationError.self) { try await task.value }
        }
    }

    @Test(arguments: Transport.allCases)
    func redirectsAreFollowedAsBrowsersDoAndCredentialsStayWithTheirOrigin(transport: Transport) async throws {
        let port = Locked(0)
        let (seen, body) = try await withTestServer(handler: { received in
            switch received.path {
            case "/see-other": ServerReply(status: 303, headers: ["Location": "/landing"])
            case "/temporary": ServerReply(status: 307, headers: ["Location": "/landing"])
            case "/elsewhere":
                // The same server under another name: another origin.
                ServerReply(status: 302, headers: ["Location": "http://localhost:\(port.withLock { $0 })/landing"])
            default: try await Self.echo(received)
            }
        }) { base in
            port.withLock { $0 = base.port ?? 0 }
            let client = transport.client().authenticated { "t0k3n" }
            var seen: [ReceivedRequest] = []
            for path in ["/see-other", "/temporary", "/elsewhere"] {
                var post = request(base, path, method: .post)
                post.body = .data(Data("amount=1".utf8))
                post.headers["Content-Type"] = "application/x-www-form-urlencoded"
                let (data, response) = try await client.load(post)
                #expect(response.statusCode == 200)
                seen.append(try JSONDecoder().decode(ReceivedRequest.self, from: data))
            }
            return (seen, seen.map(\.bodyText))
        }
        #expect(seen.map(\.method) == ["GET", "POST", "GET"])
        #expect(body == ["", "amount=1", ""])
        #expect(seen.map(\.path) == ["/landing", "/landing", "/landing"])
        #expect(seen[0].headers["authorization"] == "Bearer t0k3n" && seen[1].headers["authorization"] == "Bearer t0k3n")
        #expect(seen[2].headers["authorization"] == nil)
    }

    @Test(arguments: Transport.allCases)
    func aRedirectLoopEndsWithTooManyRedirects(transport: Transport) async throws {
        let served = Counter()
        _ = try await withTestServer(handler: { received in
            served.increment()
            return ServerReply(status: 302, headers: ["Location": received.path])
        }) { base in
            await #expect {
                try await transport.client().load(request(base, "/loop"))
            } throws: { error in
                guard case .transportFailed(let failure) = error as? RouteGenError else { return false }
                return failure.code == .httpTooManyRedirects && failure.request.routeName == "Tests./loop"
            }
        }
        #expect(served.count == 17)
    }

    /// A `401` that asks for Basic credentials, as httpbin's `/basic-auth` answers a wrong password; with
    /// `Authorization: Basic YW5uOnB3` (ann:pw) it is a `200`.
    static let basicRealm: @Sendable (ReceivedRequest) async throws -> ServerReply = { received in
        if received.headers["authorization"] == "Basic YW5uOnB3" { return .json(#"{"authenticated":true}"#) }
        return ServerReply(
            status: 401, headers: ["WWW-Authenticate": #"Basic realm="pets""#, "Content-Type": "application/json"],
            body: Data(#"{"error":"wrong password"}"#.utf8))
    }

    /// `request` to ``basicRealm`` without credentials gives the `401` with its body, and through
    /// `.handlingErrors()` the typed error with them (on Linux, URLSession used to wait on it forever).
    static func expectChallengeResponse(from client: any HTTPTransport, request: APIRequest) async throws {
        let (body, response) = try await client.load(request)
        #expect(response.statusCode == 401 && response.headers["WWW-Authenticate"] == #"Basic realm="pets""#)
        #expect(body == Data(#"{"error":"wrong password"}"#.utf8))
        await #expect {
            try await client.handlingErrors().load(request)
        } throws: { error in
            guard case .unacceptableStatus(let failure) = error as? RouteGenError else { return false }
            return failure.response.statusCode == 401 && failure.body == Data(#"{"error":"wrong password"}"#.utf8)
        }
    }

    @Test(arguments: Transport.allCases)
    func aBasicChallengeEndsWithItsStatusAndBody(transport: Transport) async throws {
        try await withTestServer(timeout: .seconds(20), handler: Self.basicRealm) { base in
            try await Self.expectChallengeResponse(from: transport.client(timeout: .seconds(30)), request: request(base, "/basic-auth"))
        }
    }
}
