/// What an import keeps of an OpenAPI document, and the name of the API it makes.
///
/// With no filter every operation is kept. Filters add up: an operation is kept when it has one of `tags`, or
/// its `operationId` (or endpoint name) is one of `operations`, or its path starts with one of `pathPrefixes`.
/// Only the models the kept operations reach are imported.
public struct ImportOptions: Sendable, Equatable {
    /// The API's name; by default the document's file name, made an UpperCamelCase identifier.
    public var name: String?
    /// Keep the operations with one of these tags.
    public var tags: [String]
    /// Keep the operations with one of these `operationId`s.
    public var operations: [String]
    /// Keep the operations whose path starts with one of these.
    public var pathPrefixes: [String]
    /// Fail when any kept operation has to be left out, instead of importing the rest.
    public var strict: Bool
    /// The expandable references (an ID, or the object when the request asks for it) whose objects are typed:
    /// `Customer.default_source`, by the model's name in the spec or in the document and the property's wire name,
    /// or `all`. The others are `Expandable<JSON>`, and their objects' models are not made for them.
    public var expand: [String]
    /// Models kept as `JSON` wherever a value refers to them (by the name in the spec or in the document): where
    /// the graph of models is cut.
    public var opaque: [String]
    /// The most references between an operation and a model it needs: models farther away are `JSON` (1 keeps
    /// only the models an operation names itself).
    public var depth: Int?

    /// Creates options.
    public init(
        name: String? = nil, tags: [String] = [], operations: [String] = [], pathPrefixes: [String] = [], strict: Bool = false,
        expand: [String] = [], opaque: [String] = [], depth: Int? = nil
    ) {
        self.name = name
        self.tags = tags
        self.operations = operations
        self.pathPrefixes = pathPrefixes
        self.strict = strict
        self.expand = expand
        self.opaque = opaque
        self.depth = depth
    }

    /// Whether `name` can name the API: an identifier, by the rule a spec's `name:` follows (ASCII letters, digits
    /// and `_`, not starting with a digit).
    public static func isValidName(_ name: String) -> Bool {
        SwiftNaming.isPlainIdentifier(name)
    }

    /// Whether any filter is set.
    var filters: Bool { !tags.isEmpty || !operations.isEmpty || !pathPrefixes.isEmpty }
}
