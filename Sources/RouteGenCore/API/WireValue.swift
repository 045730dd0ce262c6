/// What a parameter and a property both are: a value an app gives or reads, with its wire and Swift names, its
/// type, its doc comment, how it is written on the wire and its defaults. ``Parameter`` and ``Property`` each hold
/// one and add what is theirs alone; they read its fields as their own (`parameter.type`, `property.name`).
public struct WireValue: Hashable, Sendable {
    /// The wire name (a query item's, a header's, a JSON key) and the Swift name.
    public var name: Name
    /// Its type; an optional one may be left out (a property's key may also be `null`).
    public var type: TypeReference
    /// Doc comment text.
    public var description: String?
    /// How a list (or, for `deepObject`, a model) is written in a query or a form (`style:`); nil for the API's
    /// default.
    public var style: ParameterStyle?
    /// How a `Date` is written (`format:`); nil for the API's `dates:`.
    public var format: DateFormat?
    /// The spec's `default:`: a parameter's argument default, sent like any other value; a property's value when
    /// its key is absent, and its initializer's default.
    public var defaultValue: LiteralValue?
    /// What the server assumes when it is not sent (`server_default:`): documented, never sent for the caller; an
    /// absent key of a property decodes to it.
    public var serverDefault: LiteralValue?

    /// Creates a value.
    public init(
        name: Name, type: TypeReference, description: String? = nil, style: ParameterStyle? = nil,
        format: DateFormat? = nil, defaultValue: LiteralValue? = nil, serverDefault: LiteralValue? = nil
    ) {
        self.name = name
        self.type = type
        self.description = description
        self.style = style
        self.format = format
        self.defaultValue = defaultValue
        self.serverDefault = serverDefault
    }
}
