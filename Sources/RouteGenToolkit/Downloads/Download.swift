import Foundation
import RouteGenRuntime

extension HTTPTransport {
    /// Downloads the response body of `request` into `destination` (replacing a file already there) and returns the
    /// response head, whatever its status. The body is written as it arrives, so it never has to fit in memory, and
    /// its progress is reported inside `withTransferProgress`. The file appears whole or not at all: the body goes to
    /// a hidden file beside `destination`, moved into place once complete and removed when anything fails.
    ///
    /// A connection cut in the middle of a `200` body is resumed where it stopped, when the response names a
    /// strong validator (a strong `ETag`, or with no `ETag` a `Last-Modified` a second or more before its `Date`) and
    /// accepts byte ranges: the request is sent again with
    /// `Range` and `If-Range`, and a `206` from that byte on is appended. A `200` instead means the resource changed
    /// (or the server ignores ranges): the file starts over from its new first byte. Resuming goes on as long as each
    /// attempt brings bytes, and stops after `resumptions` attempts in a row that bring none.
    public func download(_ request: APIRequest, to destination: URL, resumptions: Int = 3) async throws -> APIResponse {
        let partial = destination.deletingLastPathComponent().appending(path: ".\(UUID().uuidString).download")
        do {
            guard FileManager.default.createFile(atPath: partial.path, contents: nil) else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: partial.path])
            }
            let file = try FileHandle(forWritingTo: partial)
            defer { try? file.close() }
            let head = try await ResumableDownload(client: self, request: request, file: file, resumptions: resumptions).run()
            try file.close()
            if FileManager.default.fileExists(atPath: destination.path) {
                try FileManager.default.removeItem(at: destination)
            }
            try FileManager.default.moveItem(at: partial, to: destination)
            return head
        } catch {
            try? FileManager.default.removeItem(at: partial)
            throw error
        }
    }
}

/// One download into a file, resumed with `Range` and `If-Range` after a transport failure (see
/// `HTTPTransport.download(_:to:resumptions:)`).
///
/// A resumption is kept only when the `206` is exactly the rest of the same resource: its `Content-Range` starts at
/// the byte the file has, ends at the resource's last byte and gives the same total length, and any validator it
/// carries is the one `If-Range` named. A `200` starts the file over. Anything else, and a body that ends with more
/// bytes than the resource has, fails the call: the file is the resource's bytes or nothing.
private struct ResumableDownload {
    let client: any HTTPTransport
    let request: APIRequest
    let file: FileHandle
    let resumptions: Int

    func run() async throws -> APIResponse {
        let observer = TransferProgress.observer
        // A request's deadline bounds the whole download, resumptions included.
        let end = CallEnd.of(request)
        var (head, body) = try await client.stream(request)
        var written: Int64 = 0
        // How many bytes the file must end with: what the `200` announced, or the accepted `206`'s total.
        var expected = Self.length(of: head)
        var mostWritten: Int64 = 0
        var attemptsWithoutProgress = 0
        while true {
            let transportCut = try await append(body, counting: &written)
            if let expected, written > expected { throw failure("the body has \(written) bytes, more than the \(expected) announced") }
            let cut: RouteGenError
            if let transportCut {
                cut = transportCut
            } else {
                // A body that ended cleanly is whole only with as many bytes as the resource has.
                guard let expected, written < expected else { return head }
                cut = failure("the body ended after \(written) of its \(expected) bytes", code: .networkConnectionLost)
            }
            guard let validator = Self.validator(of: head) else { throw cut }
            // Progress is a byte the file never had: a `200` that starts over and is cut again brings none.
            attemptsWithoutProgress = written > mostWritten ? 0 : attemptsWithoutProgress + 1
            mostWritten = max(mostWritten, written)
            guard attemptsWithoutProgress <= resumptions else { throw cut }
            var resumed = request
            resumed.headers["Range"] = "bytes=\(written)-"
            resumed.headers["If-Range"] = validator
            if let end {
                guard !end.isPassed(after: .zero) else { throw end.failure(for: request) }
                resumed.deadline = end.remaining
            }
            // Progress goes on from the bytes already written, of the whole body.
            let offset = written
            let total = expected
            let (next, nextBody) = try await withTransferProgress({ progress in
                var whole = progress
                if progress.direction == .download {
                    whole.completedBytes += offset
                    whole.totalBytes = total ?? progress.totalBytes.map { $0 + offset }
                }
                observer?(whole)
            }) {
                try await client.stream(resumed)
            }
            switch next.statusCode {
            case 206:
                if let mismatch = Self.mismatch(of: next, resuming: head, at: written) {
                    throw failure("the resumed response \(mismatch)")
                }
                expected = ContentRange(next.headers["Content-Range"])?.total
            case 200:
                // The resource changed, or the server sends it whole: start over.
                try file.truncate(atOffset: 0)
                try file.seek(toOffset: 0)
                written = 0
                head = next
                expected = Self.length(of: next)
            default:
                throw cut
            }
            body = nextBody
        }
    }

