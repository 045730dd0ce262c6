import Foundation

/// Which files are specs, and which files the generator writes for one: the rules `routegen` and the build plugins
/// share. It needs Foundation alone, so each plugin, which cannot link RouteGenCore, compiles this very file (a
/// symbolic link in its folder, as `SwiftNaming.swift` is): a plugin declares the files the generator writes by
/// construction, not by a second copy of the rules.
enum FileRules {
    // MARK: Specs

    /// Whether a file named `name` holding `contents` is a RouteGen spec or an OpenAPI document: a `.routegen.yaml` /
    /// `.routegen.yml` file, a YAML file with a line starting with `routegen:`, `openapi:` or `swagger:` (a Swagger 2.0
    /// document), or a JSON file whose top level has `openapi` or `swagger`.
    static func isSpec(name: String, contents: Data) -> Bool {
        if name.hasSuffix(".routegen.yaml") || name.hasSuffix(".routegen.yml") { return true }
        if name.hasSuffix(".json") {
            guard let top = (try? JSONSerialization.jsonObject(with: contents)) as? [String: Any] else { return false }
            return documentKeys.contains { top[$0] != nil }
        }
        guard name.hasSuffix(".yaml") || name.hasSuffix(".yml") else { return false }
        return topLevelLines(contents).contains { line in
            line.hasPrefix("routegen:") || line.hasPrefix("routegen :") || documentKeys.contains { line.hasPrefix($0 + ":") }
        }
    }

    /// The top-level keys that make a file an OpenAPI document: `openapi` (3.0, 3.1) and `swagger` (2.0).
    private static let documentKeys = ["openapi", "swagger"]

    /// Whether a spec file is an OpenAPI document rather than a RouteGen spec: JSON, or YAML with no `routegen:` line.
    static func isOpenAPI(name: String, contents: Data) -> Bool {
        name.hasSuffix(".json") || !topLevelLines(contents).contains { $0.hasPrefix("routegen:") || $0.hasPrefix("routegen :") }
    }

    private static func topLevelLines(_ contents: Data) -> [Substring] {
        String(decoding: contents, as: UTF8.self).split(whereSeparator: \.isNewline)
    }

    /// Whether a document's `$ref` may name the file at `path`: YAML or JSON, by its extension. The build plugin makes
    /// every such file in the document's folder tree an input of the document's build command, so editing one
    /// regenerates; the translator reads no other file.
    static func isReferenceable(path: String) -> Bool {
        ["yaml", "yml", "json"].contains((path as NSString).pathExtension.lowercased())
    }

    /// The API name an OpenAPI document at `path` gets when its configuration gives none: its file name as an
    /// UpperCamelCase identifier, with `API` after a name Swift or RouteGen uses (`data.yaml` is `DataAPI`: an API
    /// named `Data` would hide Foundation's). The translator and the build plugin (which names a document's files before
    /// the generator runs) both call it.
    static func apiName(ofDocument path: String) -> String {
        let name = SwiftNaming.typeName(((path as NSString).lastPathComponent as NSString).deletingPathExtension)
        return GeneratedVocabulary.isFreeTypeName(name) ? name : name + "API"
    }

    /// The name of a target's generation configuration.
    static let configurationName = "routegen-config.yaml"

    /// The configuration file of the OpenAPI document at `path`: `<name>.routegen-config.yaml` beside it.
    static func configurationPath(ofDocument path: String) -> String {
        (path as NSString).deletingPathExtension + ".routegen-config.yaml"
    }

    // MARK: The split

    /// The most files the handler is spread over (the routes, half as many; the models, twice as many): 12 keeps a
    /// module within 50 files, two of the compiler's batches of 25.
    static let maximumParts = 12

    /// `parts`, clamped to `1...maximumParts`.
    static func clamped(parts: Int) -> Int { min(max(parts, 1), maximumParts) }

