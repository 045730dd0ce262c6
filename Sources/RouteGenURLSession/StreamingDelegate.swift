import Foundation
import RouteGenRuntime

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The delegate of `URLSessionClient`'s streaming session: hands each task's response head to the caller
/// waiting for it, then its body chunks, as they arrive, to the task's body stream.
final class StreamingDelegate: NSObject, URLSessionDataDelegate, Sendable {
    /// Where one task's head and body go.
    struct Receiver: Sendable {
        var head: CheckedContinuation<URLResponse, any Error>?
        let body: AsyncThrowingStream<Data, any Error>.Continuation
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
        let head = receivers.withLock { receivers -> CheckedContinuation<URLResponse, any Error>? in
            defer { receivers[dataTask.taskIdentifier]?.head = nil }
            return receivers[dataTask.taskIdentifier]?.head
        }
        head?.resume(returning: response)
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        _ = receivers.withLock { $0[dataTask.taskIdentifier] }?.body.yield(data)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let receiver = receivers.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
        if let error {
            receiver.head?.resume(throwing: error)
            receiver.body.finish(throwing: error)
        } else {
            receiver.head?.resume(throwing: URLError(.badServerResponse))
            receiver.body.finish()
        }
    }
}
