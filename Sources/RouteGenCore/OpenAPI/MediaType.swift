import Foundation

/// What an OpenAPI media type means for RouteGen, and which of several a body is imported as.
enum MediaType: Int, Comparable {
    // In order of preference: of several media types of one body, the first kind listed here is imported.
    case json, form, multipart, eventStream, text, binary

    init(_ name: String) {
        let name = Self.essence(name)
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

    /// The preferred media type of a `content` mapping, with its media type object; `resolve` follows a schema's
    /// `$ref`.
    ///
    /// A wildcard (`*/*`, springdoc's default, or `application/*`) says what the body is only when it is the only
    /// media type: then a schema that is not bytes (`type: string` with `format: binary` or `byte`) makes it JSON.
    /// Beside named media types it is the last choice, as bytes. Of JSON media types, `application/json` (with
    /// parameters or not: `application/json; charset=utf-8`) is chosen when it is offered: what every server of the
    /// document reads.
    static func preferred(
        in content: DocumentNode, resolve: (DocumentNode) -> DocumentNode?
    ) -> (kind: MediaType, name: String, media: DocumentNode)? {
        let isAlone = content.entries.count == 1
        return content.entries.map { name, _, media in
            guard isWildcard(name) else { return (MediaType(name), name, media) }
            guard isAlone, let schema = media["schema"].flatMap(resolve) else { return (.binary, name, media) }
            let isBytes = schema.text("type") == "string" && ["binary", "byte"].contains(schema.text("format") ?? "")
            return (isBytes ? .binary : .json, name, media)
        }.min { ($0.0.rawValue, isApplicationJSON($0.1) ? 0 : 1) < ($1.0.rawValue, isApplicationJSON($1.1) ? 0 : 1) }
    }

    /// Whether `name` is `*/*` or `application/*`.
    static func isWildcard(_ name: String) -> Bool {
        ["*/*", "application/*"].contains(essence(name))
    }

    /// Whether `name` is `application/json`, with parameters or not.
    static func isApplicationJSON(_ name: String) -> Bool {
        essence(name) == "application/json"
    }

    /// `name` without its parameters, lowercased: `application/json` for `Application/JSON; charset=utf-8`.
    static func essence(_ name: String) -> String {
        String(name.lowercased().split(separator: ";", omittingEmptySubsequences: false)[0]).trimmingCharacters(in: .whitespaces)
    }

    /// The parameters of a media type as written, but `charset` (JSON is UTF-8): `; ext="…/atomic"` of JSON:API's
    /// atomic operations, `; profile=…`; empty when there are none.
    static func parametersBesideCharset(_ name: String) -> String {
        name.split(separator: ";", omittingEmptySubsequences: true).dropFirst()
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.lowercased().hasPrefix("charset=") }
            .map { "; " + $0 }.joined()
    }
}
