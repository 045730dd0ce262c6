import Foundation

/// A URL's origin (RFC 6454): scheme, host and port, lower-cased, with the scheme's default port written out, so
/// `https://api.example.com` and `https://API.example.com:443/v1` are the same origin. Credentials never leave
/// theirs: redirects and `Link` targets are compared by it.
package struct Origin: Hashable, Sendable {
    var scheme: String
    var host: String
    var port: Int

    /// The origin of `url`; nil for a URL without a scheme or host, or a scheme with no default port and none given.
    package init?(_ url: URL) {
        guard let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased(), !host.isEmpty else { return nil }
        guard let port = url.port ?? Self.defaultPorts[scheme] else { return nil }
        self.scheme = scheme
        self.host = host
        self.port = port
    }

    private static let defaultPorts = ["http": 80, "https": 443, "ws": 80, "wss": 443]
}
