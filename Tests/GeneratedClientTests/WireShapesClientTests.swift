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

    static func reply(_ received: ReceivedRequest) -> ServerReply {
        switch (received.method, received.path) {
        case ("PATCH", "/articles/a1"): .json(article)
        case ("POST", "/articles"): .json(article, status: 201)
        case ("GET", "/counters/10000000000000000000"): .json(#"{"value":18446744073709551615,"limit":4294967295}"#)
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

    /// `format: uint64` is `UInt64`: values past `Int64.max` are sent and read.
    @Test(arguments: Transport.allCases)
    func unsignedSixtyFourBitValuesAreSentAndRead(transport: Transport) async throws {
        let counter = try await withRecordingServer(reply: Self.reply) { base, _ in
            try await handler(base, transport).getCounter(id: 10_000_000_000_000_000_000)
        }
        #expect(counter.value == UInt64.max)
        #expect(counter.limit == 4_294_967_295)
    }
}
