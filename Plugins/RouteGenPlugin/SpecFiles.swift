import Foundation

/// How the plugins recognize specs and know, before running the generator, which files it will write: the
/// generator's own rules (`FileRules`, `SwiftNaming` and the type names of `GeneratedVocabulary`, whose files
/// this folder links), applied to the files of a target.
enum SpecFiles {
    /// Whether `url` is a RouteGen spec or an OpenAPI document.
    static func isSpec(_ url: URL) -> Bool {
        FileRules.isSpec(name: url.lastPathComponent, contents: contents(of: url))
    }

    /// Whether `url` is an OpenAPI document rather than a RouteGen spec.
    static func isOpenAPI(_ url: URL) -> Bool {
        FileRules.isOpenAPI(name: url.lastPathComponent, contents: contents(of: url))
    }

    private static func contents(of url: URL) -> Data {
        (try? Data(contentsOf: url)) ?? Data()
    }

    /// The configuration file of an OpenAPI document: `<name>.routegen-config.yaml` beside it.
    static func configuration(of document: URL) -> URL {
        URL(fileURLWithPath: FileRules.configurationPath(ofDocument: document.path))
    }

    /// The Swift namespace of a spec: its top-level `name:` as a type name (`pet_store` → `PetStore`); for an
    /// OpenAPI document, the `name:` of its configuration file or else the name the importer gives it
    /// (`stripe-api.json` → `StripeApi`, `result.yaml` → `ResultAPI`). Nil when a spec has no readable name (the generator then reports the error).
    static func namespace(of spec: URL) -> String? {
        if isOpenAPI(spec) {
            return topLevelName(in: configuration(of: spec)).map(SwiftNaming.typeName) ?? FileRules.apiName(ofDocument: spec.path)
        }
        return topLevelName(in: spec).map(SwiftNaming.typeName)
    }

    /// What the files of `spec` are named after (`<prefix>+Models.swift`): its namespace as read here, else its file
    /// name.
    static func filePrefix(of spec: URL) -> String {
        namespace(of: spec) ?? spec.deletingPathExtension().lastPathComponent
    }

    /// The arguments of the `routegen generate` run for `spec`, its files written in `output` in `parts` parts and
    /// named after ``filePrefix(of:)`` (so they are always the outputs the build command declares, whatever YAML
    /// makes of the spec's `name:` line: a block scalar, a tag, an escape).
    static func generateArguments(spec: URL, output: URL, parts: Int, templates: URL?, configuration: URL?) -> [String] {
        var arguments = [
            "generate", spec.path, "--output", output.path, "--split", String(parts), "--file-prefix", filePrefix(of: spec),
        ]
        if let templates { arguments += ["--templates", templates.path] }
        if let configuration { arguments += ["--config", configuration.path] }
        return arguments
    }

    /// The arguments of the `routegen generate` run of a module's target, whose `configuration` names the module:
    /// its files written in a folder of `output` named after it, as the whole layout does, in `parts` parts. The
    /// prefix is the API's name as ``filePrefix(of:)`` reads it, which names the files the target declares: routegen
    /// checks it against its own reading of the spec, an error when they differ.
    static func moduleArguments(spec: URL, output: URL, parts: Int, templates: URL?, configuration: URL) -> [String] {
        var arguments = [
            "generate", spec.path, "--output", output.path, "--split", String(parts), "--config", configuration.path,
            "--file-prefix", filePrefix(of: spec),
        ]
        if let templates { arguments += ["--templates", templates.path] }
        return arguments
    }

    private static func topLevelName(in file: URL) -> String? {
        guard let text = try? String(contentsOf: file, encoding: .utf8) else { return nil }
        for line in text.split(whereSeparator: \.isNewline) where line.hasPrefix("name:") {
            var value = line.dropFirst("name:".count).trimmingCharacters(in: .whitespaces)
            if let comment = value.range(of: " #") { value = String(value[..<comment.lowerBound]) }
            value = value.trimmingCharacters(in: CharacterSet(charactersIn: "\"' "))
            return value.isEmpty ? nil : value
        }
        return nil
    }

    /// How many files the handler of `spec` is spread over (`routegen generate --split`), from its size.
    static func split(of spec: URL) -> Int {
        let bytes = (try? FileManager.default.attributesOfItem(atPath: spec.path)[.size] as? Int) ?? 0
        return FileRules.parts(ofSpecSize: bytes, isOpenAPI: isOpenAPI(spec))
    }

    /// The files `routegen generate --split <parts>` writes for the API named `namespace`, with the built-in
    /// templates and the file templates among `overrides` (a templates folder's `.mustache` files).
    static func generatedFiles(namespace: String, parts: Int, overrides: [URL] = []) -> [String] {
        let added = overrides.map { $0.deletingPathExtension().lastPathComponent }.filter { $0.hasSuffix(".swift") }
        return FileRules.generatedFiles(
            namespace: namespace, parts: parts, templates: FileRules.builtInFileTemplates + added)
    }

    /// The name of a target's generation configuration.
    static let configurationName = FileRules.configurationName

    /// The `split:` a target's configuration file sets, which wins over the size rule.
    static func configuredSplit(in configuration: URL) -> Int? {
        configured("split", in: configuration).flatMap(Int.init).map(FileRules.clamped(parts:))
    }

    /// The value of the top-level `key:` line of a target's configuration file, without quotes or a comment (read
    /// line by line: a plugin cannot link a YAML parser, and the generator checks the file properly).
    static func configured(_ key: String, in configuration: URL) -> String? {
        guard let text = try? String(contentsOf: configuration, encoding: .utf8) else { return nil }
        for line in text.split(whereSeparator: \.isNewline) where line.hasPrefix(key + ":") {
            var value = line.dropFirst(key.count + 1).trimmingCharacters(in: .whitespaces)
            if let comment = value.range(of: " #") { value = String(value[..<comment.lowerBound]) }
            value = value.trimmingCharacters(in: CharacterSet(charactersIn: "\"' "))
            return value.isEmpty ? nil : value
        }
        return nil
    }

    /// The files `routegen generate --module <module> --split <parts>` writes for the API named `namespace`, with the
    /// built-in templates and the file templates among `overrides`.
    static func moduleFiles(module: String, namespace: String, parts: Int, overrides: [URL] = []) -> [String] {
        let added = overrides.map { $0.deletingPathExtension().lastPathComponent }.filter { $0.hasSuffix(".swift") }
        return FileRules.moduleFiles(
            module: module, namespace: namespace, parts: parts, templates: FileRules.builtInFileTemplates + added)
    }

    /// The `.mustache` files of a templates folder, if it exists.
    static func templates(in folder: URL) -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".mustache") }.sorted().map { folder.appending(path: $0) }
    }

    /// The YAML and JSON files in `folder` and below: what an OpenAPI document outside the target may reference.
    static func referenceableFiles(in folder: URL) -> [URL] {
        guard let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { return [] }
        return enumerator.compactMap { $0 as? URL }.filter { FileRules.isReferenceable(path: $0.path) }
    }
}
