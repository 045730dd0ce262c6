import Foundation

/// One server-sent event (WHATWG HTML, "Server-sent events").
public struct RawServerSentEvent: Hashable, Sendable {
    /// The event type (`event:`), or nil for the default, `message`.
    public var event: String?
    /// The data: the event's `data:` lines joined by line feeds.
    public var data: String
    /// The last event id (`id:`) when the event was dispatched, if any was ever set.
    public var id: String?
    /// The reconnection time the server last asked for (`retry:`), in milliseconds, if it ever did: a setting of the
    /// stream, kept from event to event like ``id``, since servers usually send it alone, before any event.
    public var retry: Int?

    /// Creates an event.
    public init(event: String? = nil, data: String, id: String? = nil, retry: Int? = nil) {
        self.event = event
        self.data = data
        self.id = id
        self.retry = retry
    }
}

/// Turns the bytes of a `text/event-stream` body, in chunks of any size, into events, following the WHATWG
/// parsing rules: lines end in CR LF, LF or CR; `:` starts a comment; one space after the colon is dropped;
/// several `data:` lines join with line feeds; an empty line dispatches; an event with no data is not
/// dispatched; `id` with a NUL is ignored; `retry` takes digits only; a leading byte order mark is skipped.
public struct ServerSentEventParser: Sendable {
    private var line: [UInt8] = []
    private var lastWasCR = false
    private var isAtStart = true
    private var data: [String] = []
    private var hasData = false
    private var eventType: String?
    private var lastEventID: String?
    /// The reconnection time the stream last set (`retry:`), in milliseconds: a setting of the stream, not of one
    /// event, so a blank line does not reset it.
    public private(set) var reconnectionTime: Int?

    /// Creates a parser at the start of a stream.
    public init(limit: Int = 16 << 20) {
        self.limit = limit
    }

    /// How many bytes one event may take (its lines, before the blank line that ends it), so a stream that never
    /// sends a line break cannot fill memory; 16 MiB by default, as a streamed body's unread limit.
    public let limit: Int
    private var size = 0

    /// An event longer than the parser's ``ServerSentEventParser/limit``.
    public struct EventTooLarge: Error, Hashable, Sendable, CustomStringConvertible {
        /// The limit, in bytes.
        public var limit: Int

        /// The failure of a parser whose limit is `limit`.
        public init(limit: Int) {
            self.limit = limit
        }

        public var description: String {
            "an event of the stream is longer than \(limit) bytes without ending: the stream was stopped"
        }
    }

    /// Feeds a chunk and returns the events it completes; throws when an event grows past ``limit``.
    public mutating func parse(_ chunk: Data) throws(EventTooLarge) -> [RawServerSentEvent] {
        var events: [RawServerSentEvent] = []
        for byte in chunk {
            size += 1
            guard size <= limit else { throw EventTooLarge(limit: limit) }
            if lastWasCR {
                lastWasCR = false
                if byte == UInt8(ascii: "\n") { continue }
            }
            switch byte {
            case UInt8(ascii: "\r"):
                lastWasCR = true
                if let event = endLine() { events.append(event) }
            case UInt8(ascii: "\n"):
                if let event = endLine() { events.append(event) }
            default:
                line.append(byte)
            }
        }
        return events
    }

    /// Processes the line collected so far; returns an event when the line is empty and one is pending.
    private mutating func endLine() -> RawServerSentEvent? {
        var text = String(decoding: line, as: UTF8.self)
        line.removeAll(keepingCapacity: true)
        if isAtStart {
            isAtStart = false
            if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        }
        if text.isEmpty { return dispatch() }
        if text.hasPrefix(":") { return nil }
        let field: Substring
        var value: Substring
        if let colon = text.firstIndex(of: ":") {
            field = text[..<colon]
            value = text[text.index(after: colon)...]
            if value.first == " " { value = value.dropFirst() }
        } else {
            field = Substring(text)
            value = ""
        }
        switch field {
        case "data":
            data.append(String(value))
            hasData = true
        case "event":
            eventType = String(value)
        case "id":
            if !value.contains("\0") { lastEventID = String(value) }
        case "retry":
            if !value.isEmpty, value.allSatisfy({ $0.isASCII && $0.isNumber }), let milliseconds = Int(value) {
                reconnectionTime = milliseconds
            }
        default:
            break
        }
        return nil
    }

    private mutating func dispatch() -> RawServerSentEvent? {
        defer {
            size = 0
            data.removeAll()
            hasData = false
            eventType = nil
        }
        guard hasData else { return nil }
        return RawServerSentEvent(
            event: eventType.flatMap { $0.isEmpty ? nil : $0 }, data: data.joined(separator: "\n"), id: lastEventID,
            retry: reconnectionTime)
    }
}
