import Foundation
import RouteGenRuntime

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The delegate of the session `URLSessionClient` sends through: hands each task's response head to the caller
/// waiting for it, then its body chunks, as they arrive, to the task's body stream; reports the bytes sent and
/// received to the task's progress observer; answers authentication challenges; and ends a task that has been
/// idle past its limit, whatever the transport is doing.
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
        /// Bytes handed to the body stream that its consumer has not taken yet.
        var unread = 0
        /// How far the consumer may fall behind before the body fails.
        var unreadLimit = Int.max
        /// When the task last sent or received anything.
        var lastActivity = ContinuousClock.now
        /// Set when an HTTP authentication challenge was declined: the task's cancellation that follows is the
        /// end of a complete response (the 401), not a failure.
        var declinedChallenge = false
        /// Ends the task once it has been idle too long; cancelled when the task completes.
        var watchdog: Task<Void, Never>?
        /// Set between a redirect and the response it becomes, when the task must not be cancelled:
        /// swift-corelibs-foundation traps on a cancellation that arrives while it waits for the redirect's answer.
        var redirecting = false
        /// A cancellation that arrived while `redirecting`, carried out once the redirect's response is in.
        var cancelsAfterRedirect = false
        /// The queue of the session's delegate calls, where cancellations are made (see ``cancel(_:)``).
        var delegateQueue: OperationQueue?
        /// A `401` or `407` asking for credentials, and its body, held until the challenge it raises is answered:
        /// swift-corelibs-foundation delivers them before the challenge, and answering it with a credential sends
        /// the request again, whose response is the one the caller gets.
        var challengeResponse: (head: URLResponse, body: Data)?

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
    /// The app's delegate, asked first about authentication challenges (certificate pinning, client
    /// certificates, credentials).
    private var challengeDelegate: (any URLSessionDelegate)? { app.delegate }
    private let app: AppDelegate

    /// The app's delegate, which URLSession calls from any queue: Sendable in swift-corelibs-foundation, not
    /// declared so on Apple platforms. Never changed after `init`.
    private struct AppDelegate: @unchecked Sendable {
        let delegate: (any URLSessionDelegate)?
    }

    /// A delegate that asks `challengeDelegate` about authentication challenges before answering them itself.
    init(forwardingChallengesTo challengeDelegate: (any URLSessionDelegate)?) {
        self.app = AppDelegate(delegate: challengeDelegate)
    }

    /// Routes the events of `task` to `receiver`; call before resuming the task. A task that neither sends nor
    /// receives anything for `idleLimit` is ended with `URLError(.timedOut)`; one whose body's consumer falls more
    /// than `unreadLimit` bytes behind, with ``UnreadBodyLimitExceeded``.
    func register(
        _ task: URLSessionTask, _ receiver: Receiver, on session: URLSession, idleLimit: Duration, unreadLimit: Int
    ) {
        let identifier = task.taskIdentifier
        var receiver = receiver
        receiver.unreadLimit = unreadLimit
        receiver.delegateQueue = session.delegateQueue
        receivers.withLock { [receiver] in $0[identifier] = receiver }
        let watchdog = Task { [weak self] in
            while let last = self?.receivers.withLock({ $0[identifier]?.lastActivity }) {
                let deadline = last.advanced(by: idleLimit)
                if ContinuousClock.now >= deadline {
                    self?.expire(task)
                    return
                }
                do { try await Task.sleep(until: deadline, clock: .continuous) } catch { return }
            }
        }
        receivers.withLock { $0[identifier]?.watchdog = watchdog }
    }

    /// Cancels `task` from the session's delegate queue, behind the delegate calls already queued, and not while
    /// swift-corelibs-foundation waits for a redirect's answer, when a cancellation traps it ("Received callback for
    /// HTTP redirection, but we're not waiting for it"): then as soon as the redirect's response is in. The queue
    /// puts a redirect that URLSession has already announced before the cancellation, so the delegate knows of it.
    func cancel(_ task: URLSessionTask) {
        guard let queue = receivers.withLock({ $0[task.taskIdentifier]?.delegateQueue }) else { return task.cancel() }
        queue.addOperation { [self] in
            let deferred = receivers.withLock { receivers -> Bool in
                guard receivers[task.taskIdentifier]?.redirecting == true else { return false }
                receivers[task.taskIdentifier]?.cancelsAfterRedirect = true
                return true
            }
            if !deferred { task.cancel() }
        }
    }

    /// Ends an idle task as URLSession's own timeout would have: its caller gets `URLError(.timedOut)` at once, and
    /// the task is cancelled as ``cancel(_:)`` does.
    private func expire(_ task: URLSessionTask) {
        let receiver = receivers.withLock { receivers -> Receiver? in
            guard let receiver = receivers[task.taskIdentifier] else { return nil }
            receivers[task.taskIdentifier]?.head = nil
            return receiver
        }
        guard let receiver else { return }
        let error = URLError(.timedOut)
        receiver.head?.resume(throwing: error)
        receiver.body.finish(throwing: error)
        cancel(task)
    }

    /// The receiver of `task` after `update`, which also counts as activity.
    private func touch(_ task: URLSessionTask, _ update: (inout Receiver) -> Void = { _ in }) -> Receiver? {
        receivers.withLock { receivers -> Receiver? in
            guard var receiver = receivers[task.taskIdentifier] else { return nil }
            receiver.lastActivity = .now
            update(&receiver)
            receivers[task.taskIdentifier] = receiver
            return receiver
        }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        var head: CheckedContinuation<URLResponse, any Error>?
        var cancels = false
        let receiver = touch(dataTask) { receiver in
            cancels = receiver.cancelsAfterRedirect
            guard !Self.asksForCredentials(response) else {
                receiver.challengeResponse = (response, Data())
                return
            }
            receiver.challengeResponse = nil
            receiver.redirecting = false
            receiver.expected = response.expectedContentLength >= 0 ? response.expectedContentLength : nil
            head = receiver.head
            receiver.head = nil
        }
        if cancels {
            completionHandler(.cancel)
            dataTask.cancel()
            return
        }
        if let receiver { receiver.progress?(receiver.downloaded) }
        head?.resume(returning: response)
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        var held = false
        let receiver = touch(dataTask) { receiver in
            guard receiver.challengeResponse == nil else {
                receiver.challengeResponse?.body.append(data)
                held = true
                return
            }
            receiver.received += Int64(data.count)
            receiver.unread += data.count
        }
        guard let receiver, !held else { return }
        guard receiver.unread <= receiver.unreadLimit else { return overflow(dataTask) }
        receiver.progress?(receiver.downloaded)
        receiver.body.yield(data)
    }

    /// Takes note that the consumer of `task`'s body has taken `count` bytes.
    func consumed(_ count: Int, of taskIdentifier: Int) {
        receivers.withLock { $0[taskIdentifier]?.unread -= count }
    }

    /// Ends a task whose consumer has fallen further behind than its limit, instead of buffering without end.
    private func overflow(_ task: URLSessionTask) {
        guard let receiver = receivers.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
        receiver.watchdog?.cancel()
        receiver.body.finish(throwing: UnreadBodyLimitExceeded(limit: receiver.unreadLimit))
        task.cancel()
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didSendBodyData bytesSent: Int64, totalBytesSent: Int64,
        totalBytesExpectedToSend: Int64
    ) {
        guard let receiver = touch(task), let progress = receiver.progress else { return }
        progress(
            TransferProgress(
                direction: .upload, completedBytes: totalBytesSent,
                totalBytes: totalBytesExpectedToSend > 0 ? totalBytesExpectedToSend : nil, routeName: receiver.routeName
            ))
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard var receiver = receivers.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
        receiver.watchdog?.cancel()
        if let error, !(receiver.declinedChallenge && (error as? URLError)?.code == .cancelled) {
            receiver.head?.resume(throwing: error)
            receiver.body.finish(throwing: error)
            return
        }
        if let (response, body) = receiver.challengeResponse {
            // A request for credentials that nothing answered is the response.
            receiver.head?.resume(returning: response)
            receiver.head = nil
            receiver.received = Int64(body.count)
            if !body.isEmpty { receiver.body.yield(body) }
        }
        receiver.head?.resume(throwing: URLError(.badServerResponse))
        // The last report says the transfer is whole, even when the server gave no length.
        var done = receiver.downloaded
        done.totalBytes = receiver.received
        receiver.progress?(done)
        receiver.body.finish()
    }

    /// Declines every redirect: the response is the redirect itself, which the client follows (see `Redirect`).
    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        _ = touch(task) { $0.redirecting = true }
        completionHandler(nil)
    }

    /// Asks the app's delegate, then declines an HTTP authentication challenge that nothing answers with a
    /// credential: the response that raised it (a 401 or 407, with its body) is what the caller gets.
    ///
    /// On Linux, swift-corelibs-foundation's default handling of such a challenge with no credential on offer
    /// never continues the task, which then waits forever (swift-corelibs-foundation #5456); declining cancels
    /// it, and ``urlSession(_:task:didCompleteWithError:)`` hands on the response it had already delivered.
    func urlSession(
        _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        #if canImport(FoundationNetworking)
            let answer: @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void = { disposition, credential in
                guard disposition == .performDefaultHandling, Self.isUnanswerable(challenge) else {
                    // The request is sent again with the credential: its response replaces the one held.
                    if disposition == .useCredential { _ = self.touch(task) { $0.challengeResponse = nil } }
                    return completionHandler(disposition, credential)
                }
                _ = self.touch(task) { $0.declinedChallenge = true }
                completionHandler(.cancelAuthenticationChallenge, nil)
            }
            if let forward = challengeDelegate as? any URLSessionTaskDelegate {
                forward.urlSession(session, task: task, didReceive: challenge, completionHandler: answer)
            } else {
                answer(.performDefaultHandling, nil)
            }
        #else
            let forward = challengeDelegate as? any URLSessionTaskDelegate
            if forward?.urlSession?(session, task: task, didReceive: challenge, completionHandler: completionHandler) != nil {
                return
            }
            // Server trust and client certificates go to the session-level method when the task-level one is
            // missing, as URLSession itself does.
            if challengeDelegate?.urlSession?(session, didReceive: challenge, completionHandler: completionHandler) != nil {
                return
            }
            completionHandler(.performDefaultHandling, nil)
        #endif
    }

    /// Server trust and client certificate challenges for the whole session go to the app's delegate.
    func urlSession(
        _ session: URLSession, didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        #if canImport(FoundationNetworking)
            guard let forward = challengeDelegate else { return completionHandler(.performDefaultHandling, nil) }
            forward.urlSession(session, didReceive: challenge, completionHandler: completionHandler)
        #else
            if challengeDelegate?.urlSession?(session, didReceive: challenge, completionHandler: completionHandler) == nil {
                completionHandler(.performDefaultHandling, nil)
            }
        #endif
    }

    /// A `401` or `407` that names the authentication it wants, and so may raise a challenge.
    private static func asksForCredentials(_ response: URLResponse) -> Bool {
        guard let http = response as? HTTPURLResponse else { return false }
        switch http.statusCode {
        case 401: return http.value(forHTTPHeaderField: "WWW-Authenticate") != nil
        case 407: return http.value(forHTTPHeaderField: "Proxy-Authenticate") != nil
        default: return false
        }
    }

    /// An HTTP authentication challenge (Basic, Digest, NTLM, Negotiate) with no stored credential to answer it.
    private static func isUnanswerable(_ challenge: URLAuthenticationChallenge) -> Bool {
        let httpMethods = [
            NSURLAuthenticationMethodDefault, NSURLAuthenticationMethodHTTPBasic, NSURLAuthenticationMethodHTTPDigest,
            NSURLAuthenticationMethodNTLM, NSURLAuthenticationMethodNegotiate,
        ]
        return challenge.proposedCredential == nil && httpMethods.contains(challenge.protectionSpace.authenticationMethod)
    }
}

