/// Strict percent-encoding: everything but RFC 3986's unreserved characters (`A-Z a-z 0-9 - . _ ~`) is
/// encoded. So `+`, `&`, `=`, `#`, `/`, `?`, spaces and non-ASCII text can never change a URL's structure.
public enum PercentEncoding {
    /// Encodes a query name or value, or a form field.
    public static func encode(_ text: String) -> String {
        var encoded = ""
        encoded.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            if isUnreserved(byte) {
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                encoded += "%" + hexDigits[Int(byte >> 4)] + hexDigits[Int(byte & 0x0F)]
            }
        }
        return encoded
    }

    /// Encodes a value placed in one path segment. `../admin?x=1` becomes `..%2Fadmin%3Fx%3D1`, and a segment
    /// that is only dots is encoded whole, so no value can climb out of its segment.
    public static func encodePathSegment(_ text: String) -> String {
        if !text.isEmpty, text.allSatisfy({ $0 == "." }) {
            return String(repeating: "%2E", count: text.count)
        }
        return encode(text)
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
            UInt8(ascii: "~"):
            true
        default:
            false
        }
    }

    private static let hexDigits = (0..<16).map { String($0, radix: 16, uppercase: true) }
}
