/// A position in a spec file: 1-based line and column (columns count Unicode scalars, as libyaml does).
public struct SourceLocation: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The file as the user named it (relative paths stay relative).
    public var file: String
    /// The line, starting at 1.
    public var line: Int
    /// The column, starting at 1.
    public var column: Int

    /// Creates a location.
    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// `file:line:column`, the form compilers and editors understand.
    public var description: String { "\(file):\(line):\(column)" }

    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.file, lhs.line, lhs.column) < (rhs.file, rhs.line, rhs.column)
    }
}
