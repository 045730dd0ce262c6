import Foundation
import GeneratedClients
import RouteGenRuntime
import RouteGenTestSupport
import Testing

/// The client imported from `Tests/OpenAPI/wire-shapes.yaml` (Tests/Specs/Imported/WireShapes.yaml) against a real
/// server: what once imported silently into other bytes than the document says (issue 51) is sent and read as the
/// document says.
@Suite struct WireShapesClientTests {
    static let article =
        #"{"createdAt":"2024-02-11T09:48:46Z","URL":"https://wire.example/a1","id":"a1","created_at":"11/02/2024","url":"/a1","@id":"urn:a1"}"#

    static let card = #"{"last4":"4242","brand":"visa"}"#
    static let bankAccount = #"{"iban":"DE89370400440532013000","holder":"Ada"}"#

    static func reply(_ received: ReceivedRequest) -> ServerReply {
        switch (received.method, received.path) {
        case ("PATCH", "/articles/a1"): .json(article)
        case ("POST", "/articles"): .json(article, status: 201)
        case ("GET", "/counters/10000000000000000000"): .json(#"{"value":18446744073709551615,"limit":4294967295}"#)
        case ("GET", "/payment-methods/card"), ("GET", "/payment-sources/card"): .json(card)
        case ("GET", "/payment-methods/bank"), ("GET", "/payment-sources/bank"): .json(bankAccount)
        case ("GET", "/payment-methods/empty"): .json("{}")
        case ("GET", "/payment-methods/both"): .json(#"{"last4":"4242","iban":"DE89370400440532013000"}"#)
        case ("POST", "/uploads"), ("POST", "/addresses"), ("POST", "/addresses.json"), ("POST", "/blobs"): ServerReply(status: 204)
        default: .text("unexpected \(received.method) \(received.path)", status: 500)
        }
    }

    private func handler(_ base: URL, _ transport: Transport) -> WireShapes.RequestHandler {
        WireShapes.RequestHandler(environment: WireShapes.Environment(baseURL: base), client: transport.client())
    }

    /// A `merge-patch+json` body is sent as that media type, and a property the document requires and allows to be
    /// null is sent as `null` when nil, not left out (a merge patch would read its absence as "unchanged").
    @Test(arguments: Transport.allCases)
    func aMergePatchIsSentAsItsMediaTypeWithItsRequiredNulls(transport: Transport) async throws {
        let (article, received) = try await withRecordingServer(reply: Self.reply) { base, recorded in
            let patch = WireShapes.ArticlePatch(title: "t", description: nil, publishedAt: nil)
            return (try await handler(base, transport).patchArticle(id: "a1", body: patch), recorded.last)
        }
        #expect(received?.headers["content-type"] == "application/merge-patch+json")
        // `tags`, optional, is left out when nil.
        #expect(received?.jsonObject == ["title": "t", "description": NSNull(), "published_at": NSNull()])
        // `createdAt` and `created_at`, `URL` and `url`, `@id` and `id`: each its own property.
        #expect(article.createdAt == Date(timeIntervalSince1970: 1_707_644_926))
        #expect(article.createdAt2 == "11/02/2024")
        #expect(article.url == URL(string: "https://wire.example/a1") && article.url2 == "/a1")
        #expect(article.id == "a1" && article.id2 == "urn:a1")
    }

    @Test(arguments: Transport.allCases)
    func aJSONAPIBodyIsSentAsItsMediaType(transport: Transport) async throws {
        let received = try await withRecordingServer(reply: Self.reply) { base, recorded in
            _ = try await handler(base, transport).createArticle(body: .init(title: "t", summary: nil))
            return recorded.last
        }
        #expect(received?.headers["content-type"] == "application/vnd.api+json")
        #expect(received?.jsonObject == ["title": "t", "summary": NSNull()])
    }

    /// A union of closed objects (`additionalProperties: false`) none of whose properties is required is told apart
    /// by the keys an object has: a bank account's object is the `BankAccount`, not a `Card` without its data; an
    /// object each takes is the first; one neither takes is kept as it came.
    @Test(arguments: Transport.allCases)
    func closedVariantsAreToldApartByTheirKeys(transport: Transport) async throws {
        let methods = try await withRecordingServer(reply: Self.reply) { base, _ in
            let client = handler(base, transport)
            return [
                try await client.getPaymentMethod(id: "card"), try await client.getPaymentMethod(id: "bank"),
                try await client.getPaymentMethod(id: "empty"), try await client.getPaymentMethod(id: "both"),
            ]
        }
        #expect(
            methods == [
                .card(WireShapes.Card(last4: "4242", brand: "visa")),
                .bankAccount(WireShapes.BankAccount(iban: "DE89370400440532013000", holder: "Ada")),
                .card(WireShapes.Card()),
                .unknown(["last4": "4242", "iban": "DE89370400440532013000"]),
            ])
    }

    /// The only variant taking objects, closed: an object with a key it does not declare is a decoding error that
    /// names the union and the key, not that variant without the key's value.
    @Test(arguments: Transport.allCases)
    func anObjectTheOnlyClosedObjectVariantDoesNotTakeFails(transport: Transport) async throws {
        try await withRecordingServer(reply: Self.reply) { base, _ in
            let client = handler(base, transport)
            let card = try await client.getPaymentSource(id: "card")
            #expect(card == .card(WireShapes.Card(last4: "4242", brand: "visa")))
            await #expect {
                try await client.getPaymentSource(id: "bank")
            } throws: { error in
                guard case .decodingFailed(let failure) = error as? RouteGenError else { return false }
                return failure.reason
                    == #"an object with the key "holder" is not a GetPaymentSourceResponse variant: Card takes no keys but its own"#
            }
        }
    }

