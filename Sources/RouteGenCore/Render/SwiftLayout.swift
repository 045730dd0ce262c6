/// Lays out the generated constructs that can grow long (parameter lists, calls, collection literals) the way
/// `swift format` accepts them: on one line when it fits in ``lineLength``, otherwise one item per line.
enum SwiftLayout {
    /// The line length of the repository's `.swift-format`, which generated code is linted against.
    static let lineLength = 120

    /// `head(items)tail`, starting at column `indent` (the template writes that indentation); wrapped one item
    /// per line, with continuation lines indented absolutely, when it would not fit. Collection literals
    /// (`open` is `[`) get a trailing comma when wrapped.
    static func list(
        _ head: String, _ items: [String], _ tail: String = "", indent: Int, open: String = "(", close: String = ")"
    ) -> String {
        let line = head + open + items.joined(separator: ", ") + close + tail
        guard indent + line.count > lineLength, !items.isEmpty else { return line }
        let inner = String(repeating: " ", count: indent + 4)
        let outer = String(repeating: " ", count: indent)
        let separator = open == "[" ? "," : ""
        let body = items.enumerated().map { index, item in
            inner + item + (index == items.count - 1 ? separator : ",")
        }
        return head + open + "\n" + body.joined(separator: "\n") + "\n" + outer + close + tail
    }
}
