import Foundation

/// `routegen import` as a library call: an OpenAPI document in, the text of the spec it becomes out, checked
/// before it is written.
///
/// ```
/// SpecSource ──SpecLoader──▶ SpecSyntax ──OpenAPIFrontEnd──▶ SpecSyntax (checked) ──SpecYAMLWriter──▶ spec text
/// ```
public struct DocumentImport: Sendable {
    /// What to keep of the document.
    public var options: ImportOptions
    /// Loads the document and the files it refers to.
    public var loader = SpecLoader()

    /// Creates an import.
    public init(options: ImportOptions = ImportOptions()) {
        self.options = options
    }

    /// What an import gave.
    public struct Output: Sendable {
        /// The spec's text; nil when an error was found.
        public var text: String?
        /// Every warning and error, located in the OpenAPI document.
        public var diagnostics: Diagnostics
        /// How many endpoints and models the spec has.
        public var endpoints = 0
        public var models = 0
        /// How many operations the filters kept.
        public var operations = 0
        /// The kept operations that were left out.
        public var leftOut: [LeftOutOperation] = []
        /// The models the imported operations reach, and the references that bring in the most; nil when an error
        /// was found.
        public var reach: ModelReach?
    }

    /// Imports one document.
    public func run(_ source: SpecSource) -> Output {
        var diagnostics = Diagnostics()
        guard let syntax = loader.load(source, diagnostics: &diagnostics) else { return Output(diagnostics: diagnostics) }
        guard OpenAPITranslator.isOpenAPI(syntax) else {
            diagnostics.error(
                "not an OpenAPI document: its top level has no `openapi:` key",
                at: SourceLocation(file: source.path, line: 1, column: 1))
            return Output(diagnostics: diagnostics)
        }
        guard let output = OpenAPIFrontEnd(options: options, loader: loader).run(syntax, diagnostics: &diagnostics),
            !diagnostics.hasErrors
        else { return Output(diagnostics: diagnostics) }
        let header = "# Imported from \((source.path as NSString).lastPathComponent) by `routegen import`.\n"
        return Output(
            text: header + SpecYAMLWriter().write(output.spec.root), diagnostics: diagnostics,
            endpoints: output.api.endpoints.count, models: output.api.models.count, operations: output.operations,
            leftOut: output.leftOut, reach: output.reach)
    }
}
