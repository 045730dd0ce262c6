import Foundation

/// The files of one OpenAPI document: the root file and every file its `$ref`s name, loaded once each, and the
/// resolution of `$ref`s between them (`#/components/schemas/Pet`, `pet.yaml`, `common.yaml#/Error`).
final class DocumentSet {
    /// The root file's root node.
    let root: DocumentNode
    private let loader: SpecLoader
    private let readFile: (String) -> Data?
    /// The files read, by where each really is (``resolved(_:)``): one file named by two paths is read once.
    private var files: [String: DocumentNode?] = [:]
    /// Every reference followed so far, by file and text: a large document names each schema many times.
    private var followed: [String: Target] = [:]
    /// The folder whose tree references may read: the root file's, as ``resolved(_:)`` spells it.
    private let folder: String

    /// How the files of a document of another version become what the front end reads (`Swagger2Lowering`): the
    /// root file, and each file read after it.
    struct Lowering {
        var root: (SyntaxNode) -> SyntaxNode
        var file: (SyntaxNode) -> SyntaxNode
    }

    private let lowering: Lowering?
    /// The JSON pointer each node of a lowered document had as written, by where it starts: what messages name.
    private var writtenPointers: [SourceLocation: String] = [:]

    /// Creates a set around a loaded root file. `readFile` reads the files that relative references name, and
    /// `lowering`, if any, turns each file into what the front end reads.
    init(root: SpecSyntax, loader: SpecLoader, readFile: @escaping (String) -> Data?, lowering: Lowering? = nil) {
        self.root = DocumentNode(node: lowering?.root(root.root) ?? root.root, pointer: "#")
        self.loader = loader
        self.readFile = readFile
        self.lowering = lowering
        folder = Self.resolved((root.file as NSString).deletingLastPathComponent)
        files[Self.resolved(root.file)] = self.root
        if lowering != nil { recordPointers(of: root.root, at: "#") }
    }

    /// A resolved reference: the node it points at, and the name its last part suggests (`Pet` for
    /// `#/components/schemas/Pet` and for `schemas/Pet.yaml`).
    struct Target {
        var node: DocumentNode
        var suggestedName: String
        /// What identifies the target across the document: its file and pointer.
        var identity: String { node.identity }
    }

    /// Follows `$ref`s from `node` until a node that is not a reference. Returns `node` itself when it is not one;
    /// nil, with an error, for a reference that cannot be followed.
    func resolve(_ node: DocumentNode, diagnostics: inout Diagnostics) -> (node: DocumentNode, name: String?)? {
        var current = node
        var name: String?
        var seen: Set<String> = []
        while let reference = current["$ref"] {
            guard let target = follow(reference, diagnostics: &diagnostics) else { return nil }
            guard seen.insert(target.identity).inserted else {
                diagnostics.error("`$ref` \(reference.text ?? "") refers to itself in a loop", at: reference.location)
                return nil
            }
            current = target.node
            name = target.suggestedName
        }
        return (current, name)
    }

