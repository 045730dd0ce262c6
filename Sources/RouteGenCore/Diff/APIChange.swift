/// One difference between two versions of an API, as code using the generated client sees it.
public struct APIChange: Hashable, Sendable {
    /// What a change does to an app that uses the client.
    public enum Kind: String, CaseIterable, Comparable, Sendable {
        /// Code that compiled against the old client may not compile against the new one: a declaration removed
        /// or renamed, a type changed, a new required argument, a case added to or removed from an exhaustive enum.
        case breaking
        /// The code compiles, but what goes over the wire or comes back differs: a path, a method, a default, an
        /// error status, a date format, an environment's URL.
        case behaviour
        /// Something new the app may use; nothing it uses changed.
        case additive
        /// Only what the generated code documents or mocks: a description or summary, `deprecated` (a warning where
        /// the app uses the declaration), the example a generated mock answers.
        case documentation

        /// Breaking first.
        public static func < (lhs: Kind, rhs: Kind) -> Bool {
            allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
        }
    }

    /// What the change does to code that uses the client.
    public var kind: Kind
    /// What changed, naming the declaration as the spec does (`endpoint `getPet`, query parameter `limit``).
    public var message: String
    /// Where the changed declaration is in the old spec; nil for something added.
    public var old: SourceLocation?
    /// Where it is in the new spec; nil for something removed.
    public var new: SourceLocation?

    /// Creates a change.
    public init(_ kind: Kind, _ message: String, old: SourceLocation?, new: SourceLocation?) {
        self.kind = kind
        self.message = message
        self.old = old
        self.new = new
    }

    /// `new.yaml:12:5: breaking: message (was old.yaml:10:5)`: the new position when there is one, else the old.
    public var description: String {
        let location = new ?? old
        let was = new != nil && old != nil ? " (was \(old!))" : ""
        return "\(location.map { "\($0): " } ?? "")\(kind.rawValue): \(message)\(was)"
    }
}
