/// One finding about a spec: a value, so stages can collect many and tests can compare them exactly.
public struct Diagnostic: Hashable, Sendable, CustomStringConvertible {
    /// How serious a finding is. Any error stops generation; warnings do not.
    public enum Severity: String, Hashable, Sendable {
        case error
        case warning
    }

    /// How serious it is.
    public var severity: Severity
    /// Where in the spec it was found.
    public var location: SourceLocation
    /// What is wrong, in one sentence.
    public var message: String
    /// A one-line suggestion of the fix, when one is obvious.
    public var hint: String?

    /// Creates a diagnostic.
    public init(_ severity: Severity, _ message: String, at location: SourceLocation, hint: String? = nil) {
        self.severity = severity
        self.message = message
        self.location = location
        self.hint = hint
    }

    /// The compiler-style text: `file:line:col: error: message`, and the hint as a `note:` on the next line.
    public var description: String {
        var text = "\(location): \(severity.rawValue): \(message)"
        if let hint {
            text += "\n\(location): note: \(hint)"
        }
        return text
    }
}
