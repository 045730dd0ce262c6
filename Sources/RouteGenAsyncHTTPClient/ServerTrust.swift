#if AsyncHTTPClient
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
        /// names checked; the system's authorities are not trusted.
        public static func certificateAuthorities(pemFile: String) throws -> ServerTrust {
            ServerTrust(roots: .certificates(try NIOSSLCertificate.fromPEMFile(pemFile)), verification: .fullVerification)
        }

        /// Certificates that chain to one of the authorities in `pem` (PEM text, one certificate or more), with host
        /// names checked; the system's authorities are not trusted.
        public static func certificateAuthorities(pem: String) throws -> ServerTrust {
            ServerTrust(
                roots: .certificates(try NIOSSLCertificate.fromPEMBytes(Array(pem.utf8))), verification: .fullVerification)
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
