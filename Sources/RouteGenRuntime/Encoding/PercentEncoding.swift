/// Strict percent-encoding: everything but RFC 3986's unreserved characters (`A-Z a-z 0-9 - . _ ~`) is
/// encoded. So `+`, `&`, `=`, `#`, `/`, `?`, spaces and non-ASCII text can never change a URL's structure.
public enum PercentEncoding {
    /// Encodes a query name or value, or a form field. Text that needs no encoding (most values) is returned
    /// as it is, without a copy.
    public static func encode(_ text: String) -> String {
        let utf8 = text.utf8
        guard utf8.contains(where: { !isUnreserved($0) }) else { return text }
        var encoded: [UInt8] = []
        encoded.reserveCapacity(utf8.count * 3)
        for byte in utf8 {
            if isUnreserved(byte) {
                encoded.append(byte)
            } else {
                encoded.append(UInt8(ascii: "%"))
                encoded.append(hexDigits[Int(byte >> 4)])
                encoded.append(hexDigits[Int(byte & 0x0F)])
            }
        }
        return String(decoding: encoded, as: UTF8.self)
    }

    /// Encodes a value placed in one path segment. `../admin?x=1` becomes `..%2Fadmin%3Fx%3D1`, and a segment
    /// that is only dots is encoded whole, so no value can climb out of its segment. An empty value is written as
    /// the segment `.`, which ``APIRequest/validate()`` refuses before anything is sent: left empty, the last
    /// segment's value would send the request to its parent (`/pets/` for `/pets/{id}`).
    public static func encodePathSegment(_ text: String) -> String {
        text.isEmpty ? emptyValue : encodeInSegment(text)
    }

    /// Encodes a list placed in one path segment as OpenAPI's `simple` style writes it (`/indices/logs,metrics`):
    /// each value encoded as ``encodePathSegment(_:)`` encodes a lone one, a comma inside a value included (`%2C`),
    /// joined by commas. So no value can add an element to the list or climb out of its segment. A list with no value
    /// but empty ones (`[]`, `[""]`) is refused as an empty lone value is.
    public static func encodePathList(_ values: [String]) -> String {
        guard values.contains(where: { !$0.isEmpty }) else { return emptyValue }
        return values.map(encodeInSegment).joined(separator: ",")
    }

    /// Encodes a value that may span several path segments (a file path like `docs/guide/intro.md`): `/` stays a
    /// separator and every segment is encoded as ``encodePathSegment(_:)`` would encode a lone one, except that
    /// `.` and `..` segments are kept as they are, so that ``APIRequest/validate()`` refuses the request before
    /// anything is sent instead of letting the value climb out of its place in the path.
    public static func encodePathSegments(_ text: String) -> String {
        if text.isEmpty { return emptyValue }
        return text.split(separator: "/", omittingEmptySubsequences: false)
            .map { $0 == "." || $0 == ".." ? String($0) : encode(String($0)) }
            .joined(separator: "/")
    }

    /// How an empty path value is written: a `.` segment, which requests refuse.
    private static let emptyValue = "."

    /// A value's text within its segment: encoded, and a value that is only dots encoded whole.
    private static func encodeInSegment(_ text: String) -> String {
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

    private static let hexDigits = Array("0123456789ABCDEF".utf8)
}
