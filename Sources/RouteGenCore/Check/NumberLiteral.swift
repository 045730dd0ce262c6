/// Which numbers a value of a numeric type takes (a `default`, a `server_default`, an imported schema's default),
/// and how generated code spells one: the one rule the checker and the translator share.
enum NumberLiteral {
    /// `text` as a number of `primitive` (an integer type, `Double`, `Float` or `Decimal`), spelled as a Swift
    /// literal of the type; nil when it is not one: not a number, outside the type's range (`3000000000` for
    /// `Int32`), not finite (`nan`, `1e400` for `Double`), below the smallest normal number (`1e-45` for `Float`), or
    /// beyond what ``decimal(_:)`` spells exactly (`1e200`).
    static func read(_ text: String, as primitive: PrimitiveType) -> String? {
        switch primitive {
        // `Int` is 32 bits on some platforms (watchOS), but 64 on every one generated code is tested on.
        case .int, .int64: Int64(text).map { String($0) }
        case .int32: Int32(text).map { String($0) }
        case .uint32: UInt32(text).map { String($0) }
        case .uint64: UInt64(text).map { String($0) }
        case .double: Double(text).flatMap { fits($0, text) ? (Digits(text) != nil ? text : "\($0)") : nil }
        case .float: Float(text).flatMap { fits($0, text) ? (Digits(text) != nil ? text : "\($0)") : nil }
        case .decimal: Digits(text).flatMap { $0.isDecimal ? text : nil }
        default: nil
        }
    }

    /// Whether `value`, read from `text`, is what the literal `text` means in Swift without a warning: finite, and
    /// a normal number or zero written as zero (a smaller one, `1e-45` for `Float`, underflows and loses precision).
    private static func fits<Value: BinaryFloatingPoint>(_ value: Value, _ text: String) -> Bool {
        value.isFinite && (value.isNormal || value == 0 && Digits(text)?.significand.isEmpty != false)
    }

    /// The Swift expression of a `Decimal` that ``read(_:as:)`` accepted, made of its significand and exponent:
    /// exact, with no conversion that can fail or round.
    static func decimal(_ text: String) -> String {
        guard let digits = Digits(text), digits.isDecimal else { return text }
        let significand = Int64(digits.significand) ?? 0
        let sign = digits.isNegative && significand != 0 ? ".minus" : ".plus"
        return "Decimal(sign: \(sign), exponent: \(digits.exponent), significand: \(significand))"
    }

    /// A plain decimal number, `-?digits(.digits)?([eE][+-]?digits)?` (as Swift and JSON spell one), as
    /// `significand × 10^exponent`, with the significand's leading and trailing zeros left out.
    private struct Digits {
        var isNegative: Bool
        var significand: Substring
        var exponent: Int

        init?(_ text: String) {
            var rest = Substring(text)
            isNegative = rest.first == "-"
            if isNegative { rest = rest.dropFirst() }
            let mantissa = rest.prefix { $0 != "e" && $0 != "E" }
            let parts = mantissa.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
            let isDigits = { (part: Substring) in !part.isEmpty && part.allSatisfy { $0.isASCII && $0.isNumber } }
            guard parts.allSatisfy(isDigits) else { return nil }
            exponent = 0
            if mantissa.endIndex < rest.endIndex {
                var written = rest[rest.index(after: mantissa.endIndex)...]
                let isNegativeExponent = written.first == "-"
                if written.first == "-" || written.first == "+" { written = written.dropFirst() }
                guard isDigits(written) else { return nil }
                let significant = written.drop { $0 == "0" }
                let value = significant.count > 6 ? 1_000_000 : Int(significant) ?? 0
                exponent = isNegativeExponent ? -value : value
            }
            significand = Substring(parts.joined()).drop { $0 == "0" }
            exponent -= parts.count > 1 ? parts[1].count : 0
            while significand.last == "0" {
                significand = significand.dropLast()
                exponent += 1
            }
            if significand.isEmpty { exponent = 0 }
        }

        /// Whether a Swift integer literal holds the significand and Foundation's `Decimal` the exponent.
        var isDecimal: Bool { significand.count <= 18 && (-128...127).contains(exponent) }
    }
}
