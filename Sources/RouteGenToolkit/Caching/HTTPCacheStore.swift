import Foundation
import RouteGenRuntime

/// Where an ``HTTPCache`` keeps responses: ``MemoryCacheStore`` for the session, ``DiskCacheStore`` to survive a
/// restart, or your own. Keys are opaque hex strings the cache derives from the method, the URL and the
/// credential. Every call must be safe from any thread.
public protocol HTTPCacheStore: Sendable {
    /// The response stored under `key`, if any.
    func entry(forKey key: String) -> CachedResponse?
    /// Stores `entry` under `key`, replacing what was there.
    func store(_ entry: CachedResponse, forKey key: String)
    /// Removes what is stored under `key`.
    func removeEntry(forKey key: String)
    /// Removes every entry for which `shouldRemove` is true.
    func removeEntries(where shouldRemove: (CachedResponse) -> Bool)
}

/// An in-memory store holding at most `byteLimit` bytes of responses, dropping the least recently used first.
public final class MemoryCacheStore: HTTPCacheStore {
    private struct Slot {
        var entry: CachedResponse
        var lastUse: UInt64
    }

    private struct State {
        var slots: [String: Slot] = [:]
        var byteCount = 0
        var clock: UInt64 = 0
    }

    /// The most bytes of responses it holds.
    public let byteLimit: Int
    private let state = Locked(State())

    /// A store of at most `byteLimit` bytes (10 MiB by default). A response larger than that is not stored.
    public init(byteLimit: Int = 10 << 20) {
        self.byteLimit = byteLimit
    }

    /// The bytes held now.
    public var byteCount: Int { state.withLock { $0.byteCount } }

    public func entry(forKey key: String) -> CachedResponse? {
        state.withLock { state in
            guard var slot = state.slots[key] else { return nil }
            state.clock += 1
            slot.lastUse = state.clock
            state.slots[key] = slot
            return slot.entry
        }
    }

    public func store(_ entry: CachedResponse, forKey key: String) {
        guard entry.byteCount <= byteLimit else { return removeEntry(forKey: key) }
        state.withLock { state in
            if let old = state.slots.removeValue(forKey: key) { state.byteCount -= old.entry.byteCount }
            while state.byteCount + entry.byteCount > byteLimit,
                let oldest = state.slots.min(by: { $0.value.lastUse < $1.value.lastUse })
            {
                state.slots[oldest.key] = nil
                state.byteCount -= oldest.value.entry.byteCount
            }
            state.clock += 1
            state.slots[key] = Slot(entry: entry, lastUse: state.clock)
            state.byteCount += entry.byteCount
        }
    }

    public func removeEntry(forKey key: String) {
        state.withLock { state in
            if let old = state.slots.removeValue(forKey: key) { state.byteCount -= old.entry.byteCount }
        }
    }

    public func removeEntries(where shouldRemove: (CachedResponse) -> Bool) {
        state.withLock { state in
            for (key, slot) in state.slots where shouldRemove(slot.entry) {
                state.slots[key] = nil
                state.byteCount -= slot.entry.byteCount
            }
        }
    }
}
