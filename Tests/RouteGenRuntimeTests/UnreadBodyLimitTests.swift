import Foundation
import Testing

@testable import RouteGenURLSession

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The limit on how far a streamed body's reader may fall behind, driven through the session delegate's own
/// callbacks, chunk by chunk, so that what the reader has taken is exact.
@Suite struct UnreadBodyLimitTests {
    private static let chunk = Data(repeating: 7, count: 512 << 10)

    /// A task that is never resumed, registered with `delegate` with a limit of 1 MiB, and its head delivered.
    private static func start(
        _ delegate: StreamingDelegate, _ session: URLSession
    ) async throws -> (URLSessionDataTask, AsyncThrowingStream<Data, any Error>) {
        let url = URL(string: "http://127.0.0.1:9/large")!
        let task = session.dataTask(with: url)
        let (body, continuation) = AsyncThrowingStream<Data, any Error>.makeStream()
        let head = try await withCheckedThrowingContinuation { head in
            delegate.register(
                task, StreamingDelegate.Receiver(head: head, body: continuation, progress: nil, routeName: "Tests.large"),
                on: session, idleLimit: .seconds(60), unreadLimit: 1 << 20)
            let response = HTTPURLResponse(url: url, statusCode: 200, httpVersion: "HTTP/1.1", headerFields: [:])!
            delegate.urlSession(session, dataTask: task, didReceive: response) { _ in }
        }
        #expect((head as? HTTPURLResponse)?.statusCode == 200)
        return (task, body)
    }

    @Test func aReaderMoreThanTheLimitBehindGetsAnErrorAndTheTaskIsCancelled() async throws {
        let delegate = StreamingDelegate(forwardingChallengesTo: nil)
        let session = URLSession(configuration: .ephemeral)
        defer { session.invalidateAndCancel() }
        let (task, body) = try await Self.start(delegate, session)
        for _ in 0..<3 { delegate.urlSession(session, dataTask: task, didReceive: Self.chunk) }
        var read = 0
        await #expect(throws: UnreadBodyLimitExceeded.self) {
            for try await chunk in body { read += chunk.count }
        }
        #expect(read == 1 << 20)
        #expect(task.state != .suspended)
    }

    @Test func aReaderThatKeepsUpIsNeverStopped() async throws {
        let delegate = StreamingDelegate(forwardingChallengesTo: nil)
        let session = URLSession(configuration: .ephemeral)
        defer { session.invalidateAndCancel() }
        let (task, raw) = try await Self.start(delegate, session)
        let body = CountedBody.stream(raw) { [identifier = task.taskIdentifier] in delegate.consumed($0, of: identifier) }
        var iterator = body.makeAsyncIterator()
        var read = 0
        // Eight times the limit in all, never more than one chunk unread.
        for _ in 0..<16 {
            delegate.urlSession(session, dataTask: task, didReceive: Self.chunk)
            read += try #require(try await iterator.next()).count
        }
        delegate.urlSession(session, task: task, didCompleteWithError: nil)
        #expect(try await iterator.next() == nil)
        #expect(read == 16 * Self.chunk.count)
    }
}
