import Foundation

/// Finds the values a user's template names that no template can use: Mustache renders an unknown name as
/// nothing, so `{{namspace}}` would silently write an empty string into generated Swift. The values a template can
/// use are those the built-in templates use and every ``TemplateValue``; the partials are the templates of
/// the run; each unknown one is a warning at its `line:column` in the template.
struct TemplateValueChecker {
    /// The names a template may use: every name the built-in templates use, and every ``TemplateValue``.
    let knownNames: Set<String>
    /// The templates a partial tag may name.
    let partials: Set<String>

    init(builtIn: [String: String], contextKeys: Set<String>, partials: Set<String>) {
        knownNames = Set(builtIn.values.flatMap { Self.tags(in: $0).compactMap(\.name) }).union(contextKeys)
        self.partials = partials
    }

    /// One `{{…}}` tag: the value or partial it names, and where it is.
    struct Tag {
        /// The first name of the value it uses (`models` of `models.count`); nil for `.`, comments and pragmas.
        var name: String?
        /// The partial it includes (`{{> Object}}`).
        var partial: String?
        var line: Int
        var column: Int
    }

    /// Warns at each tag of `source` (the template at `path`) that names a value or a partial no template has.
    func check(_ source: String, path: String, diagnostics: inout Diagnostics) {
        for tag in Self.tags(in: source) {
            let location = SourceLocation(file: path, line: tag.line, column: tag.column)
            if let name = tag.name, !knownNames.contains(name) {
                diagnostics.warning(
                    "template value `\(name)` is not one a template can use, so it renders as nothing", at: location,
                    hint: Suggestion.didYouMean(name, among: knownNames) ?? "Templates/README.md lists the values")
            }
            if let partial = tag.partial, !partials.contains(partial) {
                diagnostics.warning(
                    "partial `\(partial)` is no template, so it renders as nothing", at: location,
                    hint: Suggestion.didYouMean(partial, among: partials))
            }
        }
    }

    /// The tags of a template, in order. Stops at a change of delimiters (`{{=<% %>=}}`), which no template here uses.
    static func tags(in source: String) -> [Tag] {
        var tags: [Tag] = []
        let scalars = Array(source.unicodeScalars)
        var index = 0, line = 1, lineStart = 0
        func starts(_ text: String, at position: Int) -> Bool {
            let pattern = Array(text.unicodeScalars)
            return position + pattern.count <= scalars.count && Array(scalars[position..<(position + pattern.count)]) == pattern
        }
        while index < scalars.count {
            if scalars[index] == "\n" {
                line += 1
                lineStart = index + 1
                index += 1
                continue
            }
            guard starts("{{", at: index) else {
                index += 1
                continue
            }
            let column = index - lineStart + 1
            let isTriple = starts("{{{", at: index)
            let close = isTriple ? "}}}" : "}}"
            var end = index + (isTriple ? 3 : 2)
            while end < scalars.count, !starts(close, at: end) { end += 1 }
            let content = String(String.UnicodeScalarView(scalars[(index + (isTriple ? 3 : 2))..<min(end, scalars.count)]))
            let tagLine = line
            for scalar in scalars[index..<min(end, scalars.count)] where scalar == "\n" { line += 1 }
            if let lastNewline = scalars[index..<min(end, scalars.count)].lastIndex(of: "\n") { lineStart = lastNewline + 1 }
            index = end + close.unicodeScalars.count
            var body = Substring(content.trimmingCharacters(in: .whitespaces))
            guard let sigil = body.first else { continue }
            if sigil == "=" { break }
            if "!%".contains(sigil) { continue }
            if "#^/&>".contains(sigil) { body = body.dropFirst().drop { $0 == " " } }
            // A transform (`{{uppercased(name)}}`) names its value inside the parentheses.
            if let open = body.lastIndex(of: "("), let closing = body.lastIndex(of: ")"), open < closing {
                body = body[body.index(after: open)..<closing]
            }
            let name = String(body.prefix { $0 != "." && $0 != " " })
            if sigil == ">" {
                tags.append(Tag(name: nil, partial: String(body), line: tagLine, column: column))
            } else {
                tags.append(Tag(name: name.isEmpty ? nil : name, partial: nil, line: tagLine, column: column))
            }
        }
        return tags
    }
}
