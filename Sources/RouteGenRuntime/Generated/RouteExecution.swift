import Foundation

/// What generated `RequestHandler`s call to send a route's request: send, require a 2xx status (decoding the
/// spec's `errors:` model from other bodies), then decode the response.
extension HTTPClient {
    /// Sends `request` and decodes its 2xx body as `type`.
    public func send<Response: Decodable>(
        _ request: HTTPRequest, decoding type: Response.Type, decoder: JSONDecoder,
        errorBody: (any (Decodable & Sendable).Type)? = nil
    ) async throws -> Response {
        let (data, response) = try await sendRequiringSuccess(request, decoder: decoder, errorBody: errorBody)
        return try ResponseDecoding.decode(type, from: data, response: response, for: request, decoder: decoder)
    }

    /// Sends `request` and ignores its 2xx body.
    public func send(
        _ request: HTTPRequest, decoder: JSONDecoder, errorBody: (any (Decodable & Sendable).Type)? = nil
    ) async throws {
        _ = try await sendRequiringSuccess(request, decoder: decoder, errorBody: errorBody)
    }

    private func sendRequiringSuccess(
        _ request: HTTPRequest, decoder: JSONDecoder, errorBody: (any (Decodable & Sendable).Type)?
    ) async throws -> (Data, HTTPResponse) {
        let (data, response) = try await load(request)
        try ResponseDecoding.requireSuccess(response, body: data, for: request) { body in
            guard let errorBody else { return nil }
            return Self.decode(errorBody, from: body, decoder: decoder)
        }
        return (data, response)
    }

    private static func decode<Body: Decodable & Sendable>(_ type: Body.Type, from data: Data, decoder: JSONDecoder) -> (any Sendable)? {
        try? decoder.decode(type, from: data)
    }
}
