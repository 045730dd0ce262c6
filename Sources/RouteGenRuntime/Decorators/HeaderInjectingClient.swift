import Foundation

/// Sets headers on every request, from fixed values or from a closure asked per request.
/// Injected headers replace headers of the same name.
public struct HeaderInjectingClient: HTTPClient, Decorating {
    let base: any HTTPClient
    private let headers: @Sendable (HTTPRequest) async throws -> HTTPHeaders

    /// Creates the decorator; `headers` is called for every request.
    public init(wrapping base: any HTTPClient, headers: @escaping @Sendable (HTTPRequest) async throws -> HTTPHeaders) {
        self.base = base
        self.headers = headers
    }

    public func load(_ request: HTTPRequest) async throws -> (Data, HTTPResponse) {
        try await base.load(try await injected(request))
    }

    public func stream(_ request: HTTPRequest) async throws -> (HTTPResponse, ResponseBodyStream) {
        try await base.stream(try await injected(request))
    }

    private func injected(_ request: HTTPRequest) async throws -> HTTPRequest {
        var injected = request
        injected.headers.merge(try await headers(request))
        return injected
    }
}

extension HTTPClient {
    /// Sets `headers` on every request.
    public func injecting(headers: HTTPHeaders) -> HeaderInjectingClient {
        HeaderInjectingClient(wrapping: self) { _ in headers }
    }

    /// Sets the headers `provider` returns, asking it for every request (an app version, a locale, a trace id).
    public func injectingHeaders(
        _ provider: @escaping @Sendable (HTTPRequest) async throws -> HTTPHeaders
    ) -> HeaderInjectingClient {
        HeaderInjectingClient(wrapping: self, headers: provider)
    }
}
