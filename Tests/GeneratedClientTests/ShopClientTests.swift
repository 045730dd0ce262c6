import Foundation
import GeneratedClients
import RouteGenRuntime
import RouteGenTestSupport
import RouteGenToolkit
import Testing

/// The generated client of `Specs/Shop.yaml`, which uses every body and response construct of real APIs,
/// against a real server: the exact bytes each request puts on the wire, and each kind of response decoded.
@Suite struct ShopClientTests {
    /// The client; with `handlingErrors`, through the chain README recommends, whose `.handlingErrors()` turns
    /// every non-2xx into an error before the handler reads it.
    private static func shop(
        _ base: URL, hosts: [String: URL] = [:], handlingErrors: Bool = false, transport: Transport = .urlSession
    ) -> Shop.RequestHandler {
        let client = transport.client().authenticated(basic: { BasicCredentials(user: "sk_test", password: "") })
        return Shop.RequestHandler(
            environment: Shop.Environment(name: "test", baseURL: base, hosts: hosts),
            client: handlingErrors ? client.handlingErrors() : client)
    }

    @Test(arguments: Transport.allCases)
    func formMultipartAndRawBodiesAreSentByteForByte(transport: Transport) async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("routegen-\(UUID().uuidString).pdf")
        let pdf = Data("%PDF-1.7 \u{0}\u{1}\u{2}".utf8)
        try pdf.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let charge = #"{"id":"ch_1","amount":2000,"paid":true,"metadata":{"order_id":"6735"}}"#
        let received = try await withRecordingServer(reply: { request in
            switch request.path {
            case "/charges": .json(charge)
            case "/uploads-host/files": .json(#"{"id":"file_1","purpose":"dispute_evidence","size":12}"#)
            default: ServerReply(status: 204)
            }
        }) { base, recorded in
            let shop = Self.shop(base, hosts: ["uploads": base.appendingPathComponent("uploads-host")], transport: transport)
            let created = try await shop.createCharge(
                body: .init(
                    amount: 2000, capture: false, metadata: ["order_id": "6735"],
                    card: .init(number: "4242424242424242", expMonth: 12), expand: ["customer", "balance_transaction"]))
            #expect(created == Shop.Charge(id: "ch_1", amount: 2000, paid: true, metadata: ["order_id": "6735"]))
            let document = try await shop.uploadDocument(
                body: .init(file: File(url: file, contentType: "application/pdf"), purpose: "dispute_evidence", tags: ["a", "b"]))
            #expect(document.id == "file_1")
            try await shop.putAsset(id: "logo", body: File(data: Data([0x89, 0x50, 0x4E, 0x47]), contentType: "image/png"))
            try await shop.putBytes(id: "blob", body: Data([0, 1, 2]))
            return recorded.withLock { $0 }
        }
        #expect(received.map { "\($0.method) \($0.path)" } == [
            "POST /charges", "POST /uploads-host/files", "PUT /assets/logo", "PUT /assets/blob/bytes",
        ])
        #expect(received.allSatisfy { $0.headers["authorization"] == "Basic c2tfdGVzdDo=" })

        let form = received[0]
        #expect(form.headers["content-type"] == "application/x-www-form-urlencoded")
        #expect(
            form.bodyText
                == "amount=2000&capture=false&metadata%5Border_id%5D=6735&card%5Bnumber%5D=4242424242424242"
                + "&card%5Bexp_month%5D=12&expand%5B%5D=customer&expand%5B%5D=balance_transaction")

        let multipart = received[1]
        let contentType = try #require(multipart.headers["content-type"])
        #expect(contentType.hasPrefix("multipart/form-data; boundary="))
        let boundary = String(contentType.dropFirst("multipart/form-data; boundary=".count))
        var expected = Data(
            ("--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"\(file.lastPathComponent)\"\r\n"
                + "Content-Type: application/pdf\r\n\r\n").utf8)
        expected.append(pdf)
        expected.append(
            Data(
                ("\r\n--\(boundary)\r\nContent-Disposition: form-data; name=\"purpose\"\r\n\r\ndispute_evidence\r\n"
                    + "--\(boundary)\r\nContent-Disposition: form-data; name=\"tags\"\r\n\r\na\r\n"
                    + "--\(boundary)\r\nContent-Disposition: form-data; name=\"tags\"\r\n\r\nb\r\n--\(boundary)--\r\n").utf8))
        #expect(multipart.body == expected)

        #expect(received[2].headers["content-type"] == "image/png" && received[2].body == Data([0x89, 0x50, 0x4E, 0x47]))
        #expect(received[3].headers["content-type"] == "application/octet-stream" && received[3].body == Data([0, 1, 2]))
    }

    @Test func hostsFollowTheEnvironmentAndACustomServerServesThemAll() throws {
        let upload = Shop.APIRoute.uploadDocument(body: .init(file: File(data: Data()), purpose: "x"))
        #expect(try upload.request(for: .production).baseURL.absoluteString == "https://uploads.shop.example")
        #expect(try upload.request(for: .staging).baseURL.absoluteString == "https://uploads.staging.shop.example")
        #expect(try Shop.APIRoute.getTerms.request(for: .staging).baseURL.absoluteString == "https://staging.shop.example")
        let local = URL(string: "http://127.0.0.1:8080")!
        #expect(try upload.request(for: Shop.Environment(baseURL: local)).baseURL == local)
    }

    @Test(arguments: [false, true])
    func outcomesByStatusTypedHeadersAndErrorModelsByStatus(handlingErrors: Bool) async throws {
        try await withRecordingServer(reply: { request in
            switch (request.path, request.headers["if-none-match"]) {
            case ("/items/1", "\"v1\""): ServerReply(status: 304, headers: ["ETag": "\"v1\""])
            case ("/items/1", _):
                ServerReply(
                    status: 200, headers: ["Content-Type": "application/json", "ETag": "\"v1\"", "X-RateLimit-Remaining": "59"],
                    body: Data(#"{"id":"1","name":"Lamp"}"#.utf8))
            case ("/items/missing", _): .json(#"{"message":"no such item"}"#, status: 404)
            case ("/items/invalid", _): .json(#"{"message":"invalid","fields":["name"]}"#, status: 422)
            case ("/items/down", _): .json(#"{"error":"maintenance"}"#, status: 503)
            case ("/user/starred/swift", _): ServerReply(status: 204)
            default: ServerReply(status: 404)
            }
        }) { base, recorded in
            let shop = Self.shop(base, handlingErrors: handlingErrors)
            let fresh = try await shop.getItem(id: "1")
            #expect(fresh.body == .ok(Shop.Item(id: "1", name: "Lamp")))
            #expect(fresh.headers == Shop.GetItemHeaders(eTag: "\"v1\"", xRateLimitRemaining: 59))
            let revalidated = try await shop.getItem(id: "1", ifNoneMatch: fresh.headers.eTag)
            #expect(revalidated.body == .notModified && revalidated.response.statusCode == 304)
            #expect(recorded.last?.headers["if-none-match"] == "\"v1\"")

            await #expect {
                try await shop.getItem(id: "missing")
            } throws: { error in
                Shop.NotFound(error)?.message == "no such item" && Shop.ValidationFailed(error) == nil
                    && (error as? RouteGenError)?.statusCode == 404
                    && (error as? RouteGenError)?.request?.routeName == "Shop.getItem"
            }
            await #expect {
                try await shop.getItem(id: "invalid")
            } throws: { error in Shop.ValidationFailed(error)?.fields == ["name"] }
            await #expect {
                try await shop.getItem(id: "down")
            } throws: { error in Shop.ErrorBody(error)?.error == "maintenance" }

            #expect(try await shop.starRepo(repo: "swift") == .noContent)
            #expect(try await shop.starRepo(repo: "cobol") == .notFound)
        }
    }

    /// `for try await`: pages, or their items, requested one page at a time; stopping early requests no more.
    @Test(arguments: Transport.allCases)
    func linkPaginationAsSequences(transport: Transport) async throws {
        try await withRecordingServer(reply: { request in
            let page = request.query.flatMap { Int($0.replacingOccurrences(of: "page=", with: "")) } ?? 1
            var headers = ["Content-Type": "application/json", "X-Request-Id": "req-\(page)"]
            if page < 3 { headers["Link"] = "</repos?page=\(page + 1)>; rel=\"next\"" }
            let items = (1...2).map { #"{"id":\#(page * 10 + $0),"name":"repo\#(page)-\#($0)"}"# }
            return ServerReply(headers: headers, body: Data("[\(items.joined(separator: ","))]".utf8))
        }) { base, recorded in
            let shop = Self.shop(base, transport: transport)
            var names: [String] = []
            for try await repo in try await shop.listRepos().pages.items { names.append(repo.name) }
            #expect(names == ["repo1-1", "repo1-2", "repo2-1", "repo2-2", "repo3-1", "repo3-2"])
            #expect(recorded.withLock { $0.map { $0.query ?? "" } } == ["", "page=2", "page=3"])

            var requestIDs: [String] = []
            for try await page in try await shop.listRepos().pages {
                requestIDs.append(page.headers.xRequestId)
                if requestIDs.count == 2 { break }
            }
            #expect(requestIDs == ["req-1", "req-2"])
            #expect(recorded.withLock { $0.count } == 5)
        }
    }

    @Test func linkPaginationFollowsNextOnTheSameOriginOnly() async throws {
        try await withRecordingServer(reply: { request in
            let page = request.query.flatMap { Int($0.replacingOccurrences(of: "page=", with: "")) } ?? 1
            var headers = ["Content-Type": "application/json", "X-Request-Id": "req-\(page)"]
            switch page {
            case 1: headers["Link"] = #"</repos?page=2>; rel="next", </repos?page=3>; rel="last""#
            case 2: headers["Link"] = #"</repos?page=3>; rel="next", </repos?page=1>; rel="prev""#
            case 3: headers["Link"] = #"<https://elsewhere.example/repos?page=4>; rel="next""#
            default: headers["X-Request-Id"] = nil
            }
            return ServerReply(headers: headers, body: Data(#"[{"id":\#(page),"name":"repo\#(page)"}]"#.utf8))
        }) { base, recorded in
            let shop = Self.shop(base)
            var page = try await shop.listRepos()
            var names = page.body.map(\.name)
            #expect(page.headers.xRequestId == "req-1")
            #expect(page.links.last?.query == "page=3")
            page = try #require(try await page.next())
            names += page.body.map(\.name)
            page = try #require(try await page.next())
            names += page.body.map(\.name)
            #expect(names == ["repo1", "repo2", "repo3"])
            #expect(recorded.withLock { $0.map { $0.query ?? "" } } == ["", "page=2", "page=3"])
            await #expect(throws: RouteGenError.self) { try await page.next() }
            #expect(recorded.withLock { $0.count } == 3)

            await #expect {
                try await shop.listRepos(page: 4)
            } throws: { error in
                guard case .decodingFailed(let failure) = error as? RouteGenError else { return false }
                return failure.codingPath == "headers.X-Request-Id" && failure.reason == "the required header `X-Request-Id` is missing"
            }
        }
    }

    @Test(arguments: Transport.allCases)
    func rawAndTextResponsesAndMultiSegmentPaths(transport: Transport) async throws {
        let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A])
        let received = try await withRecordingServer(reply: { request in
            switch request.path {
            case "/assets/logo/content": ServerReply(headers: ["Content-Type": "image/png"], body: png)
            case "/terms": .text("Be nice. Ünïcode welcome.", headers: ["Content-Type": "text/plain; charset=utf-8"])
            default: ServerReply(headers: ["Content-Type": "application/octet-stream"], body: Data(request.path.utf8))
            }
        }) { base, recorded in
            let shop = Self.shop(base, transport: transport)
            #expect(try await shop.getAsset(id: "logo") == png)
            #expect(try await shop.getTerms() == "Be nice. Ünïcode welcome.")
            let content = try await shop.getContent(repo: "swift", file: "docs/Guide intro.md")
            #expect(String(decoding: content, as: UTF8.self) == "/repos/swift/contents/docs/Guide%20intro.md")
            for climbing in ["../../admin", "docs/./x", "a//b"] {
                await #expect(throws: RouteGenError.self, "\(climbing)") { try await shop.getContent(repo: "swift", file: climbing) }
            }
            return recorded.withLock { $0 }
        }
        #expect(received.count == 3)
        #expect(received[1].headers["authorization"] == nil)
    }

    @Test(.timeLimit(.minutes(1)), arguments: Transport.allCases)
    func eventsStreamAsTheServerSendsThem(transport: Transport) async throws {
        let firstReceived = Checkpoint()
        try await withRecordingServer(reply: { request in
            .streamed(headers: ["Content-Type": "text/event-stream"]) { send in
                try await send(Data("data: {\"text\":\"Hel\"}\n\n".utf8))
                // The rest only once the client holds the first event: a client that buffered would never get it.
                await firstReceived.wait()
                try await send(Data("data: {\"text\":\"lo\"}\n\n".utf8))
                try await send(Data("data: [DONE]\n\n".utf8))
            }
        }) { base, recorded in
            var texts: [String] = []
            for try await chunk in try await Self.shop(base, transport: transport).chat(body: .init(prompt: "hi")).ending(at: "[DONE]") {
                firstReceived.reach()
                texts.append(chunk.text)
            }
            #expect(texts == ["Hel", "lo"])
            let request = try #require(recorded.last)
            #expect(request.headers["accept"] == "text/event-stream" && request.bodyText == #"{"prompt":"hi"}"#)
        }
    }
}
