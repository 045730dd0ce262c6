import Foundation

/// `routegen import` as a library call: an OpenAPI document in, the text of the spec it becomes out, checked
/// before it is written.
///
/// ```
/// SpecSource ──SpecLoader──▶ SpecSyntax ──OpenAPIImporter──▶ SpecSyntax ──SpecChecker──▶ (checked)
///                                                                └──SpecYAMLWriter──▶ spec text
/// ```
public struct SpecImport: Sendable {
    /// What to keep of the document.
    public var options: OpenAPIImportOptions
    /// Loads the document and the files it refers to.
    public var loader = SpecLoader()

    /// Creates an import.
    public init(options: OpenAPIImportOptions = OpenAPIImportOptions()) {
        self.options = options
    }

    /// What an import gave.
    public struct Result: Sendable {
        /// The spec's text; nil when an error was found.
        public var text: String?
        /// Every warning and error, located in the OpenAPI document.
        public var diagnostics: Diagnostics
        /// How many endpoints and models the spec has.
        public var endpoints = 0
        public var models = 0
    }

    /// Imports one document.
    public func run(_ source: SpecSource) -> Result {
        var diagnostics = Diagnostics()
        guard let syntax = loader.load(source, diagnostics: &diagnostics) else { return Result(diagnostics: diagnostics) }
        guard OpenAPIImporter.isOpenAPI(syntax) else {
            diagnostics.error(
                "not an OpenAPI document: its top level has no `openapi:` key",
                at: SourceLocation(file: source.path, line: 1, column: 1))
            return Result(diagnostics: diagnostics)
        }
        guard let spec = OpenAPIImporter(options: options, loader: loader).translate(syntax, diagnostics: &diagnostics),
            let api = SpecChecker().check(spec, diagnostics: &diagnostics), !diagnostics.hasErrors
        else { return Result(diagnostics: diagnostics) }
        let header = "# Imported from \((source.path as NSString).lastPathComponent) by `routegen import`.\n"
        return Result(
            text: header + SpecYAMLWriter().write(spec.root), diagnostics: diagnostics, endpoints: api.endpoints.count,
            models: api.models.count)
    }
}
