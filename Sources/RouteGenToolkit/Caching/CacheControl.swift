import Foundation
import RouteGenRuntime

/// The `Cache-Control` directives (RFC 9111 §5.2) a private client cache acts on. `private` and `public` need no
/// field: a private cache may store both, and `s-maxage` is for shared caches only.
struct CacheControl: Equatable {
    /// `max-age=N`: fresh for N seconds after it was generated.
    var maxAge: Int?
    /// `no-store`: never stored (in a request, neither is its response).
    var noStore = false
    /// `no-cache`: may be stored, but revalidated before every use (in a request: skip the stored response).
    var noCache = false
    /// `must-revalidate`: once stale, never served without revalidating.
    var mustRevalidate = false
    /// `stale-while-revalidate=N` (RFC 5861): may be served up to N seconds stale while it is revalidated.
    var staleWhileRevalidate: Int?

    /// The directives of every `Cache-Control` field of `headers`; unknown ones are ignored, as the RFC says.
    init(_ headers: HeaderFields) {
        for field in headers where field.name.lowercased() == "cache-control" {
            for directive in field.value.split(separator: ",") {
                // Empty names and values are kept, so `=` or `max-age=` is a directive like any other, not a crash.
                let parts = directive.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map {
                    $0.trimmingCharacters(in: .whitespaces)
                }
                let value =
                    parts.count == 2 ? Int(parts[1].trimmingCharacters(in: CharacterSet(charactersIn: "\""))) : nil
                switch parts[0].lowercased() {
                case "max-age": maxAge = value.map { max(0, $0) } ?? 0
                case "no-store": noStore = true
                case "no-cache": noCache = true
                case "must-revalidate", "proxy-revalidate": mustRevalidate = true
                case "stale-while-revalidate": staleWhileRevalidate = value.map { max(0, $0) }
                default: break
                }
            }
        }
    }
}
