import Foundation
import RouteGenRuntime

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A host as pins compare it: one spelling for each address or name, so no other way of writing a pinned host
/// (`127.1`, `0x7f.0.0.1`, `2130706433`, `[::ffff:127.0.0.1]`, `[0:0::1]`, `API.Example.com.`) reaches it unpinned.
enum PinnedHost: Hashable, Sendable {
    /// An IPv4 address, dotted (an IPv4-mapped IPv6 address is its IPv4 address).
    case ipv4(String)
    /// An IPv6 address in its shortest form.
    case ipv6(String)
    /// A DNS name: lower-case ASCII labels (an internationalized name in its `xn--` form), no trailing dot.
    case name(String)

    /// The host `text` (a URL's host, brackets and all, or a pin entry's); nil for text that is no host: a port, a
    /// user, an empty label, a character a host name cannot have, a name that is not ASCII, a numeric last label
    /// that is no address.
    init?(_ text: String) {
        var host = text.lowercased()
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        while host.hasSuffix(".") { host.removeLast() }
        guard !host.isEmpty, host.allSatisfy({ $0.isASCII }) else { return nil }
        if let address = Self.parseIPv6(host) {
            self = address
        } else if let address = Self.parseIPv4(host) {
            self = .ipv4(address)
        } else {
            let labels = host.split(separator: ".", omittingEmptySubsequences: false)
            let isLabel: (Substring) -> Bool = { label in
                !label.isEmpty && label.count <= 63 && label.first != "-" && label.last != "-"
                    && label.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }
            }
            // A last label of digits alone is an address that did not parse (`256.1.1.1`), not a name.
            guard labels.allSatisfy(isLabel), !(labels.last?.allSatisfy(\.isNumber) ?? true) else { return nil }
            self = .name(host)
        }
    }

    /// The host as text: the address or the name.
    var text: String {
        switch self {
        case .ipv4(let text), .ipv6(let text), .name(let text): text
        }
    }

    /// Whether the host is an IP address.
    var isAddress: Bool {
        if case .name = self { false } else { true }
    }

    /// Whether this host is `domain` or a subdomain of it (on a label boundary); an address has no subdomains.
    func isWithin(_ domain: PinnedHost) -> Bool {
        guard case .name(let name) = self, case .name(let parent) = domain else { return self == domain }
        return name == parent || name.hasSuffix("." + parent)
    }

    /// Any form the system's resolver reads as an IPv4 address (`inet_aton`: `127.1`, `0x7f.0.0.1`, `2130706433`),
    /// dotted.
    private static func parseIPv4(_ text: String) -> String? {
        guard text.allSatisfy({ $0.isHexDigit || $0 == "." || $0 == "x" }) else { return nil }
        var address = in_addr()
        guard inet_aton(text, &address) != 0 else { return nil }
        return dotted(address)
    }

    private static func parseIPv6(_ text: String) -> PinnedHost? {
        guard text.contains(":") else { return nil }
        var address = in6_addr()
        guard inet_pton(AF_INET6, text, &address) == 1 else { return nil }
        let bytes = withUnsafeBytes(of: address) { Array($0) }
        // `::ffff:a.b.c.d` is the IPv4 address `a.b.c.d`.
        if bytes[0..<10].allSatisfy({ $0 == 0 }), bytes[10] == 0xFF, bytes[11] == 0xFF {
            return .ipv4(bytes[12...].map(String.init).joined(separator: "."))
        }
        var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        guard inet_ntop(AF_INET6, &address, &buffer, socklen_t(buffer.count)) != nil else { return nil }
        return .ipv6(String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }

    private static func dotted(_ address: in_addr) -> String {
        withUnsafeBytes(of: address.s_addr) { $0.map(String.init).joined(separator: ".") }
    }
}
