import Foundation
import RouteGenRuntime

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The delegate of `URLSessionClient`'s streaming session: hands each task's response head to the caller
/// waiting for it, then its body chunks, as they arrive, to the task's body stream, and reports the bytes sent
/// and received to the task's progress observer.
final class StreamingDelegate: NSObject, URLSessionDataDelegate, Sendable {
    /// Where one task's head, body and progress go.
    struct Receiver: Sendable {
        var head: CheckedContinuation<URLResponse, any Error>?
        let body: AsyncThrowingStream<Data, any Error>.Continuation
        /// Told of the bytes sent and received, if anyone asked.
        var progress: (@Sendable (TransferProgress) -> Void)?
        var routeName: String?
        var received: Int64 = 0
        var expected: Int64?

        init(
            head: CheckedContinuation<URLResponse, any Error>, body: AsyncThrowingStream<Data, any Error>.Continuation,
            progress: (@Sendable (TransferProgress) -> Void)?, routeName: String?
        ) {
            self.head = head
            self.body = body
            self.progress = progress
            self.routeName = routeName
        }

        var downloaded: TransferProgress {
            TransferProgress(direction: .download, completedBytes: received, totalBytes: expected, routeName: routeName)
        }
    }

    private let receivers = Locked<[Int: Receiver]>([:])

    /// Routes the events of `task` to `receiver`; call before resuming the task.
    func register(_ task: URLSessionTask, _ receiver: Receiver) {
        receivers.withLock { $0[task.taskIdentifier] = receiver }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        let receiver = receivers.withLock { receivers -> Receiver? in
            defer { receivers[dataTask.taskIdentifier]?.head = nil }
            receivers[dataTask.taskIdentifier]?.expected =
                response.expectedContentLength >= 0 ? response.expectedContentLength : nil
            return receivers[dataTask.taskIdentifier]
        }
        if let receiver { receiver.progress?(receiver.downloaded) }
        receiver?.head?.resume(returning: response)
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let receiver = receivers.withLock { receivers -> Receiver? in
            receivers[dataTask.taskIdentifier]?.received += Int64(data.count)
            return receivers[dataTask.taskIdentifier]
        }
        guard let receiver else { return }
        receiver.progress?(receiver.downloaded)
        receiver.body.yield(data)
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didSendBodyData bytesSent: Int64, totalBytesSent: Int64,
        totalBytesExpectedToSend: Int64
    ) {
        guard let receiver = receivers.withLock({ $0[task.taskIdentifier] }), let progress = receiver.progress else {
            return
        }
        progress(
            TransferProgress(
                direction: .upload, completedBytes: totalBytesSent,
                totalBytes: totalBytesExpectedToSend > 0 ? totalBytesExpectedToSend : nil, routeName: receiver.routeName
            ))
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let receiver = receivers.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
        if let error {
            receiver.head?.resume(throwing: error)
            receiver.body.finish(throwing: error)
        } else {
            receiver.head?.resume(throwing: URLError(.badServerResponse))
            // The last report says the transfer is whole, even when the server gave no length.
            var done = receiver.downloaded
            done.totalBytes = receiver.received
            receiver.progress?(done)
            receiver.body.finish()
        }
    }
}
