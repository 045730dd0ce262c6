import Foundation

/// The OpenAPI front end: an OpenAPI 3.0 or 3.1 document in, the RouteGen spec it describes out, as the same
/// positioned tree a spec file loads into. Every node of the result carries the location of the construct it came
/// from, so the checker's findings point into the OpenAPI document.
///
/// ```
/// OpenAPI SpecSyntax ──OpenAPIImporter──▶ spec SpecSyntax ──SpecChecker──▶ API
/// ```
///
/// What RouteGen cannot express is reported as a warning (at the construct's line and column, with its JSON
/// pointer) and left out; what would make the client wrong is an error.
public struct OpenAPIImporter: Sendable {
    /// What to keep, and the API's name.
    public var options: OpenAPIImportOptions
    /// Loads the other files relative `$ref`s name.
    public var loader: SpecLoader

    /// Creates an importer.
    public init(options: OpenAPIImportOptions = OpenAPIImportOptions(), loader: SpecLoader = SpecLoader()) {
        self.options = options
        self.loader = loader
    }

    /// Whether a loaded file is an OpenAPI document: its top level has `openapi:` (or Swagger 2's `swagger:`).
    public static func isOpenAPI(_ syntax: SpecSyntax) -> Bool {
        syntax.root.entries?.contains { $0.key == "openapi" || $0.key == "swagger" } ?? false
    }

    /// The API name a document gets when none is given: its file name as an UpperCamelCase identifier.
    public static func defaultName(forFile path: String) -> String {
        SwiftNaming.typeName(((path as NSString).lastPathComponent as NSString).deletingPathExtension)
    }

    /// What a translation made: the spec, and what became of the operations the filters kept.
    public struct Translation: Sendable {
        /// The spec, located in the OpenAPI document.
        public var spec: SpecSyntax
        /// How many operations the filters kept.
        public var operations: Int
        /// The kept operations that were left out, in document order.
        public var leftOut: [LeftOutOperation]
    }

    /// Translates a loaded document. Nil, with at least one error, when it cannot be imported at all; an operation
    /// that would give a wrong client is left out with a warning instead.
    public func translate(
        _ document: SpecSyntax, diagnostics: inout Diagnostics,
        readFile: @escaping (String) -> Data? = { FileManager.default.contents(atPath: $0) }
    ) -> Translation? {
        let session = ImportSession(documents: DocumentSet(root: document, loader: loader, readFile: readFile))
        defer { diagnostics.append(contentsOf: session.diagnostics) }
        let root = session.documents.root
        guard let version = root.text("openapi"), version.hasPrefix("3.") else {
            session.error(
                "only OpenAPI 3.0 and 3.1 documents can be imported", at: root["swagger"] ?? root["openapi"] ?? root,
                hint: "convert a Swagger 2 document to OpenAPI 3 first, for example with swagger2openapi")
            return nil
        }
        let catalog = OperationCatalog(root, options: options, session: session)
        guard !session.diagnostics.hasErrors else { return nil }
        for operation in catalog.operations {
            for suffix in ["Body", "Headers", "Response"] {
                session.models.reserve(SwiftNaming.typeName(operation.name) + suffix, for: operation.name)
            }
        }
        let spec = SpecAssembler(session: session, root: root).assemble(
            catalog, name: options.name ?? Self.defaultName(forFile: document.file))
        guard !session.diagnostics.hasErrors else { return nil }
        return Translation(
            spec: SpecSyntax(file: document.file, root: spec), operations: catalog.operations.count, leftOut: session.leftOut)
    }
}
