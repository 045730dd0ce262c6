import Foundation

/// What generated `RequestHandler`s call to send a route's request: send it, read the response the way the
/// spec says (decoding the spec's `errors:` model from unexpected statuses), and return the result.
extension HTTPTransport {
    /// Sends `request` and decodes its 2xx body as `type`.
    public func send<Response: Decodable & Sendable>(
        _ request: APIRequest, decoding type: Response.Type, decoder: JSONDecoder,
        errorBody: (any (Decodable & Sendable).Type)? = nil
    ) async throws -> Response {
        try await send(request, reading: .json(type), decoder: decoder, errors: ErrorBodies(default: errorBody))
    }

    /// Sends `request` and ignores its 2xx body.
    public func send(
        _ request: APIRequest, decoder: JSONDecoder, errorBody: (any (Decodable & Sendable).Type)? = nil
    ) async throws {
        try await send(request, reading: .none, decoder: decoder, errors: ErrorBodies(default: errorBody))
    }

    /// Sends `request` and reads the response with `reader`; a status the reader does not expect throws
    /// ``RouteGenError/unacceptableStatus(_:)`` with the body decoded by `errors`.
    public func send<Output>(
        _ request: APIRequest, reading reader: ResponseReader<Output>, decoder: JSONDecoder,
        errors: ErrorBodies = ErrorBodies()
    ) async throws -> Output {
        let (data, head) = try await receive(request)
        return try Self.read(ReceivedResponse(request: request, head: head, body: data, decoder: decoder), reader, errors)
    }

    /// Sends `request`, reads the response with `reader` and its declared headers with `headers`.
    public func send<Output, Headers>(
        _ request: APIRequest, reading reader: ResponseReader<Output>,
        headers: @escaping @Sendable (APIResponse) throws(HeaderValueError) -> Headers, decoder: JSONDecoder,
        errors: ErrorBodies = ErrorBodies()
    ) async throws -> TypedResponse<Output, Headers> {
        let (data, head) = try await receive(request)
        let received = ReceivedResponse(request: request, head: head, body: data, decoder: decoder)
        let output = try Self.read(received, reader, errors)
        let typedHeaders: Headers
        do {
            typedHeaders = try headers(head)
        } catch {
            throw RouteGenError.decodingFailed(
                DecodingFailure(
                    request: RequestSummary(request, redactor: .default), statusCode: head.statusCode,
                    expectedType: error.expectedType, codingPath: "headers.\(error.name)", reason: error.description))
        }
        return TypedResponse(body: output, headers: typedHeaders, response: head, url: try? request.url()) { url in
            try await send(request.redirected(to: url), reading: reader, headers: headers, decoder: decoder, errors: errors)
        }
    }

    /// The response to `request`, also when a decorator in the chain (`ResponseValidatingClient`, from
    /// `.handlingErrors()`) has already turned its status into ``RouteGenError/unacceptableStatus(_:)``: the
    /// endpoint reads every status itself, as an outcome its spec lists or with its error model.
    func receive(_ request: APIRequest) async throws -> (Data, APIResponse) {
        do {
            return try await load(request)
        } catch RouteGenError.unacceptableStatus(let failure) {
            return (failure.body, failure.response)
        }
    }

    private static func read<Output>(
        _ received: ReceivedResponse, _ reader: ResponseReader<Output>, _ errors: ErrorBodies
    ) throws -> Output {
        if let output = try reader.read(received) { return output }
        throw errors.unacceptableStatus(received.request, received.head, body: received.body, decoder: received.decoder)
    }
}
