import Foundation

/// HTTP dates (RFC 9110 §5.6.7), as `Date`, `Retry-After`, `Last-Modified` and `Expires` send them:
/// `Sun, 06 Nov 1994 08:49:37 GMT`.
///
/// Read by hand: the form is fixed, and `DateFormatter` took about 85 µs per date on Linux, which the cache pays
/// for the `Date` of every response it serves.
package enum HTTPDate {
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    private static let weekdays = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]

    /// The date `text` writes in the IMF-fixdate form (`GMT`, or `UTC`), or nil.
    package static func date(from text: String) -> Date? {
        let bytes = Array(text.utf8)
        guard bytes.count == 29, bytes[3] == UInt8(ascii: ","), bytes[4] == UInt8(ascii: " "),
            weekdays.contains(String(decoding: bytes[0..<3], as: UTF8.self)),
            let month = months.firstIndex(of: String(decoding: bytes[8..<11], as: UTF8.self)),
            let day = number(bytes, 5..<7), let year = number(bytes, 12..<16), let hour = number(bytes, 17..<19),
            let minute = number(bytes, 20..<22), let second = number(bytes, 23..<25),
            [7, 11, 16, 25].allSatisfy({ bytes[$0] == UInt8(ascii: " ") }), bytes[19] == UInt8(ascii: ":"),
            bytes[22] == UInt8(ascii: ":"), ["GMT", "UTC"].contains(String(decoding: bytes[26..<29], as: UTF8.self)),
            (1...daysIn(month: month + 1, year: year)).contains(day), hour < 24, minute < 60, second < 61
        else { return nil }
        let days = daysSinceEpoch(year: year, month: month + 1, day: day)
        return Date(timeIntervalSince1970: TimeInterval(((days * 24 + hour) * 60 + minute) * 60 + second))
    }

    private static func number(_ bytes: [UInt8], _ range: Range<Int>) -> Int? {
        var value = 0
        for byte in bytes[range] {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        let isLeap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        return [31, isLeap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
    }

    /// Days from 1970-01-01 to a day of the proleptic Gregorian calendar (Howard Hinnant's `days_from_civil`).
    private static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
        let year = month <= 2 ? year - 1 : year
        let era = (year >= 0 ? year : year - 399) / 400
        let yearOfEra = year - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
