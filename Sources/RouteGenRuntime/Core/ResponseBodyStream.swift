import Foundation

/// A response body delivered in chunks, as the server sends them. See ``HTTPTransport/stream(_:)``.
public struct ResponseBodyStream: AsyncSequence, Sendable {
    public typealias Element = Data

    private let chunks: AsyncThrowingStream<Data, any Error>

    /// A body delivered by `chunks`.
    public init(_ chunks: AsyncThrowingStream<Data, any Error>) {
        self.chunks = chunks
    }

    /// A body that is already complete: one chunk, or none when `data` is empty.
    public init(_ data: Data) {
        self.chunks = AsyncThrowingStream { continuation in
            if !data.isEmpty { continuation.yield(data) }
            continuation.finish()
        }
    }

    public func makeAsyncIterator() -> AsyncThrowingStream<Data, any Error>.Iterator {
        chunks.makeAsyncIterator()
    }

    /// The whole body, or its first `limit` bytes when it is longer (the rest is not read). Throws
    /// `CancellationError` when the task is cancelled: a body cut by it is not a whole one.
    public func collect(upTo limit: Int = 1 << 20) async throws -> Data {
        var data = Data()
        for try await chunk in self {
            data.append(chunk.prefix(limit - data.count))
            if data.count >= limit { break }
        }
        // A stream's iteration ends quietly when its task is cancelled.
        try Task.checkCancellation()
        return data
    }
}
