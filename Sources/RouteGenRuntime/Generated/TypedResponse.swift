import Foundation

/// A decoded body with the typed response headers the spec declares (`response_headers:`), and the means to
/// follow the response's `Link` headers to the next page.
///
/// ```swift
/// var page = try await github.listRepos(org: "apple")
/// var repos = page.body
/// while let next = try await page.next() {
///     repos += next.body
///     page = next
/// }
/// ```
public struct TypedResponse<Body: Sendable, Headers: Sendable>: Sendable {
    /// The decoded body (or the outcome, for endpoints with several `responses:`).
    public let body: Body
    /// The declared response headers, typed.
    public let headers: Headers
    /// The response head: status and every header.
    public let response: APIResponse
    /// The response's `Link` headers (RFC 8288), relative targets resolved against the request's URL.
    public let links: LinkHeader
    /// The URL the request was sent to, when known.
    public let url: URL?
    private let fetch: @Sendable (URL) async throws -> TypedResponse

    /// Creates a response to a request sent to `url`; `fetch` requests another URL of the same endpoint (a
    /// `Link` target).
    public init(
        body: Body, headers: Headers, response: APIResponse, url: URL?,
        fetch: @escaping @Sendable (URL) async throws -> TypedResponse
    ) {
        self.body = body
        self.headers = headers
        self.response = response
        self.links = LinkHeader(response, base: url)
        self.url = url
        self.fetch = fetch
    }

    /// The page the `Link` header calls `next`, or nil on the last page.
    public func next() async throws -> TypedResponse? { try await following("next") }

    /// The target of the `Link` with relation `relation` (`next`, `prev`, `first`, `last`, …), requested as
    /// this endpoint is, or nil when there is no such link. A link to another origin than the request's is
    /// refused with ``RouteGenError/invalidRequest(_:)``, so credentials never follow a link off the API.
    public func following(_ relation: String) async throws -> TypedResponse? {
        guard let url = links[relation] else { return nil }
        return try await fetch(url)
    }
}

extension APIRequest {
    /// This request sent to `url` instead (its path and query, exactly as written), with the same method, headers
    /// and credentials. Throws when `url` is on another origin (scheme, host and port, a default port written out or
    /// not) than ``baseURL``.
    public func redirected(to url: URL) throws(RouteGenError) -> APIRequest {
        guard let target = URLComponents(url: url, resolvingAgainstBaseURL: true),
            var origin = URLComponents(url: baseURL, resolvingAgainstBaseURL: true),
            let targetOrigin = Origin(url), targetOrigin == Origin(baseURL)
        else {
            throw .invalidRequest(
                InvalidRequest(
                    request: RequestSummary(self, redactor: .default),
                    reason: "the link `\(SecretRedactor.default.redactedURL(url, authentication: authentication))` leaves the API's "
                        + "origin `\(baseURL.absoluteString)`"))
        }
        var redirected = self
        origin.path = ""
        origin.query = nil
        redirected.baseURL = origin.url ?? baseURL
        redirected.path = target.percentEncodedPath.isEmpty ? "/" : target.percentEncodedPath
        redirected.query = (target.percentEncodedQuery ?? "").split(separator: "&").map(QueryItem.init(percentEncoded:))
        return redirected
    }
}
