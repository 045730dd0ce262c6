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
        knownNames = Set(builtIn.values.flatMap { Self.tags(in: $0).flatMap(\.names) }).union(contextKeys)
        self.partials = partials
    }

    /// The transforms swift-mustache applies (`{{uppercased(name)}}`, `{{#first()}}`): those of a text, a number
    /// and a list, and those of an item's place in the list it is rendered for. Any other renders as nothing.
    static let transforms: Set<String> = [
        "capitalized", "lowercased", "uppercased", "reversed", "sorted", "count", "empty", "enumerated", "equalzero",
        "plusone", "minusone", "even", "odd", "first", "last", "index",
    ]

    /// One `{{…}}` tag: the value or partial it names, and where it is.
    struct Tag {
        /// The first name of the value it uses (`models` of `models.count`); nil for `.`, comments and pragmas.
        var name: String? { names.first }
        /// Each name of a dotted value (`envelope`, `payloadKey` of `envelope.payloadKey`); empty for `.`.
        var names: [String] = []
        /// The transforms applied to it, outermost first (`uppercased` of `{{uppercased(name)}}`).
        var transforms: [String] = []
        /// The partial it includes (`{{> Object}}`).
        var partial: String?
        var line: Int
        var column: Int
    }

    /// Warns at each tag of `source` (the template at `path`) that names a value or a partial no template has.
    func check(_ source: String, path: String, diagnostics: inout Diagnostics) {
        for tag in Self.tags(in: source) {
            let location = SourceLocation(file: path, line: tag.line, column: tag.column)
            if let index = tag.names.firstIndex(where: { !knownNames.contains($0) }) {
                let name = tag.names[index]
                // `{{models.count}}` reads a value called `count`; Mustache counts with a transform.
                let transform = index > 0 && Self.transforms.contains(name) ? tag.names[..<index].joined(separator: ".") : nil
                diagnostics.warning(
                    "template value `\(name)` is not one a template can use, so it renders as nothing", at: location,
                    hint: transform.map { "did you mean `\(name)(\($0))`?" }
                        ?? Suggestion.didYouMean(name, among: knownNames) ?? "Templates/README.md lists the values")
            }
            if let transform = tag.transforms.first(where: { !Self.transforms.contains($0) }) {
                diagnostics.warning(
                    "`\(transform)(…)` is not a transform Mustache has, so it renders as nothing", at: location,
                    hint: Suggestion.didYouMean(transform, among: Self.transforms)
                        ?? "transforms: " + Self.transforms.sorted().joined(separator: ", "))
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
            if sigil == ">" {
                tags.append(Tag(partial: String(body), line: tagLine, column: column))
                continue
            }
            // A transform (`{{uppercased(name)}}`, nested as `{{uppercased(reversed(name))}}`) names its value inside
            // the innermost parentheses; `{{first()}}` names none, and means the item's place in its list.
            var transforms: [String] = []
            while let open = body.firstIndex(of: "("), let closing = body.lastIndex(of: ")"), open < closing {
                transforms.append(String(body[..<open]).trimmingCharacters(in: .whitespaces))
                body = body[body.index(after: open)..<closing]
            }
            let value = body.prefix { $0 != " " }.drop { $0 == "." }
            let names = value.split(separator: ".").map(String.init)
            tags.append(Tag(names: names, transforms: transforms, line: tagLine, column: column))
        }
        return tags
    }
}
