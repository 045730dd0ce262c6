import Foundation

/// Finds the values a user's template names that no template can use: Mustache renders an unknown name as
/// nothing, so `{{namspace}}` would silently write an empty string into generated Swift. The values a template can
/// use are those the built-in templates use and every ``TemplateKey``; what is inside each value (a dotted name,
/// a transform of a value that spans lines) is read from the API's own context (``TemplateContextShape``); the
/// partials are the templates of the run. Each problem is a warning at its `line:column` in the template.
struct TemplateValueChecker {
    /// The names a template may use: every name the built-in templates use, and every ``TemplateKey``.
    let knownNames: Set<String>
    /// The templates a partial tag may name.
    let partials: Set<String>
    /// What the API's context holds.
    let shape: TemplateContextShape

    init(builtIn: [String: String], contextKeys: Set<String>, partials: Set<String>, shape: TemplateContextShape = TemplateContextShape()) {
        knownNames = Set(builtIn.values.flatMap { Self.tags(in: $0).flatMap(\.names) }).union(contextKeys)
        self.partials = partials
        self.shape = shape
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
        /// The template it includes (`{{> Object}}`) or inherits from (`{{< Object}}`); `*name` for a dynamic partial,
        /// which names its template by a value.
        var partial: String?
        /// How many sections and blocks it is inside.
        var depth = 0
        var line: Int
        var column: Int
    }

    /// Warns at each tag of `source` (the template at `path`) that names a value or a partial no template has.
    func check(_ source: String, path: String, diagnostics: inout Diagnostics) {
        for tag in Self.tags(in: source) {
            let location = SourceLocation(file: path, line: tag.line, column: tag.column)
            if let problem = problem(with: tag.names) {
                diagnostics.warning(problem.message, at: location, hint: problem.hint)
            }
            if let transform = tag.transforms.first(where: { !Self.transforms.contains($0) }) {
                diagnostics.warning(
                    "`\(transform)(…)` is not a transform Mustache has, so it renders as nothing", at: location,
                    hint: Suggestion.didYouMean(transform, among: Self.transforms)
                        ?? "transforms: " + Self.transforms.sorted().joined(separator: ", "))
            } else if let transform = tag.transforms.first, let name = tag.names.last, shape.breakable.contains(name) {
                diagnostics.warning(
                    "`\(name)` may be broken over lines, and `\(transform)(…)` would keep the printer from breaking it",
                    at: location, hint: "write `{{\(tag.names.joined(separator: "."))}}` without the transform")
            }
            // A dynamic partial (`{{>*name}}`) is an error of its own (`TemplateSet.library(marking:diagnostics:)`).
            if let partial = tag.partial, !partial.hasPrefix("*"), !partials.contains(partial) {
                diagnostics.warning(
                    "partial `\(partial)` is no template, so it renders as nothing", at: location,
                    hint: Suggestion.didYouMean(partial, among: partials))
            }
        }
    }

    /// Why the value `names` (a dotted name, or one name) renders as nothing; nil when it can render.
    private func problem(with names: [String]) -> (message: String, hint: String?)? {
        guard let first = names.first else { return nil }
        guard knownNames.contains(first) else {
            return (
                "template value `\(first)` is not one a template can use, so it renders as nothing",
                Suggestion.didYouMean(first, among: knownNames) ?? "Templates/README.md lists the values"
            )
        }
        for (index, name) in names.enumerated().dropFirst() {
            let owner = names[index - 1]
            let path = names[..<index].joined(separator: ".")
            if shape.lists.contains(owner) {
                return (
                    "`\(owner)` is a list, so `\(path).\(name)` renders as nothing",
                    "read its items' values inside `{{#\(owner)}}…{{/\(owner)}}`")
            }
            if let members = shape.members[owner] {
                guard !members.contains(name) else { continue }
                // `{{models.count}}` reads a value called `count`; Mustache counts with a transform.
                let hint = Self.transforms.contains(name) ? "did you mean `\(name)(\(path))`?" : nil
                return (
                    "`\(owner)` has no value `\(name)`, so `\(path).\(name)` renders as nothing",
                    hint ?? Suggestion.didYouMean(name, among: members) ?? "its values: " + members.sorted().joined(separator: ", ")
                )
            }
            if shape.scalars.contains(owner) {
                let hint = Self.transforms.contains(name) ? "did you mean `\(name)(\(path))`?" : nil
                return ("`\(owner)` holds no values, so `\(path).\(name)` renders as nothing", hint)
            }
            // A scope this API's context lacks (no `envelope:`): its values are known only by name.
            guard knownNames.contains(name) else {
                return (
                    "template value `\(name)` is not one a template can use, so it renders as nothing",
                    Suggestion.didYouMean(name, among: knownNames) ?? "Templates/README.md lists the values"
                )
            }
        }
        return nil
    }

