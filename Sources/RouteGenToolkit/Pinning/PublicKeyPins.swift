import Foundation
import RouteGenRuntime

/// Public-key pins: for each host, the SHA-256 hashes of the SubjectPublicKeyInfo its certificate may carry
/// (`sha256/<base64>`, the form of HPKP and of Apple's `NSPinnedDomains`). A connection to a pinned host whose
/// certificate carries none of them fails before any request is written on it, with `PinMismatch`.
///
/// ```swift
/// let pins = try PublicKeyPins([
///     .init(host: "api.example.com", pins: ["sha256/current…=", "sha256/backup…="]),
///     .init(host: "example.net", includingSubdomains: true, pins: ["sha256/…="], expires: renewal),
/// ])
/// let client = AsyncHTTPClientTransport(pinning: pins)
/// ```
///
/// Give each host two pins or more, the current key and a backup kept offline, so a key can be replaced without
/// locking the app out. Get a server's pin with
/// `openssl s_client -connect api.example.com:443 </dev/null | openssl x509 -pubkey -noout | openssl pkey -pubin -outform der | openssl dgst -sha256 -binary | base64`.
public struct PublicKeyPins: Hashable, Sendable {
    /// The pins of one host, or of a domain and every subdomain of it.
    public struct Entry: Hashable, Sendable {
        /// The host or domain, in one spelling: lower-cased, without a trailing dot, an IP address in its canonical
        /// form (`127.0.0.1`, `::1`).
        public var host: String { pattern.text }
        let pattern: PinnedHost
        /// Whether subdomains of ``host`` are pinned too (matched on label boundaries: `api.example.com` is a
        /// subdomain of `example.com`, `notexample.com` is not).
        public let includesSubdomains: Bool
        /// The accepted pins, `sha256/<base64>`: a certificate carrying any one of them passes.
        public let pins: Set<String>
        /// When the pins stop applying (the host is then as if unpinned); nil for never.
        public let expires: Date?

        /// Pins for `host` (and, with `includingSubdomains`, its subdomains). `host` is a DNS name (an internationalized
        /// one in its `xn--` form) or an IP address, which is matched in whatever form a URL writes it. Throws when
        /// `host` is not one (a port, a user, brackets around a name, an empty label), when a pin is not `sha256/` and
        /// the base64 of 32 bytes, when there is none, or when the pattern would cover a public suffix (`com`,
        /// `co.uk`, a single label) or puts subdomains under an IP address.
        public init(host: String, includingSubdomains: Bool = false, pins: [String], expires: Date? = nil) throws(PinningError) {
            guard let pattern = PinnedHost(host), !(host.hasPrefix("[") && !pattern.isAddress) else {
                throw PinningError(
                    reason: "`\(host)` is not a host name or an IP address (write an internationalized name in its `xn--` form)")
            }
            let name = pattern.text
            if includingSubdomains {
                guard !pattern.isAddress else { throw PinningError(reason: "an IP address (`\(host)`) has no subdomains") }
                guard name.contains("."), !Self.publicSuffixes.contains(name) else {
                    throw PinningError(reason: "`\(host)` is a public suffix: pinning its subdomains would pin every site under it")
                }
            } else if Self.publicSuffixes.contains(name) || !name.contains(".") && !pattern.isAddress && name != "localhost" {
                throw PinningError(reason: "`\(host)` is a public suffix or a single label, not a host to pin")
            }
            guard !pins.isEmpty else { throw PinningError(reason: "`\(host)` has no pins") }
            for pin in pins where !Self.isWellFormed(pin) {
                throw PinningError(reason: "`\(pin)` is not `sha256/` followed by the base64 of 32 bytes")
            }
            self.pattern = pattern
            self.includesSubdomains = includingSubdomains
            self.pins = Set(pins)
            self.expires = expires
        }

        /// Whether the entry covers `host`.
        func covers(_ host: PinnedHost) -> Bool {
            includesSubdomains ? host.isWithin(pattern) : host == pattern
        }

        private static func isWellFormed(_ pin: String) -> Bool {
            guard pin.hasPrefix("sha256/"), let hash = Data(base64Encoded: String(pin.dropFirst("sha256/".count))) else { return false }
            return hash.count == 32
        }

