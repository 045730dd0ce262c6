import Foundation

/// The raw input of the pipeline: a spec file's path (as the user named it) and its bytes.
public struct SpecSource: Sendable {
    /// The path used in diagnostics.
    public var path: String
    /// The file's bytes, expected to be UTF-8 YAML.
    public var contents: Data

    /// Creates a source from bytes already in memory (tests, stdin).
    public init(path: String, contents: Data) {
        self.path = path
        self.contents = contents
    }

    /// Creates a source from text already in memory.
    public init(path: String, text: String) {
        self.init(path: path, contents: Data(text.utf8))
    }

    /// Reads a spec file from disk.
    public init(contentsOf path: String) throws {
        self.init(path: path, contents: try Data(contentsOf: URL(fileURLWithPath: path)))
    }
}
