#if AsyncHTTPClient
    import AsyncHTTPClient
    import Foundation
    import NIOCore
    import RouteGenRuntime

    /// A request body as async-http-client sends it: bytes in one piece, or chunks of 64 KiB read from disk as the
    /// connection takes them; each chunk reported to the progress observer, if any, as it goes.
    enum RequestChunks {
        static let chunkSize = 1 << 16

        static func body(
            _ upload: HTTPBody.Upload, progress: (@Sendable (TransferProgress) -> Void)?, routeName: String?
        ) throws -> HTTPClientRequest.Body {
            let length = try upload.length()
            if case .data(let data) = upload, progress == nil {
                return .bytes(ByteBuffer(bytes: data))
            }
            let source = try Source(upload)
            let sent = Locked<Int64>(0)
            let chunks = AsyncThrowingStream<ByteBuffer, any Error> {
                guard let chunk = try source.next() else { return nil }
                let total = sent.withLock { sent in
                    sent += Int64(chunk.readableBytes)
                    return sent
                }
                progress?(TransferProgress(direction: .upload, completedBytes: total, totalBytes: length, routeName: routeName))
                return chunk
            }
            return .stream(chunks, length: .known(length))
        }

        /// The chunks of a body, read one at a time by the connection.
        private final class Source: @unchecked Sendable {
            private var remaining: Data
            private let file: FileHandle?

            init(_ upload: HTTPBody.Upload) throws {
                switch upload {
                case .data(let data):
                    remaining = data
                    file = nil
                case .file(let url, _):
                    remaining = Data()
                    file = try FileHandle(forReadingFrom: url)
                }
            }

            deinit { try? file?.close() }

            func next() throws -> ByteBuffer? {
                if let file {
                    guard let chunk = try file.read(upToCount: RequestChunks.chunkSize), !chunk.isEmpty else { return nil }
                    return ByteBuffer(bytes: chunk)
                }
                guard !remaining.isEmpty else { return nil }
                let chunk = remaining.prefix(RequestChunks.chunkSize)
                remaining = remaining.dropFirst(chunk.count)
                return ByteBuffer(bytes: chunk)
            }
        }
    }
#endif
