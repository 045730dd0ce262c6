#if AsyncHTTPClient
    import AsyncHTTPClient
    import Foundation
    import NIOCore
    import NIOHTTP1
    import NIOPosix
    import RouteGenRuntime

    #if canImport(Glibc)
        import Glibc
    #elseif canImport(Darwin)
        import Darwin
    #endif

    /// What async-http-client and SwiftNIO throw, as the runtime's typed errors with the request: the `URLError`
    /// code that URLSession would have given for the same failure, so that retries and callers treat both
    /// transports alike.
    struct TransportErrors: Sendable {
        let request: APIRequest

        /// Cancellation stays `CancellationError`; our own errors pass through; a body that cannot be read from disk
        /// is an invalid request; anything else is a transport failure.
        @Sendable func translate(_ error: any Error) -> any Error {
            if error is CancellationError || error is RouteGenError { return error }
            if let client = error as? HTTPClientError, client == .cancelled || client == .requestStreamCancelled {
                return CancellationError()
            }
            if Task.isCancelled { return CancellationError() }
            let summary = RequestSummary(request, redactor: .default)
            if let mismatch = error as? PinMismatch {
                return RouteGenError.transportFailed(
                    TransportFailure(request: summary, code: .serverCertificateUntrusted, reason: mismatch.description, pinMismatch: mismatch))
            }
            if error is CocoaError {
                return RouteGenError.invalidRequest(InvalidRequest(request: summary, reason: "the body cannot be read: \(error)"))
            }
            let code = Self.code(of: error)
            let reason = code.map { "\(error) (URLError \($0.rawValue))" } ?? "\(error)"
            return RouteGenError.transportFailed(TransportFailure(request: summary, code: code, reason: reason))
        }

        private static func code(of error: any Error) -> URLError.Code? {
            switch error {
            case let urlError as URLError: return urlError.code
            case let client as HTTPClientError:
                switch client {
                case .readTimeout, .writeTimeout, .connectTimeout, .deadlineExceeded, .tlsHandshakeTimeout,
                    .getConnectionFromPoolTimeout:
                    return .timedOut
                case .remoteConnectionClosed, .bodyLengthMismatch: return .networkConnectionLost
                case .invalidURL, .emptyHost, .emptyScheme: return .badURL
                default: return nil
                }
            case let parser as HTTPParserError:
                // A body cut short of its `Content-Length` ends the stream early; anything else is not HTTP.
                return parser == .invalidEOFState ? .networkConnectionLost : .badServerResponse
            case is NIOConnectionError, is ChannelError: return .cannotConnectToHost
            case let io as IOError:
                switch io.errnoCode {
                case ECONNREFUSED, EHOSTUNREACH, ENETUNREACH: return .cannotConnectToHost
                case ETIMEDOUT: return .timedOut
                default: return .networkConnectionLost
                }
            default: return nil
            }
        }
    }
#endif