    /// The tags of a template, in order, following changes of delimiters (`{{=<% %>=}}`). The closing tags of
    /// inheritance (`{{< Parent}}…{{/Parent}}`) and of blocks (`{{$ block}}…{{/ block}}`) name no value.
    static func tags(in source: String) -> [Tag] {
        var tags: [Tag] = []
        let scalars = Array(source.unicodeScalars)
        var index = 0, line = 1, lineStart = 0
        var opening = Array("{{".unicodeScalars), closing = Array("}}".unicodeScalars)
        var openBlocks: [(sigil: Unicode.Scalar, name: String)] = []
        func starts(_ pattern: [Unicode.Scalar], at position: Int) -> Bool {
            position + pattern.count <= scalars.count && Array(scalars[position..<(position + pattern.count)]) == pattern
        }
        while index < scalars.count {
            if scalars[index] == "\n" {
                line += 1
                lineStart = index + 1
                index += 1
                continue
            }
            guard starts(opening, at: index) else {
                index += 1
                continue
            }
            let column = index - lineStart + 1
            let isTriple = opening == Array("{{".unicodeScalars) && starts(Array("{{{".unicodeScalars), at: index)
            let close = isTriple ? Array("}}}".unicodeScalars) : closing
            let contentStart = index + opening.count + (isTriple ? 1 : 0)
            var end = contentStart
            while end < scalars.count, !starts(close, at: end) { end += 1 }
            let content = String(String.UnicodeScalarView(scalars[contentStart..<min(end, scalars.count)]))
            let tagLine = line
            for scalar in scalars[index..<min(end, scalars.count)] where scalar == "\n" { line += 1 }
            if let lastNewline = scalars[index..<min(end, scalars.count)].lastIndex(of: "\n") { lineStart = lastNewline + 1 }
            index = end + close.count
            // Mustache reads any whitespace around a tag's name, line breaks too.
            var body = Substring(content.trimmingCharacters(in: .whitespacesAndNewlines))
            guard let sigil = body.unicodeScalars.first else { continue }
            if sigil == "=" {
                // `{{=<% %>=}}`: the delimiters from here on.
                let delimiters = body.dropFirst().dropLast().split(whereSeparator: \.isWhitespace)
                if delimiters.count == 2 {
                    opening = Array(delimiters[0].unicodeScalars)
                    closing = Array(delimiters[1].unicodeScalars)
                }
                continue
            }
            if "!%".unicodeScalars.contains(sigil) { continue }
            if "#^/&><$".unicodeScalars.contains(sigil) { body = body.dropFirst().drop(while: \.isWhitespace) }
            if sigil == ">" || sigil == "<" {
                tags.append(Tag(partial: String(body), depth: openBlocks.count, line: tagLine, column: column))
                if sigil == "<" { openBlocks.append((sigil, String(body))) }
                continue
            }
            if sigil == "$" {
                openBlocks.append((sigil, String(body)))
                continue
            }
            if sigil == "/", let last = openBlocks.last, last.name == String(body) {
                openBlocks.removeLast()
                continue
            }
            if sigil == "#" || sigil == "^" { openBlocks.append((sigil, String(body))) }
            // A transform (`{{uppercased(name)}}`, nested as `{{uppercased(reversed(name))}}`) names its value inside
            // the innermost parentheses; `{{first()}}` names none, and means the item's place in its list.
            var transforms: [String] = []
            while let open = body.firstIndex(of: "("), let closing = body.lastIndex(of: ")"), open < closing {
                transforms.append(String(body[..<open]).trimmingCharacters(in: .whitespaces))
                body = body[body.index(after: open)..<closing]
            }
            let value = body.prefix { !$0.isWhitespace }.drop { $0 == "." }
            let names = value.split(separator: ".").map(String.init)
            tags.append(Tag(names: names, transforms: transforms, depth: openBlocks.count, line: tagLine, column: column))
        }
        return tags
    }
}

/// What one API's template context holds, by value name (names are shared by scopes: an endpoint's `name` and a
/// model's): the values the printer may break over lines (a generic type, whose marks a transform would spoil), as
/// text, numbers or flags, as lists (whose items a dotted name cannot reach), and the values inside each scope.
struct TemplateContextShape {
    var breakable: Set<String> = []
    var scalars: Set<String> = []
    var lists: Set<String> = []
    var members: [String: Set<String>] = [:]

    init() {}

    /// The shape of `values` and everything inside it.
    init(_ values: TemplateValues) {
        add(values)
    }

    private mutating func add(_ values: TemplateValues) {
        for (name, value) in values.all {
            switch value {
            case let scope as TemplateValues:
                members[name, default: []].formUnion(scope.all.map(\.name))
                add(scope)
            case let scopes as [TemplateValues]:
                lists.insert(name)
                for scope in scopes { add(scope) }
            case let text as String where Printer.holdsMarks(text):
                breakable.insert(name)
            case is [Any]:
                lists.insert(name)
            default:
                scalars.insert(name)
            }
        }
    }
}
