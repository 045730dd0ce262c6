import Foundation

extension HTTPClient {
    /// Downloads the response body of `request` into `destination` (replacing a file already there) and returns the
    /// response head, whatever its status. The body is written as it arrives, so it never has to fit in memory, and
    /// its progress is reported inside `withTransferProgress`. The file appears whole or not at all: the body goes to
    /// a hidden file beside `destination`, moved into place once complete and removed when anything fails.
    ///
    /// A connection cut in the middle of a `200` body is resumed where it stopped, when the response names a
    /// validator (a strong `ETag`, or `Last-Modified`) and accepts byte ranges: the request is sent again with
    /// `Range` and `If-Range`, and a `206` from that byte on is appended. A `200` instead means the resource changed
    /// (or the server ignores ranges): the file starts over from its new first byte. Resuming goes on as long as each
    /// attempt brings bytes, and stops after `resumptions` attempts in a row that bring none.
    public func download(_ request: HTTPRequest, to destination: URL, resumptions: Int = 3) async throws -> HTTPResponse {
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
/// ``HTTPClient/download(_:to:resumptions:)``).
private struct ResumableDownload {
    let client: any HTTPClient
    let request: HTTPRequest
    let file: FileHandle
    let resumptions: Int

    func run() async throws -> HTTPResponse {
        let observer = TransferProgress.observer
        var (head, body) = try await client.stream(request)
        var written: Int64 = 0
        var attemptsWithoutBytes = 0
        while true {
            let before = written
            do {
                for try await chunk in body {
                    try file.write(contentsOf: chunk)
                    written += Int64(chunk.count)
                }
                return head
            } catch let error as RouteGenError {
                guard case .transportFailed = error, let validator = Self.validator(of: head) else { throw error }
                attemptsWithoutBytes = written > before ? 0 : attemptsWithoutBytes + 1
                guard attemptsWithoutBytes <= resumptions else { throw error }
                var resumed = request
                resumed.headers["Range"] = "bytes=\(written)-"
                resumed.headers["If-Range"] = validator
                // Progress goes on from the bytes already written, of the whole body.
                let offset = written
                let total = head.headers["Content-Length"].flatMap { Int64($0) }
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
                case 206 where Self.rangeStart(of: next) == written:
                    break
                case 200:
                    // The resource changed, or the server sends it whole: start over.
                    try file.truncate(atOffset: 0)
                    try file.seek(toOffset: 0)
                    written = 0
                    head = next
                default:
                    throw error
                }
                body = nextBody
            }
        }
    }

    /// What `If-Range` can carry for a complete `200` whose server takes byte ranges: a strong `ETag`, or else the
    /// `Last-Modified` date; nil when the download cannot be resumed.
    private static func validator(of head: HTTPResponse) -> String? {
        guard head.statusCode == 200, head.headers["Accept-Ranges"]?.lowercased() != "none" else { return nil }
        if let tag = head.headers["ETag"], !tag.hasPrefix("W/") { return tag }
        return head.headers["Last-Modified"]
    }

    /// The first byte of a `206`'s `Content-Range: bytes <first>-<last>/<length>`.
    private static func rangeStart(of head: HTTPResponse) -> Int64? {
        guard let range = head.headers["Content-Range"], range.hasPrefix("bytes ") else { return nil }
        return Int64(range.dropFirst("bytes ".count).prefix { $0 != "-" })
    }
}
