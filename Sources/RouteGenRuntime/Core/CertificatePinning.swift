import Foundation

/// What a transport checks the certificate of each server it connects to against, before it writes a request on the
/// connection: public-key pins (`PublicKeyPins`, in RouteGenToolkit). Transports take it as `pinning:` and report a
/// refused connection as ``RouteGenError/transportFailed(_:)`` with ``TransportFailure/pinMismatch``.
public protocol CertificatePinning: Sendable {
    /// `host` (as a URL writes it) in the one spelling connections to it are kept apart by (`127.1` is `127.0.0.1`),
    /// when pins apply to it now; nil when none do and a connection to it goes on with the usual checks alone. Throws
    /// ``PinMismatch`` when no connection to it may be made: a host no pin covers when such hosts are refused, or text
    /// that is no host.
    func pinnedHost(_ host: String) throws(PinMismatch) -> String?

    /// Nil when a server at `host` that showed `certificates` (DER, the leaf first; a transport that only has the leaf
    /// passes the leaf alone) may be talked to, else why not.
    func check(host: String, certificates: [[UInt8]]) -> PinMismatch?
}

/// Pins that cannot be used as given.
public struct PinningError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong.
    public var reason: String

    /// The error saying `reason`.
    public init(reason: String) {
        self.reason = reason
    }

    public var description: String { "pinning: \(reason)" }
}

/// A server whose certificate carries none of its host's pins (or, with `PublicKeyPins.UnpinnedHosts.refused`, a
/// host with no pins). The transports report it as `RouteGenError.transportFailed` with
/// `URLError.Code.serverCertificateUntrusted` and this value in ``TransportFailure/pinMismatch``; `.retrying()` never
/// retries it.
public struct PinMismatch: Error, Hashable, Sendable, CustomStringConvertible {
    /// The host connected to.
    public var host: String
    /// The pins the host accepts, sorted; empty when the host has none.
    public var expected: [String]
    /// The pins of the certificates the server showed, leaf first.
    public var seen: [String]

    /// Creates the failure.
    public init(host: String, expected: [String], seen: [String]) {
        self.host = host
        self.expected = expected
        self.seen = seen
    }

    public var description: String {
        if expected.isEmpty { return "`\(host)` has no pins, and unpinned hosts are refused" }
        return "the certificate of `\(host)` carries none of its pins (expected \(expected.joined(separator: ", ")); saw \(seen.joined(separator: ", ")))"
    }
}
