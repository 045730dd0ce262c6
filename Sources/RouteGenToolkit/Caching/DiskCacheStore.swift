import Foundation
import RouteGenRuntime

/// A store of one file per response in a folder, surviving a restart. Each file is written to a temporary name
/// and renamed into place, so a crash mid-write leaves the previous entry or none, never a torn one; a file that
/// cannot be read (cut short, from another version) is a miss and is removed. Entries hold no credential: keys
/// are hashes, and URLs are stored with secrets redacted.
public final class DiskCacheStore: HTTPCacheStore {
    /// The folder holding the entries.
    public let folder: URL
    private let lock = NSLock()
    private static let suffix = ".response"
    private static let magic = Data("RGC1".utf8)

    /// A store in `folder`, created if needed; leftovers of an interrupted write are removed.
    public init(folder: URL) throws {
        self.folder = folder
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        where name.hasSuffix(".partial") {
            try? FileManager.default.removeItem(at: folder.appending(path: name))
        }
    }

    public func entry(forKey key: String) -> CachedResponse? {
        lock.withLock { read(file(forKey: key)) }
    }

    public func store(_ entry: CachedResponse, forKey key: String) {
        guard let data = Self.encode(entry) else { return }
        lock.withLock {
            let partial = folder.appending(path: "\(key).\(UUID().uuidString).partial")
            do {
                try data.write(to: partial)
                // rename(2) replaces the old entry in one step.
                guard rename(partial.path, file(forKey: key).path) == 0 else { throw CocoaError(.fileWriteUnknown) }
            } catch {
                try? FileManager.default.removeItem(at: partial)
            }
        }
    }

    public func removeEntry(forKey key: String) {
        lock.withLock { _ = try? FileManager.default.removeItem(at: file(forKey: key)) }
    }

    public func removeEntries(where shouldRemove: (CachedResponse) -> Bool) {
        lock.withLock {
            for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            where name.hasSuffix(Self.suffix) {
                let file = folder.appending(path: name)
                if let entry = read(file), !shouldRemove(entry) { continue }
                try? FileManager.default.removeItem(at: file)
            }
        }
    }

    private func file(forKey key: String) -> URL {
        folder.appending(path: key + Self.suffix)
    }

    /// The entry in `file`, or nil after removing a file that does not hold one.
    private func read(_ file: URL) -> CachedResponse? {
        guard let data = try? Data(contentsOf: file) else { return nil }
        if let entry = Self.decode(data) { return entry }
        try? FileManager.default.removeItem(at: file)
        return nil
    }

    /// `RGC1`, the lengths of the JSON head (4 bytes) and of the body (8 bytes), big-endian, the head, then the
    /// body as is: a file cut short anywhere does not decode.
    private static func encode(_ entry: CachedResponse) -> Data? {
        var head = entry
        head.body = Data()
        guard let json = try? JSONEncoder().encode(head), json.count <= UInt32.max else { return nil }
        var data = magic
        withUnsafeBytes(of: UInt32(json.count).bigEndian) { data.append(contentsOf: $0) }
        withUnsafeBytes(of: UInt64(entry.body.count).bigEndian) { data.append(contentsOf: $0) }
        data.append(json)
        data.append(entry.body)
        return data
    }

    static func decode(_ data: Data) -> CachedResponse? {
        guard data.count >= 16, data.prefix(4) == magic else { return nil }
        let headLength = data.dropFirst(4).prefix(4).reduce(0) { $0 << 8 | Int($1) }
        let bodyLength = data.dropFirst(8).prefix(8).reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        // Subtracted, not added: lengths read from a damaged file can be anything, and a sum could overflow.
        let stored = UInt64(data.count - 16)
        guard UInt64(headLength) <= stored, stored - UInt64(headLength) == bodyLength,
            var entry = try? JSONDecoder().decode(CachedResponse.self, from: data.dropFirst(16).prefix(headLength))
        else { return nil }
        entry.body = Data(data.dropFirst(16 + headLength))
        return entry
    }
}
