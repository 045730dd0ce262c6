import Foundation

/// Parses an endpoint's `path:` into literal text and `{parameter}` placeholders, and the constant query items
/// written after a `?` (`/responses?beta=true`).
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
        let written = Array(text.unicodeScalars)
        if let offset = written.firstIndex(of: "#") {
            diagnostics.error(
                "path `\(text)` may not contain `#`", at: location(offset), hint: "a fragment is never sent; leave it out")
            return nil
        }
        let questionMark = written.firstIndex(of: "?")
        let scalars = Array(written[..<(questionMark ?? written.count)])
        var constantQuery: [PathTemplate.ConstantQueryItem] = []
        if let questionMark {
            let query = String(String.UnicodeScalarView(written[(questionMark + 1)...]))
            if let brace = query.unicodeScalars.firstIndex(where: { $0 == "{" || $0 == "}" }) {
                let offset = questionMark + 1 + query.unicodeScalars.distance(from: query.unicodeScalars.startIndex, to: brace)
                diagnostics.error(
                    "the query part of path `\(text)` cannot hold a placeholder", at: location(offset),
                    hint: "declare the parameter under `query:`")
                return nil
            }
            for pair in query.split(separator: "&") {
                let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
                let name = parts[0].removingPercentEncoding ?? parts[0]
                guard !name.isEmpty else {
                    diagnostics.error("the query part of path `\(text)` has an item without a name", at: location(questionMark))
                    return nil
                }
                let value = parts.count > 1 ? (parts[1].removingPercentEncoding ?? parts[1]) : ""
                constantQuery.append(PathTemplate.ConstantQueryItem(name: name, value: value))
            }
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
        return Result(
            template: PathTemplate(template: text, segments: segments, constantQuery: constantQuery), placeholderLocations: locations)
    }
}
