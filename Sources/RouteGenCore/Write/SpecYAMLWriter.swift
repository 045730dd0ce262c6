import Foundation

/// Writes a spec tree as YAML a person would be glad to maintain: block mappings, the long form of a value on
/// one line (`{ type: Date, format: unix }`), short lists on one line, descriptions of several lines as literal
/// blocks, quotes only where YAML needs them, and a blank line before `models:` and `endpoints:`.
///
/// Loading what it writes gives back the same tree (the round trip is tested).
public struct SpecYAMLWriter: Sendable {
    /// The widest a one-line mapping or list may make its line.
    public var lineWidth = 100

    /// Creates a writer.
    public init() {}

    /// The YAML text of `root`, a mapping, ending in a newline.
    public func write(_ root: SyntaxNode) -> String {
        var lines: [String] = []
        for entry in root.entries ?? [] {
            if ["models", "endpoints"].contains(entry.key) { lines.append("") }
            append(entry, indent: 0, to: &lines)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private func append(_ entry: SyntaxEntry, indent: Int, to lines: inout [String]) {
        let prefix = String(repeating: " ", count: indent) + Self.scalar(entry.key, isPlain: true, inFlow: false) + ":"
        let value = entry.value
        switch value.kind {
        case .scalar(let text, let isPlain):
            if text.contains("\n"), let block = Self.literalBlock(text, indent: indent + 2) {
                lines.append(prefix + " " + block.header)
                lines += block.lines
            } else {
                lines.append(prefix + " " + Self.scalar(text, isPlain: isPlain, inFlow: false))
            }
        case .mapping(let entries):
            if entries.isEmpty {
                lines.append(prefix + " {}")
            } else if Self.isLongFormValue(entries, under: entry.key), let flow = flowMapping(value),
                prefix.count + 1 + flow.count <= lineWidth
            {
                lines.append(prefix + " " + flow)
            } else {
                lines.append(prefix)
                for child in entries { append(child, indent: indent + 2, to: &lines) }
            }
        case .sequence(let items):
            if let flow = flowList(items), prefix.count + 1 + flow.count <= lineWidth {
                lines.append(prefix + " " + flow)
            } else {
                lines.append(prefix)
                for item in items { appendItem(item, indent: indent + 2, to: &lines) }
            }
        }
    }

    private func appendItem(_ item: SyntaxNode, indent: Int, to lines: inout [String]) {
        let dash = String(repeating: " ", count: indent) + "- "
        switch item.kind {
        case .scalar(let text, let isPlain):
            lines.append(dash + Self.scalar(text, isPlain: isPlain, inFlow: false))
        case .mapping(let entries):
            var nested: [String] = []
            for child in entries { append(child, indent: indent + 2, to: &nested) }
            if let first = nested.first {
                nested[0] = dash + first.dropFirst(indent + 2)
            } else {
                nested = [dash + "{}"]
            }
            lines += nested
        case .sequence:
            lines.append(dash + (flowList(item.items ?? []) ?? "[]"))
        }
    }

    /// Whether `entries` are the long form of one value (`{ type: Date, format: unix }`), not a list of fields
    /// that happens to have one named `type`.
    private static func isLongFormValue(_ entries: [SyntaxEntry], under key: String) -> Bool {
        let fieldLists = ["properties", "params", "query", "headers", "body", "form", "multipart", "response_headers"]
        let longFormKeys = [
            "type", "description", "deprecated", "style", "allow_slashes", "format", "default", "server_default", "swift_name",
            "read_only", "write_only",
        ]
        return !fieldLists.contains(key) && entries.contains { $0.key == "type" } && entries.allSatisfy { longFormKeys.contains($0.key) }
    }

    /// `{ a: b, c: d }` when every value is a one-line scalar.
    private func flowMapping(_ node: SyntaxNode) -> String? {
        var parts: [String] = []
        for entry in node.entries ?? [] {
            guard case .scalar(let text, let isPlain) = entry.value.kind, !text.contains("\n") else { return nil }
            parts.append(Self.scalar(entry.key, isPlain: true, inFlow: true) + ": " + Self.scalar(text, isPlain: isPlain, inFlow: true))
        }
        return "{ " + parts.joined(separator: ", ") + " }"
    }

    /// `[a, b]` when every item is a one-line scalar.
    private func flowList(_ items: [SyntaxNode]) -> String? {
        var parts: [String] = []
        for item in items {
            guard case .scalar(let text, let isPlain) = item.kind, !text.contains("\n") else { return nil }
            parts.append(Self.scalar(text, isPlain: isPlain, inFlow: true))
        }
        return "[" + parts.joined(separator: ", ") + "]"
    }

    /// `text` plain when YAML reads it back as the same text (and, for text that must stay text, not as a null,
    /// a boolean or a number); double-quoted otherwise.
    static func scalar(_ text: String, isPlain: Bool, inFlow: Bool) -> String {
        if isPlainSafe(text, inFlow: inFlow) && (isPlain || !readsAsNonText(text)) { return text }
        var quoted = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": quoted += "\\\""
            case "\\": quoted += "\\\\"
            case "\n": quoted += "\\n"
            case "\t": quoted += "\\t"
            case "\r": quoted += "\\r"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F || (0x80...0x9F).contains(scalar.value)
                || scalar.value == 0x2028 || scalar.value == 0x2029 || scalar.value == 0xFEFF:
                quoted += String(format: "\\u%04X", scalar.value)
            default: quoted.unicodeScalars.append(scalar)
            }
        }
        return quoted + "\""
    }

    private static func isPlainSafe(_ text: String, inFlow: Bool) -> Bool {
        guard let first = text.first, let last = text.last, !first.isWhitespace, !last.isWhitespace, last != ":" else {
            return false
        }
        if "-?:,[]{}#&*!|>'\"%@`".contains(first) && !(first == "-" && Double(text) != nil) { return false }
        var previous: Unicode.Scalar = " "
        for scalar in text.unicodeScalars {
            switch scalar {
            case " " where previous == ":", "#" where previous == " ": return false
            case _ where inFlow && ",[]{}:".unicodeScalars.contains(scalar): return false
            case _ where scalar.value < 0x20 || scalar.value == 0x7F || (0x80...0x9F).contains(scalar.value): return false
            case "\u{FEFF}", "\u{2028}", "\u{2029}": return false
            default: previous = scalar
            }
        }
        return true
    }

    private static func readsAsNonText(_ text: String) -> Bool {
        let words = ["", "~", "null", "Null", "NULL", "true", "True", "TRUE", "false", "False", "FALSE", "yes", "Yes", "YES", "no", "No", "NO", "on", "On", "ON", "off", "Off", "OFF"]
        return words.contains(text) || Double(text) != nil || Int(text) != nil || text.hasPrefix("0x") || text.hasPrefix("0o")
            || text.hasPrefix(".") && Double("0" + text) != nil
    }

    /// A `|-` block for text of several lines, or nil when YAML could not give it back exactly that way.
    private static func literalBlock(_ text: String, indent: Int) -> (header: String, lines: [String])? {
        let lines = text.components(separatedBy: "\n")
        guard let first = lines.first, !first.hasPrefix(" "), !first.isEmpty, !text.hasSuffix("\n"), !text.contains("\r"),
            !text.unicodeScalars.contains(where: { ($0.value < 0x20 && $0 != "\n" && $0 != "\t") || $0.value == 0xFEFF }),
            !lines.contains(where: { $0.hasSuffix(" ") || $0.hasSuffix("\t") })
        else { return nil }
        let pad = String(repeating: " ", count: indent)
        return ("|-", lines.map { $0.isEmpty ? "" : pad + $0 })
    }
}
