import Mustache

/// One line of a doc comment as the templates read it (`///{{#.}} {{.}}{{/.}}`): a blank line is an empty section,
/// so the template writes `///` with no trailing space.
struct CommentLine: MustacheCustomRenderable, Sendable {
    /// The line's text, without `///`.
    let text: String

    var renderText: String { text }

    var isNull: Bool { text.isEmpty }

    /// The lines of ``SwiftSpelling/documentation(_:isDeprecated:)`` as template values.
    static func lines(_ lines: [String]) -> [CommentLine] {
        lines.map(CommentLine.init)
    }
}
