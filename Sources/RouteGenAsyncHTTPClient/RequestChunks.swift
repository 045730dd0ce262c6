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
            _ upload: RequestBody.Upload, progress: (@Sendable (TransferProgress) -> Void)?, routeName: String?
        ) throws -> HTTPClientRequest.Body {
            let length = try upload.length()
            if case .data(let data) = upload, progress == nil {
                return .bytes(ByteBuffer(bytes: data))
            }
            let source = try Source(upload)
            let chunks = AsyncThrowingStream<ByteBuffer, any Error> {
                guard let chunk = try source.next() else { return nil }
                progress?(TransferProgress(direction: .upload, completedBytes: source.sent, totalBytes: length, routeName: routeName))
                return chunk
            }
            return .stream(chunks, length: .known(length))
        }

        /// The chunks of a body, read one at a time by the connection.
        private final class Source: @unchecked Sendable {
            /// The bytes handed to the connection so far.
            private(set) var sent: Int64 = 0
            private var remaining: Data
            private let file: FileHandle?

            init(_ upload: RequestBody.Upload) throws {
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
                let chunk: Data
                if let file {
                    chunk = try file.read(upToCount: RequestChunks.chunkSize) ?? Data()
                } else {
                    chunk = remaining.prefix(RequestChunks.chunkSize)
                    remaining = remaining.dropFirst(chunk.count)
                }
                guard !chunk.isEmpty else { return nil }
                sent += Int64(chunk.count)
                return ByteBuffer(bytes: chunk)
            }
        }
    }
#endif
