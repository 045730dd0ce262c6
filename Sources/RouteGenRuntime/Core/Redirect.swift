import Foundation

/// Where a redirect sends a request next. The transports follow redirects themselves, at most ``limit`` of them,
/// as browsers do:
///
/// - `303`, and `301` or `302` to a request other than GET or HEAD, become a GET without a body;
/// - `307` and `308` repeat the request, method and body as they were;
/// - a redirect to another origin (scheme, host, port) drops `Authorization`, `Proxy-Authorization` and `Cookie`,
///   so a credential never follows the request to a server it was not meant for.
///
/// A transport applies a redirect to its own kind of request: it moves it to ``url`` with ``method``, drops the
/// body when ``dropsBody`` says so, and removes the fields ``removedHeaderNames`` lists.
public struct Redirect: Hashable, Sendable {
    /// How many redirects a request follows before it fails with `URLError(.httpTooManyRedirects)`.
    public static let limit = 16

    /// Where the next request goes.
    public let url: URL
    /// The next request's method.
    public let method: String
    /// Whether the next request is sent without the body.
    public let dropsBody: Bool
    /// The header fields the next request is sent without: those of the body it drops, and credentials that must
    /// not reach another origin.
    public let removedHeaderNames: [String]

    /// The redirect a response with `status` and `location` makes of a request with `method` to `url`; nil when it
    /// is no redirect to follow (another status, no `Location`, or a target that is not HTTP).
    public init?(from url: URL, method: String, status: Int, location: String?) {
        guard [301, 302, 303, 307, 308].contains(status), let location,
            let target = URL(string: location, relativeTo: url)?.absoluteURL,
            ["http", "https"].contains(target.scheme?.lowercased() ?? "")
        else { return nil }
        self.url = target
        dropsBody = status == 303 || ([301, 302].contains(status) && !["GET", "HEAD"].contains(method))
        self.method = dropsBody && method != "HEAD" ? "GET" : method
        var removed = dropsBody ? ["Content-Type", "Content-Length", "Content-Encoding"] : []
        if !Self.sameOrigin(url, target) { removed += ["Authorization", "Proxy-Authorization", "Cookie"] }
        removedHeaderNames = removed
    }

    private static func sameOrigin(_ one: URL, _ other: URL) -> Bool {
        one.scheme?.lowercased() == other.scheme?.lowercased() && one.host?.lowercased() == other.host?.lowercased()
            && one.port == other.port
    }
}