        /// Multi-label public suffixes that are common enough to be pinned by mistake (single labels, which every
        /// top-level domain is, are refused anyway). Not the whole Public Suffix List.
        static let publicSuffixes: Set<String> = [
            "co.uk", "org.uk", "ac.uk", "gov.uk", "me.uk", "com.au", "net.au", "org.au", "co.jp", "ne.jp", "or.jp",
            "co.nz", "com.br", "com.cn", "com.mx", "co.in", "co.za", "co.kr", "com.tw", "com.tr", "com.sg",
            "github.io", "gitlab.io", "herokuapp.com", "appspot.com", "cloudfront.net", "azurewebsites.net",
            "vercel.app", "netlify.app", "pages.dev", "workers.dev", "web.app", "firebaseapp.com", "amazonaws.com",
        ]
    }

    /// What a connection to a host that no entry covers does.
    public enum UnpinnedHosts: Hashable, Sendable {
        /// It goes on with the system's usual certificate checks.
        case allowed
        /// It fails with `PinMismatch`, as a pinned host with a wrong key does.
        case refused
    }

    /// Every entry, as given.
    public let entries: [Entry]
    /// What a connection to a host no entry covers does.
    public let unpinnedHosts: UnpinnedHosts

    /// Pins from `entries`; two entries for the same host and scope are refused.
    public init(_ entries: [Entry], unpinnedHosts: UnpinnedHosts = .allowed) throws(PinningError) {
        var seen: Set<String> = []
        for entry in entries where !seen.insert("\(entry.host) \(entry.includesSubdomains)").inserted {
            throw PinningError(reason: "`\(entry.host)` is pinned twice")
        }
        self.entries = entries
        self.unpinnedHosts = unpinnedHosts
    }

    /// `host` in the one spelling entries are compared in (`127.1` is `127.0.0.1`); nil for text that is no host.
    public static func canonicalHost(_ host: String) -> String? {
        PinnedHost(host)?.text
    }

    /// The entry that applies to `host` (in any form a URL writes it) at `now`: of the entries that cover it and have
    /// not expired, an exact one, else the one with the longest domain.
    public func entry(for host: String, now: Date = Date()) -> Entry? {
        guard let host = PinnedHost(host) else { return nil }
        return entries.filter { $0.covers(host) && ($0.expires.map { $0 > now } ?? true) }
            .max { ($0.host.count, $0.includesSubdomains ? 0 : 1) < ($1.host.count, $1.includesSubdomains ? 0 : 1) }
    }

    /// Checks a connection to `host` whose server showed `certificates` (DER, the leaf first; a transport that only
    /// has the leaf passes the leaf alone): nil when it may go on, else the mismatch. Any certificate carrying a pinned
    /// key passes, so a pin of an intermediate works where the transport sees the chain. A host no live entry covers
    /// is as `unpinnedHosts` says; text that is no host fails.
    public func check(host: String, certificates: [[UInt8]], now: Date = Date()) -> PinMismatch? {
        guard let entry = entry(for: host, now: now) else {
            return unpinnedHosts == .allowed && PinnedHost(host) != nil ? nil : PinMismatch(host: host, expected: [], seen: [])
        }
        let seen = certificates.map { (try? Self.pin(ofCertificate: $0)) ?? "(not a certificate)" }
        return seen.contains(where: entry.pins.contains) ? nil : PinMismatch(host: host, expected: entry.pins.sorted(), seen: seen)
    }

    /// The pin of a DER certificate: `sha256/` and the base64 of the SHA-256 of its SubjectPublicKeyInfo.
    public static func pin(ofCertificate der: [UInt8]) throws(PinningError) -> String {
        do {
            let key = try DERCertificate.subjectPublicKeyInfo(of: der)
            return "sha256/" + Data(SHA256.bytes(Array(key))).base64EncodedString()
        } catch {
            throw PinningError(reason: error.description)
        }
    }
}

extension PublicKeyPins: CertificatePinning {
    /// `host` in the spelling entries compare it in, when a live entry covers it; nil when none does and unpinned
    /// hosts are allowed. Throws the refusal of a host no entry covers when they are not, and of text that is no host.
    public func pinnedHost(_ host: String) throws(PinMismatch) -> String? {
        if entry(for: host) != nil, let canonical = Self.canonicalHost(host) { return canonical }
        if let refusal = check(host: host, certificates: []) { throw refusal }
        return nil
    }

    /// Checks a connection to `host` now; see ``check(host:certificates:now:)``.
    public func check(host: String, certificates: [[UInt8]]) -> PinMismatch? {
        check(host: host, certificates: certificates, now: Date())
    }
}
