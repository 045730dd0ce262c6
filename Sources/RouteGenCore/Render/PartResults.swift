import Foundation

/// The results of work done concurrently, one per part, kept in the parts' order whatever order they finish in.
final class PartResults<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [Value?]

    /// Room for `count` results.
    init(count: Int) {
        slots = Array(repeating: nil, count: count)
    }

    /// Stores the result of part `part`; any thread may call it.
    func store(_ value: Value, at part: Int) {
        lock.withLock { slots[part] = value }
    }

    /// The results in the parts' order; read once every part is stored.
    var values: [Value] {
        lock.withLock { slots.compactMap { $0 } }
    }
}
