import Foundation

/// What a generated route sends as its body, and how it is encoded.
@_spi(Generated) public enum RequestContent: Sendable, Hashable {
    /// A JSON body, encoded with the handler's `JSONEncoder`, sent as `contentType`: `application/json`, or the
    /// `…+json` media type the API names (`application/merge-patch+json`).
    case json(any Encodable & Hashable & Sendable, contentType: String = "application/json")
    /// An `application/x-www-form-urlencoded` body: the value's properties as fields (see ``FormEncoder``),
    /// with list styles by top-level field name.
    case form(any Encodable & Hashable & Sendable, styles: [String: ArrayStyle] = [:])
    /// A `multipart/form-data` body: the value's properties as parts, `File`s as file parts, objects as JSON parts.
    case multipart(any Encodable & Hashable & Sendable, styles: [String: ArrayStyle] = [:])
    /// A file or bytes sent as they are, with the file's content type.
    case file(File)
    /// Bytes sent as they are, as `application/octet-stream`.
    case data(Data)

    /// Sets the body and its `Content-Type` on `request`.
    func apply(to request: inout APIRequest, encoder: JSONEncoder, formEncoder: FormEncoder) throws {
        switch self {
        case .json(let value, let contentType):
            try request.setJSONBody(value, encoder: encoder, contentType: contentType)
        case .form(let value, let styles):
            request.setFormBody(try formEncoder.encode(value, styles: styles).queryItems())
        case .multipart(let value, let styles):
            request.setMultipartBody(try MultipartEncoder(formEncoder: formEncoder, jsonEncoder: encoder).encode(value, styles: styles))
        case .file(let file):
            request.body = file.body
            request.headers["Content-Type"] = file.contentType
        case .data(let data):
            request.body = .data(data)
            request.headers["Content-Type"] = "application/octet-stream"
        }
    }

    /// Equal when of the same kind with equal values: the comparison behind `APIRoute`'s.
    public static func == (lhs: RequestContent, rhs: RequestContent) -> Bool {
        lhs.identity == rhs.identity
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(identity)
    }

    /// The kind, the value and the list styles, as one hashable value.
    private var identity: [AnyHashable] {
        switch self {
        case .json(let value, let contentType): ["json", AnyHashable(value), contentType]
        case .form(let value, let styles): ["form", AnyHashable(value), styles]
        case .multipart(let value, let styles): ["multipart", AnyHashable(value), styles]
        case .file(let file): ["file", file]
        case .data(let data): ["data", data]
        }
    }
}
