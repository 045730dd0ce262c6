/// The front end of the generator: load and check, spec by spec, collecting every diagnostic. An OpenAPI
/// document goes through the OpenAPI front end first, with the options of its configuration file.
///
/// ```
/// SpecSource ──SpecLoader──▶ SpecSyntax ─────────────────────────────▶ SpecChecker ──▶ API
///                               └─ OpenAPI ──OpenAPIFrontEnd (importer and checker) ──▶ API
/// ```
public struct SpecPipeline: Sendable {
    /// The load stage.
    public var loader: SpecLoader
    /// The check stage.
    public var checker: SpecChecker

    /// Creates a pipeline.
    public init(loader: SpecLoader = SpecLoader(), checker: SpecChecker = SpecChecker()) {
        self.loader = loader
        self.checker = checker
    }

    /// What a run produced.
    public struct Output: Sendable {
        /// The checked APIs, one per spec that had no error.
        public var apis: [API]
        /// Every diagnostic of every spec.
        public var diagnostics: Diagnostics
    }

    /// A checked spec and the tree it was checked from: the spec's own, or the one an OpenAPI document became
    /// (located in the document).
    public struct CheckedSpec: Sendable {
        public var syntax: SpecSyntax
        public var api: API
    }

    /// Loads and checks one spec.
    public func check(_ source: SpecSource, diagnostics: inout Diagnostics) -> API? {
        checkedSpec(source, diagnostics: &diagnostics)?.api
    }

    /// Loads and checks one spec, keeping the tree it was checked from.
    public func checkedSpec(_ source: SpecSource, diagnostics: inout Diagnostics) -> CheckedSpec? {
        guard let syntax = loader.load(source, diagnostics: &diagnostics) else { return nil }
        guard OpenAPITranslator.isOpenAPI(syntax) else {
            return checker.check(syntax, diagnostics: &diagnostics).map { CheckedSpec(syntax: syntax, api: $0) }
        }
        guard let options = DocumentConfiguration.options(forDocument: source.path, loader: loader, diagnostics: &diagnostics),
            let output = OpenAPIFrontEnd(options: options, loader: loader, checker: checker).run(syntax, diagnostics: &diagnostics)
        else { return nil }
        return CheckedSpec(syntax: output.spec, api: output.api)
    }

    /// Loads and checks several specs, which go into one module: two of them cannot have one API name, nor names
    /// that differ in case only (their files would be one file where names ignore case, as on macOS by default).
    public func check(_ sources: [SpecSource]) -> Output {
        var diagnostics = Diagnostics()
        let apis = sources.compactMap { check($0, diagnostics: &diagnostics) }
        var namespaces: [String: API] = [:]
        for api in apis {
            if let other = namespaces.updateValue(api, forKey: api.name.swift.lowercased()) {
                diagnostics.error(
                    "API name `\(api.name.swift)` is also used by `\(other.sourceFile)`"
                        + (other.name.swift == api.name.swift ? "" : " (as `\(other.name.swift)`, which differs in case only)")
                        + "; two specs in one module need different names",
                    at: SourceLocation(file: api.sourceFile, line: 1, column: 1))
            }
        }
        return Output(apis: apis, diagnostics: diagnostics)
    }
}
