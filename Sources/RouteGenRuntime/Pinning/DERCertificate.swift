/// The few DER (X.690) rules needed to find a certificate's SubjectPublicKeyInfo, so the runtime pins keys without a
/// cryptography or ASN.1 dependency: `Certificate ::= SEQUENCE { tbsCertificate SEQUENCE { [0] version OPTIONAL,
/// serialNumber, signature, issuer, validity, subject, subjectPublicKeyInfo, … }, … }` (RFC 5280, 4.1).
enum DERCertificate {
    /// What is wrong with bytes that should be a DER certificate.
    struct Malformed: Error, CustomStringConvertible {
        var reason: String
        var description: String { "the certificate is not valid DER: \(reason)" }
    }

    /// The whole SubjectPublicKeyInfo element (tag, length and contents), exactly as the certificate carries it: what
    /// an HPKP or `NSPinnedDomains` pin hashes.
    static func subjectPublicKeyInfo(of certificate: [UInt8]) throws(Malformed) -> ArraySlice<UInt8> {
        let whole = try element(in: certificate[...], expecting: 0x30)
        guard whole.end == certificate.count else { throw Malformed(reason: "bytes after the certificate") }
        var fields = try element(in: whole.contents, expecting: 0x30).contents
        // The version is an explicit [0] tag, present unless the certificate is version 1.
        if fields.first == 0xA0 { fields = fields[try element(in: fields, expecting: 0xA0).end...] }
        for name in ["serial number", "signature algorithm", "issuer", "validity", "subject"] {
            guard !fields.isEmpty else { throw Malformed(reason: "the \(name) is missing") }
            fields = fields[try element(in: fields, expecting: nil).end...]
        }
        let key = try element(in: fields, expecting: 0x30)
        return fields[fields.startIndex..<key.end]
    }

    /// The element at the start of `bytes`: its contents and the index after it. `expecting` is the tag it must have.
    private static func element(
        in bytes: ArraySlice<UInt8>, expecting tag: UInt8?
    ) throws(Malformed) -> (contents: ArraySlice<UInt8>, end: Int) {
        var index = bytes.startIndex
        guard index < bytes.endIndex else { throw Malformed(reason: "an element is missing") }
        if let tag, bytes[index] != tag { throw Malformed(reason: "tag \(bytes[index]) where \(tag) belongs") }
        guard bytes[index] & 0x1F != 0x1F else { throw Malformed(reason: "a multi-byte tag") }
        index += 1
        guard index < bytes.endIndex else { throw Malformed(reason: "a length is missing") }
        var length = Int(bytes[index])
        index += 1
        if length & 0x80 != 0 {
            let count = length & 0x7F
            guard (1...4).contains(count), bytes.endIndex - index >= count else { throw Malformed(reason: "a bad length") }
            length = bytes[index..<(index + count)].reduce(0) { $0 << 8 | Int($1) }
            index += count
        }
        guard length <= bytes.endIndex - index else { throw Malformed(reason: "an element longer than its bytes") }
        return (bytes[index..<(index + length)], index + length)
    }
}
