import Foundation

/// The links of a response's `Link` headers (RFC 8288), as GitHub and others send them for pagination:
/// `<https://api.github.com/orgs/apple/repos?page=2>; rel="next", <…?page=9>; rel="last"`.
public struct LinkHeader: Hashable, Sendable {
    /// One link.
    public struct Link: Hashable, Sendable {
        /// The target, resolved against the request URL when relative.
        public var url: URL
        /// Its relation types (`rel="next prev"` has two), lower-cased.
        public var relations: [String]
        /// The other parameters (`title`, `type`, …), by lower-cased name.
        public var parameters: [String: String]
    }

    /// Every link, in order.
    public var links: [Link]

    /// The links of every `Link` field of `response`; relative targets are resolved against `base`.
    public init(_ response: APIResponse, base: URL? = nil) {
        links = response.headers.filter { $0.name.lowercased() == "link" }.flatMap { Self.parse($0.value, base: base) }
    }

    /// The first link with relation `relation`.
    public subscript(relation: String) -> URL? {
        links.first { $0.relations.contains(relation.lowercased()) }?.url
    }

    /// The next page.
    public var next: URL? { self["next"] }
    /// The previous page.
    public var prev: URL? { self["prev"] ?? self["previous"] }
    /// The first page.
    public var first: URL? { self["first"] }
    /// The last page.
    public var last: URL? { self["last"] }

    /// Parses one field value: `<uri>; param=value; param="quoted, value", <uri2>; …`.
    static func parse(_ value: String, base: URL?) -> [Link] {
        var links: [Link] = []
        var scanner = Substring(value)
        while let open = scanner.firstIndex(of: "<") {
            guard let close = scanner[open...].firstIndex(of: ">") else { break }
            let target = String(scanner[scanner.index(after: open)..<close])
            scanner = scanner[scanner.index(after: close)...]
            var parameters: [String: String] = [:]
            // Parameters run until a comma outside quotes.
            while let first = scanner.first(where: { $0 != " " && $0 != "\t" }), first == ";" {
                scanner = scanner.drop { $0 == " " || $0 == "\t" }.dropFirst()
                let name = scanner.prefix { $0 != "=" && $0 != ";" && $0 != "," }
                scanner = scanner.dropFirst(name.count)
                var parameterValue = ""
                if scanner.first == "=" {
                    scanner = scanner.dropFirst().drop { $0 == " " }
                    if scanner.first == "\"" {
                        scanner = scanner.dropFirst()
                        while let character = scanner.first, character != "\"" {
                            if character == "\\", scanner.count > 1 { scanner = scanner.dropFirst() }
                            parameterValue.append(scanner.first!)
                            scanner = scanner.dropFirst()
                        }
                        scanner = scanner.dropFirst()
                    } else {
                        let token = scanner.prefix { $0 != ";" && $0 != "," }
                        parameterValue = token.trimmingCharacters(in: .whitespaces)
                        scanner = scanner.dropFirst(token.count)
                    }
                }
                let key = name.trimmingCharacters(in: .whitespaces).lowercased()
                if parameters[key] == nil { parameters[key] = parameterValue }
            }
            guard let url = URL(string: target, relativeTo: base)?.absoluteURL else { continue }
            let relations = (parameters.removeValue(forKey: "rel") ?? "").lowercased().split(separator: " ").map(String.init)
            links.append(Link(url: url, relations: relations, parameters: parameters))
        }
        return links
    }
}

extension APIResponse {
    /// The response's `Link` headers (RFC 8288).
    public var links: LinkHeader { LinkHeader(self) }
}
