import Foundation
import Yams

/// The load stage: spec bytes in, a ``SpecSyntax`` tree out, with every node's file, line and column.
///
/// It rejects what YAML parsers often let through: duplicate keys in one mapping (most parsers silently keep
/// the last), text that is not UTF-8, and inputs built to exhaust memory or stack (huge files, deep nesting,
/// aliases that expand exponentially).
public struct SpecLoader: Sendable {
    /// Bounds that keep hostile input from exhausting the machine.
    public struct Limits: Sendable {
        /// Largest file accepted, in bytes.
        public var maxFileSize = 32 * 1024 * 1024
        /// Deepest nesting of mappings and lists accepted (libyaml itself stops at 1,000).
        public var maxDepth = 200
        /// Most nodes that YAML aliases (`*name`) may add to the tree in total.
        public var maxAliasExpansion = 10_000

        /// The default limits.
        public init() {}
    }

    /// The limits in force.
    public var limits: Limits

    /// Creates a loader.
    public init(limits: Limits = Limits()) {
        self.limits = limits
    }

    /// Loads one spec. Returns nil, with at least one error reported, when the file is not usable YAML.
    public func load(_ source: SpecSource, diagnostics: inout Diagnostics) -> SpecSyntax? {
        let start = SourceLocation(file: source.path, line: 1, column: 1)
        guard source.contents.count <= limits.maxFileSize else {
            diagnostics.error(
                "file is \(source.contents.count) bytes; a spec may be at most \(limits.maxFileSize) bytes",
                at: start, hint: "split the API into several specs")
            return nil
        }
        guard let text = String(validating: source.contents, as: UTF8.self) else {
            let decoded = String(decoding: source.contents, as: UTF8.self)
            let offset = decoded.firstIndex(of: "\u{FFFD}").map { decoded.distance(from: decoded.startIndex, to: $0) }
            diagnostics.error(
                "file is not UTF-8 text", at: TextPosition.location(ofCharacterOffset: offset ?? 0, in: decoded, file: source.path),
                hint: "save the spec as UTF-8")
            return nil
        }
        let document: Node?
        do {
            // Every scalar is read as text later, so skip Yams' regex-based implicit typing (it dominated load time).
            document = try Yams.compose(yaml: text, .basic)
        } catch {
            diagnostics.append(contentsOf: YAMLErrorTranslation.diagnostics(for: error, in: text, file: source.path))
            return nil
        }
        guard let document else {
            diagnostics.error(
                "file is empty", at: start,
                hint: "a spec starts with `routegen: 1`, `name:` and `environments:`")
            return nil
        }
        var builder = SyntaxTreeBuilder(file: source.path, limits: limits)
        guard let root = builder.build(document, parent: start, depth: 0) else {
            if let failure = builder.failure {
                diagnostics.append(failure)
            }
            return nil
        }
        diagnostics.append(contentsOf: builder.diagnostics)
        return SpecSyntax(file: source.path, root: root)
    }
}
