/// Where an import stops typing the document's models: the expandable references whose objects it types
/// (`expand`), the models it keeps as `JSON` (`opaque`), and the models past the `depth` limit. It remembers which
/// entries matched, so an entry that matched nothing (a typo) is reported.
struct ModelScope {
    /// A property of a model, as the configuration names it: `Customer.default_source`, by the model's name in
    /// the spec or in the document, and the property's wire name.
    struct Property {
        var model: String
        var schemaName: String?
        var key: String

        /// The names an entry may give this property by.
        var spellings: [String] {
            [model + "." + key] + (schemaName.map { [$0 + "." + key] } ?? [])
        }
    }

    /// The value of `expand` that types every expandable reference.
    static let everything = "all"

    private let expansions: Set<String>
    private let opaque: Set<String>
    /// The models, by identity, that lie past the `depth` limit.
    var pastDepth: Set<String> = []
    private var matched: Set<String> = []
    /// The expandable references whose objects are not typed, as `Model.property`.
    private(set) var unexpanded: Set<String> = []

    init(expand: [String] = [], opaque: [String] = []) {
        expansions = Set(expand)
        self.opaque = Set(opaque)
    }

    /// Whether the object of the expandable reference `property` is typed; nil is a reference outside a model.
    mutating func expands(_ property: Property?) -> Bool {
        if expansions.contains(Self.everything) {
            matched.insert(Self.everything)
            return true
        }
        guard let property else { return false }
        guard let entry = property.spellings.first(where: expansions.contains) else {
            unexpanded.insert(property.spellings[0])
            return false
        }
        matched.insert(entry)
        return true
    }

    /// Whether the model made from the schema `identity`, named `schemaName` in the document, is kept as `JSON`.
    mutating func isOpaque(identity: String, schemaName: String?) -> Bool {
        if pastDepth.contains(identity) { return true }
        guard let schemaName else { return false }
        guard let entry = [schemaName, SwiftNaming.typeName(schemaName)].first(where: opaque.contains) else { return false }
        matched.insert(entry)
        return true
    }

    /// The entries of `expand` and `opaque` that matched nothing, each with its key.
    var unmatched: [(key: String, entry: String)] {
        expansions.subtracting(matched).sorted().map { ("expand", $0) } + opaque.subtracting(matched).sorted().map { ("opaque", $0) }
    }

    /// The name a schema has in the document's `components/schemas`, if it is one of them.
    static func schemaName(of schema: DocumentNode) -> String? {
        let prefix = "#/components/schemas/"
        guard schema.pointer.hasPrefix(prefix) else { return nil }
        let name = schema.pointer.dropFirst(prefix.count)
        return name.contains("/") ? nil : DocumentNode.unescape(name)
    }
}
