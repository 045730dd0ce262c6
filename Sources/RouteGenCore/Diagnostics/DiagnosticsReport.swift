import Foundation

/// The findings of a run as JSON, for editors, CI annotations and other tools (`routegen lint --format json`):
///
/// ```json
/// {"version":1,"specs":["Specs/Shop.yaml"],"errors":1,"warnings":0,
///  "diagnostics":[{"file":"Specs/Shop.yaml","line":12,"column":5,"severity":"error",
///                  "message":"unknown key `methd` in endpoint `a`; did you mean `method`?","notes":[]}]}
/// ```
///
/// Diagnostics are sorted by file and position; `notes` holds the suggested fix, when there is one.
public struct DiagnosticsReport: Encodable, Sendable {
    /// One diagnostic.
    public struct Entry: Encodable, Sendable {
        public var file: String
        public var line: Int
        public var column: Int
        public var severity: String
        public var message: String
        public var notes: [String]
    }

    /// The format's version, raised when a field changes meaning.
    public var version = 1
    /// The spec files checked.
    public var specs: [String]
    /// How many errors.
    public var errors: Int
    /// How many warnings.
    public var warnings: Int
    /// Every diagnostic, sorted.
    public var diagnostics: [Entry]

    /// The report of `diagnostics` found in `specs`.
    public init(specs: [String], diagnostics: Diagnostics) {
        let sorted = diagnostics.sorted
        self.specs = specs
        self.errors = sorted.filter { $0.severity == .error }.count
        self.warnings = sorted.count - errors
        self.diagnostics = sorted.map {
            Entry(
                file: $0.location.file, line: $0.location.line, column: $0.location.column, severity: $0.severity.rawValue,
                message: $0.message, notes: $0.hint.map { [$0] } ?? [])
        }
    }

    /// The report as one line of JSON, keys in a stable order.
    public func json() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self)
    }
}
