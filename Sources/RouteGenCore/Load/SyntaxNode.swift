/// One node of a spec's YAML, with the position it was written at. The output of the load stage.
///
/// Unlike a decoded dictionary, the tree keeps every key's and value's position and the order keys were
/// written in, so later stages can point at the exact spot of a problem and generate in a stable order.
public struct SyntaxNode: Sendable {
    /// What the node holds.
    public enum Kind: Sendable {
        /// A text value, with whether it was written plain (unquoted), which decides if `~` or `null` mean null.
        case scalar(text: String, isPlain: Bool)
        /// A mapping, in written order. Keys are unique: the loader rejects duplicates.
        case mapping([SyntaxEntry])
        /// A sequence, in written order.
        case sequence([SyntaxNode])
    }

    /// Where the node starts.
    public var location: SourceLocation
    /// Its contents.
    public var kind: Kind

    /// Creates a node.
    public init(location: SourceLocation, kind: Kind) {
        self.location = location
        self.kind = kind
    }

    /// The text of a scalar that is not null; nil for null, mappings and sequences.
    public var text: String? {
        guard case .scalar(let text, _) = kind, !isNull else { return nil }
        return text
    }

    /// Whether the node is a YAML null: an empty value, or a plain `~` / `null`.
    public var isNull: Bool {
        guard case .scalar(let text, let isPlain) = kind else { return false }
        return isPlain && ["", "~", "null", "Null", "NULL"].contains(text)
    }

    /// The entries of a mapping, or nil.
    public var entries: [SyntaxEntry]? {
        guard case .mapping(let entries) = kind else { return nil }
        return entries
    }

    /// The items of a sequence, or nil.
    public var items: [SyntaxNode]? {
        guard case .sequence(let items) = kind else { return nil }
        return items
    }

    /// How the node reads in a message: "a mapping", "a list", "a text value" or "an empty value".
    public var kindDescription: String {
        switch kind {
        case .mapping: "a mapping"
        case .sequence: "a list"
        case .scalar: isNull ? "an empty value" : "a text value"
        }
    }
}

/// One `key: value` pair of a mapping.
public struct SyntaxEntry: Sendable {
    /// The key's text.
    public var key: String
    /// Where the key is written.
    public var keyLocation: SourceLocation
    /// The value.
    public var value: SyntaxNode

    /// Creates an entry.
    public init(key: String, keyLocation: SourceLocation, value: SyntaxNode) {
        self.key = key
        self.keyLocation = keyLocation
        self.value = value
    }
}

/// A loaded spec file: the path it came from and its root node.
public struct SpecSyntax: Sendable {
    /// The path used in diagnostics.
    public var file: String
    /// The document's root.
    public var root: SyntaxNode

    /// Creates a loaded spec.
    public init(file: String, root: SyntaxNode) {
        self.file = file
        self.root = root
    }
}

extension SyntaxNode {
    /// Where a scalar's text begins: one column after the opening quote of a quoted scalar.
    var textStart: SourceLocation {
        guard case .scalar(_, isPlain: false) = kind else { return location }
        var start = location
        start.column += 1
        return start
    }
}
