import Foundation
import Testing

@testable import RouteGenRuntime

/// HTTP dates, read by hand, against Foundation's `DateFormatter` reading the same text.
@Suite struct HTTPDateTests {
    @Test func everyDayOfTwoCenturiesReadsAsFoundationReadsIt() {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        // A step of a day and 13 s, 37 days at a time, from 1906 to 2096: every month, leap days, all hours.
        for seconds in stride(from: -2_000_000_000, to: 4_000_000_000, by: 86_413 * 37) {
            let date = Date(timeIntervalSince1970: TimeInterval(seconds))
            let text = formatter.string(from: date)
            #expect(HTTPDate.date(from: text) == date, "\(text)")
        }
    }

    @Test(arguments: [
        "Sun, 06 Nov 1994 08:49:37 PST", "Sun, 31 Feb 2024 08:49:37 GMT", "Sun, 06 Nov 1994 24:00:00 GMT",
        "Sunday, 06-Nov-94 08:49:37 GMT", "Sun Nov  6 08:49:37 1994", "0", "", "Xyz, 06 Nov 1994 08:49:37 GMT",
    ])
    func otherTextIsNotAnHTTPDate(text: String) {
        #expect(HTTPDate.date(from: text) == nil)
    }

    @Test func aLeapDayAndUTCAreRead() {
        #expect(HTTPDate.date(from: "Thu, 29 Feb 2024 00:00:00 UTC") == Date(timeIntervalSince1970: 1_709_164_800))
    }
}
