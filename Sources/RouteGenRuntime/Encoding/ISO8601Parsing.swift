import Foundation

/// Reads RFC 3339 date-times, the ISO 8601 profile JSON APIs send (`2024-02-11T09:48:46Z`,
/// `2024-02-11T09:48:46.250+01:00`), straight from their UTF-8 bytes: `Date.ISO8601FormatStyle` costs more than
/// decoding the rest of a typical model, and accepts what is not a date-time (`25:00:00`, trailing text).
///
/// Accepted: `YYYY-MM-DD`, then `T`, `t` or a space, then `hh:mm:ss`, an optional fraction (digits past the
/// ninth are ignored), then `Z`, `z`, `±hh:mm` or `±hhmm`. Rejected: anything else, and times that do not exist
/// (February 30th, 24:00, leap seconds, which `Date` cannot hold).
enum ISO8601Parsing {
    /// The date `text` writes, or nil when it is not an RFC 3339 date-time.
    static func date(from text: String) -> Date? {
        var text = text
        return text.withUTF8 { bytes in
            var reader = Reader(bytes: bytes)
            return reader.date()
        }
    }

    private struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0

        mutating func date() -> Date? {
            guard let year = number(digits: 4), skip(UInt8(ascii: "-")),
                let month = number(digits: 2), skip(UInt8(ascii: "-")),
                let day = number(digits: 2), skip(UInt8(ascii: "T")) || skip(UInt8(ascii: "t")) || skip(UInt8(ascii: " ")),
                let hour = number(digits: 2), skip(UInt8(ascii: ":")),
                let minute = number(digits: 2), skip(UInt8(ascii: ":")),
                let second = number(digits: 2)
            else { return nil }
            guard (1...12).contains(month), (1...Self.days(inMonth: month, year: year)).contains(day),
                hour < 24, minute < 60, second < 60
            else { return nil }
            let fraction = skip(UInt8(ascii: ".")) ? self.fraction() : 0
            guard let fraction, let offset = offset(), index == bytes.count else { return nil }
            let days = Self.daysSince1970(year: year, month: month, day: day)
            let seconds = days * 86_400 + hour * 3_600 + minute * 60 + second - offset
            return Date(timeIntervalSince1970: Double(seconds) + fraction)
        }

        /// `digits` decimal digits as a number.
        private mutating func number(digits: Int) -> Int? {
            guard index + digits <= bytes.count else { return nil }
            var value = 0
            for _ in 0..<digits {
                let digit = Int(bytes[index]) - 48
                guard (0...9).contains(digit) else { return nil }
                value = value * 10 + digit
                index += 1
            }
            return value
        }

        private mutating func skip(_ byte: UInt8) -> Bool {
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }

        /// The digits after the decimal point, as a fraction of a second; nil when there are none. Digits past
        /// the ninth (below a nanosecond) are read and ignored.
        private mutating func fraction() -> Double? {
            var value = 0
            var scale = 1
            let start = index
            while index < bytes.count, (48...57).contains(bytes[index]) {
                if index - start < 9 {
                    value = value * 10 + Int(bytes[index]) - 48
                    scale *= 10
                }
                index += 1
            }
            return index > start ? Double(value) / Double(scale) : nil
        }

        /// The offset from UTC in seconds: `Z`, `±hh:mm` or `±hhmm`.
        private mutating func offset() -> Int? {
            if skip(UInt8(ascii: "Z")) || skip(UInt8(ascii: "z")) { return 0 }
            let sign: Int
            if skip(UInt8(ascii: "+")) {
                sign = 1
            } else if skip(UInt8(ascii: "-")) {
                sign = -1
            } else {
                return nil
            }
            guard let hours = number(digits: 2) else { return nil }
            _ = skip(UInt8(ascii: ":"))
            guard let minutes = number(digits: 2), hours < 24, minutes < 60 else { return nil }
            return sign * (hours * 3_600 + minutes * 60)
        }

        private static func days(inMonth month: Int, year: Int) -> Int {
            switch month {
            case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
            case 4, 6, 9, 11: 30
            default: 31
            }
        }

        /// Days from 1970-01-01 to the given day of the proleptic Gregorian calendar (Howard Hinnant's
        /// `days_from_civil`).
        private static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
            let shiftedYear = month <= 2 ? year - 1 : year
            let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
            let yearOfEra = shiftedYear - era * 400
            let dayOfYear = (153 * ((month + 9) % 12) + 2) / 5 + day - 1
            let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
            return era * 146_097 + dayOfEra - 719_468
        }
    }
}
