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

    /// The files of one API: the namespace file once, every other file template once per part of the split.
    public func render(_ api: API) -> [GeneratedFile] {
        let split = options.split ?? .automatic(endpoints: api.endpoints.count, models: api.models.count)
        let source = TemplateContext(api: api, options: options)
        let contexts = (0..<split.parts).map { source.make(part: $0, of: split) }
        return templates.fileTemplates.flatMap { template in
            let parts = TemplateSet.isSplit(template) ? contexts.indices : 0..<1
            return parts.map { part in
                GeneratedFile(
                    name: TemplateSet.fileName(of: template, namespace: api.name.swift, part: part),
                    contents: Self.tidy(library.render(contexts[part], withTemplate: template) ?? ""))
            }
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
