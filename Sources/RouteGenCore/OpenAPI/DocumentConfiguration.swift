import Foundation

/// The configuration file of an OpenAPI document used directly as input: `<document name>.routegen-config.yaml`
/// next to the document (`stripe.routegen-config.yaml` for `stripe.yaml` or `stripe.json`), holding the same
/// choices as `routegen import`'s options:
///
/// ```yaml
/// name: Stripe                 # the API name (default: the document's file name)
/// tags: [Customers]            # keep operations with one of these tags
/// operations: [GetCustomers]   # keep operations with one of these operationIds
/// path_prefixes: [/v1/charges] # keep operations whose path starts with one of these
/// strict: true                 # fail when a kept operation cannot be imported (default: leave it out, warn)
/// expand: [Charge.customer]    # expandable references whose objects are typed (or `all`)
/// opaque: [Invoice]            # models kept as `JSON`
/// depth: 3                     # models farther from an operation are `JSON`
/// ```
///
/// Without the file every operation is imported, and the API is named after the document's file.
public enum DocumentConfiguration {
    static let keys = ["name", "tags", "operations", "path_prefixes", "strict", "expand", "opaque", "depth"]

    /// The configuration file's path for the document at `documentPath`.
    public static func path(forDocument documentPath: String) -> String {
        FileRules.configurationPath(ofDocument: documentPath)
    }

    /// The options of the document at `documentPath`: its configuration file's, or the defaults when it has none.
    /// Nil, with errors at the file's lines, when the file is not valid.
    public static func options(
        forDocument documentPath: String, loader: SpecLoader, diagnostics: inout Diagnostics,
        readFile: (String) -> Data? = { FileManager.default.contents(atPath: $0) }
    ) -> ImportOptions? {
        let file = path(forDocument: documentPath)
        guard let data = readFile(file) else { return ImportOptions() }
        var found = Diagnostics()
        defer { diagnostics.append(contentsOf: found) }
        guard let syntax = loader.load(SpecSource(path: file, contents: data), diagnostics: &found),
            let mapping = MappingReader(syntax.root, context: "the configuration", known: keys, diagnostics: &found)
        else { return nil }
        var options = ImportOptions(name: mapping.text("name", context: "the configuration", diagnostics: &found))
        if let name = options.name, !ImportOptions.isValidName(name) {
            found.error("the API name `\(name)` is not an identifier", at: mapping["name"]!.value.location)
        }
        options.tags = list("tags", in: mapping, diagnostics: &found)
        options.operations = list("operations", in: mapping, diagnostics: &found)
        options.pathPrefixes = list("path_prefixes", in: mapping, diagnostics: &found)
        options.strict = mapping.flag("strict", context: "the configuration", diagnostics: &found)
        if let expand = mapping["expand"], expand.value.text == ModelScope.everything {
            options.expand = [ModelScope.everything]
        } else {
            options.expand = list("expand", in: mapping, diagnostics: &found)
        }
        options.opaque = list("opaque", in: mapping, diagnostics: &found)
        if let depth = mapping["depth"] {
            if let value = depth.value.text.flatMap(Int.init), value > 0 {
                options.depth = value
            } else {
                found.error("`depth` of the configuration must be a whole number of at least 1", at: depth.value.location)
            }
        }
        return found.hasErrors ? nil : options
    }

    private static func list(_ key: String, in mapping: MappingReader, diagnostics: inout Diagnostics) -> [String] {
        guard let entry = mapping[key], !entry.value.isNull else { return [] }
        guard let items = entry.value.items, let texts = Optional(items.compactMap(\.text)), texts.count == items.count else {
            diagnostics.error("`\(key)` of the configuration must be a list of text values", at: entry.value.location)
            return []
        }
        return texts
    }
}
