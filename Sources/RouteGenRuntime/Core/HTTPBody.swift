import Foundation

/// What a request sends: bytes in memory, or a file streamed from disk (for uploads).
public enum HTTPBody: Hashable, Sendable {
    /// Bytes in memory.
    case data(Data)
    /// A file's contents, read by the transport as it sends.
    case file(URL)
}
