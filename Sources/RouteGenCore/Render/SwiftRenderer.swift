import Dispatch
import Foundation
import Mustache

/// The render stage: checked APIs in, Swift files out, through the templates.
public struct SwiftRenderer: Sendable {
    let templateSet: TemplateSet
    let library: MustacheLibrary
    let options: GenerationOptions
    /// What breaks the rendered lines: its marks are written into the templates, and the values it spells.
    let printer: Printer

    /// Loads the templates for `options`; nil, with errors reported, when a template cannot be used.
    public init?(options: GenerationOptions, diagnostics: inout Diagnostics) {
        let templates = TemplateSet.load(overridesIn: options.templatesDirectory, diagnostics: &diagnostics)
        let printer = Printer()
        guard let library = templates.library(marking: printer, diagnostics: &diagnostics) else { return nil }
        self.templateSet = templates
        self.library = library
        self.options = options
        self.printer = printer
    }

    /// Warns at each value or partial the user's templates name that `api`'s context and the built-in templates do
    /// not have, and each transform of a value the printer may break over lines, at its `line:column`: Mustache
    /// would render it as nothing, or spoil it.
    public func checkTemplateValues(for api: API, diagnostics: inout Diagnostics) {
        guard !templateSet.overrides.isEmpty else { return }
        let split = fileSplit(of: api)
        let checker = TemplateValueChecker(
            builtIn: BuiltInTemplates.all, contextKeys: Set(TemplateKey.allCases.map(\.rawValue)).union(Printer.markNames), partials: Set(templateSet.sources.keys),
            shape: TemplateContextShape(TemplateContext(api: api, options: options, split: split).make(part: 0)))
        for (path, text) in templateSet.overrides { checker.check(text, path: path, diagnostics: &diagnostics) }
    }

    /// The files of one API: the namespace file once, every other file template once per part of the split. Each
    /// is rendered, and the printer breaks the lines that hold its marks (see `Printer`). Nothing else changes
    /// the text after that: the templates' whitespace is the output's.
    ///
    /// The parts are rendered concurrently, each from its own context: the build plugin runs a debug `routegen`
    /// before the app's build can start, and a large API's rendering is about half of its generation time.
    public func render(_ api: API) -> [GeneratedFile] {
        var slice = RenderSlice(api)
        slice.leavesOutEncodingOfResponses = options.responseModels == .decodable
        return render(
            api, slice: slice, templates: templateSet.fileTemplates, split: fileSplit(of: api),
            filePrefix: options.fileNamePrefix ?? api.name.swift)
    }

    /// The files of `slice` of `api` from `fileTemplates`, spread over `split`, named after `filePrefix` (with a
    /// folder, in the module layout).
    func render(_ api: API, slice: RenderSlice, templates fileTemplates: [String], split: FileSplit, filePrefix: String) -> [GeneratedFile] {
        let source = TemplateContext(api: api, options: options, split: split, slice: slice, printer: printer)
        // One slot per part, one file per template in it (nil when the template has fewer parts): the models
        // have the most parts, the handler only the first `split.parts` and the routes the first `split.routeParts`.
        let rendered = PartResults<[GeneratedFile?]>(count: split.modelParts)
        DispatchQueue.concurrentPerform(iterations: split.modelParts) { part in
            let context = source.make(part: part)
            rendered.store(
                fileTemplates.map { template in
                    guard part < TemplateSet.parts(of: template, in: split) else { return nil }
                    let name = FileRules.fileName(of: template, namespace: filePrefix, part: part)
                    if template == "Mock.swift", options.mocks == .never {
                        return GeneratedFile(name: name, contents: Self.mockTurnedOff(api: api))
                    }
                    let rendered = library.render(context, withTemplate: template) ?? ""
                    return GeneratedFile(name: name, contents: source.printer.print(rendered))
                },
                at: part)
        }
        let byPart = rendered.values
        return fileTemplates.indices.flatMap { template in byPart.compactMap { $0[template] } }
    }

    /// How `api`'s files are spread: as the options say, else by its size.
    private func fileSplit(of api: API) -> FileSplit {
        options.split ?? .automatic(endpoints: api.endpoints.count, models: api.models.count)
    }

    /// The file that stands for the mock under `mocks: never`: the build plugin names its outputs before the
    /// generator runs, so the file stays, and says why it is empty.
    static func mockTurnedOff(api: API) -> String {
        OutputWriter.header(sourceFile: api.sourceFile) + " Do not edit.\n"
            + "// The mock is turned off (`mocks: never`).\n"
    }
}
