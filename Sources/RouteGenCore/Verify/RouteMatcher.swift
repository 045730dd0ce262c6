import Foundation

/// Finds the endpoint a recorded URL was sent to: its base URL is one of the API's environments or hosts, the
/// rest is the API's `version` and an endpoint's path template, with the path parameters' values read from it.
struct RouteMatcher {
    let api: API
    /// Other base URLs the capture was recorded against (a local server, a proxy).
    var otherBaseURLs: [String] = []

    /// The endpoint `method` and `url` call, and its path parameters' values (percent-decoded), if one does.
    func match(method: String, url: URL) -> (endpoint: Endpoint, parameters: [String: String])? {
        let text = url.absoluteString.split(separator: "?", maxSplits: 1).first.map(String.init) ?? ""
        for base in baseURLs {
            guard text.hasPrefix(base) else { continue }
            var path = String(text.dropFirst(base.count))
            if let version = api.version, path.hasPrefix("/" + version + "/") { path.removeFirst(version.count + 1) }
            // Of the endpoints whose template fits, the one that fixes the most of the path, as servers route:
            // `/users/me` is `getMe`, not `getUser` with `id` = `me`, whichever the spec lists first.
            var best: (endpoint: Endpoint, parameters: [String: String], literal: Int)?
            for endpoint in api.endpoints where endpoint.method.rawValue == method {
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

    /// Every base URL of the API, longest first so that a host below another is tried first.
    private var baseURLs: [String] {
        let urls = api.environments.map(\.baseURL) + api.hosts.flatMap(\.baseURLs) + otherBaseURLs
        return Set(urls.map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 }).sorted { ($0.count, $0) > ($1.count, $1) }
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
                    end = spansSegments ? rest.endIndex : (rest.firstIndex(of: "/") ?? rest.endIndex)
                }
                guard end > rest.startIndex else { return nil }
                values[name] = String(rest[..<end]).removingPercentEncoding ?? String(rest[..<end])
                rest = rest[end...]
            }
        }
        return rest.isEmpty ? values : nil
    }
}