    /// The node one `$ref` names. Nil, with an error, when its file cannot be read or its pointer leads nowhere.
    func follow(_ reference: DocumentNode, diagnostics: inout Diagnostics) -> Target? {
        guard let text = reference.text else {
            diagnostics.error("`$ref` must be text, not \(reference.node.kindDescription)", at: reference.location)
            return nil
        }
        let key = reference.file + "\u{0}" + text
        if let target = followed[key] { return target }
        let parts = text.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        let filePart = String(parts[0])
        let fragment = parts.count > 1 ? String(parts[1]) : ""
        if filePart.contains("://") {
            diagnostics.error(
                "`$ref` \(text) points at a remote document, which is not read", at: reference.location,
                hint: "download it next to this document and refer to it by a relative path")
            return nil
        }
        let file = filePart.isEmpty ? reference.file : Self.path(filePart, relativeTo: reference.file)
        guard filePart.isEmpty || Self.resolved(file).hasPrefix(folder.hasSuffix("/") ? folder : folder + "/") else {
            diagnostics.error(
                "`$ref` \(text) names a file outside the document's folder, which is not read", at: reference.location,
                hint: "copy it into the document's folder, or a folder below it, and refer to it there")
            return nil
        }
        if !filePart.isEmpty, !FileRules.isReferenceable(path: filePart) {
            diagnostics.error(
                "`$ref` \(text) names a file that is not YAML or JSON, which is not read", at: reference.location,
                hint: "refer to `.yaml`, `.yml` or `.json` files")
            return nil
        }
        guard let fileRoot = load(file, referencedAt: reference, diagnostics: &diagnostics) else { return nil }
        var node = fileRoot
        for token in fragment.split(separator: "/", omittingEmptySubsequences: true) {
            let key = DocumentNode.unescape(token)
            if let child = node[key] {
                node = child
            } else if let index = Int(key), node.items.indices.contains(index) {
                node = node.items[index]
            } else {
                diagnostics.error("`$ref` \(text) does not point at anything in \(file)", at: reference.location)
                return nil
            }
        }
        let lastToken = fragment.split(separator: "/").last.map(DocumentNode.unescape)
        let fileStem = ((file as NSString).lastPathComponent as NSString).deletingPathExtension
        let target = Target(node: node, suggestedName: lastToken ?? fileStem)
        followed[key] = target
        return target
    }

    private func load(_ file: String, referencedAt reference: DocumentNode, diagnostics: inout Diagnostics) -> DocumentNode? {
        let location = Self.resolved(file)
        if let loaded = files[location] { return loaded }
        var loaded: DocumentNode?
        if let data = readFile(file) {
            loaded = loader.load(SpecSource(path: file, contents: data), diagnostics: &diagnostics)
                .map { loaded in
                    guard let lowering else { return DocumentNode(node: loaded.root, pointer: "#") }
                    recordPointers(of: loaded.root, at: "#")
                    return DocumentNode(node: lowering.file(loaded.root), pointer: "#")
                }
        } else {
            diagnostics.error("`$ref` names \(file), which cannot be read", at: reference.location)
        }
        files[location] = loaded
        return loaded
    }

    /// The JSON pointer of `node` as its file is written: for a lowered document, the pointer of the construct it
    /// was lowered from (`#/definitions/Pet`, not `#/components/schemas/Pet`).
    func writtenPointer(of node: DocumentNode) -> String {
        writtenPointers[node.location] ?? node.pointer
    }

    /// Records the pointer of every node of a file as written, the outermost first at a location.
    private func recordPointers(of node: SyntaxNode, at pointer: String) {
        if writtenPointers[node.location] == nil { writtenPointers[node.location] = pointer }
        for entry in node.entries ?? [] { recordPointers(of: entry.value, at: pointer + "/" + DocumentNode.escape(entry.key)) }
        for (index, item) in (node.items ?? []).enumerated() { recordPointers(of: item, at: pointer + "/\(index)") }
    }

    /// `path` absolute (a relative one is in the current directory), standardized, and with symbolic links resolved:
    /// where the file really is.
    private static func resolved(_ path: String) -> String {
        URL(fileURLWithPath: path.isEmpty ? "." : path).standardizedFileURL.resolvingSymlinksInPath().path
    }

    /// `relative` resolved against the folder of `file`, kept relative when `file` is: `lob/resources/a/../../x.yml`
    /// is `lob/x.yml` (Foundation's `standardizingPath` leaves the `..` of a relative path).
    static func path(_ relative: String, relativeTo file: String) -> String {
        let decoded = relative.removingPercentEncoding ?? relative
        if decoded.hasPrefix("/") { return decoded }
        let folder = (file as NSString).deletingLastPathComponent
        let joined = folder.isEmpty ? decoded : (folder as NSString).appendingPathComponent(decoded)
        return joined.hasPrefix("/") ? (joined as NSString).standardizingPath : lexicallyNormalized(joined)
    }

    /// A relative path without its `.` parts and with each `name/..` taken out; the `..`s that climb above its
    /// start are kept.
    static func lexicallyNormalized(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/") where part != "." {
            if part == "..", let last = parts.last, last != ".." {
                parts.removeLast()
            } else {
                parts.append(part)
            }
        }
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }
}
