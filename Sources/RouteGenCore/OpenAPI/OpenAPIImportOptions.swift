/// What an import keeps of an OpenAPI document, and the name of the API it makes.
///
/// With no filter every operation is kept. Filters add up: an operation is kept when it has one of `tags`, or
/// its `operationId` (or endpoint name) is one of `operations`, or its path starts with one of `pathPrefixes`.
/// Only the models the kept operations reach are imported.
public struct OpenAPIImportOptions: Sendable, Equatable {
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

    /// Creates options.
    public init(
        name: String? = nil, tags: [String] = [], operations: [String] = [], pathPrefixes: [String] = [], strict: Bool = false
    ) {
        self.name = name
        self.tags = tags
        self.operations = operations
        self.pathPrefixes = pathPrefixes
        self.strict = strict
    }

    /// Whether any filter is set.
    var filters: Bool { !tags.isEmpty || !operations.isEmpty || !pathPrefixes.isEmpty }
}
