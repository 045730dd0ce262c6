import Foundation
import RouteGenRuntime
import Testing

/// The WHATWG event-stream parsing rules, fed in chunks that split lines and events anywhere.
@Suite struct ServerSentEventParserTests {
    private func parse(_ chunks: [String]) throws -> [RawServerSentEvent] {
        var parser = ServerSentEventParser()
        return try chunks.flatMap { try parser.parse(Data($0.utf8)) }
    }

    /// `retry:` is a setting of the stream (WHATWG: it sets the reconnection time), usually sent alone before any
    /// event: every event after it carries it, until another replaces it; a blank line does not reset it.
    @Test func theReconnectionTimeIsASettingOfTheStream() throws {
        var parser = ServerSentEventParser()
        #expect(try parser.parse(Data("retry: 5000\n\n".utf8)).isEmpty)
        #expect(parser.reconnectionTime == 5000)
        let events = try parser.parse(Data("data: a\n\ndata: b\nretry: 250\n\nretry: soon\n\ndata: c\n\n".utf8))
        #expect(events.map(\.retry) == [5000, 250, 250])
        #expect(parser.reconnectionTime == 250)
    }

    @Test func fieldsCommentsAndMultiLineData() throws {
        let stream = "\u{FEFF}: a comment\nevent: delta\nid: 7\nretry: 1500\ndata: first\ndata:second\ndata:  third\n\n"
            + "data: {\"a\":1}\r\n\r\ndata\n\nid: 8\0x\nevent: ignored\n\ndata: last\rretry: soon\r\r"
        let events = try parse([stream])
        #expect(
            events == [
                RawServerSentEvent(event: "delta", data: "first\nsecond\n third", id: "7", retry: 1500),
                // The reconnection time stays the stream's; `retry: soon` is not digits, and changes nothing.
                RawServerSentEvent(data: #"{"a":1}"#, id: "7", retry: 1500),
                RawServerSentEvent(data: "", id: "7", retry: 1500),
                RawServerSentEvent(data: "last", id: "7", retry: 1500),
            ])
    }

    @Test func chunksMaySplitAnywhere() throws {
        let stream = "data: hello\r\n\r\ndata: wor\r\ndata: ld\n\n"
        let whole = try parse([stream])
        for split in 1..<stream.utf8.count {
            let bytes = Array(stream.utf8)
            let pieces = [String(decoding: bytes[..<split], as: UTF8.self), String(decoding: bytes[split...], as: UTF8.self)]
            #expect(try parse(pieces) == whole, "split at \(split)")
        }
        #expect(whole.map(\.data) == ["hello", "wor\nld"])
    }

    @Test func anEventWithoutAnEndingBlankLineIsNotDispatched() throws {
        #expect(try parse(["data: partial\n"]).isEmpty)
    }

    private static func stream(_ body: String) -> EventStream<String> {
        EventStream(
            request: APIRequest(method: .get, baseURL: URL(string: "https://api.example.com")!, path: "/events"),
            response: APIResponse(statusCode: 200, headers: ["Content-Type": "text/event-stream"]),
            body: ResponseBodyStream(Data(body.utf8)), decoder: JSONDecoder())
    }

    @Test func aStreamEndsWithItsBodyAndAtAMarkerOnlyWhenAsked() async throws {
        let body = "data: one\n\ndata: [DONE]\n\ndata: two\n\n"
        var all: [String] = []
        for try await text in Self.stream(body) { all.append(text) }
        #expect(all == ["one", "[DONE]", "two"])
        var ended: [String] = []
        for try await text in Self.stream(body).ending(at: "[DONE]") { ended.append(text) }
        #expect(ended == ["one"])
    }
}

extension ServerSentEventParserTests {
    /// A stream that never ends its event is stopped at the limit, not buffered without end; events within it pass.
    @Test func anEventLongerThanTheLimitStopsTheStream() throws {
        var parser = ServerSentEventParser(limit: 1_000)
        #expect(try parser.parse(Data("data: short\n\n".utf8)) == [RawServerSentEvent(data: "short")])
        var fed = 0
        #expect(throws: ServerSentEventParser.EventTooLarge(limit: 1_000)) {
            while fed < 10_000 {
                _ = try parser.parse(Data(repeating: UInt8(ascii: "a"), count: 100))
                fed += 100
            }
        }
        #expect(fed == 1_000)
        // Many short data lines of one event count together.
        var lines = ServerSentEventParser(limit: 1_000)
        #expect(throws: ServerSentEventParser.EventTooLarge.self) {
            for _ in 0..<200 { _ = try lines.parse(Data("data: 0123456789\n".utf8)) }
        }
    }
}
