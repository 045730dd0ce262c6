import Foundation
import RouteGenRuntime

/// A stored response with what the cache needs to judge it later (RFC 9111 §4.2.3): when it was requested and
/// received, and the request headers its `Vary` names.
public struct CachedResponse: Codable, Sendable, Equatable {
    /// The request's method.
    public var method: String
    /// The request's URL, with secrets in its query redacted: what clearing by prefix matches.
    public var url: String
    /// The endpoint's name, for clearing by route (`Petstore.getPet`).
    public var routeName: String?
    /// The response status.
    public var statusCode: Int
    /// The response headers, without `Set-Cookie`.
    public var headers: HeaderFields
    /// The response body.
    public var body: Data
    /// When the request was sent.
    public var requestTime: Date
    /// When the response arrived (or, after a 304, was last revalidated).
    public var responseTime: Date
    /// The values the request had for each header the response's `Vary` names (lowercased name → value).
    public var varyingHeaders: [String: String]

    /// The response's head as the cache serves it.
    var head: APIResponse {
        APIResponse(statusCode: statusCode, headers: headers)
    }

    /// Whether the server can be asked if it is still good (`ETag` or `Last-Modified`).
    var hasValidator: Bool {
        headers["ETag"] != nil || headers["Last-Modified"] != nil
    }

    /// The size it takes in a store, roughly: body and headers.
    var byteCount: Int {
        body.count + headers.reduce(0) { $0 + $1.name.utf8.count + $1.value.utf8.count } + url.utf8.count
    }

    /// Whether it can answer `request`: the headers its `Vary` named have the same values.
    func matches(_ request: APIRequest) -> Bool {
        varyingHeaders.allSatisfy { name, value in (request.headers[name] ?? "") == value }
    }

    /// Its age now (RFC 9111 §4.2.3): the age it had when received, corrected for the response delay, plus the
    /// time since.
    func age(at now: Date) -> TimeInterval {
        let dateValue = headers["Date"].flatMap(HTTPDate.date(from:)) ?? responseTime
        let ageValue = headers["Age"].flatMap { TimeInterval($0.trimmingCharacters(in: .whitespaces)) } ?? 0
        let apparentAge = max(0, responseTime.timeIntervalSince(dateValue))
        let correctedAge = ageValue + responseTime.timeIntervalSince(requestTime)
        return max(apparentAge, correctedAge) + max(0, now.timeIntervalSince(responseTime))
    }

    /// How long it is fresh (RFC 9111 §4.2.1): `max-age`, else `Expires` − `Date`, else the app's default; 0 when
    /// nothing says, so that it is revalidated before use.
    func freshnessLifetime(defaultMaxAge: Duration?) -> TimeInterval {
        if let maxAge = CacheControl(headers).maxAge { return TimeInterval(maxAge) }
        if let expiresText = headers["Expires"] {
            guard let expires = HTTPDate.date(from: expiresText) else { return 0 }  // `Expires: 0` is in the past
            let date = headers["Date"].flatMap(HTTPDate.date(from:)) ?? responseTime
            return max(0, expires.timeIntervalSince(date))
        }
        return defaultMaxAge?.timeInterval ?? 0
    }
}
