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
        // Certificate: the signed part, the signature's algorithm, the signature, and nothing else.
        let tbs = try element(in: whole.contents, expecting: 0x30)
        let algorithm = try element(in: whole.contents[tbs.end...], expecting: 0x30)
        let signature = try element(in: whole.contents[algorithm.end...], expecting: 0x03)
        guard signature.end == whole.contents.endIndex else { throw Malformed(reason: "bytes after the signature") }
        var fields = tbs.contents
        // The version is an explicit [0] tag, present unless the certificate is version 1.
        if fields.first == 0xA0 { fields = fields[try element(in: fields, expecting: 0xA0).end...] }
        for (name, tag) in [("serial number", 0x02), ("signature algorithm", 0x30), ("issuer", 0x30), ("validity", 0x30), ("subject", 0x30)] {
            guard !fields.isEmpty else { throw Malformed(reason: "the \(name) is missing") }
            fields = fields[try element(in: fields, expecting: UInt8(tag)).end...]
        }
        // SubjectPublicKeyInfo: the key's algorithm and the key as a BIT STRING.
        let key = try element(in: fields, expecting: 0x30)
        let keyAlgorithm = try element(in: key.contents, expecting: 0x30)
        let bits = try element(in: key.contents[keyAlgorithm.end...], expecting: 0x03)
        guard bits.end == key.contents.endIndex else { throw Malformed(reason: "bytes after the public key") }
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
            guard (1...4).contains(count), bytes.endIndex - index >= count, bytes[index] != 0 else { throw Malformed(reason: "a bad length") }
            length = bytes[index..<(index + count)].reduce(0) { $0 << 8 | Int($1) }
            index += count
            // DER writes each length in as few bytes as it takes: a long form for less than 128 is not DER.
            guard length >= 0x80 else { throw Malformed(reason: "a length not in its shortest form") }
        }
        guard length <= bytes.endIndex - index else { throw Malformed(reason: "an element longer than its bytes") }
        return (bytes[index..<(index + length)], index + length)
    }
}
