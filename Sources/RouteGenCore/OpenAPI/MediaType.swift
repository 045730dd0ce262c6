import Foundation

/// What an OpenAPI media type means for RouteGen, and which of several a body is imported as.
enum MediaType: Int, Comparable {
    // In order of preference: of several media types of one body, the first kind listed here is imported.
    case json, form, multipart, eventStream, text, binary

    init(_ name: String) {
        let name = name.lowercased().split(separator: ";")[0].trimmingCharacters(in: .whitespaces)
        switch name {
        case "application/json", "text/json": self = .json
        case "application/x-www-form-urlencoded": self = .form
        case "multipart/form-data": self = .multipart
        case "text/event-stream": self = .eventStream
        case _ where name.hasSuffix("+json"): self = .json
        case _ where name.hasPrefix("text/"): self = .text
        default: self = .binary
        }
    }

    static func < (lhs: MediaType, rhs: MediaType) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The preferred media type of a `content` mapping, with its media type object.
    static func preferred(in content: DocumentNode) -> (kind: MediaType, name: String, media: DocumentNode)? {
        content.entries.map { (kind(of: $0.key, media: $0.value), $0.key, $0.value) }.min { $0.0 < $1.0 }
    }

    /// What `name` means for the body `media` describes: a wildcard (`*/*`, springdoc's default, or `application/*`)
    /// whose schema is not bytes (`type: string` with `format: binary` or `byte`) is JSON, as its schema says.
    private static func kind(of name: String, media: DocumentNode) -> MediaType {
        let written = name.lowercased().split(separator: ";")[0].trimmingCharacters(in: .whitespaces)
        guard written == "*/*" || written == "application/*", let schema = media["schema"] else { return MediaType(name) }
        let isBytes = schema.text("type") == "string" && ["binary", "byte"].contains(schema.text("format") ?? "")
        return isBytes ? .binary : .json
    }
}
