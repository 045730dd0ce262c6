import Foundation

/// A file to upload: bytes in memory or a file on disk, with the file name and media type the server is told.
///
/// Specs use it for raw bodies (`body: File`) and multipart fields (`file: File`). A file on disk is streamed
/// as the request is sent, never loaded into memory whole.
public struct File: Hashable, Sendable, Encodable {
    /// Where the bytes come from.
    public enum Contents: Hashable, Sendable {
        /// Bytes in memory.
        case data(Data)
        /// A file on disk, read as the request is sent.
        case url(URL)
    }

    /// The bytes, or where to read them.
    public var contents: Contents
    /// The file name sent in a multipart part (`filename="…"`).
    public var fileName: String
    /// The media type, like `image/png`.
    public var contentType: String

    /// A file made of bytes in memory.
    public init(data: Data, fileName: String = "file", contentType: String = "application/octet-stream") {
        self.contents = .data(data)
        self.fileName = fileName
        self.contentType = contentType
    }

    /// A file on disk; the file name defaults to its own.
    public init(url: URL, fileName: String? = nil, contentType: String = "application/octet-stream") {
        self.contents = .url(url)
        self.fileName = fileName ?? url.lastPathComponent
        self.contentType = contentType
    }

    /// The request body that sends the file as it is.
    public var body: RequestBody {
        switch contents {
        case .data(let data): .data(data)
        case .url(let url): .file(url)
        }
    }

    /// A `File` is sent as a raw body or a multipart part, never inside JSON: encoding it with any other
    /// encoder throws.
    public func encode(to encoder: any Encoder) throws {
        throw EncodingError.invalidValue(
            self,
            EncodingError.Context(
                codingPath: encoder.codingPath,
                debugDescription: "a File is sent as a raw body or a multipart part, not inside JSON or a form"))
    }
}
