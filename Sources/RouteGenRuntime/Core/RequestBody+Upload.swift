import Foundation

extension RequestBody {
    /// What a transport sends for a body: bytes in memory, or a file streamed from disk (a multipart form with file
    /// parts is written to a temporary file first, in chunks, so that its upload streams from disk too).
    public enum Upload: Sendable {
        /// Bytes in memory.
        case data(Data)
        /// A file's contents; `isTemporary` when the transport removes it once sent (``removeTemporaryFile()``).
        case file(URL, isTemporary: Bool)

        /// Removes the temporary file a multipart form was written to; a caller's file stays.
        public func removeTemporaryFile() {
            if case .file(let url, isTemporary: true) = self { try? FileManager.default.removeItem(at: url) }
        }

        /// How many bytes it sends.
        public func length() throws -> Int64 {
            switch self {
            case .data(let data): Int64(data.count)
            case .file(let url, _): (try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? NSNumber)?.int64Value ?? 0
            }
        }
    }

    /// What a transport sends for this body. Throws when a multipart form's file part cannot be read.
    public func upload() throws -> Upload {
        switch self {
        case .data(let data): return .data(data)
        case .file(let url): return .file(url, isTemporary: false)
        case .multipart(let form) where form.hasFileParts:
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("RouteGen-upload-\(UUID().uuidString)")
            do {
                try form.write(to: file)
            } catch {
                try? FileManager.default.removeItem(at: file)
                throw error
            }
            return .file(file, isTemporary: true)
        case .multipart(let form): return .data(try form.encoded())
        }
    }
}
