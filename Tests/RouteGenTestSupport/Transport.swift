import Foundation
import RouteGenRuntime
import RouteGenURLSession
import Testing

#if AsyncHTTPClient
    import RouteGenAsyncHTTPClient
#endif

/// The transports the integration tests (of the runtime and of generated clients) run over: URLSession always, async-http-client when the package is built with
/// its `AsyncHTTPClient` trait (`swift test --traits AsyncHTTPClient`, as CI does).
package enum Transport: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case urlSession
    #if AsyncHTTPClient
        case asyncHTTPClient
    #endif

    /// A client of this transport with its own connections and the idle limit `timeout`.
    package func client(timeout: Duration = .seconds(60)) -> any HTTPTransport {
        switch self {
        case .urlSession: URLSessionClient(timeout: timeout)
        #if AsyncHTTPClient
            case .asyncHTTPClient: AsyncHTTPClientTransport(timeout: timeout)
        #endif
        }
    }

    package var testDescription: String { rawValue }
}
