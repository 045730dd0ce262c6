import Foundation

extension HTTPClient {
    /// Downloads the response body of `request` into `destination` (replacing a file already there) and returns the
    /// response head, whatever its status. The body is written as it arrives, so it never has to fit in memory, and
    /// its progress is reported inside `withTransferProgress`. The file appears whole or not at all: the body goes to
    /// a hidden file beside `destination`, moved into place once complete and removed when anything fails.
    public func download(_ request: HTTPRequest, to destination: URL) async throws -> HTTPResponse {
        let (head, body) = try await stream(request)
        let partial = destination.deletingLastPathComponent().appending(path: ".\(UUID().uuidString).download")
        do {
            guard FileManager.default.createFile(atPath: partial.path, contents: nil) else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: partial.path])
            }
            let file = try FileHandle(forWritingTo: partial)
            do {
                for try await chunk in body { try file.write(contentsOf: chunk) }
                try file.close()
            } catch {
                try? file.close()
                throw error
            }
            if FileManager.default.fileExists(atPath: destination.path) {
                try FileManager.default.removeItem(at: destination)
            }
            try FileManager.default.moveItem(at: partial, to: destination)
            return head
        } catch {
            try? FileManager.default.removeItem(at: partial)
            throw error
        }
    }
}