    /// Writes `body` to the file, counting its bytes into `written`; returns the transport failure that cut it, or nil
    /// when it ended cleanly. Any other error is thrown.
    private func append(_ body: ResponseBodyStream, counting written: inout Int64) async throws -> RouteGenError? {
        do {
            for try await chunk in body {
                try file.write(contentsOf: chunk)
                written += Int64(chunk.count)
            }
            // A body's iteration ends quietly when the task is cancelled: that is no whole body.
            try Task.checkCancellation()
            return nil
        } catch let error as RouteGenError {
            guard case .transportFailed = error else { throw error }
            return error
        }
    }

    private func failure(_ reason: String, code: URLError.Code = .badServerResponse) -> RouteGenError {
        .transportFailed(TransportFailure(request: RequestSummary(request, redactor: .default), code: code, reason: reason))
    }

    /// What `If-Range` can carry for a complete `200` whose server takes byte ranges (RFC 9110 §13.1.5): a strong
    /// `ETag`; with no entity tag at all, a `Last-Modified` date that is a strong validator (at least a second before
    /// the response's `Date`, §8.8.2.2). Nil when the download cannot be resumed: a weak `ETag` (neither it nor the
    /// date may then be sent, and a file changed within the same second would be spliced), a weak date, or a body
    /// with a `Content-Encoding` (its ranges count encoded bytes, and the transport hands out decoded ones).
    private static func validator(of head: APIResponse) -> String? {
        guard head.statusCode == 200, head.headers["Accept-Ranges"]?.lowercased() != "none", !isEncoded(head) else { return nil }
        if let tag = head.headers["ETag"] { return tag.hasPrefix("W/") ? nil : tag }
        guard let modified = head.headers["Last-Modified"], let lastModified = HTTPDate.date(from: modified),
            let date = head.headers["Date"].flatMap(HTTPDate.date(from:)), date.timeIntervalSince(lastModified) >= 1
        else { return nil }
        return modified
    }

    /// Whether the body has a `Content-Encoding` (gzip, say) that the transport decodes.
    private static func isEncoded(_ head: APIResponse) -> Bool {
        head.headers["Content-Encoding"].map { !["", "identity"].contains($0.lowercased().trimmingCharacters(in: .whitespaces)) } ?? false
    }

    /// The whole resource's length, as a `200` announces it; nil when unknown, or when the body is encoded (the
    /// bytes the transport hands out are then not the bytes announced).
    private static func length(of head: APIResponse) -> Int64? {
        guard !isEncoded(head) else { return nil }
        return head.headers["Content-Length"].flatMap { Int64($0.trimmingCharacters(in: .whitespaces)) }.flatMap { $0 >= 0 ? $0 : nil }
    }

    /// Why a `206` is not the rest of the resource `original` announced from byte `start` on, or nil when it is.
    static func mismatch(of partial: APIResponse, resuming original: APIResponse, at start: Int64) -> String? {
        guard let range = ContentRange(partial.headers["Content-Range"]) else {
            return "has no valid `Content-Range` (`\(partial.headers["Content-Range"] ?? "")`)"
        }
        if isEncoded(partial) { return "has a `Content-Encoding`" }
        if range.first != start { return "starts at byte \(range.first), not \(start)" }
        // The resource's length, from the `200`, else from the `206` itself: without either, the end is unknown.
        guard let whole = length(of: original) ?? range.total else { return "gives no length for the resource" }
        if range.total != whole { return "is of a resource of \(range.total.map(String.init) ?? "unknown") bytes, not \(whole)" }
        if range.last != whole - 1 { return "ends at byte \(range.last), not \(whole - 1)" }
        if let length = length(of: partial), length != range.last - range.first + 1 {
            return "announces \(length) bytes for a range of \(range.last - range.first + 1)"
        }
        for name in ["ETag", "Last-Modified"] {
            if let value = partial.headers[name], let before = original.headers[name], value != before {
                return "has `\(name): \(value)`, not `\(before)`"
            }
        }
        return nil
    }
}

/// `Content-Range: bytes <first>-<last>/<total>` (RFC 9110, 14.4), the total `*` when unknown.
struct ContentRange: Equatable {
    var first: Int64
    var last: Int64
    var total: Int64?

    init?(_ value: String?) {
        guard let value, value.lowercased().hasPrefix("bytes ") else { return nil }
        let parts = value.dropFirst("bytes ".count).split(separator: "/", omittingEmptySubsequences: false)
        let bounds = parts.first?.split(separator: "-", omittingEmptySubsequences: false) ?? []
        guard parts.count == 2, bounds.count == 2, let first = Int64(bounds[0]), let last = Int64(bounds[1]), first >= 0, last >= first
        else { return nil }
        if parts[1] == "*" {
            total = nil
        } else if let total = Int64(parts[1]), total > last {
            self.total = total
        } else {
            return nil
        }
        self.first = first
        self.last = last
    }
}
