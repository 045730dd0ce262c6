import Foundation

/// A target's generation choices in a file, `routegen-config.yaml`: what `routegen generate` and `check` take as
/// flags, for the build plugin (which reads the file in the target's folder) and the command line (`--config`).
///
/// ```yaml
/// access_level: internal   # public (default) | package | internal
/// split: 4                 # how many files the handler is spread over (default: by the API's size)
/// mocks: debug             # always (default) | debug: only in DEBUG builds | never
/// modules: auto            # one (default) | auto: by the API's size | how many endpoint modules, 1 to 100
/// response_models: codable   # Codable and Hashable (one module's default) | decodable: response-only models Decodable alone (the modules' default)
/// module: StripeCustomers  # with modules: this target's module, its files alone (the build plugin's slices)
/// spec: ../Stripe/stripe.yaml   # the spec of a module's target that does not hold it, relative to this file
/// ```
public enum GenerationConfiguration {
    /// The file's name in a target's folder.
    public static let fileName = FileRules.configurationName
    static let keys = ["access_level", "split", "mocks", "modules", "module", "spec", "response_models"]

    /// The most endpoint modules an API may be spread over.
    public static let maximumModules = 100

    /// `options` with the choices of the configuration file at `path`. Nil, with errors at the file's lines, when
    /// the file cannot be read or is not valid.
    public static func options(
        from path: String, applyingTo options: GenerationOptions, loader: SpecLoader = SpecLoader(), diagnostics: inout Diagnostics
    ) -> GenerationOptions? {
        let context = "the configuration"
        guard let data = FileManager.default.contents(atPath: path) else {
            diagnostics.error("the configuration file cannot be read", at: SourceLocation(file: path, line: 1, column: 1))
            return nil
        }
        var found = Diagnostics()
        defer { diagnostics.append(contentsOf: found) }
        guard let syntax = loader.load(SpecSource(path: path, contents: data), diagnostics: &found) else { return nil }
        if syntax.root.isNull { return options }
        guard let mapping = MappingReader(syntax.root, context: context, known: keys, diagnostics: &found) else { return nil }
        var result = options
        if let level = choice("access_level", of: GenerationOptions.AccessLevel.self, in: mapping, diagnostics: &found) {
            result.accessLevel = level
        }
        if let entry = mapping["split"] {
            if let parts = entry.value.text.flatMap(Int.init), (1...FileSplit.maximumParts).contains(parts) {
                result.split = FileSplit(parts: parts)
            } else {
                found.error("`split` must be a number from 1 to \(FileSplit.maximumParts)", at: entry.value.location)
            }
        }
        if let mocks = choice("mocks", of: GenerationOptions.Mocks.self, in: mapping, diagnostics: &found) {
            result.mocks = mocks
        }
        if let entry = mapping["modules"] {
            switch entry.value.text {
            case "one": result.modules = .one
            case "auto": result.modules = .automatic
            case let text?:
                if let count = Int(text), (1...maximumModules).contains(count) {
                    result.modules = .count(count)
                } else {
                    found.error("`modules` must be one, auto or a number from 1 to \(maximumModules)", at: entry.value.location)
                }
            case nil: found.error("`modules` must be one, auto or a number from 1 to \(maximumModules)", at: entry.value.location)
            }
        }
        if let models = choice("response_models", of: GenerationOptions.ResponseModels.self, in: mapping, diagnostics: &found) {
            result.responseModels = models
        }
        if let entry = mapping["module"] {
            if let name = entry.value.text, SwiftNaming.isPlainIdentifier(name) {
                result.module = name
            } else {
                found.error("`module` must name a module, like `StripeCustomers`", at: entry.value.location)
            }
        }
        // `spec` is read by the build plugin, which passes the spec to the generator; here it need only be text.
        if let entry = mapping["spec"], entry.value.text?.isEmpty != false {
            found.error("`spec` must be the path of the spec, relative to this file", at: entry.value.location)
        }
        return found.hasErrors ? nil : result
    }

    /// The value of `key`, one of `Choice`'s cases by raw value; nil when absent, or with an error naming the cases.
    private static func choice<Choice: RawRepresentable & CaseIterable>(
        _ key: String, of type: Choice.Type, in mapping: MappingReader, diagnostics: inout Diagnostics
    ) -> Choice? where Choice.RawValue == String {
        guard let entry = mapping[key] else { return nil }
        if let value = entry.value.text.flatMap(Choice.init(rawValue:)) { return value }
        let names = Choice.allCases.map(\.rawValue).joined(separator: ", ")
        diagnostics.error("`\(key)` must be one of \(names)", at: entry.value.location)
        return nil
    }
}
