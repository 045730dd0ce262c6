import Foundation

/// What a generated route sends as its body, and how it is encoded.
public enum RequestContent: Sendable {
    /// A JSON body, encoded with the handler's `JSONEncoder`.
    case json(any Encodable & Sendable)
    /// An `application/x-www-form-urlencoded` body: the value's properties as fields (see ``FormEncoder``),
    /// with list styles by top-level field name.
    case form(any Encodable & Sendable, styles: [String: ArrayStyle] = [:])
    /// A `multipart/form-data` body: the value's properties as parts, `File`s as file parts.
    case multipart(any Encodable & Sendable, styles: [String: ArrayStyle] = [:])
    /// A file or bytes sent as they are, with the file's content type.
    case file(File)
    /// Bytes sent as they are, as `application/octet-stream`.
    case data(Data)

    /// Sets the body and its `Content-Type` on `request`.
    func apply(to request: inout HTTPRequest, encoder: JSONEncoder, formEncoder: FormEncoder) throws {
        switch self {
        case .json(let value):
            try request.setJSONBody(value, encoder: encoder)
        case .form(let value, let styles):
            request.setFormBody(try formEncoder.encode(value, styles: styles).queryItems())
        case .multipart(let value, let styles):
            request.setMultipartBody(try formEncoder.encode(value, styles: styles).multipartForm())
        case .file(let file):
            request.body = file.body
            request.headers["Content-Type"] = file.contentType
        case .data(let data):
            request.body = .data(data)
            request.headers["Content-Type"] = "application/octet-stream"
        }
    }
}
