#if AsyncHTTPClient
    import Foundation
    import NIOSSL

    /// Which server certificates an ``AsyncHTTPClientTransport`` accepts before it checks any pin: the system's
    /// authorities, a private certificate authority's (a test server, an internal service), or any certificate. The
    /// app sets it without depending on swift-nio-ssl itself.
    ///
    /// ```swift
    /// let transport = AsyncHTTPClientTransport(
    ///     trust: try .certificateAuthorities(pemFile: "/etc/internal-ca.pem"),
    ///     pinning: try PublicKeyPins([.init(host: "api.internal.example", pins: [current, backup])]))
    /// ```
    public struct ServerTrust: Sendable {
        private let roots: NIOSSLTrustRoots
        private let verification: CertificateVerification

        /// The system's trusted authorities, with host names checked: the default.
        public static let system = ServerTrust(roots: .default, verification: .fullVerification)

        /// Certificates that chain to one of the authorities in `pemFile` (PEM, one certificate or more), with host
        /// names checked; the system's authorities are not trusted. Throws ``UnusableAuthorities`` when the file cannot
        /// be read or holds no certificate.
        public static func certificateAuthorities(pemFile: String) throws(UnusableAuthorities) -> ServerTrust {
            guard let contents = FileManager.default.contents(atPath: pemFile) else {
                throw UnusableAuthorities(reason: "`\(pemFile)` cannot be read")
            }
            return try authorities(pem: Array(contents), from: "`\(pemFile)`")
        }

        /// Certificates that chain to one of the authorities in `pem` (PEM text, one certificate or more), with host
        /// names checked; the system's authorities are not trusted. Throws ``UnusableAuthorities`` when `pem` holds no
        /// certificate.
        public static func certificateAuthorities(pem: String) throws(UnusableAuthorities) -> ServerTrust {
            try authorities(pem: Array(pem.utf8), from: "the PEM text")
        }

        /// The authorities of `pem`, read from `source` (named in the error).
        private static func authorities(pem: [UInt8], from source: String) throws(UnusableAuthorities) -> ServerTrust {
            guard let certificates = try? NIOSSLCertificate.fromPEMBytes(pem), !certificates.isEmpty else {
                throw UnusableAuthorities(
                    reason: "\(source) holds no certificate, or one cut short: PEM blocks from "
                        + "`-----BEGIN CERTIFICATE-----` to `-----END CERTIFICATE-----` are expected")
            }
            return ServerTrust(roots: .certificates(certificates), verification: .fullVerification)
        }

        /// Certificate authorities that cannot be used: a file that cannot be read, or text that is not PEM
        /// certificates. (swift-nio-ssl's own error says neither which file nor what is wrong.)
        public struct UnusableAuthorities: Error, Hashable, Sendable, CustomStringConvertible {
            /// What is wrong, naming the file.
            public var reason: String

            public var description: String { "server trust: \(reason)" }
        }

        /// Any certificate: neither its chain nor its host name is checked. Pins still are: a connection to a pinned
        /// host must show one of its keys, so a server with a self-signed certificate can be pinned. Without pins,
        /// anyone on the path can read and change the traffic.
        public static let unverified = ServerTrust(roots: .default, verification: .none)

        /// `configuration` trusting what this says.
        func applied(to configuration: TLSConfiguration?) -> TLSConfiguration {
            var configuration = configuration ?? .makeClientConfiguration()
            configuration.trustRoots = roots
            configuration.certificateVerification = verification
            return configuration
        }
    }
#endif
