import Foundation

/// One endpoint of a generated `MockRequestHandler`: what it answers, and the calls it received.
///
/// Set its answer per test or preview: a value, an error, or a closure of the call, each after an optional
/// delay. Until one is set, it answers the spec's `example:` for the endpoint (or for its response's
/// model); an endpoint with neither throws ``MockEndpointError/noAnswer(endpoint:)``, and one without a response
/// answers at once.
///
/// ```swift
/// let mock = Petstore.MockRequestHandler()
/// mock.endpoints.getPet.answer(Pet(id: 1, name: "Rex"))
/// mock.endpoints.listPets.fail(URLError(.notConnectedToInternet), after: .milliseconds(300))
/// mock.endpoints.createPet.answer { route in
///     guard case .createPet(let body) = route else { throw CancellationError() }
///     return Pet(id: 2, name: body.name)
/// }
/// // … run the feature with `mock` as its RequestHandling …
/// #expect(mock.recordedCalls == [.getPet(petId: 1)])
/// ```
///
/// Calls are recorded as `Route`, the generated `APIRoute` the real handler would have sent, arguments included;
/// `Output` is what the endpoint's method returns.
public final class MockEndpoint<Route: Sendable, Output: Sendable>: Sendable {
    /// The endpoint, as errors name it (`Petstore.getPet`).
    public let name: String
    private let fallback: @Sendable () throws -> Output
    private let state = Locked<(answer: Answer?, calls: [Route])>((nil, []))

    private struct Answer {
        var delay: Duration?
        var respond: @Sendable (Route) async throws -> Output
    }

    private init(_ name: String, fallback: @escaping @Sendable () throws -> Output) {
        self.name = name
        self.fallback = fallback
    }

    /// A mock endpoint that, until told otherwise, throws ``MockEndpointError/noAnswer(endpoint:)``.
    public convenience init(_ name: String) {
        self.init(name, fallback: { throw MockEndpointError.noAnswer(endpoint: name) })
    }

    /// A mock endpoint that, until told otherwise, answers `value` (`()` for an endpoint without a response).
    public convenience init(_ name: String, answering value: Output) {
        self.init(name, fallback: { value })
    }

    /// Every call received, in order, with its arguments.
    public var calls: [Route] { state.withLock { $0.calls } }

    /// Answers every later call with `value`, after `delay` if given.
    public func answer(_ value: Output, after delay: Duration? = nil) {
        answer(after: delay) { _ in value }
    }

    /// Fails every later call with `error`, after `delay` if given, as a broken network or a server error would.
    public func fail(_ error: any Error, after delay: Duration? = nil) {
        answer(after: delay) { _ in throw error }
    }

    /// Answers every later call with what `respond` returns or throws for the call's route, after `delay` if given.
    public func answer(after delay: Duration? = nil, _ respond: @escaping @Sendable (Route) async throws -> Output) {
        state.withLock { $0.answer = Answer(delay: delay, respond: respond) }
    }

    /// Forgets the answer set and the calls recorded.
    public func reset() {
        state.withLock { $0 = (nil, []) }
    }

    /// Records a call, here and in the mock's `log`, and answers it: what generated mocks call from each
    /// endpoint's method.
    public func respond(to route: Route, log: MockCallLog<Route>) async throws -> Output {
        log.append(route)
        let answer = state.withLock { state -> Answer? in
            state.calls.append(route)
            return state.answer
        }
        guard let answer else { return try fallback() }
        if let delay = answer.delay { try await Task.sleep(for: delay) }
        return try await answer.respond(route)
    }
}

extension MockEndpoint where Output: Decodable {
    /// A mock endpoint that, until told otherwise, answers the spec's example: `json` decoded by `decoder` on each
    /// call.
    public convenience init(_ name: String, example json: String, decoder: JSONDecoder = JSONCoding.makeDecoder()) {
        self.init(
            name,
            fallback: {
                do {
                    return try decoder.decode(Output.self, from: Data(json.utf8))
                } catch {
                    throw MockEndpointError.invalidExample(endpoint: name, reason: "\(error)")
                }
            })
    }
}

extension MockEndpoint {
    /// A mock endpoint of a stream of events that, until told otherwise, answers a stream of the spec's example
    /// event: `json`, decoded by `decoder` as it is read.
    public convenience init<Event>(
        _ name: String, exampleEvent json: String, decoder: JSONDecoder = JSONCoding.makeDecoder()
    ) where Output == EventStream<Event> {
        self.init(name, fallback: { EventStream(replayingJSON: [json], decoder: decoder) })
    }
}

/// The calls a generated mock received, across its endpoints, in order.
public final class MockCallLog<Route: Sendable>: Sendable {
    private let routes = Locked<[Route]>([])

    /// An empty log.
    public init() {}

    /// Every call, in order.
    public var calls: [Route] { routes.withLock { $0 } }

    /// Records a call.
    public func append(_ route: Route) {
        routes.withLock { $0.append(route) }
    }
}

/// Why a generated mock could not answer a call.
public enum MockEndpointError: Error, Sendable, CustomStringConvertible {
    /// The endpoint was called with no answer set, and the spec gives no example of its response.
    case noAnswer(endpoint: String)
    /// The spec's example did not decode as the endpoint's response.
    case invalidExample(endpoint: String, reason: String)

    public var description: String {
        switch self {
        case .noAnswer(let endpoint):
            "the mock of \(endpoint) was called with no answer set and no `example:` in the spec; set one with "
                + "`mock.endpoints.\(endpoint.split(separator: ".").last ?? "").answer(…)` or add an example to the spec"
        case .invalidExample(let endpoint, let reason):
            "the spec's example for \(endpoint) does not decode: \(reason)"
        }
    }
}
