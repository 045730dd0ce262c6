#if AsyncHTTPClient
    import Foundation
    import RouteGenRuntime

    /// Where a request goes, how and with which header fields: the part of it that a redirect changes.
    struct OutgoingRequest {
        var url: URL
        var method: String
        var headers: RouteGenRuntime.HeaderFields

        /// Moves the request where `redirect` sends it, without the fields it drops.
        mutating func follow(_ redirect: Redirect) {
            url = redirect.url
            method = redirect.method
            for name in redirect.removedHeaderNames { headers[name] = nil }
        }
    }
#endif
