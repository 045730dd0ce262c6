/// Header fields in the order they were added. Names compare case-insensitively, as HTTP says.
public struct HeaderFields: Hashable, Sendable, Sequence, ExpressibleByDictionaryLiteral, CustomStringConvertible {
    /// One header field.
    public struct Field: Hashable, Sendable {
        /// The name, as written.
        public var name: String
        /// The value.
        public var value: String

        /// Creates a field.
        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// The fields, in order.
    public private(set) var fields: [Field] = []

    /// Creates empty headers.
    public init() {}

    /// Creates headers from fields.
    public init(_ fields: [Field]) {
        self.fields = fields
    }

    public init(dictionaryLiteral elements: (String, String)...) {
        fields = elements.map { Field(name: $0.0, value: $0.1) }
    }

    /// The first value of the header `name`. Setting replaces every field of that name; nil removes them.
    public subscript(name: String) -> String? {
        get { fields.first { $0.name.lowercased() == name.lowercased() }?.value }
        set {
            let lowered = name.lowercased()
            guard let newValue else {
                fields.removeAll { $0.name.lowercased() == lowered }
                return
            }
            var replaced = false
            fields = fields.compactMap { field in
                guard field.name.lowercased() == lowered else { return field }
                defer { replaced = true }
                return replaced ? nil : Field(name: field.name, value: newValue)
            }
            if !replaced { fields.append(Field(name: name, value: newValue)) }
        }
    }

    /// Adds a field, keeping any others of the same name.
    public mutating func add(name: String, value: String) {
        fields.append(Field(name: name, value: value))
    }

    /// Sets every field of `other`, replacing fields of the same name.
    public mutating func merge(_ other: HeaderFields) {
        for field in other { self[field.name] = field.value }
    }

    public func makeIterator() -> IndexingIterator<[Field]> { fields.makeIterator() }

    /// The first field whose name or value would change the request if sent: a name that is not an HTTP token,
    /// or a value with CR, LF or another control character (header injection).
    public var firstInvalidField: (field: Field, reason: String)? {
        for field in fields {
            if field.name.isEmpty || !field.name.unicodeScalars.allSatisfy(Self.isTokenCharacter) {
                return (field, "header name `\(field.name)` is not a valid HTTP token")
            }
            if field.value.unicodeScalars.contains(where: { $0 != "\t" && ($0.value < 0x20 || $0.value == 0x7F) }) {
                return (field, "header `\(field.name)` has a CR, LF or other control character in its value")
            }
        }
        return nil
    }

    /// Whether `Content-Type` is `application/x-www-form-urlencoded`.
    public var isForm: Bool {
        self["Content-Type"]?.lowercased().hasPrefix("application/x-www-form-urlencoded") == true
    }

    /// The fields one a line, the value of each secret one redacted (``SecretRedactor/default``).
    public var description: String {
        SecretRedactor.default.redacted(self).map { "\($0.name): \($0.value)" }.joined(separator: "\n")
    }

    private static func isTokenCharacter(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII
            && (("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
                || "!#$%&'*+-.^_`|~".unicodeScalars.contains(scalar))
    }
}

extension HeaderFields: Codable {
    /// Decodes the fields from a list of `[name, value]` pairs, in order.
    public init(from decoder: any Decoder) throws {
        let pairs = try decoder.singleValueContainer().decode([[String]].self)
        guard pairs.allSatisfy({ $0.count == 2 }) else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "a header field is not a [name, value] pair"))
        }
        self.init(pairs.map { Field(name: $0[0], value: $0[1]) })
    }

    /// Encodes the fields as a list of `[name, value]` pairs, in order (a name may repeat).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(fields.map { [$0.name, $0.value] })
    }
}
