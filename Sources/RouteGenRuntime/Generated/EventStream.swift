import Foundation

/// The events of a `text/event-stream` response, each event's `data` decoded as `Event`, delivered as the server
/// sends them. The stream ends when the body ends, or at an end marker the API defines (``ending(at:)``);
/// cancelling the task that iterates it cancels the request.
///
/// ```swift
/// for try await chunk in try await openAI.chat(body: request).ending(at: "[DONE]") {
///     print(chunk.choices.first?.delta.content ?? "", terminator: "")
/// }
/// ```
public struct EventStream<Event: Decodable & Sendable>: AsyncSequence, Sendable {
    public typealias Element = Event

    /// The events as they arrived, before decoding: type, data, id and retry.
    public let serverSentEvents: ServerSentEvents
    private let request: APIRequest
    private let response: APIResponse
    private let decoder: JSONDecoder
    /// The `data` of the event that ends the stream, if the API has one.
    private var endMarker: String?

    /// The events of `body`, the body of `response` to `request`.
    public init(request: APIRequest, response: APIResponse, body: ResponseBodyStream, decoder: JSONDecoder) {
        self.serverSentEvents = ServerSentEvents(body: body)
        self.request = request
        self.response = response
        self.decoder = decoder
    }

    /// A stream that delivers `events`, each sent as one event's JSON `data`: for mocks, tests and previews.
    public init(replaying events: [Event], encoder: JSONEncoder = JSONCoding.makeEncoder()) throws where Event: Encodable {
        try self.init(replayingJSON: events.map { String(decoding: try encoder.encode($0), as: UTF8.self) })
    }

    /// A stream that delivers the events whose JSON `data` is each of `json`.
    init(replayingJSON json: [String], decoder: JSONDecoder = JSONCoding.makeDecoder()) {
        let body = json.map { "data: " + $0.replacingOccurrences(of: "\n", with: "\ndata: ") + "\n\n" }.joined()
        self.init(
            request: APIRequest(method: .get, baseURL: URL(fileURLWithPath: "/"), routeName: "replayed events"),
            response: APIResponse(statusCode: 200, headers: ["Content-Type": "text/event-stream"]),
            body: ResponseBodyStream(Data(body.utf8)), decoder: decoder)
    }

    /// The same events, ending at the first whose `data` is `marker` (which is not delivered). Server-sent events
    /// have no end marker of their own: an API that adds one (OpenAI's `data: [DONE]`) says so in its documentation,
    /// and without this its marker is an event like any other.
    public func ending(at marker: String) -> EventStream {
        var stream = self
        stream.endMarker = marker
        return stream
    }

    public func makeAsyncIterator() -> Iterator {
        Iterator(events: serverSentEvents.makeAsyncIterator(), stream: self)
    }

    /// Decodes each event's data.
    public struct Iterator: AsyncIteratorProtocol {
        var events: ServerSentEvents.Iterator
        let stream: EventStream

        public mutating func next() async throws -> Event? {
            guard let event = try await events.next(), event.data != stream.endMarker else { return nil }
            if let text = event.data as? Event { return text }
            return try ResponseDecoding.decode(
                Event.self, from: Data(event.data.utf8), response: stream.response, for: stream.request,
                decoder: stream.decoder)
        }
    }
}

/// The raw events of a `text/event-stream` body. See ``ServerSentEventParser``.
public struct ServerSentEvents: AsyncSequence, Sendable {
    public typealias Element = RawServerSentEvent

    private let body: ResponseBodyStream

    /// The events of `body`.
    public init(body: ResponseBodyStream) {
        self.body = body
    }

    public func makeAsyncIterator() -> Iterator {
        Iterator(chunks: body.makeAsyncIterator())
    }

    /// Parses chunks as they arrive and hands out their events one by one.
    public struct Iterator: AsyncIteratorProtocol {
        var chunks: ResponseBodyStream.AsyncIterator
        var parser = ServerSentEventParser()
        var pending: [RawServerSentEvent] = []

        public mutating func next() async throws -> RawServerSentEvent? {
            while pending.isEmpty {
                guard let chunk = try await chunks.next() else { return nil }
                pending = try parser.parse(chunk)
            }
            return pending.removeFirst()
        }
    }
}

extension HTTPTransport {
    /// Sends `request` (with `Accept: text/event-stream`) and returns its events, each event's data decoded as `Event`
    /// (`String` takes the data as it is). A status other than 2xx throws
    /// ``RouteGenError/unacceptableStatus(_:)`` with the body decoded by `errors`.
    public func events<Event: Decodable & Sendable>(
        _ request: APIRequest, decoding type: Event.Type, decoder: JSONDecoder, errors: ErrorBodies = ErrorBodies()
    ) async throws -> EventStream<Event> {
        var request = request
        request.headers["Accept"] = "text/event-stream"
        let head: APIResponse
        let body: ResponseBodyStream
        do {
            (head, body) = try await stream(request)
        } catch RouteGenError.unacceptableStatus(let failure) {
            // A decorator in the chain read the error already; the spec's error model decodes it here.
            throw errors.unacceptableStatus(request, failure.response, body: failure.body, decoder: decoder)
        }
        guard head.isSuccess else {
            throw errors.unacceptableStatus(request, head, body: try await body.collect(), decoder: decoder)
        }
        return EventStream(request: request, response: head, body: body, decoder: decoder)
    }
}
