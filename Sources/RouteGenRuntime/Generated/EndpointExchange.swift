import Foundation

/// How an endpoint's request is sent and its response read, and so what the endpoint's method returns.
///
/// Each generated endpoint method (one, in an extension of the generated `RouteSending`) makes its route and hands
/// it, with its exchange, to `send(_:reading:)`: `return try await send(route, reading: .json(Petstore.Pet.self))`.
/// The generated `RequestHandler` performs the exchange over its ``HTTPTransport``; the generated
/// `MockRequestHandler` sends nothing and answers with the endpoint's mock, of the exchange's `Output` type. The
/// work is written once, here and in the two `send`s, so each endpoint's method stays two statements however large
/// the API.
@_spi(Generated) public struct EndpointExchange<Output: Sendable>: Sendable {
    private let perform: @Sendable (APIRequest, any HTTPTransport, JSONDecoder) async throws -> Output

    private init(_ perform: @escaping @Sendable (APIRequest, any HTTPTransport, JSONDecoder) async throws -> Output) {
        self.perform = perform
    }

    /// Sends `request` through `client` and reads the response, decoding JSON with `decoder`.
    public func send(_ request: APIRequest, through client: any HTTPTransport, decoder: JSONDecoder) async throws -> Output {
        try await perform(request, client, decoder)
    }

    /// A 2xx JSON body decoded as `type`; another status throws ``RouteGenError/unacceptableStatus(_:)`` with its
    /// body decoded by `errors`.
    public static func json(_ type: Output.Type, errors: ErrorBodies = ErrorBodies()) -> Self where Output: Decodable {
        reading(.json(type), errors: errors)
    }

    /// A 2xx JSON body decoded as `type`; another status throws with its body decoded as `errorBody`, the API's
    /// error model.
    public static func json(_ type: Output.Type, errorBody: any (Decodable & Sendable).Type) -> Self where Output: Decodable {
        json(type, errors: ErrorBodies(default: errorBody))
    }

    /// Any 2xx, whose body is ignored; another status throws with its body decoded as `errorBody`.
    public static func discardingBody(errorBody: any (Decodable & Sendable).Type) -> Self where Output == Void {
        discardingBody(errors: ErrorBodies(default: errorBody))
    }

    /// Any 2xx, whose body is ignored; another status throws as for ``json(_:errors:)``.
    public static func discardingBody(errors: ErrorBodies = ErrorBodies()) -> Self where Output == Void {
        reading(.none, errors: errors)
    }

    /// The response as `reader` reads it; a status it does not expect throws as for ``json(_:errors:)``.
    public static func reading(_ reader: ResponseReader<Output>, errors: ErrorBodies = ErrorBodies()) -> Self {
        EndpointExchange { request, client, decoder in
            try await client.send(request, reading: reader, decoder: decoder, errors: errors)
        }
    }

    /// The response as `reader` reads it, with the headers the spec declares read by `headers`.
    public static func reading<Body, Headers>(
        _ reader: ResponseReader<Body>, headers: @escaping @Sendable (APIResponse) throws(HeaderValueError) -> Headers,
        errors: ErrorBodies = ErrorBodies()
    ) -> Self where Output == TypedResponse<Body, Headers> {
        EndpointExchange { request, client, decoder in
            try await client.send(request, reading: reader, headers: headers, decoder: decoder, errors: errors)
        }
    }

    /// The server-sent events of a 2xx response, each decoded as `type`.
    public static func events<Event>(_ type: Event.Type, errors: ErrorBodies = ErrorBodies()) -> Self
    where Output == EventStream<Event> {
        EndpointExchange { request, client, decoder in
            try await client.events(request, decoding: type, decoder: decoder, errors: errors)
        }
    }
}
