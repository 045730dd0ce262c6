import Foundation

/// Where a redirect sends a request next. The transports follow redirects themselves, at most ``limit`` of them,
/// as browsers do (a request whose `followsRedirects` is false gets the redirect itself as its response):
///
/// - `303`, and `301` or `302` to a request other than GET or HEAD, become a GET without a body;
/// - `307` and `308` repeat the request, method and body as they were;
/// - a redirect to another origin (scheme, host, port; a default port written out is the same origin) drops
///   `Authorization`, `Proxy-Authorization` and `Cookie`, and every header and query item the request's
///   ``Authentication`` puts its credential in, so a credential never follows the request to a server it was not
///   meant for.
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

    /// The redirect a response with `status` and `location` makes of a request with `method` to `url`, whose
    /// credential `authentication` places; nil when it is no redirect to follow (another status, no `Location`, or
    /// a target that is not HTTP).
    public init?(from url: URL, method: String, status: Int, location: String?, authentication: Authentication? = nil) {
        guard [301, 302, 303, 307, 308].contains(status), let location,
            var target = URL(string: location, relativeTo: url)?.absoluteURL,
            let scheme = target.scheme?.lowercased(), ["http", "https"].contains(scheme)
        else { return nil }
        // `HTTP://` is `http://`; URLSession refuses the first.
        if var components = URLComponents(url: target, resolvingAgainstBaseURL: false), components.scheme != scheme {
            components.scheme = scheme
            target = components.url ?? target
        }
        dropsBody = status == 303 || ([301, 302].contains(status) && !["GET", "HEAD"].contains(method))
        self.method = dropsBody && method != "HEAD" ? "GET" : method
        var removed = dropsBody ? ["Content-Type", "Content-Length", "Content-Encoding"] : []
        if Origin(url) == nil || Origin(url) != Origin(target) {
            removed += ["Authorization", "Proxy-Authorization", "Cookie"]
            removed += (authentication?.headerNames ?? []).filter { name in !removed.contains { $0.lowercased() == name.lowercased() } }
            target = Self.removingQueryItems(named: authentication?.queryNames ?? [], from: target)
        }
        self.url = target
        removedHeaderNames = removed
    }

    /// `url` without the query items called one of `names`, the rest of its query as it was written.
    private static func removingQueryItems(named names: [String], from url: URL) -> URL {
        guard !names.isEmpty, var components = URLComponents(url: url, resolvingAgainstBaseURL: false),
            let query = components.percentEncodedQuery
        else { return url }
        let kept = query.split(separator: "&").filter { !names.contains(QueryItem(percentEncoded: $0).name) }
        components.percentEncodedQuery = kept.isEmpty ? nil : kept.joined(separator: "&")
        return components.url ?? url
    }
}
