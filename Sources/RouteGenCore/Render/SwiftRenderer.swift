import Dispatch
import Mustache

/// The render stage: checked APIs in, Swift files out, through the templates.
public struct SwiftRenderer: Sendable {
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
    ///
    /// The parts are rendered concurrently, each from its own context: the build plugin runs a debug `routegen`
    /// before the app's build can start, and a large API's rendering is about half of its generation time.
    public func render(_ api: API) -> [GeneratedFile] {
        let split = options.split ?? .automatic(endpoints: api.endpoints.count, models: api.models.count)
        let source = TemplateContext(api: api, options: options)
        let fileTemplates = templates.fileTemplates
        // One slot per part, one file per template in it (nil when the template has fewer parts): the models
        // have the most parts, the handler only the first `split.parts` and the routes the first `split.routeParts`.
        let rendered = PartResults<[GeneratedFile?]>(count: split.modelParts)
        DispatchQueue.concurrentPerform(iterations: split.modelParts) { part in
            let context = source.make(part: part, of: split)
            rendered.store(
                fileTemplates.map { template in
                    guard part < TemplateSet.parts(of: template, in: split) else { return nil }
                    return GeneratedFile(
                        name: TemplateSet.fileName(of: template, namespace: api.name.swift, part: part),
                        contents: Self.tidy(library.render(context, withTemplate: template) ?? ""))
                },
                at: part)
        }
        let byPart = rendered.values
        return fileTemplates.indices.flatMap { template in byPart.compactMap { $0[template] } }
    }

    /// Trailing spaces removed, runs of blank lines folded to one, no blank line after `{` or before `}`,
    /// exactly one newline at the end: what templates with optional sections would otherwise leave behind.
    ///
    /// One pass over the bytes: a blank line is held back until the next line shows whether it stays. It reads
    /// through a buffer pointer because the build plugin runs a debug `routegen`, where generic collection code
    /// is not specialized and was a sixth of the generation time.
    static func tidy(_ text: String) -> String {
        var text = text
        return text.withUTF8 { bytes in
            let newline = UInt8(ascii: "\n")
            let space = UInt8(ascii: " ")
            var output: [UInt8] = []
            output.reserveCapacity(bytes.count + 1)
            var pendingBlank = false
            var lastByte: UInt8?  // of the last line written
            var lineStart = 0
            while lineStart <= bytes.count {
                var lineEnd = lineStart
                while lineEnd < bytes.count, bytes[lineEnd] != newline { lineEnd += 1 }
                var contentEnd = lineEnd
                while contentEnd > lineStart, bytes[contentEnd - 1] == space { contentEnd -= 1 }
                if contentEnd == lineStart {
                    // A blank line: kept, once, unless it opens the file or follows a `{`.
                    if let lastByte, lastByte != UInt8(ascii: "{") { pendingBlank = true }
                } else {
                    var firstVisible = lineStart
                    while bytes[firstVisible] == space { firstVisible += 1 }
                    if pendingBlank, bytes[firstVisible] != UInt8(ascii: "}") { output.append(newline) }
                    pendingBlank = false
                    output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[lineStart..<contentEnd]))
                    output.append(newline)
                    lastByte = bytes[contentEnd - 1]
                }
                lineStart = lineEnd + 1
            }
            if output.isEmpty { output.append(newline) }
            return String(decoding: output, as: UTF8.self)
        }
    }
}
