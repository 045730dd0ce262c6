import Foundation

/// The one abstraction generated code and feature modules depend on: something that sends a request and
/// returns the response's body and head.
///
/// Concrete transports (`URLSessionClient`), decorators (authentication, retries, logging, …) and test stubs
/// all conform, so a feature never links the transport: the app wires it at its composition root.
public protocol HTTPTransport: Sendable {
    /// Sends `request` and returns the body and the response.
    ///
    /// A non-2xx status is a response, not an error, unless a decorator such as `ResponseValidatingClient`
    /// says otherwise. Cancelling the calling task throws `CancellationError`.
    func load(_ request: APIRequest) async throws -> (Data, APIResponse)

    /// Sends `request` and returns the response head as soon as it arrives, with the body as a stream of chunks
    /// delivered as the server sends them (server-sent events, large downloads).
    ///
    /// The default implementation loads the whole body with ``load(_:)`` and delivers it as one chunk, so a
    /// client that cannot stream still works. Transports and decorators implement it to stream for real.
    /// Dropping the body stream, or cancelling the task iterating it, cancels the request.
    func stream(_ request: APIRequest) async throws -> (APIResponse, ResponseBodyStream)

    /// The `Cookie` header this client's transport adds to `request` by itself, from a cookie store of its own
    /// (URLSession's `httpCookieStorage`): a credential the request does not show, which a cache above it keeps
    /// users apart by (`HTTPCache`). Nil when it adds none.
    ///
    /// The default asks the client a decorator of this package wraps, and answers nil for any other client: a
    /// transport with a cookie store implements it.
    func storedCookies(for request: APIRequest) -> String?
}

extension HTTPTransport {
    public func stream(_ request: APIRequest) async throws -> (APIResponse, ResponseBodyStream) {
        let (data, response) = try await load(request)
        return (response, ResponseBodyStream(data))
    }
}

extension HTTPTransport {
    public func storedCookies(for request: APIRequest) -> String? {
        (self as? any Decorating)?.base.storedCookies(for: request)
    }
}

/// A client that wraps another to change its requests or responses, never where they go: what the transport under it
/// knows (``HTTPTransport/storedCookies(for:)``), it answers by asking the client it wraps.
package protocol Decorating: HTTPTransport {
    /// The client it wraps.
    var base: any HTTPTransport { get }
}
