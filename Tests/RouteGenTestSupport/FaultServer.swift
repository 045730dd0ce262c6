import Foundation

#if canImport(Glibc)
    import Glibc

/// What the fault server does with a request, chosen by the request's path (`/fault/<name>`).
package enum Fault: String, CaseIterable, Sendable {
    /// A `200` with a small JSON body, cacheable for a minute.
    case ok
    /// The connection is reset as soon as the request has arrived.
    case resetBeforeHeaders = "reset-before-headers"
    /// Reset as `resetBeforeHeaders` the first two times a call (its `X-Call-Id`) arrives; then `ok`'s answer.
    case resetTwice = "reset-twice"
    /// Half a status line and header, then a reset.
    case resetMidHeaders = "reset-mid-headers"
    /// Headers announcing 1,000 bytes and 100 of them, then a reset. Marked cacheable.
    case resetMidBody = "reset-mid-body"
    /// Not a byte, ever (until the client closes the connection or the server stops).
    case silent
    /// A body sent a few bytes at a time, 20 ms apart, in under a second.
    case drip
    /// `Content-Encoding: gzip` with the gzip stream cut in half.
    case truncatedGzip = "truncated-gzip"
    /// `Content-Length: 100` and 50 bytes, then the connection closed. Marked cacheable.
    case lengthLonger = "length-longer"
    /// `Content-Length: 10` and 50 bytes.
    case lengthShorter = "length-shorter"
    /// A `200` whose JSON does not parse.
    case invalidJSON = "invalid-json"
    /// A `200` whose JSON string holds bytes that are not UTF-8.
    case invalidUTF8 = "invalid-utf8"
    /// `503` with `Retry-After: 99999999`.
    case unavailableHugeRetryAfter = "503-huge-retry-after"
    /// `503` with `Retry-After: -5`.
    case unavailableNegativeRetryAfter = "503-negative-retry-after"
    /// `429` with a `Retry-After` date in the past.
    case tooManyPastRetryAfter = "429-past-retry-after"
    /// A `302` to itself.
    case redirectLoop = "redirect-loop"
    /// An event stream with broken fields and data that is not JSON.
    case malformedEvents = "malformed-events"
    /// A `200` whose `Cache-Control`, `Link` and `Date` are malformed.
    case malformedHeaders = "malformed-headers"
    /// A `401` whose `WWW-Authenticate` is malformed.
    case malformedChallenge = "malformed-challenge"
    /// The server's download (``FaultServer/setDownload(_:etag:cuts:)``), with its `ETag`, honouring `Range` and
    /// `If-Range`; the first `cuts` times a call (its `X-Call-Id`) asks, the connection is closed at a random byte of
    /// the body.
    case cutDownload = "cut-download"
    /// A `200` with an `ETag`, taking ranges, whose body is gzip (9,000 bytes, 65 on the wire) with its encoded
    /// `Content-Length`; every request, `Range` or not, gets the whole body.
    case gzipDownload = "gzip-download"
    /// A `200` (or, to a `Range`, the `206` asked for) announcing 100,000 bytes, with an `ETag`, that sends 10 of them,
    /// waits 100 ms and closes: a download that always brings bytes and never ends.
    case dripCutDownload = "drip-cut-download"

    /// The faults that serve downloads, not calls.
    package static let downloads: Set<Fault> = [.cutDownload, .gzipDownload, .dripCutDownload]

    /// What `gzip-download` decodes to.
    package static let gzipDownloadText = String(repeating: "RouteGen ", count: 1_000)

    /// Whether a successful response to this fault could only be a cut or failed body served from a cache.
    package var neverSucceeds: Bool {
        switch self {
        case .ok, .drip, .lengthShorter, .malformedHeaders, .malformedEvents, .resetTwice, .cutDownload: false
        default: true
        }
    }
}

