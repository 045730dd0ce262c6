import Foundation

/// The one abstraction generated code and feature modules depend on: something that sends a request and
/// returns the response's body and head.
///
/// Concrete transports (`URLSessionClient`), decorators (authentication, retries, logging, …) and test stubs
/// all conform, so a feature never links the transport: the app wires it at its composition root.
public protocol HTTPClient: Sendable {
    /// Sends `request` and returns the body and the response.
    ///
    /// A non-2xx status is a response, not an error, unless a decorator such as ``ResponseValidatingClient``
    /// says otherwise. Cancelling the calling task throws `CancellationError`.
    func load(_ request: HTTPRequest) async throws -> (Data, HTTPResponse)
}
