import Foundation

/// What the methods generated with `Tests/TemplateOverride`'s template override record: the line the override adds
/// to every endpoint's method calls ``record(_:)`` with the endpoint's name.
public enum CallLog {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var names: [String] = []

    /// Records that the method of the endpoint `name` ran.
    public static func record(_ name: String) {
        lock.withLock { names.append(name) }
    }

    /// The endpoints whose methods ran, in order.
    public static var recorded: [String] {
        lock.withLock { names }
    }
}
