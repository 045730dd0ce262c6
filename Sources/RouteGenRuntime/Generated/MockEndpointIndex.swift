/// The endpoints of a generated `MockEndpoints`, by name: how a generated `MockRequestHandler` finds the endpoint
/// that answers a route, in the one `send(_:reading:)` every endpoint's method calls.
///
/// It is built once per mock, by reflection over the `MockEndpoint` properties of `MockEndpoints`.
public struct MockEndpointIndex<Route: Sendable>: Sendable {
    private let endpoints: [String: any AnyMockEndpoint]

    /// The index of every `MockEndpoint` stored in `endpoints`.
    public init(_ endpoints: some Sendable) {
        let found = Mirror(reflecting: endpoints).children.compactMap { $0.value as? any AnyMockEndpoint }
        self.endpoints = Dictionary(found.map { ($0.name, $0) }) { first, _ in first }
    }

    /// The endpoint named `name` (as errors name it: `Petstore.getPet`), answering `Output`.
    ///
    /// A generated mock asks only for its own endpoints, with their own output types: anything else is a bug in
    /// the generated code, and stops the program.
    public func endpoint<Output>(named name: String, answering output: Output.Type) -> MockEndpoint<Route, Output> {
        guard let endpoint = endpoints[name] as? MockEndpoint<Route, Output> else {
            preconditionFailure("the mock has no endpoint \(name) answering \(Output.self)")
        }
        return endpoint
    }
}

/// A `MockEndpoint` of any route and output, for ``MockEndpointIndex``.
protocol AnyMockEndpoint: AnyObject, Sendable {
    var name: String { get }
}

extension MockEndpoint: AnyMockEndpoint {}