/// A streamed body whose consumer fell further behind the server than the client allows: URLSession cannot slow
/// the server down on every platform, so the body fails rather than fill memory. The client reports it as a
/// transport failure with this description.
struct UnreadBodyLimitExceeded: Error, CustomStringConvertible {
    /// The limit, in bytes (`URLSessionClient`'s `unreadBodyLimit`).
    var limit: Int

    var description: String {
        "the response body arrived more than \(limit) bytes ahead of its reader; read it faster, raise "
            + "URLSessionClient's unreadBodyLimit, or download it to a file"
    }
}

/// A body stream that tells the delegate how much its consumer has taken.
struct CountedBody: Sendable {
    /// The chunks as the delegate yields them, read one consumer at a time.
    private final class Source: @unchecked Sendable {
        var iterator: AsyncThrowingStream<Data, any Error>.Iterator
        init(_ chunks: AsyncThrowingStream<Data, any Error>) { iterator = chunks.makeAsyncIterator() }
    }

    /// `chunks`, handed on as the consumer asks, each reported to `consumed`; an error ending them is thrown as
    /// `failure` makes it (the client's typed error, with the route).
    static func stream(
        _ chunks: AsyncThrowingStream<Data, any Error>, failure: @escaping @Sendable (any Error) -> any Error = { $0 },
        consumed: @escaping @Sendable (Int) -> Void
    ) -> AsyncThrowingStream<Data, any Error> {
        let source = Source(chunks)
        return AsyncThrowingStream {
            do {
                let chunk = try await source.iterator.next()
                if let chunk { consumed(chunk.count) }
                return chunk
            } catch {
                throw failure(error)
            }
        }
    }
}
