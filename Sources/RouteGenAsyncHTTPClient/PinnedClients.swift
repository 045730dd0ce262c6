#if AsyncHTTPClient
    import AsyncHTTPClient
    import Foundation
    import NIOCore
    import NIOSSL
    import RouteGenRuntime

    /// The clients a pinning ``AsyncHTTPClientTransport`` sends through: one per pinned host, on the same event
    /// loops, each checking its host's pins on every new connection, after the TLS handshake (chain and host name
    /// verified) and before any request is written on it. async-http-client's connection initializer does not know
    /// the host it connects to, hence a client per host. Only the leaf certificate is available there, so leaf keys
    /// are what these pins match.
    final class PinnedClients: Sendable {
        let pins: any CertificatePinning
        private let configuration: AsyncHTTPClient.HTTPClient.Configuration
        private let clients = Locked<[String: AsyncHTTPClient.HTTPClient]>([:])

        init(pins: any CertificatePinning, configuration: AsyncHTTPClient.HTTPClient.Configuration) {
            self.pins = pins
            self.configuration = configuration
        }

        /// The client to send a request to `url` through: the host's pinned client (one per host, however the URL
        /// writes it), `unpinned` for a host no pins apply to; throws ``PinMismatch`` for a host without pins when such
        /// hosts are refused, and for a URL whose host is no host a pin could name.
        func client(for url: URL, unpinned: AsyncHTTPClient.HTTPClient) throws -> AsyncHTTPClient.HTTPClient {
            guard let host = try pins.pinnedHost(url.host ?? "") else { return unpinned }
            return clients.withLock { clients in
                if let client = clients[host] { return client }
                let client = AsyncHTTPClient.HTTPClient(
                    eventLoopGroup: AsyncHTTPClient.HTTPClient.defaultEventLoopGroup, configuration: pinning(configuration, to: host))
                clients[host] = client
                return client
            }
        }

        /// Shuts every pinned client down.
        func shutdown() {
            for client in clients.withLock({ Array($0.values) }) { client.shutdown { _ in } }
        }

        /// `configuration` with the check of `host`'s pins on each new connection, HTTP/1.1 and HTTP/2.
        private func pinning(
            _ configuration: AsyncHTTPClient.HTTPClient.Configuration, to host: String
        ) -> AsyncHTTPClient.HTTPClient.Configuration {
            let pins = self.pins
            let check: @Sendable (Channel) -> EventLoopFuture<Void> = { channel in
                channel.nioSSL_peerCertificate()
                    .flatMapErrorThrowing { _ in nil }  // no TLS on the connection: no certificate to match
                    .flatMapThrowing { certificate in
                        let der = try certificate.map { try $0.toDERBytes() }
                        if let mismatch = pins.check(host: host, certificates: der.map { [$0] } ?? []) { throw mismatch }
                    }
                    .flatMapError { error in
                        // async-http-client does not close a connection its initializer fails: close it here, or every
                        // mis-pinned connection stays open.
                        channel.close(promise: nil)
                        return channel.eventLoop.makeFailedFuture(error)
                    }
            }
            var configuration = configuration
            configuration.http1_1ConnectionDebugInitializer = check
            configuration.http2ConnectionDebugInitializer = check
            // A connection failed by the check is not tried again: the same server would fail it the same way.
            configuration.connectionPool.retryConnectionEstablishment = false
            return configuration
        }
    }
#endif
