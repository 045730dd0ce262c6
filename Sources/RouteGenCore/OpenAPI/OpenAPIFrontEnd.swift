import Foundation

/// An OpenAPI document in, a checked API out, one operation at a time: what cannot be generated correctly is
/// left out with a warning, and the rest is imported.
///
/// ```
/// OpenAPI SpecSyntax ──OpenAPITranslator──▶ spec SpecSyntax ──SpecChecker──▶ API
///                                                ▲                    │ an error in an endpoint or a model
///                                                └─ EndpointPruning ◀─┘ leaves out the endpoints it makes wrong
/// ```
///
/// The translator leaves out an operation it cannot translate; the checker's errors are traced to the endpoints
/// they make wrong, which are left out before the spec is checked again. The run fails only when an error is in
/// no endpoint, when nothing is left, or when ``ImportOptions/strict`` asks for every operation.
public struct OpenAPIFrontEnd: Sendable {
    /// What to keep, and the API's name.
    public var options: ImportOptions
    /// Loads the document's other files.
    public var loader: SpecLoader
    /// The check stage.
    public var checker: SpecChecker

    /// Creates a front end.
    public init(options: ImportOptions = ImportOptions(), loader: SpecLoader = SpecLoader(), checker: SpecChecker = SpecChecker()) {
        self.options = options
        self.loader = loader
        self.checker = checker
    }

    /// What a document gave.
    public struct Output: Sendable {
        /// The spec, located in the OpenAPI document.
        public var spec: SpecSyntax
        /// The checked API.
        public var api: API
        /// How many operations the filters kept.
        public var operations: Int
        /// The kept operations that were left out, in the order they were found.
        public var leftOut: [LeftOutOperation]
        /// The models the imported operations reach, and the references that bring in the most.
        public var reach: ModelReach
    }

    /// The most times the spec is checked again after leaving out what an error made wrong.
    private static let maximumRounds = 8

    /// Imports and checks a loaded document. Nil, with at least one error, when nothing usable is left.
    public func run(
        _ document: SpecSyntax, diagnostics: inout Diagnostics,
        readFile: @escaping (String) -> Data? = { FileManager.default.contents(atPath: $0) }
    ) -> Output? {
        guard
            let translation = OpenAPITranslator(options: options, loader: loader)
                .translate(document, diagnostics: &diagnostics, readFile: readFile)
        else { return nil }
        guard translation.leftOut.count < translation.operations else {
            diagnostics.error("none of the document's \(translation.operations) operations can be imported", at: document.root.location)
            return nil
        }
        var spec = translation.spec
        var leftOut = translation.leftOut
        if !leftOut.isEmpty {
            // The models that only the operations left out reached go too.
            spec.root = EndpointPruning(spec.root).removing([])
        }
        for _ in 0..<Self.maximumRounds {
            var found = Diagnostics()
            let api = checker.check(spec, diagnostics: &found)
            guard found.hasErrors else {
                diagnostics.append(contentsOf: found)
                guard let api else { return nil }
                return finish(
                    Output(spec: spec, api: api, operations: translation.operations, leftOut: leftOut, reach: translation.reach),
                    diagnostics: &diagnostics)
            }
            let parts = EndpointPruning(spec.root)
            // The shared error model cannot be used: error bodies stay untyped rather than every operation left out.
            if let error = found.errors.first(where: parts.isInSharedErrors) {
                var warning = error
                warning.severity = .warning
                warning.message += ": the shared `errors` are left out, so error bodies are not decoded"
                diagnostics.append(warning)
                spec = SpecSyntax(file: spec.file, root: parts.removingSharedErrors())
                continue
            }
            var affected: [(error: Diagnostic, endpoints: [String])] = []
            for error in found.errors {
                guard let endpoints = parts.endpoints(affectedBy: error), !endpoints.isEmpty else {
                    diagnostics.append(contentsOf: found)
                    return nil
                }
                affected.append((error, endpoints))
            }
            var removed: Set<String> = []
            for (error, endpoints) in affected {
                let names = endpoints.filter { removed.insert($0).inserted }
                var warning = error
                warning.severity = .warning
                warning.message += ": " + Self.leftOutPhrase(endpoints)
                diagnostics.append(warning)
                leftOut += names.map { LeftOutOperation(name: $0, reason: error.message) }
            }
            spec = SpecSyntax(file: spec.file, root: parts.removing(removed))
        }
        diagnostics.error("the document could not be imported: leaving out operations did not end its errors", at: document.root.location)
        return nil
    }

    /// The summary of what was left out, and the failures `strict` and an empty result make.
    private func finish(_ output: Output, diagnostics: inout Diagnostics) -> Output? {
        guard !output.leftOut.isEmpty else { return output }
        let location = output.spec.root.location
        let imported = output.api.endpoints.count
        let names = output.leftOut.map { "`\($0.name)`" }
        let listed = names.count <= 10 ? names.joined(separator: ", ") : names.prefix(10).joined(separator: ", ") + " and \(names.count - 10) more"
        let summary = "\(imported) of \(output.operations) operations imported, \(output.leftOut.count) left out: \(listed)"
        if imported == 0 {
            diagnostics.error("none of the document's \(output.operations) operations can be imported", at: location)
            return nil
        }
        if options.strict {
            diagnostics.error(summary, at: location, hint: "every operation must import with `strict`; without it the rest is imported")
            return nil
        }
        diagnostics.warning(summary, at: location)
        return output
    }

    private static func leftOutPhrase(_ endpoints: [String]) -> String {
        guard endpoints.count > 1 else { return "the operation `\(endpoints[0])` is left out" }
        let shown = endpoints.prefix(5).map { "`\($0)`" }.joined(separator: ", ")
        return "the \(endpoints.count) operations that use it are left out (\(shown)\(endpoints.count > 5 ? ", …" : ""))"
    }
}
