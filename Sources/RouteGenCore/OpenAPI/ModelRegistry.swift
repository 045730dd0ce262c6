/// The models an import makes, by the identity of the schema each came from, with unique Swift type names.
///
/// Names come from the document (component names made UpperCamelCase) or from a schema's place
/// (`<Endpoint>Body`, `<Model><Property>`). A name already taken, or one the generated code uses itself,
/// gets `Model`, then a number: the first schema to claim a name in document order keeps it.
struct ModelRegistry {
    /// A model of the spec: its name, its definition, and where its schema is written (models are listed in
    /// that order).
    struct Entry {
        var name: String
        var definition: SyntaxNode
    }

    private var namesByIdentity: [String: String] = [:]
    private var taken: Set<String> = GeneratedVocabulary.reservedTypeNames.union(PrimitiveType.allCases.map(\.rawValue))
    private var reservations: [String: String] = [:]
    private(set) var entries: [Entry] = []
    private var claimed: Set<String> = []
    private var enums: Set<String> = []
    private var objects: Set<String> = []
    private var definitions: [String: SyntaxNode] = [:]

    /// Keeps `name` from every model: the API's own name, and the names the checker gives models of its own.
    mutating func take(_ name: String) {
        taken.insert(name)
    }

    /// The name of the model made from the schema `identity`, if it was named already.
    func name(of identity: String) -> String? { namesByIdentity[identity] }

    /// Names the schema `identity` after `wire`, made unique. Call ``define(_:as:)`` once its definition is known.
    mutating func claim(_ wire: String, for identity: String, owner: String? = nil) -> String {
        let base = Self.shortened(SwiftNaming.typeName(wire))
        var name = isFree(base, for: owner) ? base : base + "Model"
        var counter = 2
        while !isFree(name, for: owner) {
            name = base + "Model\(counter)"
            counter += 1
        }
        taken.insert(name)
        claimed.insert(name)
        namesByIdentity[identity] = name
        return name
    }

    /// Keeps `name` for the models `owner` makes only (`<Endpoint>Response`).
    mutating func reserve(_ name: String, for owner: String) {
        reservations[name] = reservations[name] ?? owner
    }

    /// Records the definition of the model named `name`.
    mutating func define(_ definition: SyntaxNode, as name: String) {
        entries.append(Entry(name: name, definition: definition))
        definitions[name] = definition
        if definition.entries?.contains(where: { $0.key == "enum" }) == true { enums.insert(name) }
        if definition.entries?.contains(where: { $0.key == "properties" }) == true { objects.insert(name) }
    }

    /// The Swift names of the properties of the object model `name`, those of the models it includes with `allOf`
    /// too, as the checker will name them (a `swift_name`, else the derived name); nil when it is not defined yet
    /// (its definition is being written, or put off).
    func memberNames(of name: String, depth: Int = 0) -> Set<String>? {
        guard let definition = definitions[name], depth < TranslationState.deepestNesting else { return nil }
        var names: Set<String> = []
        for entry in definition.entries?.first(where: { $0.key == "properties" })?.value.entries ?? [] {
            let explicit = entry.value.entries?.first { $0.key == "swift_name" }?.value.text
            names.insert(explicit ?? SwiftNaming.memberName(entry.key))
        }
        for part in definition.entries?.first(where: { $0.key == "allOf" })?.value.items ?? [] {
            guard let included = part.text, let inherited = memberNames(of: included, depth: depth + 1) else { return nil }
            names.formUnion(inherited)
        }
        return names
    }

    /// Whether the model named `name` is an object (a struct of properties), as error bodies must be.
    func isObject(_ name: String) -> Bool { objects.contains(name) }

    /// Whether `name` is a model made by this import.
    func isDefined(_ name: String) -> Bool { claimed.contains(name) }

    /// Whether the model named `name` is an enum.
    func isEnum(_ name: String) -> Bool { enums.contains(name) }

    /// The longest type name an import makes; longer ones lose repeated words, then leading ones, so that
    /// declarations fit the line (`…ResourceFundedTransactionResourceBankTransferResourceEuBankTransfer`), even a
    /// union case that repeats its type's name.
    static let longestName = 46

    /// `name` within ``longestName``: words already used earlier in the name dropped, then leading words.
    static func shortened(_ name: String) -> String {
        guard name.count > longestName else { return name }
        var words: [String] = []
        for character in name {
            if character.isUppercase || words.isEmpty { words.append(String(character)) } else { words[words.count - 1].append(character) }
        }
        var seen: Set<String> = []
        words = words.filter { $0.count < 3 || seen.insert($0).inserted }
        while words.joined().count > longestName && words.count > 1 { words.removeFirst() }
        return words.joined()
    }

    private func isFree(_ name: String, for owner: String?) -> Bool {
        guard !taken.contains(name) else { return false }
        guard let holder = reservations[name] else { return true }
        return holder == owner
    }
}