    /// How many parts a spec file of `bytes` bytes is split into when its size is all that is known (the build plugin
    /// names its output files before the generator runs, so it cannot count endpoints): one part per 12 kB of a
    /// RouteGen spec (some 65 endpoints with their models) or per 100 kB of an OpenAPI document, whose operations are
    /// larger.
    static func parts(ofSpecSize bytes: Int, isOpenAPI: Bool) -> Int {
        clamped(parts: bytes / (isOpenAPI ? 100_000 : 12_000))
    }

    /// How many files `template` is rendered into when the handler has `parts`: the routes half as many (rounded
    /// up), the handler `parts`, the models one when the handler has one and else twice as many, every other template
    /// one.
    static func fileCount(of template: String, parts: Int) -> Int {
        switch template {
        case "APIRoute.swift": (parts + 1) / 2
        case "RequestHandling.swift": parts
        case "Models.swift": parts == 1 ? 1 : 2 * parts
        default: 1
        }
    }

    // MARK: File names

    /// The templates that produce files, as RouteGen ships them (`FileRulesTests` checks them against the
    /// built-in templates); a templates folder may add others.
    static let builtInFileTemplates = ["APIRoute.swift", "Mock.swift", "Models.swift", "Namespace.swift", "RequestHandling.swift"]

    /// The output file of part `part` (0-based) of `template` for the API named `namespace`: `Petstore.swift` for the
    /// namespace, else `Petstore+Models.swift`, then `Petstore+Models2.swift`, …
    static func fileName(of template: String, namespace: String, part: Int = 0) -> String {
        guard template != "Namespace.swift" else { return "\(namespace).swift" }
        return "\(namespace)+\(template.dropLast(".swift".count))\(suffix(ofPart: part)).swift"
    }

    /// The file name suffix of part `index` (0-based): nothing for the first, its 1-based number for the others.
    static func suffix(ofPart index: Int) -> String {
        index == 0 ? "" : String(index + 1)
    }

    /// Every file the generator writes for the API named `namespace` with the handler in `parts` files, from the
    /// file templates `templates` (the built-in ones and those a templates folder adds), sorted.
    static func generatedFiles(namespace: String, parts: Int, templates: [String]) -> [String] {
        Set(templates).flatMap { template in
            (0..<fileCount(of: template, parts: clamped(parts: parts))).map { fileName(of: template, namespace: namespace, part: $0) }
        }.sorted()
    }

    // MARK: Modules

    /// The module of the API named `namespace` that re-exports the others: `StripeAPI`.
    static func umbrellaModule(namespace: String) -> String { namespace + "API" }

    /// Model module `index` (0-based) of the API named `namespace`: `StripeModels`, then `StripeModels2`, …; the
    /// first declares the namespace.
    static func modelModule(namespace: String, index: Int) -> String {
        namespace + "Models" + suffix(ofPart: index)
    }

    /// Whether `module` is named like a model module of the API named `namespace` (an endpoint module never is).
    static func isModelModule(_ module: String, namespace: String) -> Bool {
        guard module.hasPrefix(namespace + "Models") else { return false }
        let number = module.dropFirst(namespace.count + "Models".count)
        return number.isEmpty || (number.first != "0" && number.allSatisfy { ("0"..."9").contains($0) })
    }

    /// The files of `module` in the module layout of the API named `namespace` when each of its kinds is spread over
    /// `parts` (as ``generatedFiles(namespace:parts:templates:)``), from the file templates `templates`: the
    /// umbrella's one file; a model module's models (and the namespace's file, in the first); an endpoint module's
    /// models and every other file template, each file holding all of the module's groups.
    static func moduleFiles(module: String, namespace: String, parts: Int, templates: [String]) -> [String] {
        if module == umbrellaModule(namespace: namespace) { return ["\(module).swift"] }
        let isModels = isModelModule(module, namespace: namespace)
        let files = generatedFiles(
            namespace: module, parts: parts,
            templates: templates.filter { isModels ? $0 == "Models.swift" : $0 != "Namespace.swift" })
        return module == modelModule(namespace: namespace, index: 0) ? (files + [fileName(of: "Namespace.swift", namespace: namespace)]).sorted() : files
    }
}
