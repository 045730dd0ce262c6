import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Where a redirect sends the request next. `URLSessionClient` follows redirects itself instead of letting
/// URLSession do it: swift-corelibs-foundation traps ("Received callback for HTTP redirection, but we're not waiting
/// for it") when a request times out while it follows one, which a redirect loop made happen within minutes in the
/// fault-injection tests. So the delegate declines every redirect, and the client follows at most ``limit``, as
/// browsers do:
///
/// - `303`, and `301` or `302` to a request other than GET or HEAD, become a GET without a body;
/// - `307` and `308` repeat the request, method and body as they were;
/// - a redirect to another origin (scheme, host, port) drops `Authorization`, `Proxy-Authorization` and `Cookie`,
///   so a credential never follows the request to a server it was not meant for.
struct Redirection {
    /// How many redirects a request follows before it fails with `URLError(.httpTooManyRedirects)`.
    static let limit = 16

    /// The next request.
    let request: URLRequest
    /// Whether the next request is sent without the body.
    let dropsBody: Bool

    /// The redirect `response` answers `previous` with; nil when it is no redirect to follow.
    init?(from previous: URLRequest, response: URLResponse) {
        guard let http = response as? HTTPURLResponse, [301, 302, 303, 307, 308].contains(http.statusCode),
            let location = http.value(forHTTPHeaderField: "Location"), let current = previous.url,
            let target = URL(string: location, relativeTo: current)?.absoluteURL,
            ["http", "https"].contains(target.scheme?.lowercased() ?? "")
        else { return nil }
        var next = previous
        next.url = target
        let method = previous.httpMethod ?? "GET"
        dropsBody = http.statusCode == 303 || ([301, 302].contains(http.statusCode) && !["GET", "HEAD"].contains(method))
        if dropsBody {
            next.httpMethod = method == "HEAD" ? "HEAD" : "GET"
            next.httpBody = nil
            for name in ["Content-Type", "Content-Length", "Content-Encoding"] { next.setValue(nil, forHTTPHeaderField: name) }
        }
        if !Self.sameOrigin(current, target) {
            for name in ["Authorization", "Proxy-Authorization", "Cookie"] { next.setValue(nil, forHTTPHeaderField: name) }
        }
        request = next
    }

    private static func sameOrigin(_ one: URL, _ other: URL) -> Bool {
        one.scheme?.lowercased() == other.scheme?.lowercased() && one.host?.lowercased() == other.host?.lowercased()
            && one.port == other.port
    }
}
