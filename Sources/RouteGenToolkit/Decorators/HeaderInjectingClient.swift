import Foundation
import RouteGenRuntime

/// Sets headers on every request, from fixed values or from a closure asked per request.
/// Injected headers replace headers of the same name.
public struct HeaderInjectingClient: HTTPTransport, Decorating {
    package let base: any HTTPTransport
    private let headers: @Sendable (APIRequest) async throws -> HeaderFields

    /// Creates the decorator; `headers` is called for every request.
    public init(wrapping base: any HTTPTransport, headers: @escaping @Sendable (APIRequest) async throws -> HeaderFields) {
        self.base = base
        self.headers = headers
    }

    public func load(_ request: APIRequest) async throws -> (Data, APIResponse) {
        try await base.load(try await injected(request))
    }

    public func stream(_ request: APIRequest) async throws -> (APIResponse, ResponseBodyStream) {
        try await base.stream(try await injected(request))
    }

    private func injected(_ request: APIRequest) async throws -> APIRequest {
        var injected = request
        injected.headers.merge(try await headers(request))
        return injected
    }
}

extension HTTPTransport {
    /// Sets `headers` on every request.
    public func injecting(headers: HeaderFields) -> HeaderInjectingClient {
        HeaderInjectingClient(wrapping: self) { _ in headers }
    }

    /// Sets the headers `provider` returns, asking it for every request (an app version, a locale, a trace id).
    public func injectingHeaders(
        _ provider: @escaping @Sendable (APIRequest) async throws -> HeaderFields
    ) -> HeaderInjectingClient {
        HeaderInjectingClient(wrapping: self, headers: provider)
    }
}
