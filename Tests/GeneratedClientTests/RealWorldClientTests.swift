import Foundation
import GeneratedClients
import RouteGenRuntime
import RouteGenTestSupport
import Testing

/// The client of `Tests/OpenAPI/real-world.yaml`, the constructs of published documents that once failed a whole
/// import, against a real server: the bytes each request puts on the wire, and what each response decodes to.
@Suite struct RealWorldClientTests {
    static func reply(_ received: ReceivedRequest) -> ServerReply {
        switch (received.method, received.path) {
        case ("GET", "/calls"): .json(#"{"start_time":"a","startTime":"b"}"#)
        case ("POST", "/oauth2/token"), ("PUT", "/messages/7/metadata"): ServerReply(status: 204)
        case ("GET", "/retention"): .json(#""none""#)
        case ("POST", "/completions"): .json(#"{"model":"m1"}"#)
        case ("POST", "/files"), ("POST", "/customers/cus_1"), ("GET", "/invoices/upcoming"), ("GET", "/responses"):
            ServerReply(status: 204)
        case ("GET", "/tools"): .json(#"[{"type":"function","name":"lookup"},{"type":"file_search","max_results":3},{"type":"web"}]"#)
        default: .text("unexpected \(received.method) \(received.path)", status: 500)
        }
    }

    private func handler(_ base: URL, _ transport: Transport) -> RealWorld.RequestHandler {
        RealWorld.RequestHandler(environment: RealWorld.Environment(baseURL: base), client: transport.client())
    }

    /// Twilio's comparison filters are arguments of their own, each sent under its own wire name.
    @Test(arguments: Transport.allCases)
    func comparisonFiltersAreArgumentsOfTheirOwn(transport: Transport) async throws {
        let (calls, received) = try await withRecordingServer(reply: Self.reply) { base, recorded in
            let calls = try await handler(base, transport).listCalls(
                startTime: "2024-01-01", startTimeBefore: "2024-02-01", endTimeOrAfter: "2024-01-15", pageSize: 5,
                pageSizeHeader: 6)
            return (calls, recorded.last)
        }
        #expect(received?.query == "StartTime=2024-01-01&StartTime%3C=2024-02-01&EndTime%3E%3D=2024-01-15&page-size=5")
        #expect(received?.headers["page_size"] == "6")
        #expect(calls.startTime == "a" && calls.startTime2 == "b")
    }

    /// Two operations that one path's fragment told apart go to the same path, each with its own form.
    @Test(arguments: Transport.allCases)
    func operationsAPathFragmentToldApartGoToThePath(transport: Transport) async throws {
        let received = try await withRecordingServer(reply: Self.reply) { base, recorded in
            try await handler(base, transport).requestToken(body: .init(code: "c"))
            try await handler(base, transport).refreshToken(body: .init(refreshToken: "r"))
            return recorded.withLock { $0 }
        }
        #expect(received.map(\.path) == ["/oauth2/token", "/oauth2/token"])
        #expect(received.map(\.bodyText) == ["code=c", "refresh_token=r"])
    }

    @Test(arguments: Transport.allCases)
    func aDictionaryBodyIsSentAsAJSONObject(transport: Transport) async throws {
        let received = try await withRecordingServer(reply: Self.reply) { base, recorded in
            try await handler(base, transport).setMessageMetadata(id: "7", body: ["reason": "spam"])
            return recorded.last
        }
        #expect(received?.headers["content-type"] == "application/json")
        #expect(received?.jsonObject == ["reason": "spam"])
    }

    /// Box's union of a one-value string enum, a patterned string and an integer: two variants, `String` and `Int32`.
    @Test(arguments: Transport.allCases)
    func stringVariantsOfOneSwiftTypeAreOneVariant(transport: Transport) async throws {
        let none = try await withRecordingServer(reply: Self.reply) { base, _ in try await handler(base, transport).getRetention() }
        #expect(none == .string("none"))
        #expect(try JSONDecoder().decode(RealWorld.MaxExtensionLength.self, from: Data("365".utf8)) == .int32(365))
    }

    /// Only what the caller set is sent; what the server assumes is what an absent key decodes to.
    @Test(arguments: Transport.allCases)
    func defaultsTheServerAssumesAreNotSentButAbsentKeysDecodeToThem(transport: Transport) async throws {
        let (echoed, received) = try await withRecordingServer(reply: Self.reply) { base, recorded in
            let echoed = try await handler(base, transport).createCompletion(body: .init(model: "m1", echo: true))
            return (echoed, recorded.last)
        }
        #expect(received?.query == nil)
        #expect(received?.jsonObject == ["model": "m1", "echo": true])
        #expect(echoed.maxTokens == 16 && echoed.echo == false && echoed.temperature == 1 && echoed.stop == nil)

        let chosen = try await withRecordingServer(reply: Self.reply) { base, recorded in
            _ = try await handler(base, transport).createCompletion(streamOptions: .none_, body: .init(model: "m1"))
            return recorded.last
        }
        #expect(chosen?.query == "stream_options=none")
        #expect(chosen?.jsonObject == ["model": "m1"])
    }
}

extension RealWorldClientTests {
    /// A multipart object field goes as one `application/json` part (OpenAPI's rule, and what Box's upload reads),
    /// lists of text as repeated text parts, and a file as a file part.
    @Test(arguments: Transport.allCases)
    func aMultipartObjectFieldIsAJSONPart(transport: Transport) async throws {
        let received = try await withRecordingServer(reply: { _ in ServerReply(status: 201) }) { base, recorded in
            let body = RealWorld.UploadFileBody(
                attributes: .init(name: "notes.txt", size: 5), tags: ["a", "b"],
                file: File(data: Data("hello".utf8), fileName: "notes.txt", contentType: "text/plain"))
            try await handler(base, transport).uploadFile(body: body)
            return recorded.last
        }
        let contentType = try #require(received?.headers["content-type"])
        let boundary = try #require(contentType.components(separatedBy: "boundary=").last)
        let parts = try #require(received?.bodyText.components(separatedBy: "--\(boundary)"))
        #expect(parts.first == "" && parts.last == "--\r\n")
        let json = "\r\nContent-Disposition: form-data; name=\"attributes\"\r\nContent-Type: application/json\r\n\r\n"
        #expect(parts[1].hasPrefix(json) && parts[1].hasSuffix("\r\n"))
        let attributes = try JSONSerialization.jsonObject(with: Data(parts[1].utf8.dropFirst(json.utf8.count).dropLast(2))) as? NSDictionary
        #expect(attributes == ["name": "notes.txt", "size": 5])
        #expect(
            Array(parts[2...4]) == [
                "\r\nContent-Disposition: form-data; name=\"tags\"\r\n\r\na\r\n",
                "\r\nContent-Disposition: form-data; name=\"tags\"\r\n\r\nb\r\n",
                "\r\nContent-Disposition: form-data; name=\"file\"; filename=\"notes.txt\"\r\nContent-Type: text/plain\r\n\r\nhello\r\n",
            ])
        #expect(parts.count == 6)
    }
}

extension RealWorldClientTests {
    /// OpenAI's `createFile`: a multipart body given as a model, whose binary property is a file part.
    @Test(arguments: Transport.allCases)
    func aMultipartModelSendsItsFileProperty(transport: Transport) async throws {
        let received = try await withRecordingServer(reply: Self.reply) { base, recorded in
            let file = File(data: Data("{}".utf8), fileName: "batch.jsonl", contentType: "application/jsonl")
            try await handler(base, transport).createFile(body: .init(file: file, purpose: .batch))
            return recorded.last
        }
        let text = try #require(received?.bodyText)
        #expect(text.contains("Content-Disposition: form-data; name=\"file\"; filename=\"batch.jsonl\"\r\nContent-Type: application/jsonl\r\n\r\n{}\r\n"))
        #expect(text.contains("Content-Disposition: form-data; name=\"purpose\"\r\n\r\nbatch\r\n"))
    }

    /// A discriminator whose values are each variant's one-value `enum` or `const` tells the variants apart by
    /// those values; one it does not know stays unknown.
    @Test(arguments: Transport.allCases)
    func discriminatorValuesComeFromEachVariantsConstant(transport: Transport) async throws {
        let tools = try await withRecordingServer(reply: Self.reply) { base, _ in try await handler(base, transport).listTools() }
        #expect(tools.count == 3)
        guard case .functionTool(let function) = tools[0], case .fileSearchTool(let search) = tools[1], case .unknown = tools[2] else {
            Issue.record("decoded as \(tools)")
            return
        }
        #expect(function.name == "lookup" && search.maxResults == 3)
    }
}

extension RealWorldClientTests {
    /// Stripe's fields that the empty string clears (`anyOf: [T, enum: [""]]`) are `T??`: `.some(nil)` sends the
    /// empty value, a value is sent as usual, and nil sends nothing.
    @Test(arguments: Transport.allCases)
    func anEmptyValueClearsAFormField(transport: Transport) async throws {
        let received = try await withRecordingServer(reply: Self.reply) { base, recorded in
            try await handler(base, transport).updateCustomer(customer: "cus_1", body: .init(description: .some(nil), metadata: .some(nil)))
            try await handler(base, transport).updateCustomer(customer: "cus_1", body: .init(description: "VIP", metadata: ["tier": "gold"]))
            try await handler(base, transport).updateCustomer(customer: "cus_1")  // a body with nothing to fill may be left out
            return recorded.withLock { $0 }
        }
        #expect(received.map(\.bodyText) == ["description=&metadata=", "description=VIP&metadata%5Btier%5D=gold", ""])
    }
}

extension RealWorldClientTests {
    /// OpenAI's `stop`: a string or a list of strings, a union whose variants are a text and a list.
    @Test(arguments: Transport.allCases)
    func aUnionOfATextAndAListSendsEither(transport: Transport) async throws {
        let received = try await withRecordingServer(reply: Self.reply) { base, recorded in
            _ = try await handler(base, transport).createCompletion(body: .init(model: "m1", stop: .stringList(["END", "STOP"])))
            _ = try await handler(base, transport).createCompletion(body: .init(model: "m1", stop: .string("END")))
            return recorded.withLock { $0 }
        }
        #expect(received.map(\.jsonObject) == [["model": "m1", "stop": ["END", "STOP"]], ["model": "m1", "stop": "END"]])
    }
}

extension RealWorldClientTests {
    /// Stripe's lists of objects in a query: each item indexed, each field bracketed.
    @Test(arguments: Transport.allCases)
    func aListOfObjectsInADeepObjectQueryIsIndexed(transport: Transport) async throws {
        let received = try await withRecordingServer(reply: Self.reply) { base, recorded in
            try await handler(base, transport).upcomingInvoice(lines: [.init(amount: 5, price: "p1"), .init(price: "p2")])
            return recorded.last
        }
        #expect(received?.query?.removingPercentEncoding == "lines[0][amount]=5&lines[0][price]=p1&lines[1][price]=p2")
    }
}

extension RealWorldClientTests {
    /// OpenAI's `/responses?beta=true`: the query the path writes goes with every request.
    @Test(arguments: Transport.allCases)
    func aPathsQueryPartIsSent(transport: Transport) async throws {
        let received = try await withRecordingServer(reply: Self.reply) { base, recorded in
            try await handler(base, transport).listBetaResponses()
            return recorded.last
        }
        #expect(received?.path == "/responses" && received?.query == "beta=true")
    }
}

extension RealWorldClientTests {
    /// A server default stands for an absent key only: the server's explicit `null` decodes as nil, as documented.
    @Test func aServerDefaultFillsAnAbsentKeyAndNotANull() throws {
        let absent = try JSONDecoder().decode(RealWorld.CompletionRequest.self, from: Data(#"{"model":"m"}"#.utf8))
        #expect(absent.maxTokens == 16 && absent.echo == false && absent.temperature == 1)
        let null = try JSONDecoder().decode(
            RealWorld.CompletionRequest.self, from: Data(#"{"model":"m","max_tokens":null,"echo":null,"temperature":0.5}"#.utf8))
        #expect(null.maxTokens == nil && null.echo == nil && null.temperature == 0.5)
    }
}
