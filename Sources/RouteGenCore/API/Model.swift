/// A model of the spec: an object with properties or a string enum.
public struct Model: Hashable, Sendable {
    /// What kind of model it is.
    public enum Kind: Hashable, Sendable {
        /// A JSON object.
        case object([Property])
        /// A string enum; unknown values decode to an `unknown(String)` case the renderer adds.
        case stringEnum([EnumCase])
        /// An integer enum (`enum: [1, 2, 3]`); unknown values decode to an `unknown(Int)` case.
        case integerEnum([EnumCase])
        /// A value that is exactly one of several types (`oneOf:`).
        case union(Union)
        /// The outcomes of an endpoint with several `responses:`, one per status.
        case outcomes([StatusOutcome])
        /// The typed `response_headers:` of an endpoint.
        case responseHeaders([Property])
    }

    /// The spec's name (the key under `models:`) and the Swift type name.
    public var name: Name
    /// Doc comment text.
    public var description: String?
    /// Whether it is marked `deprecated: true`.
    public var isDeprecated: Bool
    /// Properties or cases.
    public var kind: Kind
    /// The cycle it lies on, if it contains itself through non-list properties: the models of one cycle share
    /// the number, and a property that refers to a model of its own model's cycle needs indirect (boxed) storage.
    public var recursionGroup: Int?

    /// Whether it contains itself through non-list properties.
    public var isRecursive: Bool { recursionGroup != nil }
    /// The endpoint whose inline `body:` this model was made from, if any.
    public var inlineBodyOf: String?
    /// Whether the client only sends it (requests reach it and no response does, or it holds a `File`), so it is
    /// `Encodable` without a decoder. Set by the check stage.
    public var isEncodeOnly: Bool
    /// Whether the client only reads it: responses reach it, and no request and no model the app may use as it likes
    /// (one nothing sends or reads) does. It then needs no encoder and no `Hashable` (a route's body needs both):
    /// what the module layout leaves out unless asked (`response_models:`). Set by the check stage.
    public var isReadOnly = false
    /// Whether an object takes no keys but its properties' (`closed: true`; an OpenAPI document's
    /// `additionalProperties: false`): a union tries its next variant for an object with any other key. Its own
    /// decoder still ignores such keys.
    public var isClosed = false

    /// Creates a model.
    public init(
        name: Name, description: String? = nil, isDeprecated: Bool = false, kind: Kind, recursionGroup: Int? = nil,
        inlineBodyOf: String? = nil, isEncodeOnly: Bool = false
    ) {
        self.name = name
        self.description = description
        self.isDeprecated = isDeprecated
        self.kind = kind
        self.recursionGroup = recursionGroup
        self.inlineBodyOf = inlineBodyOf
        self.isEncodeOnly = isEncodeOnly
    }

    /// The properties of an object model; empty for an enum.
    public var properties: [Property] {
        if case .object(let properties) = kind { return properties }
        return []
    }

    /// Whether it is a string enum.
    public var isEnum: Bool {
        switch kind {
        case .stringEnum, .integerEnum: true
        default: false
        }
    }
}

/// A `oneOf` model: its variants, and how a JSON value picks one.
public struct Union: Hashable, Sendable {
    /// One variant: its enum case and the type it holds.
    public struct Variant: Hashable, Sendable {
        public var caseName: Name
        public var type: TypeReference

        /// Creates a variant.
        public init(caseName: Name, type: TypeReference) {
            self.caseName = caseName
            self.type = type
        }
    }

    /// The variants, in written order: without a discriminator, the first that decodes wins.
    public var variants: [Variant]
    /// The property (wire name) whose value names the variant, if there is one.
    public var discriminator: String?
    /// Discriminator values and the case (Swift name) each selects, in order: `mapping:` first, then each
    /// variant model's own name.
    public var mapping: [DiscriminatorValue]

    /// A discriminator value and the case it selects.
    public struct DiscriminatorValue: Hashable, Sendable {
        public var value: String
        public var caseName: String

        /// Creates the pair.
        public init(value: String, caseName: String) {
            self.value = value
            self.caseName = caseName
        }
    }

    /// Creates a union.
    public init(variants: [Variant], discriminator: String? = nil, mapping: [DiscriminatorValue] = []) {
        self.variants = variants
        self.discriminator = discriminator
        self.mapping = mapping
    }
}

/// One outcome of an endpoint with several `responses:`: a status and what its body holds.
public struct StatusOutcome: Hashable, Sendable {
    /// The status code.
    public var status: Int
    /// The Swift case name (`ok`, `notModified`, `status299`).
    public var caseName: String
    /// The body, or nil for `none`.
    public var body: ResponseBody?

    /// Creates an outcome.
    public init(status: Int, caseName: String, body: ResponseBody?) {
        self.status = status
        self.caseName = caseName
        self.body = body
    }
}

/// A property of an object model: a ``WireValue`` (its fields read as the property's own) and what a property
/// adds: its deprecation, whether nil is sent as `null`, and which way it travels.
@dynamicMemberLookup
public struct Property: Hashable, Sendable {
    /// Its names (the JSON key and the Swift property name), type, doc comment, wire form and defaults.
    public var value: WireValue
    /// Whether it is marked `deprecated: true`.
    public var isDeprecated: Bool
    /// Whether an optional property is always sent, nil as `null` (`required: true`: OpenAPI's required and nullable);
    /// otherwise nil is left out.
    public var sendsNull: Bool
    /// Which way it travels (`read_only:`, `write_only:`); see ``Access``.
    public var access: Access = .readWrite

    /// A field of ``value``.
    public subscript<Field>(dynamicMember field: WritableKeyPath<WireValue, Field>) -> Field {
        get { value[keyPath: field] }
        set { value[keyPath: field] = newValue }
    }

    /// Which way a property travels. In a model the client sends, a read-only property (the server sets it) is
    /// optional and never encoded; in a model the client decodes, a write-only one (a password) is optional, since
    /// responses leave it out. In the other direction each is as the spec writes it.
    public enum Access: String, Hashable, Sendable {
        /// Sent and received.
        case readWrite = "read_write"
        /// Received only (`read_only: true`).
        case readOnly = "read_only"
        /// Sent only (`write_only: true`).
        case writeOnly = "write_only"
    }

    /// Creates a property.
    public init(
        name: Name, type: TypeReference, description: String? = nil, isDeprecated: Bool = false,
        style: ParameterStyle? = nil, format: DateFormat? = nil, defaultValue: LiteralValue? = nil,
        serverDefault: LiteralValue? = nil, sendsNull: Bool = false
    ) {
        self.value = WireValue(
            name: name, type: type, description: description, style: style, format: format,
            defaultValue: defaultValue, serverDefault: serverDefault)
        self.isDeprecated = isDeprecated
        self.sendsNull = sendsNull
    }
}

/// A value of a string enum: the wire value and the Swift case name.
public struct EnumCase: Hashable, Sendable {
    /// The wire value and the case name.
    public var name: Name

    /// Creates a case.
    public init(name: Name) {
        self.name = name
    }
}
