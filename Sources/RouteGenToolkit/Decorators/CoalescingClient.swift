import Foundation
import RouteGenRuntime

/// Sends identical GET and HEAD requests that are in flight at the same time once: the first caller's request
/// goes to the network, and every caller gets its response. Requests are identical when their method, URL,
/// headers, body, idle `APIRequest.timeout` and `APIRequest.authentication` are, so requests carrying different
/// credentials, or asking different questions in their bodies (a search API's GET with a JSON query), never share a
/// response. Each caller
/// waits within its own `APIRequest.deadline`: one whose deadline passes leaves with its own failure, and the
/// shared request, sent without a deadline, ends another caller's wait only with its response.
///
/// A caller that is cancelled stops waiting at once; the others keep waiting, and the request is cancelled
/// only when no caller is left. Other methods, and streamed responses, pass through.
public struct CoalescingClient: HTTPTransport, Decorating {
    package let base: any HTTPTransport
    private let flights: Flights

    /// Creates the decorator.
    public init(wrapping base: any HTTPTransport) {
        self.init(wrapping: base, onJoin: nil)
    }

    /// Creates the decorator; `onJoin` is told each time a caller starts or joins a flight (tests wait on it).
    init(wrapping base: any HTTPTransport, onJoin: (@Sendable () -> Void)?) {
        self.base = base
        self.flights = Flights(onJoin: onJoin)
    }

    public func load(_ request: APIRequest) async throws -> (Data, APIResponse) {
        guard request.method == .get || request.method == .head else { return try await base.load(request) }
        // The shared request has no deadline: each caller waits for it within its own, and leaves when that passes.
        let shared = request.withoutDeadline
        let (base, flights, key) = (self.base, self.flights, FlightKey(shared))
        return try await CallEnd.within(request) {
            let answer = try await flights.join(key) {
                try await CallEnd.$current.withValue(nil) {
                    let (result, sentCookies) = try await TransportCookies.watch { try await base.load(shared) }
                    return Flights.Answer(result: result, sentCookies: sentCookies)
                }
            }
            // Every caller's cache learns which cookies of the transport's own the shared request went out with.
            for header in answer.sentCookies { TransportCookies.recordSent(header) }
            return answer.result
        }
    }

    public func stream(_ request: APIRequest) async throws -> (APIResponse, ResponseBodyStream) {
        try await base.stream(request)
    }
}

extension HTTPTransport {
    /// Shares one network call among identical GET and HEAD requests in flight. See ``CoalescingClient``.
    public func coalescing() -> CoalescingClient {
        CoalescingClient(wrapping: self)
    }
}

extension APIRequest {
    /// The request with no deadline of its own.
    fileprivate var withoutDeadline: APIRequest {
        var request = self
        request.deadline = nil
        return request
    }
}

/// What makes two requests the same request.
struct FlightKey: Hashable, Sendable {
    let method: String
    let url: String
    let headers: [String]
    let authentication: Authentication?
    let body: RequestBody?
    let timeout: Duration?

    init(_ request: APIRequest) {
        method = request.method.rawValue
        url = (try? request.url().absoluteString) ?? request.baseURL.absoluteString + request.path
        headers = request.headers.map { "\($0.name.lowercased()): \($0.value)" }.sorted()
        authentication = request.authentication
        body = request.body
        timeout = request.timeout
    }
}

/// The requests in flight and the callers waiting for each.
final class Flights: Sendable {
    /// What a flight brings every caller: the response, and the cookies of the transport's own it went out with.
    struct Answer: Sendable {
        var result: (Data, APIResponse)
        var sentCookies: [String]
    }

    typealias Waiter = CheckedContinuation<Answer, any Error>

    private struct Flight {
        /// Tells this flight from a later one for the same key, once this one was abandoned.
        var id: UUID
        var task: Task<Void, Never>
        var waiters: [UUID: Waiter]
    }

    private let flights = Locked<[FlightKey: Flight]>([:])
    private let onJoin: (@Sendable () -> Void)?

    init(onJoin: (@Sendable () -> Void)? = nil) {
        self.onJoin = onJoin
    }

    /// Waits for the response of the flight `key`, starting it with `operation` when there is none.
    func join(
        _ key: FlightKey, _ operation: @escaping @Sendable () async throws -> Answer
    ) async throws -> Answer {
        let id = UUID()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (waiter: Waiter) in
                flights.withLock { flights in
                    // Cancelled before joining: the cancellation handler found nothing to remove.
                    if Task.isCancelled {
                        waiter.resume(throwing: CancellationError())
                    } else if flights[key] != nil {
                        flights[key]?.waiters[id] = waiter
                    } else {
                        let flight = UUID()
                        let task = Task { await self.fly(key, flight, operation) }
                        flights[key] = Flight(id: flight, task: task, waiters: [id: waiter])
                    }
                }
                onJoin?()
            }
        } onCancel: {
            leave(key, id)
        }
    }

    /// Runs the flight and hands its outcome to everyone waiting.
    private func fly(
        _ key: FlightKey, _ flight: UUID, _ operation: @Sendable () async throws -> Answer
    ) async {
        let outcome: Result<Answer, any Error>
        do {
            outcome = .success(try await operation())
        } catch {
            outcome = .failure(error)
        }
        let waiters = flights.withLock { flights -> [Waiter] in
            guard flights[key]?.id == flight else { return [] }
            return flights.removeValue(forKey: key)?.waiters.values.map { $0 } ?? []
        }
        for waiter in waiters { waiter.resume(with: outcome) }
    }

    /// A cancelled caller stops waiting; the flight is cancelled when it was the last.
    private func leave(_ key: FlightKey, _ id: UUID) {
        let (waiter, abandoned) = flights.withLock { flights -> (Waiter?, Task<Void, Never>?) in
            guard let waiter = flights[key]?.waiters.removeValue(forKey: id) else { return (nil, nil) }
            guard flights[key]?.waiters.isEmpty == true else { return (waiter, nil) }
            return (waiter, flights.removeValue(forKey: key)?.task)
        }
        waiter?.resume(throwing: CancellationError())
        abandoned?.cancel()
    }
}
