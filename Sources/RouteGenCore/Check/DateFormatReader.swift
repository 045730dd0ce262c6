/// Reads a date format (`dates:` at the top, `format:` on a property or parameter).
enum DateFormatReader {
    static func read(_ node: SyntaxNode, diagnostics: inout Diagnostics) -> DateFormat? {
        let names = DateFormat.allCases.map(\.rawValue)
        guard let text = node.text, let format = DateFormat(rawValue: text) else {
            let written = node.text ?? ""
            diagnostics.error(
                "unknown date format `\(written)`" + (Suggestion.didYouMean(written, among: names).map { "; \($0)" } ?? ""),
                at: node.textStart, hint: "use one of \(names.joined(separator: ", "))")
            return nil
        }
        return format
    }
}
