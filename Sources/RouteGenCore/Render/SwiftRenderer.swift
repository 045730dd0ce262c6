import Mustache

/// The render stage: checked APIs in, Swift files out, through the templates.
public struct SwiftRenderer {
    private let templates: TemplateSet
    private let library: MustacheLibrary
    private let options: GenerationOptions

    /// Loads the templates for `options`; nil, with errors reported, when a template cannot be used.
    public init?(options: GenerationOptions, diagnostics: inout Diagnostics) {
        let templates = TemplateSet.load(overridesIn: options.templatesDirectory, diagnostics: &diagnostics)
        guard let library = templates.library(diagnostics: &diagnostics) else { return nil }
        self.templates = templates
        self.library = library
        self.options = options
    }

    /// The files of one API.
    public func render(_ api: API) -> [GeneratedFile] {
        let context = TemplateContext(api: api, options: options).make()
        return templates.fileTemplates.map { template in
            GeneratedFile(
                name: TemplateSet.fileName(of: template, namespace: api.name.swift),
                contents: Self.tidy(library.render(context, withTemplate: template) ?? ""))
        }
    }

    /// Trailing spaces removed, runs of blank lines folded to one, no blank line after `{` or before `}`,
    /// exactly one newline at the end: what templates with optional sections would otherwise leave behind.
    static func tidy(_ text: String) -> String {
        var lines: [Substring] = []
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = rawLine
            while line.last == " " { line = line.dropLast() }
            if line.isEmpty {
                if let last = lines.last, last.isEmpty || last.last == "{" { continue }
            } else if lines.last?.isEmpty == true, line.drop(while: { $0 == " " }).first == "}" {
                lines.removeLast()
            }
            lines.append(line)
        }
        while lines.first?.isEmpty == true { lines.removeFirst() }
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines.joined(separator: "\n") + "\n"
    }
}
