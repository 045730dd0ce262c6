/// Collects the diagnostics of one run. Stages report into it and carry on, so a user sees every problem at once.
public struct Diagnostics: Sendable {
    /// Everything reported so far, in the order it was reported.
    public private(set) var all: [Diagnostic] = []

    /// Creates an empty collection.
    public init() {}

    /// Reports an error.
    public mutating func error(_ message: String, at location: SourceLocation, hint: String? = nil) {
        all.append(Diagnostic(.error, message, at: location, hint: hint))
    }

    /// Reports a warning.
    public mutating func warning(_ message: String, at location: SourceLocation, hint: String? = nil) {
        all.append(Diagnostic(.warning, message, at: location, hint: hint))
    }

    /// Adds one diagnostic made elsewhere.
    public mutating func append(_ diagnostic: Diagnostic) {
        all.append(diagnostic)
    }

    /// Adds diagnostics found elsewhere.
    public mutating func append(contentsOf other: Diagnostics) {
        all.append(contentsOf: other.all)
    }

    /// Turns the errors reported since `count` diagnostics into warnings that end with `consequence`, and returns
    /// what they said: a part of the input left out instead of failing the whole run.
    public mutating func demoteErrors(since count: Int, consequence: String) -> [Diagnostic] {
        var demoted: [Diagnostic] = []
        for index in all.indices.dropFirst(count) where all[index].severity == .error {
            demoted.append(all[index])
            all[index].severity = .warning
            all[index].message += ": \(consequence)"
        }
        return demoted
    }

    /// Whether any error was reported.
    public var hasErrors: Bool { all.contains { $0.severity == .error } }

    /// The errors only.
    public var errors: [Diagnostic] { all.filter { $0.severity == .error } }

    /// All diagnostics sorted by file, line and column; diagnostics at one position keep their reported order.
    public var sorted: [Diagnostic] {
        all.enumerated()
            .sorted { ($0.element.location, $0.offset) < ($1.element.location, $1.offset) }
            .map(\.element)
    }
}