/// A raw TCP server on 127.0.0.1 (Linux: it speaks POSIX sockets as Glibc spells them) that answers each request with the bytes (and resets, and silences) of the fault
/// its path names: what a real HTTP server never sends, for the runtime's fault-injection tests. Every connection
/// is served on its own thread and closed after one response. It records the method of each request by its
/// `X-Call-Id` header, so a test can tell whether a call was sent more than once, and how.
package final class FaultServer: @unchecked Sendable {
    /// The base URL, `http://127.0.0.1:<port>`.
    package let baseURL: URL
    private let listener: Int32
    private let connections = DispatchGroup()
    private let lock = NSLock()
    private var isStopping = false
    /// The connections of `silent` requests, waiting for their client to close them.
    private var silent: Set<Int32> = []
    private var sent: [String: [String]] = [:]
    private var keys: [String: [String?]] = [:]
    private var download = (data: Data("download".utf8), etag: #""v1""#, cuts: 0)
    /// What `cut-download` serves from its first cut on, when the resource changes meanwhile.
    private var changedDownload: (data: Data, etag: String)?
    private var cutsMade: [String: Int] = [:]
    /// Where each cut of `cut-download` fell: the byte of the whole file, and how many bytes that response had sent.
    private var cutPoints: [(offset: Int, sent: Int)] = []
    private var rangeStarts: [Int] = []
    /// Where the first response of `cut-download` is cut, and how a resumption is answered, when a test sets them.
    private var scripted: (cut: Int, resumption: Resumption, chunked: Bool)?

    /// Starts listening on a free port.
    package init() throws {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard listener >= 0 else { throw TestServerError.didNotStart }
        var reuse: Int32 = 1
        setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
                bind(listener, generic, length) == 0 && listen(listener, 256) == 0
                    && getsockname(listener, generic, &length) == 0
            }
        }
        guard bound else {
            close(listener)
            throw TestServerError.didNotStart
        }
        self.listener = listener
        baseURL = URL(string: "http://127.0.0.1:\(UInt16(bigEndian: address.sin_port))")!
        let thread = Thread { [self] in acceptLoop() }
        thread.start()
    }

    /// The methods each `X-Call-Id` arrived with, in order.
    package var callsSeen: [String: [String]] { lock.withLock { sent } }

    /// Serves `data` as `cut-download`, with `etag`, cutting the first `cuts` responses of each call; once the first
    /// cut is made, serves `changed` instead, when given (a resource that changed while it was being downloaded).
    package func setDownload(_ data: Data, etag: String, cuts: Int, changingAtTheFirstCutTo changed: (Data, String)? = nil) {
        lock.withLock {
            download = (data, etag, cuts)
            changedDownload = changed.map { (data: $0.0, etag: $0.1) }
        }
    }

    /// How `cut-download` answers a request that resumes it (one with `Range`), once its first response was cut.
    package enum Resumption: String, CaseIterable, Sendable {
        /// The `206` asked for: the rest of the body.
        case honest
        /// A `206` whose `Content-Range` and body are only the next 100 bytes.
        case short
        /// The rest of a changed resource, as a `206` with another `ETag`.
        case changedValidator
        /// A `200` with the whole body.
        case whole
        /// A `206` from 10 bytes past the byte asked for.
        case wrongStart
        /// A `206` whose `Content-Range` gives a total 200 bytes larger, and sends those bytes too.
        case longerTotal
        /// A `206` of the rest, and 50 bytes more than its `Content-Range` says.
        case longerBody
        /// A `206` announcing the rest, whose connection closes one byte early.
        case shorterBody
    }

    /// Serves `data` as `cut-download`, with `etag`: the first response is cut after `cut` bytes, and each request
    /// to resume it is answered as `resumption` says. With `chunked`, responses announce no length: they are sent in
    /// chunks, a cut leaves the last chunk unfinished, and a `short` resumption claims the whole rest in its
    /// `Content-Range` and ends cleanly after 100 bytes.
    package func setDownload(_ data: Data, etag: String, cutAfter cut: Int, resumingWith resumption: Resumption, chunked: Bool = false) {
        lock.withLock {
            download = (data, etag, 1)
            changedDownload = nil
            scripted = (cut, resumption, chunked)
        }
    }

    /// The bytes `cut-download` serves now: what a downloaded file must hold, if the download succeeds.
    package var currentDownload: Data { lock.withLock { download.data } }

    /// Where each cut of a `cut-download` response fell: the byte of the whole body after which it was cut.
    package var downloadCutOffsets: [Int] { lock.withLock { cutPoints.map(\.offset) } }

    /// The first byte of each `cut-download` response: 0 for the whole body, else where its `Range` asked to resume.
    package var downloadStarts: [Int] { lock.withLock { rangeStarts } }

    /// The `Idempotency-Key` each `X-Call-Id` arrived with, in order (nil when it had none).
    package var idempotencyKeysSeen: [String: [String?]] { lock.withLock { keys } }

    /// Stops accepting, ends the silent connections and waits for every connection to close.
    package func stop() {
        lock.withLock {
            isStopping = true
            for connection in silent { shutdown(connection, Int32(SHUT_RDWR)) }
        }
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
        connections.wait()
    }

    private func acceptLoop() {
        while true {
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else {
                if lock.withLock({ isStopping }) { return }
                continue
            }
            connections.enter()
            Thread { [self] in
                serve(connection)
                connections.leave()
            }.start()
        }
    }

    private func serve(_ connection: Int32) {
        guard let head = readRequestHead(connection) else {
            close(connection)
            return
        }
        var attempt = 1
        if let id = head.headers["x-call-id"] {
            lock.withLock {
                sent[id, default: []].append(head.method)
                keys[id, default: []].append(head.headers["idempotency-key"])
                attempt = sent[id]!.count
            }
        }
        let fault = Fault(rawValue: head.path.split(separator: "/").last.map(String.init) ?? "") ?? .ok
        switch fault {
        case .resetTwice where attempt <= 2:
            reset(connection)
        case .cutDownload:
            serveDownload(connection, head, call: head.headers["x-call-id"] ?? "")
        case .gzipDownload:
            lock.withLock { rangeStarts.append(0) }
            let gzip = Data(base64Encoded: "H4sIAAAAAAACA+3GMQ0AMAgAMCu42Y8H3u0B//hY2qv5puvUjRQRERERERERERERERERERER+TcLR70HFSgjAAA=")!
            finish(connection, "200 OK", [#"ETag: "g1""#, "Accept-Ranges: bytes", "Content-Encoding: gzip"], gzip)
        case .dripCutDownload:
            let start = head.headers["range"].flatMap { Int($0.dropFirst("bytes=".count).dropLast()) } ?? 0
            lock.withLock { rangeStarts.append(start) }
            var headers = [#"ETag: "d1""#, "Accept-Ranges: bytes", "Content-Length: \(100_000 - start)"]
            if start > 0 { headers.append("Content-Range: bytes \(start)-99999/100000") }
            write(connection, response(start > 0 ? "206 Partial Content" : "200 OK", headers, body: ""))
            write(connection, Data(repeating: 0x2E, count: 10))
            usleep(100_000)
            close(connection)
        case .ok, .resetTwice:
            finish(connection, "200 OK", ["Content-Type: application/json", "Cache-Control: max-age=60"], #"{"ok":true}"#)
        case .resetBeforeHeaders:
            reset(connection)
        case .resetMidHeaders:
            write(connection, "HTTP/1.1 200 OK\r\nContent-Ty")
            reset(connection)
        case .resetMidBody:
            write(connection, response("200 OK", ["Content-Length: 1000", "Cache-Control: max-age=60"], body: ""))
            write(connection, String(repeating: "x", count: 100))
            reset(connection)
        case .silent:
            // Holds the connection until the client gives up on it (or the server stops), sending nothing.
            let stopping = lock.withLock { () -> Bool in
                silent.insert(connection)
                return isStopping
            }
            var byte: UInt8 = 0
            while !stopping, recv(connection, &byte, 1, 0) > 0 {}
            lock.withLock { _ = silent.remove(connection) }
            close(connection)
        case .drip:
            let body = #"{"ok":true,"drip":"slow"}"#
            write(connection, response("200 OK", ["Content-Type: application/json", "Content-Length: \(body.utf8.count)"], body: ""))
            for piece in Array(body).chunked(5) {
                write(connection, String(piece))
                Thread.sleep(forTimeInterval: 0.02)
            }
            close(connection)
        case .truncatedGzip:
            // The first half of gzip("{\"ok\":true}").
            let gzip: [UInt8] = [0x1F, 0x8B, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x03, 0xAB, 0x56, 0xCA, 0xCF]
            finish(connection, "200 OK", ["Content-Encoding: gzip"], Data(gzip))
        case .lengthLonger:
            write(connection, response("200 OK", ["Content-Length: 100", "Cache-Control: max-age=60"], body: ""))
            write(connection, String(repeating: "y", count: 50))
            close(connection)
        case .lengthShorter:
            write(connection, response("200 OK", ["Content-Type: application/json", "Content-Length: 11"], body: ""))
            write(connection, #"{"ok":true}"# + String(repeating: "z", count: 39))
            close(connection)
        case .invalidJSON:
            finish(connection, "200 OK", ["Content-Type: application/json"], #"{"ok": tru"#)
        case .invalidUTF8:
            var body = Data(#"{"ok":""#.utf8)
            body.append(contentsOf: [0xC3, 0x28, 0xFF])
            body.append(Data(#""}"#.utf8))
            finish(connection, "200 OK", ["Content-Type: application/json"], body)
        case .unavailableHugeRetryAfter:
            finish(connection, "503 Service Unavailable", ["Retry-After: 99999999"], "busy")
        case .unavailableNegativeRetryAfter:
            finish(connection, "503 Service Unavailable", ["Retry-After: -5"], "busy")
        case .tooManyPastRetryAfter:
            finish(connection, "429 Too Many Requests", ["Retry-After: Sun, 06 Nov 1994 08:49:37 GMT"], "slow down")
        case .redirectLoop:
            finish(connection, "302 Found", ["Location: \(head.path)"], "")
        case .malformedEvents:
            finish(
                connection, "200 OK", ["Content-Type: text/event-stream"],
                "data: {\"text\":\"a\"}\n\nretry: soon\nid\0x\nevent\n: \n\ndata: {\"text\":\n\ndata: not json\n\n")
        case .malformedHeaders:
            finish(
                connection, "200 OK",
                ["Content-Type: application/json", "Cache-Control: max-age=,=,no-cache,", "Link: <<>;rel=\"next", "Date: yesterday"],
                #"{"ok":true}"#)
        case .malformedChallenge:
            finish(connection, "401 Unauthorized", ["WWW-Authenticate: Basic realm=\"", "Content-Type: application/json"], #"{"error":"no"}"#)
        }
    }

    /// `cut-download`: the whole body (`200`), or from the byte `Range` asks for (`206`) when `If-Range` still names
    /// the current `ETag`; cut at a random byte while the call has cuts left.
    private func serveDownload(_ connection: Int32, _ head: RequestHead, call: String) {
        if let scripted = lock.withLock({ scripted }) {
            serveScriptedDownload(connection, head, cut: scripted.cut, resumption: scripted.resumption, chunked: scripted.chunked)
            return
        }
        let (data, etag, cuts) = lock.withLock { download }
        var start = 0
        if let range = head.headers["range"], range.hasPrefix("bytes="), range.hasSuffix("-"),
            head.headers["if-range"] == etag, let first = Int(range.dropFirst("bytes=".count).dropLast()), first < data.count
        {
            start = first
        }
        var headers = ["ETag: \(etag)", "Accept-Ranges: bytes", "Content-Type: application/octet-stream"]
        headers.append("Content-Length: \(data.count - start)")
        if start > 0 { headers.append("Content-Range: bytes \(start)-\(data.count - 1)/\(data.count)") }
        write(connection, response(start > 0 ? "206 Partial Content" : "200 OK", headers, body: ""))
        let body = data[(data.startIndex + start)...]
        let cut = lock.withLock { () -> Int? in
            rangeStarts.append(start)
            guard cutsMade[call, default: 0] < cuts, body.count > 1 else { return nil }
            cutsMade[call, default: 0] += 1
            let sent = Int.random(in: 1..<body.count)
            cutPoints.append((start + sent, sent))
            if let changed = changedDownload {
                download = (changed.data, changed.etag, download.cuts)
                changedDownload = nil
            }
            return sent
        }
        write(connection, Data(body.prefix(cut ?? body.count)))
        close(connection)
    }

    /// `cut-download` as ``setDownload(_:etag:cutAfter:resumingWith:)`` scripts it.
    private func serveScriptedDownload(_ connection: Int32, _ head: RequestHead, cut: Int, resumption: Resumption, chunked: Bool) {
        let (data, etag, _) = lock.withLock { download }
        let range = head.headers["range"].flatMap { Int($0.dropFirst("bytes=".count).dropLast()) }
        /// The body's framing: its length, or chunks.
        func framing(_ length: Int) -> String { chunked ? "Transfer-Encoding: chunked" : "Content-Length: \(length)" }
        /// Writes `body`, ending it properly when `complete`, else leaving it cut.
        func send(_ body: Data, complete: Bool) {
            if chunked {
                if !body.isEmpty { write(connection, Data(String(body.count, radix: 16).utf8) + Data("\r\n".utf8) + body + Data("\r\n".utf8)) }
                if complete { write(connection, "0\r\n\r\n") }
            } else {
                write(connection, body)
            }
            close(connection)
        }
        guard let start = range, start < data.count else {
            // The first request: the whole body announced, cut after `cut` bytes.
            lock.withLock { rangeStarts.append(0) }
            write(connection, response("200 OK", ["ETag: \(etag)", "Accept-Ranges: bytes", framing(data.count)], body: ""))
            send(Data(data.prefix(cut)), complete: false)
            return
        }
        lock.withLock { rangeStarts.append(start) }
        var current = (data: data, etag: etag)
        var (first, body, announced) = (start, Data(data[start...]), Optional<Int>.none)
        switch resumption {
        case .honest, .shorterBody: break
        case .short:
            // Chunked, the range claims the whole rest: the body falls short of its own range.
            if chunked { announced = body.count }
            body = Data(body.prefix(min(100, body.count - 1)))
        case .changedValidator:
            current = (Data(data.map { $0 ^ 0x5A }), #""changed""#)
            body = Data(current.data[start...])
        case .whole:
            write(connection, response("200 OK", ["ETag: \(etag)", framing(data.count)], body: ""))
            send(data, complete: true)
            return
        case .wrongStart:
            first = min(start + 10, data.count - 1)
            body = Data(data[first...])
        case .longerTotal:
            current.data = data + Data((0..<200).map { UInt8(truncatingIfNeeded: $0 &* 7) })
            body = Data(current.data[start...])
        case .longerBody:
            announced = body.count
            body += Data(repeating: 0x21, count: 50)
        }
        lock.withLock { download = (current.data, current.etag, 1) }
        let last = first + (announced ?? body.count) - 1
        let headers = ["ETag: \(current.etag)", "Content-Range: bytes \(first)-\(last)/\(current.data.count)", framing(body.count)]
        write(connection, response("206 Partial Content", headers, body: ""))
        send(resumption == .shorterBody ? Data(body.dropLast()) : body, complete: resumption != .shorterBody)
    }

    private struct RequestHead {
        var method: String
        var path: String
        var headers: [String: String]
    }

    /// The request line and headers (the body, if any, is read and dropped).
    private func readRequestHead(_ connection: Int32) -> RequestHead? {
        var bytes = Data()
        var buffer = [UInt8](repeating: 0, count: 4_096)
        while bytes.range(of: Data("\r\n\r\n".utf8)) == nil {
            let count = recv(connection, &buffer, buffer.count, 0)
            guard count > 0, bytes.count < 65_536 else { return nil }
            bytes.append(contentsOf: buffer[0..<count])
        }
        let end = bytes.range(of: Data("\r\n\r\n".utf8))!
        let lines = String(decoding: bytes[..<end.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
        let parts = lines.first?.split(separator: " ") ?? []
        guard parts.count >= 2 else { return nil }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        var remaining = Int(headers["content-length"] ?? "") ?? 0
        remaining -= bytes.count - end.upperBound
        while remaining > 0 {
            let count = recv(connection, &buffer, min(buffer.count, remaining), 0)
            guard count > 0 else { break }
            remaining -= count
        }
        return RequestHead(method: String(parts[0]), path: String(parts[1].split(separator: "?").first ?? ""), headers: headers)
    }

    private func response(_ status: String, _ headers: [String], body: String) -> String {
        (["HTTP/1.1 \(status)", "Connection: close"] + headers).joined(separator: "\r\n") + "\r\n\r\n" + body
    }

    /// A complete response with its `Content-Length`, then the connection closed.
    private func finish(_ connection: Int32, _ status: String, _ headers: [String], _ body: String) {
        finish(connection, status, headers, Data(body.utf8))
    }

    private func finish(_ connection: Int32, _ status: String, _ headers: [String], _ body: Data) {
        write(connection, response(status, headers + ["Content-Length: \(body.count)"], body: ""))
        write(connection, body)
        close(connection)
    }

    private func write(_ connection: Int32, _ text: String) { write(connection, Data(text.utf8)) }

    private func write(_ connection: Int32, _ data: Data) {
        _ = data.withUnsafeBytes { send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }

    /// Closes with `SO_LINGER` 0: the peer gets a TCP reset, not an orderly end.
    private func reset(_ connection: Int32) {
        var option = linger(l_onoff: 1, l_linger: 0)
        setsockopt(connection, SOL_SOCKET, SO_LINGER, &option, socklen_t(MemoryLayout<linger>.size))
        close(connection)
    }
}

extension Array {
    fileprivate func chunked(_ size: Int) -> [ArraySlice<Element>] {
        stride(from: 0, to: count, by: size).map { self[$0..<Swift.min($0 + size, count)] }
    }
}
#endif
