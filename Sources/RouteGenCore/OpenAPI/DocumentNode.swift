import Foundation

/// A node of an OpenAPI document, with the file it is in and its JSON pointer there: what a warning names, so a
/// reader can find the construct both by line and column and by pointer.
struct DocumentNode {
    /// The node itself.
    var node: SyntaxNode
    /// The JSON pointer of the node in its file, `#` for the root.
    var pointer: String

    /// Where the node starts (its file is part of the location).
    var location: SourceLocation { node.location }

    /// The file the node is in.
    var file: String { node.location.file }

    /// What identifies the node across the document's files: its file and pointer (a model made from a schema is
    /// known by its schema's identity).
    var identity: String { file + pointer }

    /// The value of `key` in a mapping, or nil.
    subscript(key: String) -> DocumentNode? {
        guard let entry = node.entries?.first(where: { $0.key == key }) else { return nil }
        return DocumentNode(node: entry.value, pointer: pointer + "/" + Self.escape(key))
    }

    /// The entries of a mapping, each as a key and its value; empty for anything else.
    var entries: [(key: String, keyLocation: SourceLocation, value: DocumentNode)] {
        (node.entries ?? []).map { ($0.key, $0.keyLocation, DocumentNode(node: $0.value, pointer: pointer + "/" + Self.escape($0.key))) }
    }

    /// The items of a sequence; empty for anything else.
    var items: [DocumentNode] {
        (node.items ?? []).enumerated().map { DocumentNode(node: $0.element, pointer: pointer + "/\($0.offset)") }
    }

    /// The text of a scalar that is not null.
    var text: String? { node.text }

    /// The text of `key`'s scalar value.
    func text(_ key: String) -> String? { self[key]?.text }

    /// The `description` (or `summary` when `key` says so), when it says something.
    func prose(_ key: String = "description") -> String? {
        guard let text = text(key)?.trimmingCharacters(in: .whitespacesAndNewlines), !text.isEmpty else { return nil }
        return text
    }

    /// Whether `key` holds `true`.
    func flag(_ key: String) -> Bool { self[key]?.text == "true" }

    /// Whether the node is a mapping with `key`.
    func has(_ key: String) -> Bool { self[key] != nil }

    /// `~` and `/` escaped as RFC 6901 says.
    static func escape(_ key: String) -> String {
        guard key.utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") }) else { return key }
        return key.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
    }

    /// A reference token unescaped.
    static func unescape(_ token: Substring) -> String {
        let percentDecoded = String(token).removingPercentEncoding ?? String(token)
        return percentDecoded.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
    }
}
