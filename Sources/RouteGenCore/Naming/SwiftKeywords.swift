/// Swift's reserved words, and the names generated code cannot use even when escaped.
enum SwiftKeywords {
    /// Words that must be backticked to be used as identifiers.
    static let reserved: Set<String> = [
        "associatedtype", "borrowing", "class", "consuming", "deinit", "enum", "extension", "fileprivate", "func",
        "import", "init", "inout", "internal", "let", "nonisolated", "open", "operator", "private",
        "precedencegroup", "protocol", "public", "rethrows", "static", "struct", "subscript", "typealias", "var",
        "break", "case", "catch", "continue", "default", "defer", "do", "else", "fallthrough", "for", "guard",
        "if", "in", "repeat", "return", "throw", "switch", "where", "while", "Any", "as", "await", "false", "is",
        "nil", "self", "Self", "super", "throws", "true", "try", "_",
    ]

    /// Member names that backticks do not rescue: `x.self`, `X.Type` and `X.Protocol` mean something else, and a
    /// `hashValue` would stand in for `Hashable`'s own (deprecated as a requirement: a warning).
    static let unusableMembers: Set<String> = ["self", "Type", "Protocol", "hashValue"]

    /// Type names that would shadow or mean something else inside the API's namespace.
    static let unusableTypes: Set<String> = ["Any", "Self", "Type", "Protocol"]

    /// `name`, backticked when it is reserved.
    static func escaped(_ name: String) -> String {
        reserved.contains(name) ? "`\(name)`" : name
    }
}
