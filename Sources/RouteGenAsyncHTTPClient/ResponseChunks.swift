#if AsyncHTTPClient
    import AsyncHTTPClient
    import Foundation
    import NIOCore
    import RouteGenRuntime

    /// A response body as async-http-client delivers it, handed on one chunk each time the reader asks (so the server
    /// is read no faster than the reader reads), each reported to the progress observer, if any.
    enum ResponseChunks {
        static func stream(
            _ body: HTTPClientResponse.Body, expectedLength: Int64?, progress: (@Sendable (TransferProgress) -> Void)?,
            routeName: String?, keepingAlive owner: AnyObject & Sendable, failure: @escaping @Sendable (any Error) -> any Error
        ) -> AsyncThrowingStream<Data, any Error> {
            let source = Source(body.makeAsyncIterator(), owner: owner)
            let report: @Sendable (Int64, Int64?) -> Void = { completed, total in
                progress?(TransferProgress(direction: .download, completedBytes: completed, totalBytes: total, routeName: routeName))
            }
            report(0, expectedLength)
            return AsyncThrowingStream {
                do {
                    guard let buffer = try await source.iterator.next() else {
                        // The last report says the transfer is whole, even when the server gave no length.
                        if !source.finished { report(source.received, source.received) }
                        source.finished = true
                        return nil
                    }
                    let chunk = Data(buffer.readableBytesView)
                    source.received += Int64(chunk.count)
                    report(source.received, expectedLength)
                    return chunk
                } catch {
                    throw failure(error)
                }
            }
        }

        /// The body's iterator, read by one consumer at a time; released with the stream, which cancels the request.
        /// It keeps the transport, whose client would cancel the request when shut down, alive until then.
        private final class Source: @unchecked Sendable {
            var iterator: HTTPClientResponse.Body.AsyncIterator
            var received: Int64 = 0
            var finished = false
            private let owner: AnyObject & Sendable
            init(_ iterator: HTTPClientResponse.Body.AsyncIterator, owner: AnyObject & Sendable) {
                self.iterator = iterator
                self.owner = owner
            }
        }
    }
#endif
