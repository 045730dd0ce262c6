/// Writes `BuiltInTemplates.swift`, the Swift file that compiles the templates of `Templates/` into the
/// generator. Its test fails when the file is stale and rewrites it when `ROUTEGEN_UPDATE_TEMPLATES=1`.
enum TemplateEmbedding {
    /// The Swift source holding `templates` (file names without `.mustache`, mapped to their text).
    static func swiftSource(of templates: [String: String]) -> String {
        var source = """
            // Generated from Templates/ by `ROUTEGEN_UPDATE_TEMPLATES=1 swift test --filter TemplateEmbeddingTests`.
            // Do not edit: edit the templates and run that command.

            /// The templates of `Templates/`, compiled in so that an installed `routegen` needs no resource files.
            enum BuiltInTemplates {
                static let all: [String: String] = [

            """
        for (name, text) in templates.sorted(by: { $0.key < $1.key }) {
            source += "        \(SwiftSyntax.stringLiteral(name)): ####\"\"\"\n\(text)\n\"\"\"####,\n"
        }
        source += "    ]\n}\n"
        return source
    }
}
