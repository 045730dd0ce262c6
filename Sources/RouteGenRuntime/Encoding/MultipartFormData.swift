import Foundation

/// A `multipart/form-data` body: text fields and file parts (RFC 7578).
public struct MultipartFormData: Hashable, Sendable {
    /// One part.
    public struct Part: Hashable, Sendable {
        /// The form field name.
        public var name: String
        /// The file name, for file parts.
        public var filename: String?
        /// The part's media type, for file parts.
        public var contentType: String?
        /// The part's bytes.
        public var data: Data
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

    /// Adds a text field.
    public mutating func append(_ value: String, name: String) {
        parts.append(Part(name: name, filename: nil, contentType: nil, data: Data(value.utf8)))
    }

    /// Adds a file part from bytes in memory.
    public mutating func append(_ data: Data, name: String, filename: String, contentType: String) {
        parts.append(Part(name: name, filename: filename, contentType: contentType, data: data))
    }

    /// Adds a file part read from disk; the file name defaults to the file's own.
    public mutating func append(
        fileAt url: URL, name: String, filename: String? = nil, contentType: String = "application/octet-stream"
    ) throws {
        append(try Data(contentsOf: url), name: name, filename: filename ?? url.lastPathComponent, contentType: contentType)
    }

    /// The encoded body.
    public func encoded() -> Data {
        var body = Data()
        for part in parts {
            var head = "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(Self.quoted(part.name))\""
            if let filename = part.filename { head += "; filename=\"\(Self.quoted(filename))\"" }
            head += "\r\n"
            if let contentType = part.contentType { head += "Content-Type: \(contentType)\r\n" }
            body.append(Data((head + "\r\n").utf8))
            body.append(part.data)
            body.append(Data("\r\n".utf8))
        }
        body.append(Data("--\(boundary)--\r\n".utf8))
        return body
    }

    /// Escapes a name for a quoted header parameter as HTML forms do: `"` and line breaks percent-encoded.
    private static func quoted(_ text: String) -> String {
        text.replacingOccurrences(of: "\"", with: "%22").replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }
}
