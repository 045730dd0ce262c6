import RouteGenRuntime

/// A point tasks reach and a test waits for, without sleeping: ``wait(for:)`` returns as soon as the point has been
/// reached that many times, however slow or busy the machine. Bound the test with `.timeLimit` for the case where it
/// never is.
package final class Checkpoint: Sendable {
    private struct State {
        var reached = 0
        var waiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
    }

    private let state = Locked(State())

    package init() {}

    /// How many times it has been reached.
    package var count: Int { state.withLock { $0.reached } }

    /// Marks it reached once more, and returns how many times it has been.
    @discardableResult
    package func reach() -> Int {
        let (count, ready) = state.withLock { state -> (Int, [CheckedContinuation<Void, Never>]) in
            state.reached += 1
            let ready = state.waiters.filter { $0.count <= state.reached }.map(\.continuation)
            state.waiters.removeAll { $0.count <= state.reached }
            return (state.reached, ready)
        }
        for waiter in ready { waiter.resume() }
        return count
    }

    /// Returns once it has been reached `count` times.
    package func wait(for count: Int = 1) async {
        await withCheckedContinuation { continuation in
            let reached = state.withLock { state -> Bool in
                if state.reached >= count { return true }
                state.waiters.append((count, continuation))
                return false
            }
            if reached { continuation.resume() }
        }
    }
}

/// Returns when the calling task is cancelled (by then throwing `CancellationError`): a server handler that must
/// hold its response until the client goes away.
package func waitForCancellation() async throws {
    let gate = Checkpoint()
    await withTaskCancellationHandler {
        await gate.wait()
    } onCancel: {
        gate.reach()
    }
    throw CancellationError()
}
