import Foundation
import RouteGenRuntime

/// An `HTTPTransport` for tests and offline UI tests: it answers registered method-and-path patterns, records
/// every request, and fails unmatched requests with a list of what is registered.
///
/// ```swift
/// let stub = StubTransport()
/// stub.register(.get, "/v1/pets/{id}") { _ in try .json(Pet(id: 1, name: "Rex")) }
/// stub.register(.get, "/v1/pets", response: .status(503), delay: .milliseconds(200))
/// stub.register(.post, "/v1/pets", failure: URLError(.notConnectedToInternet))
/// ```
///
/// Patterns match the request's path (with the version segment, as sent): literal segments match exactly,
/// `{name}` and `*` match any one segment. The latest registration that matches wins.
public final class StubTransport: HTTPTransport {
    /// A request no registration matched.
    public struct UnmatchedRequest: Error, CustomStringConvertible {
        /// The request's method and path.
        public var request: String
        /// What is registered, one `METHOD pattern` each.
        public var registered: [String]

        public var description: String {
            let list = registered.isEmpty ? "nothing is registered" : "registered: " + registered.joined(separator: ", ")
            return "StubTransport has no response for \(request); \(list)"
        }
    }

    private struct Registration {
        var method: RequestMethod
        var pattern: [Substring]
        var text: String
        var delay: Duration?
        var respond: @Sendable (APIRequest) async throws -> StubResponse
    }

    private let state = Locked<(registrations: [Registration], requests: [APIRequest])>(([], []))

    /// Creates a stub with nothing registered.
    public init() {}

    /// Every request received, in order.
    public var requests: [APIRequest] { state.withLock { $0.requests } }

    /// Answers requests matching `method` and `pattern` with whatever `respond` returns or throws.
    public func register(
        _ method: RequestMethod, _ pattern: String, delay: Duration? = nil,
        respond: @escaping @Sendable (APIRequest) async throws -> StubResponse
    ) {
        let registration = Registration(
            method: method, pattern: Self.segments(of: pattern), text: "\(method) \(pattern)", delay: delay, respond: respond)
        state.withLock { $0.registrations.append(registration) }
    }

    /// Answers requests matching `method` and `pattern` with `response`.
    public func register(_ method: RequestMethod, _ pattern: String, response: StubResponse, delay: Duration? = nil) {
        register(method, pattern, delay: delay) { _ in response }
    }

    /// Fails requests matching `method` and `pattern` with `failure`, as a broken network would.
    public func register(_ method: RequestMethod, _ pattern: String, failure: any Error & Sendable, delay: Duration? = nil) {
        register(method, pattern, delay: delay) { _ in throw failure }
    }

    public func load(_ request: APIRequest) async throws -> (Data, APIResponse) {
        try request.validate()
        let path = Self.segments(of: request.path)
        let match = state.withLock { state -> Registration? in
            state.requests.append(request)
            return state.registrations.last { $0.method == request.method && Self.matches($0.pattern, path) }
        }
        guard let match else {
            throw UnmatchedRequest(
                request: "\(request.method) \(request.path)", registered: state.withLock { $0.registrations.map(\.text) })
        }
        if let delay = match.delay { try await Task.sleep(for: delay) }
        let response = try await match.respond(request)
        return (response.body, APIResponse(statusCode: response.statusCode, headers: response.headers))
    }

    private static func segments(of path: String) -> [Substring] {
        path.split(separator: "/", omittingEmptySubsequences: true)
    }

    private static func matches(_ pattern: [Substring], _ path: [Substring]) -> Bool {
        pattern.count == path.count
            && zip(pattern, path).allSatisfy { expected, actual in
                expected == "*" || (expected.hasPrefix("{") && expected.hasSuffix("}")) || expected == actual
            }
    }
}
