import Foundation

/// What a request sends: bytes in memory, a file streamed from disk, or a multipart form whose file parts are
/// streamed from disk too.
public enum RequestBody: Hashable, Sendable {
    /// Bytes in memory.
    case data(Data)
    /// A file's contents, read by the transport as it sends.
    case file(URL)
    /// A `multipart/form-data` form. Transports stream its file parts from disk; see
    /// ``MultipartFormData/write(to:)``.
    case multipart(MultipartFormData)
}
