import Foundation

/// Writes the Swift file that compiles the built-in templates into RouteGenCore, so that an installed `routegen`
/// needs no resource files. The `EmbedTemplates` build plugin runs it on every build with the files of
/// `Templates/`: the folder is the templates' only copy, and an edit there is in the next build.
///
///     TemplateEmbedder <output.swift> <template.mustache>...
@main
enum TemplateEmbedder {
    static func main() throws {
        let arguments = CommandLine.arguments.dropFirst()
        guard let output = arguments.first else {
            FileHandle.standardError.write(Data("usage: TemplateEmbedder <output.swift> <template.mustache>...\n".utf8))
            exit(2)
        }
        var templates: [(name: String, text: String)] = []
        for path in arguments.dropFirst() {
            let name = (path as NSString).lastPathComponent
            templates.append((String(name.dropLast(".mustache".count)), try String(contentsOfFile: path, encoding: .utf8)))
        }
        try source(of: templates.sorted { $0.name < $1.name }).write(toFile: output, atomically: true, encoding: .utf8)
    }

    /// The Swift source holding `templates`, each as a raw string literal with enough `#`s to hold it verbatim.
    static func source(of templates: [(name: String, text: String)]) -> String {
        var source = """
            // Written by the EmbedTemplates build plugin from Templates/ on every build. Edit the templates.

            /// The templates of `Templates/` by file name without `.mustache`, compiled in so that an installed
            /// `routegen` needs no resource files.
            enum BuiltInTemplates {
                static let all: [String: String] = [

            """
        for (name, text) in templates {
            var hashes = "#"
            while text.contains("\"" + hashes) || text.contains("\\" + hashes) { hashes += "#" }
            source += "        \"\(name)\": \(hashes)\"\"\"\n\(text)\n\"\"\"\(hashes),\n"
        }
        return source + "    ]\n}\n"
    }
}
