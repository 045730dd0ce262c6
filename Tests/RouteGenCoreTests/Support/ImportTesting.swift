import Foundation
import RouteGenCore

/// Runs `routegen import` in process on the OpenAPI documents of `Tests/OpenAPI`, or on YAML written in a test.
enum ImportTesting {
    /// `Tests/OpenAPI`: small documents, one per group of mapping rules, and Swagger's Petstore.
    static let documents = SpecTesting.repositoryRoot.appendingPathComponent("Tests/OpenAPI")
    /// `Tests/Specs/Imported`: what importing each gives, checked in (and generated and compiled like every spec
    /// under `Tests/Specs`).
    static let imported = SpecTesting.repositoryRoot.appendingPathComponent("Tests/Specs/Imported")
    /// Stripe's whole OpenAPI description, with the configuration CI compiles a client of (`.ci/stripe`).
    static let stripe = SpecTesting.repositoryRoot.appendingPathComponent("Tests/OpenAPI/Stripe/stripe.yaml").path

    /// Imports the document at `path`.
    static func run(path: String, options: ImportOptions = ImportOptions()) throws -> DocumentImport.Output {
        DocumentImport(options: options).run(try SpecSource(contentsOf: path))
    }

    /// Imports `yaml` written in a test as `api.yaml`.
    static func run(_ yaml: String, options: ImportOptions = ImportOptions()) -> DocumentImport.Output {
        DocumentImport(options: options).run(SpecSource(path: "api.yaml", text: yaml))
    }

    /// Diagnostics as `line:column: severity: message`, the form tests compare exactly.
    static func findings(_ result: DocumentImport.Output) -> [String] {
        result.diagnostics.sorted.map { "\($0.location.line):\($0.location.column): \($0.severity.rawValue): \($0.message)" }
    }

    /// The endpoint and model names of an imported spec, read back through the checker.
    static func names(_ result: DocumentImport.Output) -> (endpoints: [String], models: [String]) {
        var diagnostics = Diagnostics()
        let api = result.text.flatMap { SpecPipeline().check(SpecSource(path: "spec.yaml", text: $0), diagnostics: &diagnostics) }
        return (api?.endpoints.map(\.name.wire) ?? [], api?.models.map(\.name.swift) ?? [])
    }
}
