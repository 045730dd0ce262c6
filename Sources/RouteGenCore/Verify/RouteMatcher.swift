import Foundation

/// Finds the endpoint a recorded URL was sent to: its base URL is one of the API's environments or hosts, the
/// rest is the API's `version` and an endpoint's path template, with the path parameters' values read from it.
struct RouteMatcher {
    let api: API
    /// Other base URLs the capture was recorded against (a local server, a proxy).
    var otherBaseURLs: [String] = []

    /// The endpoint `method` and `url` call, and its path parameters' values (percent-decoded), if one does. The
    /// URL's origin is compared as browsers and the runtime compare origins (scheme and host in any case, a default
    /// port written or not), its fragment is not sent, and an endpoint with `host:` is matched on that host only.
    func match(method: String, url: URL) -> (endpoint: Endpoint, parameters: [String: String])? {
        guard let target = Location(url) else { return nil }
        for base in bases {
            guard target.origin == base.location.origin, target.path.hasPrefix(base.location.path) else { continue }
            var path = String(target.path.dropFirst(base.location.path.count))
            guard path.isEmpty || path.hasPrefix("/") else { continue }
            // The client sends the API's `version` before every path; a `--base-url` may hold it already.
            if let version = api.version {
                if path.hasPrefix("/" + version + "/") {
                    path.removeFirst(version.count + 1)
                } else if !base.isOther {
                    continue
                }
            }
            // Of the endpoints whose template fits, the one that fixes the most of the path, as servers route:
            // `/users/me` is `getMe`, not `getUser` with `id` = `me`, whichever the spec lists first.
            var best: (endpoint: Endpoint, parameters: [String: String], literal: Int)?
            for endpoint in api.endpoints where endpoint.method.rawValue == method && base.serves(endpoint) {
                guard let parameters = match(path, endpoint) else { continue }
                let literal = endpoint.path.segments.reduce(0) { count, segment in
                    if case .literal(let text) = segment { count + text.count } else { count }
                }
                if literal > best?.literal ?? -1 { best = (endpoint, parameters, literal) }
            }
            if let best { return (best.endpoint, best.parameters) }
        }
        return nil
    }

    /// A URL as a request goes to it: its origin (scheme, host in lower case, port when not the scheme's default)
    /// and its percent-encoded path.
    struct Location: Equatable {
        var origin: String
        var path: String

        init?(_ url: URL) {
            guard let components = URLComponents(url: url, resolvingAgainstBaseURL: false), let scheme = components.scheme?.lowercased(),
                let host = components.host?.lowercased()
            else { return nil }
            let port = components.port.flatMap { ($0 == 443 && scheme == "https") || ($0 == 80 && scheme == "http") ? nil : $0 }
            origin = scheme + "://" + host + (port.map { ":\($0)" } ?? "")
            path = components.percentEncodedPath
        }

        /// The location without a trailing `/`: a base URL's, which paths are appended to.
        var asBase: Location {
            var base = self
            if base.path.hasSuffix("/") { base.path.removeLast() }
            return base
        }
    }

    /// A base URL requests go to, and the endpoints it serves.
    private struct Base {
        var location: Location
        /// The `hosts:` entry it is a URL of; nil for an environment's URL.
        var host: String?
        /// Whether it is a URL given on the command line, which serves every endpoint.
        var isOther = false

        func serves(_ endpoint: Endpoint) -> Bool { isOther || endpoint.host == host }
    }

    /// Every base URL of the API, longest path first so that a base below another is tried first.
    private var bases: [Base] {
        func location(_ text: String) -> Location? { URL(string: text).flatMap(Location.init)?.asBase }
        let environments = api.environments.compactMap { location($0.baseURL).map { Base(location: $0) } }
        let hosts = api.hosts.flatMap { host in host.baseURLs.compactMap { location($0).map { Base(location: $0, host: host.name) } } }
        let others = otherBaseURLs.compactMap { location($0).map { Base(location: $0, isOther: true) } }
        return (environments + hosts + others).enumerated()
            .sorted { ($0.element.location.path.count, -$0.offset) > ($1.element.location.path.count, -$1.offset) }
            .map(\.element)
    }

    /// The values of `endpoint`'s path parameters in `path`, or nil when the path is not the endpoint's.
    private func match(_ path: String, _ endpoint: Endpoint) -> [String: String]? {
        var rest = Substring(path)
        var values: [String: String] = [:]
        let segments = endpoint.path.segments
        for (index, segment) in segments.enumerated() {
            switch segment {
            case .literal(let literal):
                guard rest.hasPrefix(literal) else { return nil }
                rest = rest.dropFirst(literal.count)
            case .parameter(let name):
                let spansSegments = endpoint.pathParameters.first { $0.name.wire == name }?.allowsSlashes == true
                let next = index + 1 < segments.count ? segments[index + 1] : nil
                let end: Substring.Index
                if case .literal(let literal)? = next, spansSegments {
                    guard let range = rest.range(of: literal, options: .backwards) else { return nil }
                    end = range.lowerBound
                } else {
                    let segmentEnd = spansSegments ? rest.endIndex : (rest.firstIndex(of: "/") ?? rest.endIndex)
                    // A literal in the same segment (`{id}.json`, `{from}..{to}`) ends the value where it starts.
                    if case .literal(let literal)? = next, !literal.hasPrefix("/"),
                        let range = rest[..<segmentEnd].range(of: literal.prefix { $0 != "/" }, options: .backwards)
                    {
                        end = range.lowerBound
                    } else {
                        end = segmentEnd
                    }
                }
                guard end > rest.startIndex else { return nil }
                values[name] = String(rest[..<end]).removingPercentEncoding ?? String(rest[..<end])
                rest = rest[end...]
            }
        }
        return rest.isEmpty ? values : nil
    }
}
