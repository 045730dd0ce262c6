import Foundation

/// HTTP dates (RFC 9110 §5.6.7), as `Retry-After`, `Last-Modified` and `Expires` send them:
/// `Sun, 06 Nov 1994 08:49:37 GMT`.
enum HTTPDate {
    /// The date `text` writes in the IMF-fixdate form, or nil.
    static func date(from text: String) -> Date? {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        return formatter.date(from: text)
    }
}
