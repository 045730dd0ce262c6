import Foundation

/// The first half of the OpenAPI front end (``OpenAPIFrontEnd``): an OpenAPI 3.0 or 3.1 document (or a Swagger 2.0
/// one, lowered into 3.0 by `Swagger2Lowering`) in, the RouteGen spec it describes out, as the same positioned tree
/// a spec file loads into. Every node of the result carries the location of the construct it came
/// from, so the checker's findings point into the OpenAPI document.
///
/// ```
/// OpenAPI SpecSyntax ──OpenAPITranslator──▶ spec SpecSyntax ──SpecChecker──▶ API
/// ```
///
/// What RouteGen cannot express is reported as a warning (at the construct's line and column, with its JSON
/// pointer) and left out; what would make the client wrong is an error.
public struct OpenAPITranslator: Sendable {
    /// What to keep, and the API's name.
    public var options: ImportOptions
    /// Loads the other files relative `$ref`s name.
    public var loader: SpecLoader

    /// Creates a translator.
    public init(options: ImportOptions = ImportOptions(), loader: SpecLoader = SpecLoader()) {
        self.options = options
        self.loader = loader
    }

    /// Whether a loaded file is an OpenAPI document: its top level has `openapi:` (or Swagger 2's `swagger:`).
    public static func isOpenAPI(_ syntax: SpecSyntax) -> Bool {
        syntax.root.entries?.contains { $0.key == "openapi" || $0.key == "swagger" } ?? false
    }

    /// The API name a document gets when none is given: its file name as an UpperCamelCase identifier, with `API`
    /// after a name Swift or RouteGen uses (`data.yaml` is `DataAPI`: an API named `Data` would hide Foundation's).
    public static func defaultName(forFile path: String) -> String {
        FileRules.apiName(ofDocument: path)
    }

    /// What a translation made: the spec, and what became of the operations the filters kept.
    public struct Translation: Sendable {
        /// The spec, located in the OpenAPI document.
        public var spec: SpecSyntax
        /// How many operations the filters kept.
        public var operations: Int
        /// The kept operations that were left out, in document order.
        public var leftOut: [LeftOutOperation]
        /// The models the imported operations reach, and the references that bring in the most.
        public var reach: ModelReach
    }

    /// Translates a loaded document. Nil, with at least one error, when it cannot be imported at all; an operation
    /// that would give a wrong client is left out with a warning instead.
    public func translate(
        _ document: SpecSyntax, diagnostics: inout Diagnostics,
        readFile: @escaping (String) -> Data? = { FileManager.default.contents(atPath: $0) }
    ) -> Translation? {
        var scope = ModelScope(expand: options.expand, opaque: options.opaque)
        if let depth = options.depth {
            // The distances are known once the whole graph is: a first translation measures them.
            let first = state(document, scope: scope, readFile: readFile)
            guard let (_, operations) = translate(first), !first.diagnostics.hasErrors else {
                diagnostics.append(contentsOf: first.diagnostics)
                return nil
            }
            let roots = operations.filter { name in !first.leftOut.contains { $0.name == name } }.map { ModelGraph.Node.operation($0) }
            scope.pastDepth = Set(first.graph.distances(from: roots).filter { $0.value > depth }.keys)
        }
        let state = state(document, scope: scope, readFile: readFile)
        defer { diagnostics.append(contentsOf: state.diagnostics) }
        guard let (spec, operations) = translate(state) else { return nil }
        let root = state.documents.root
        for (key, entry) in state.scope.unmatched {
            state.diagnostics.warning(
                "`\(key)` names `\(entry)`, which is not \(key == "expand" ? "an expandable reference" : "a model") the imported operations reach",
                at: root.location)
        }
        let imported = operations.filter { name in !state.leftOut.contains { $0.name == name } }
        return Translation(
            spec: SpecSyntax(file: document.file, root: spec), operations: operations.count, leftOut: state.leftOut,
            reach: ModelReach(graph: state.graph, operations: imported, unexpanded: state.scope.unexpanded))
    }

    private func state(_ document: SpecSyntax, scope: ModelScope, readFile: @escaping (String) -> Data?) -> TranslationState {
        guard Swagger2Lowering.isSwagger2(document.root) else {
            return TranslationState(documents: DocumentSet(root: document, loader: loader, readFile: readFile), scope: scope)
        }
        // A Swagger 2.0 document is lowered into OpenAPI 3.0, each file as it is read; what cannot be is reported.
        var warnings: [(String, SourceLocation)] = []
        let lowering = Swagger2Lowering(warn: { warnings.append(($0, $1)) })
        let documents = DocumentSet(
            root: document, loader: loader, readFile: readFile,
            lowering: DocumentSet.Lowering(root: lowering.lowerDocument, file: lowering.lowerReferencedFile))
        let state = TranslationState(documents: documents, scope: scope)
        for (message, location) in warnings { state.diagnostics.warning(message, at: location) }
        return state
    }

    /// The spec and the names of the operations the filters kept; nil when the document cannot be imported at all.
    private func translate(_ state: TranslationState) -> (spec: SyntaxNode, operations: [String])? {
        let root = state.documents.root
        guard let version = root.text("openapi"), version.hasPrefix("3.") else {
            state.error(
                "only Swagger 2.0 and OpenAPI 3.0 and 3.1 documents can be imported", at: root["swagger"] ?? root["openapi"] ?? root)
            return nil
        }
        let catalog = OperationCatalog(root, options: options, state: state)
        guard !state.diagnostics.hasErrors else { return nil }
        let name = options.name ?? Self.defaultName(forFile: root.file)
        // A model named like the API would hide its namespace inside it (`Orders.Status` found in the model).
        state.models.take(name)
        for operation in catalog.operations {
            // The checker names an inline body's and typed headers' models itself: no schema may take those names,
            // even one the operation reaches; the model of an inline body the document does not require is the body's
            // own to claim. An inline response's model is the operation's own.
            state.models.take(SwiftNaming.typeName(operation.name) + "Headers")
            state.models.reserve(
                SwiftNaming.typeName(operation.name) + "Body", for: RequestBodyTranslator.owner(ofBodyOf: operation.name))
            state.models.reserve(SwiftNaming.typeName(operation.name) + "Response", for: operation.name)
        }
        let spec = SpecAssembler(state: state, root: root).assemble(catalog, name: name)
        guard !state.diagnostics.hasErrors else { return nil }
        return (spec, catalog.operations.map(\.name))
    }
}
