/// Parses an endpoint's `path:` into literal text and `{parameter}` placeholders.
enum PathTemplateParser {
    /// A parsed path and where each placeholder is written, for diagnostics about it.
    struct Result {
        var template: PathTemplate
        var placeholderLocations: [String: SourceLocation]
    }

    static func parse(_ node: SyntaxNode, diagnostics: inout Diagnostics) -> Result? {
        guard let text = node.text else {
            diagnostics.error("`path` must be text, not \(node.kindDescription)", at: node.location, hint: "write a path such as `/pets/{id}`")
            return nil
        }
        let start = node.textStart
        func location(_ offset: Int) -> SourceLocation {
            SourceLocation(file: start.file, line: start.line, column: start.column + offset)
        }
        guard text.hasPrefix("/") else {
            diagnostics.error("path `\(text)` must start with `/`", at: start, hint: "write `/\(text)`")
            return nil
        }
        let scalars = Array(text.unicodeScalars)
        if let offset = scalars.firstIndex(where: { $0 == "?" || $0 == "#" }) {
            diagnostics.error(
                "path `\(text)` may not contain `\(scalars[offset])`", at: location(offset),
                hint: "declare query parameters under `query:`")
            return nil
        }
        if let offset = scalars.firstIndex(where: { $0 == " " || $0.value < 0x20 }) {
            diagnostics.error("path `\(text)` may not contain spaces or control characters", at: location(offset))
            return nil
        }
        var segments: [PathTemplate.Segment] = []
        var locations: [String: SourceLocation] = [:]
        var literal = ""
        var index = 0
        var valid = true
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "}" {
                diagnostics.error("`}` without a matching `{` in path `\(text)`", at: location(index))
                return nil
            }
            guard scalar == "{" else {
                literal.unicodeScalars.append(scalar)
                index += 1
                continue
            }
            guard let close = scalars[(index + 1)...].firstIndex(where: { $0 == "}" || $0 == "{" }), scalars[close] == "}" else {
                diagnostics.error("`{` is never closed in path `\(text)`", at: location(index), hint: "write `{name}`")
                return nil
            }
            let name = String(String.UnicodeScalarView(scalars[(index + 1)..<close]))
            if name.isEmpty {
                diagnostics.error("empty `{}` in path `\(text)`", at: location(index), hint: "name the parameter: `{id}`")
                valid = false
            } else if locations[name] != nil {
                diagnostics.error("path parameter `{\(name)}` appears twice in `\(text)`", at: location(index))
                valid = false
            } else {
                locations[name] = location(index)
                if !literal.isEmpty { segments.append(.literal(literal)) }
                literal = ""
                segments.append(.parameter(name))
            }
            index = close + 1
        }
        if !literal.isEmpty { segments.append(.literal(literal)) }
        guard valid else { return nil }
        return Result(template: PathTemplate(template: text, segments: segments), placeholderLocations: locations)
    }
}
