/// The whole generator: specs in, Swift files out, or diagnostics and no files.
///
/// ```
/// SpecSource ─load─▶ SpecSyntax ─check─▶ API ─render─▶ [GeneratedFile] ─OutputWriter─▶ disk
/// ```
public struct CodeGenerator {
    /// The front end.
    public var pipeline: SpecPipeline
    /// How the code is shaped.
    public var options: GenerationOptions

    /// Creates a generator.
    public init(pipeline: SpecPipeline = SpecPipeline(), options: GenerationOptions = GenerationOptions()) {
        self.pipeline = pipeline
        self.options = options
    }

    /// What a run produced: every file of every spec, or none when any diagnostic is an error.
    public struct Output: Sendable {
        /// The files, sorted by name; empty when there were errors.
        public var files: [GeneratedFile]
        /// Everything found along the way.
        public var diagnostics: Diagnostics
    }

    /// Checks and renders `sources`. Files are returned only when no spec and no template has an error.
    public func generate(_ sources: [SpecSource]) -> Output {
        var checked = pipeline.check(sources)
        var diagnostics = checked.diagnostics
        if let prefix = options.fileNamePrefix, !GenerationOptions.isValidFileNamePrefix(prefix) {
            diagnostics.error(
                "files cannot be named after `\(prefix)`: it is empty, starts with `.`, holds a path separator or is too long",
                at: SourceLocation(file: checked.apis.first?.sourceFile ?? "", line: 1, column: 1))
        }
        if let prefix = options.fileNamePrefix, checked.apis.count > 1 {
            diagnostics.error(
                "the files of \(checked.apis.count) specs cannot all be named after `\(prefix)`; generate one spec at a time",
                at: SourceLocation(file: checked.apis[1].sourceFile, line: 1, column: 1))
        }
        guard let renderer = SwiftRenderer(options: options, diagnostics: &diagnostics), !diagnostics.hasErrors else {
            return Output(files: [], diagnostics: diagnostics)
        }
        checked.apis.sort { $0.name.swift < $1.name.swift }
        for api in checked.apis { renderer.checkTemplateValues(for: api, diagnostics: &diagnostics) }
        let files = checked.apis.flatMap(renderer.render).sorted { $0.name < $1.name }
        return Output(files: files, diagnostics: diagnostics)
    }
}
