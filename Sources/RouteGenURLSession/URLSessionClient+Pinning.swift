import Foundation
import RouteGenRuntime

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
#if canImport(Security)
    import Security
#endif

extension URLSessionClient {
    /// Creates a client with its own session whose every connection to a pinned host must show, in its validated
    /// chain, a certificate whose public key is one of the host's pins (see `PublicKeyPins` in RouteGenToolkit); a mismatch cancels the
    /// connection before any request is written on it.
    ///
    /// On Apple platforms the session's delegate checks the pins in the server-trust challenge, after the system's
    /// own evaluation. On Linux, swift-corelibs-foundation never asks a delegate about server trust, so pins cannot
    /// be checked: this initializer throws there rather than send anything unpinned. Use
    /// `AsyncHTTPClientTransport(pinning:)` on Linux.
    public convenience init(
        configuration: URLSessionConfiguration = .ephemeral, timeout: Duration = .seconds(60), pinning: any CertificatePinning,
        unreadBodyLimit: Int = 16 << 20
    ) throws(PinningError) {
        #if canImport(Security)
            self.init(
                configuration: configuration, timeout: timeout, delegate: PinningDelegate(pins: pinning),
                unreadBodyLimit: unreadBodyLimit)
        #else
            throw PinningError(
                reason: "URLSession on this platform never asks its delegate about server trust, so pins cannot be checked; "
                    + "send pinned requests with AsyncHTTPClientTransport(pinning:) (the AsyncHTTPClient trait)")
        #endif
    }
}

#if canImport(Security)
    /// Checks the pins of a server-trust challenge: the system's evaluation first, then the chain's keys.
    final class PinningDelegate: NSObject, URLSessionDelegate, Sendable {
        let pins: any CertificatePinning

        init(pins: any CertificatePinning) {
            self.pins = pins
        }

        func urlSession(
            _ session: URLSession, didReceive challenge: URLAuthenticationChallenge
        ) async -> (URLSession.AuthChallengeDisposition, URLCredential?) {
            let space = challenge.protectionSpace
            guard space.authenticationMethod == NSURLAuthenticationMethodServerTrust, let trust = space.serverTrust else {
                return (.performDefaultHandling, nil)
            }
            let chain = (SecTrustCopyCertificateChain(trust) as? [SecCertificate]) ?? []
            guard SecTrustEvaluateWithError(trust, nil),
                pins.check(host: space.host, certificates: chain.map { [UInt8](SecCertificateCopyData($0) as Data) }) == nil
            else { return (.cancelAuthenticationChallenge, nil) }
            return (.useCredential, URLCredential(trust: trust))
        }
    }
#endif
