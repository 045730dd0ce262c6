/// What a generated `MockRequestHandler` keeps: its `MockEndpoints`, an index of them by name, and the log of
/// every call in order. The one `send(_:reading:)` every endpoint's method calls answers through it.
///
/// It holds them without their types, which the mock names where it reads them back (`endpoints(as:)`,
/// `calls(as:)`), so that the mock's own type names none of the API's types. That is for the compiler: the
/// endpoints' methods are witnesses of the mock's conformance, and everything reachable from the mock's type
/// (here, through `MockEndpoints`, every model) is walked by LLVM once per async method, a cost that would
/// grow with the square of the endpoints.
@_spi(Generated) public struct MockStorage: Sendable {
    private let endpoints: any Sendable
    private let index: [String: any AnyMockEndpoint]
    private let log: any Sendable

    /// The storage of a mock whose endpoints are the `MockEndpoint` properties of `endpoints` (found once, by
    /// reflection), recording its calls as `Route`s.
    public init<Route: Sendable>(endpoints: some Sendable, recording route: Route.Type) {
        self.endpoints = endpoints
        let found = Mirror(reflecting: endpoints).children.compactMap { $0.value as? any AnyMockEndpoint }
        index = Dictionary(found.map { ($0.name, $0) }) { first, _ in first }
        log = MockCallLog<Route>()
    }

    /// The endpoints given to `init`, as their type.
    public func endpoints<Endpoints>(as type: Endpoints.Type) -> Endpoints {
        guard let endpoints = endpoints as? Endpoints else { mismatch("endpoints are not \(Endpoints.self)") }
        return endpoints
    }

    /// Every call, in order, as the routes the real handler would have sent.
    public func calls<Route: Sendable>(as route: Route.Type) -> [Route] {
        callLog(of: Route.self).calls
    }

    /// Records `route` and answers it with the endpoint named `name` (as errors name it: `Petstore.getPet`).
    public func answer<Route: Sendable, Output: Sendable>(
        _ route: Route, endpoint name: String, as output: Output.Type
    ) async throws -> Output {
        guard let endpoint = index[name] as? MockEndpoint<Route, Output> else {
            mismatch("has no endpoint \(name) answering \(Output.self)")
        }
        return try await endpoint.respond(to: route, log: callLog(of: Route.self))
    }

    private func callLog<Route: Sendable>(of route: Route.Type) -> MockCallLog<Route> {
        guard let log = log as? MockCallLog<Route> else { mismatch("does not record \(Route.self)") }
        return log
    }

    /// A generated mock asks only for its own types and endpoints: anything else is a bug in the generated code,
    /// and stops the program.
    private func mismatch(_ problem: String) -> Never {
        preconditionFailure("the mock's storage \(problem)")
    }
}

/// A `MockEndpoint` of any route and output, for ``MockStorage``.
protocol AnyMockEndpoint: AnyObject, Sendable {
    var name: String { get }
}

extension MockEndpoint: AnyMockEndpoint {}
