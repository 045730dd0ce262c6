import Foundation

/// A `multipart/form-data` body: text fields and file parts (RFC 7578). File parts read from disk are streamed
/// by ``write(to:)``, so a large upload never has to fit in memory.
public struct MultipartFormData: Hashable, Sendable {
    /// One part.
    public struct Part: Hashable, Sendable {
        /// The form field name.
        public var name: String
        /// The file name, for file parts.
        public var filename: String?
        /// The part's media type, for file parts.
        public var contentType: String?
        /// The part's bytes, or the file they are read from.
        public var contents: File.Contents
    }

    /// The boundary between parts; random by default.
    public let boundary: String
    /// The parts, in order.
    public private(set) var parts: [Part] = []

    /// Creates an empty form.
    public init(boundary: String = "RouteGen-\(UUID().uuidString)") {
        self.boundary = boundary
    }

    /// The `Content-Type` header value, with the boundary.
    public var contentType: String { "multipart/form-data; boundary=\(boundary)" }

    /// Whether a part is read from disk, so the body is best written to a file and streamed from there.
    public var hasFileParts: Bool {
        parts.contains { if case .url = $0.contents { true } else { false } }
    }

    /// Adds a text field.
    public mutating func append(_ value: String, name: String) {
        parts.append(Part(name: name, filename: nil, contentType: nil, contents: .data(Data(value.utf8))))
    }

    /// Adds a part holding JSON, `Content-Type: application/json`: how OpenAPI sends an object field.
    public mutating func append(json: Data, name: String) {
        parts.append(Part(name: name, filename: nil, contentType: "application/json", contents: .data(json)))
    }

    /// Adds a file part from bytes in memory.
    public mutating func append(_ data: Data, name: String, filename: String, contentType: String) {
        parts.append(Part(name: name, filename: filename, contentType: contentType, contents: .data(data)))
    }

    /// Adds a file part; a file on disk is read only when the body is sent.
    public mutating func append(_ file: File, name: String) {
        parts.append(Part(name: name, filename: file.fileName, contentType: file.contentType, contents: file.contents))
    }

    /// Adds a file part read from disk when the body is sent; the file name defaults to the file's own.
    public mutating func append(
        fileAt url: URL, name: String, filename: String? = nil, contentType: String = "application/octet-stream"
    ) {
        append(File(url: url, fileName: filename, contentType: contentType), name: name)
    }

    /// The encoded body in memory, files read whole. For small forms; transports use ``write(to:)`` when
    /// ``hasFileParts``.
    public func encoded() throws -> Data {
        var body = Data()
        try forEachChunk { body.append($0) }
        return body
    }

    /// Writes the encoded body to a new file at `url`, copying file parts in chunks of 64 KiB: memory use stays
    /// small whatever the files' sizes.
    public func write(to url: URL) throws {
        guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
        }
        let output = try FileHandle(forWritingTo: url)
        defer { try? output.close() }
        try forEachChunk { try output.write(contentsOf: $0) }
    }

    /// The body's bytes in order, a file part's in chunks.
    private func forEachChunk(_ body: (Data) throws -> Void) throws {
        for part in parts {
            var head = "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(Self.quoted(part.name))\""
            if let filename = part.filename { head += "; filename=\"\(Self.quoted(filename))\"" }
            head += "\r\n"
            if let contentType = part.contentType { head += "Content-Type: \(contentType)\r\n" }
            try body(Data((head + "\r\n").utf8))
            switch part.contents {
            case .data(let data):
                try body(data)
            case .url(let url):
                let input = try FileHandle(forReadingFrom: url)
                defer { try? input.close() }
                while let chunk = try input.read(upToCount: 1 << 16), !chunk.isEmpty { try body(chunk) }
            }
            try body(Data("\r\n".utf8))
        }
        try body(Data("--\(boundary)--\r\n".utf8))
    }

    /// Escapes a name for a quoted header parameter as HTML forms do: `"` and line breaks percent-encoded.
    private static func quoted(_ text: String) -> String {
        text.replacingOccurrences(of: "\"", with: "%22").replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }
}