    /// `format: uint64` is `UInt64`: values past `Int64.max` are sent and read.
    @Test(arguments: Transport.allCases)
    func unsignedSixtyFourBitValuesAreSentAndRead(transport: Transport) async throws {
        let counter = try await withRecordingServer(reply: Self.reply) { base, _ in
            try await handler(base, transport).getCounter(id: 10_000_000_000_000_000_000)
        }
        #expect(counter.value == UInt64.max)
        #expect(counter.limit == 4_294_967_295)
    }

    /// An object field of a multipart form is a JSON part: its required, nullable property is sent as `null`
    /// (the part was `{}`, which the document's validator refuses).
    @Test(arguments: Transport.allCases)
    func aMultipartJSONPartSendsItsRequiredNulls(transport: Transport) async throws {
        let received = try await withRecordingServer(reply: Self.reply) { base, recorded in
            try await handler(base, transport).upload(body: .init(name: "n", meta: .init(caption: nil)))
            return recorded.last
        }
        let contentType = try #require(received?.headers["content-type"])
        let boundary = try #require(contentType.components(separatedBy: "boundary=").last)
        let parts = try #require(received?.bodyText.components(separatedBy: "--\(boundary)"))
        let json = "\r\nContent-Disposition: form-data; name=\"meta\"\r\nContent-Type: application/json\r\n\r\n"
        let meta = try #require(parts.first { $0.hasPrefix(json) }, "\(parts)")
        #expect(meta == json + #"{"caption":null}"# + "\r\n")
    }

    /// A model sent as JSON and in a form: a form has no `null` to send, so nil is left out of it, not sent as
    /// `address[floor]=` (an empty value the document's integer refuses); the import said so, and one model has one
    /// encoding, so JSON leaves it out too.
    @Test(arguments: Transport.allCases)
    func aModelInAFormLeavesNilOut(transport: Transport) async throws {
        let received = try await withRecordingServer(reply: Self.reply) { base, recorded in
            let address = WireShapes.Address(line1: "l1", floor: nil)
            try await handler(base, transport).saveAddress(body: .init(name: "n", address: address))
            try await handler(base, transport).saveAddressJSON(body: address)
            return recorded.withLock { $0 }
        }
        #expect(received.first?.headers["content-type"]?.hasPrefix("application/x-www-form-urlencoded") == true)
        #expect(received.first?.bodyText == "name=n&address%5Bline1%5D=l1")
        #expect(received.last?.jsonObject == ["line1": "l1"])
    }

    /// A JSON body of `format: byte` is a base64 JSON string, sent as `application/json` (it was the raw bytes, as
    /// `application/octet-stream`).
    @Test(arguments: Transport.allCases)
    func aJSONBodyOfBytesIsABase64String(transport: Transport) async throws {
        let received = try await withRecordingServer(reply: Self.reply) { base, recorded in
            try await handler(base, transport).putBlob(body: Data("hello".utf8).base64EncodedString())
            return recorded.last
        }
        #expect(received?.headers["content-type"] == "application/json")
        #expect(received?.bodyText == #""aGVsbG8=""#)
    }
}
