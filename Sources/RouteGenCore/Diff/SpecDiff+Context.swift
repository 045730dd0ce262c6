extension SpecDiff {
    /// The changes found so far and where to find each declaration in the two specs.
    struct Context {
        let old: SpecPositions
        let new: SpecPositions
        let oldAPI: API
        let newAPI: API
        private(set) var changes: [APIChange] = []

        init(old: SpecPipeline.CheckedSpec, new: SpecPipeline.CheckedSpec) {
            self.old = SpecPositions(old.syntax.root)
            self.new = SpecPositions(new.syntax.root)
            oldAPI = old.api
            newAPI = new.api
        }

        /// The inline body models of an endpoint in both versions, when it has one in both.
        func inlineBodies(of old: Endpoint, _ new: Endpoint) -> (old: Model, new: Model)? {
            guard let oldName = old.body?.type.modelName, let newName = new.body?.type.modelName,
                let oldModel = oldAPI.model(named: oldName), let newModel = newAPI.model(named: newName),
                oldModel.inlineBodyOf != nil, newModel.inlineBodyOf != nil
            else { return nil }
            return (oldModel, newModel)
        }

        /// Records a change to the declaration at `path`, which both specs have.
        mutating func add(_ kind: APIChange.Kind, _ message: String, path: [String]) {
            changes.append(APIChange(kind, message, old: old.location(path), new: new.location(path)))
        }

        /// Records a change to the declaration at `path` that only one spec has: the old one's when it was removed,
        /// the new one's when it was added.
        mutating func add(_ kind: APIChange.Kind, _ message: String, path: [String], removed: Bool) {
            changes.append(APIChange(kind, message, old: removed ? old.location(path) : nil, new: removed ? nil : new.location(path)))
        }

        /// Records a change of what only documents the declaration at `path`: its doc comment texts (`old` and
        /// `new`, in the same order) and whether it is deprecated.
        mutating func compareDocumentation(
            of noun: String, old: [String?], new: [String?], deprecated: (old: Bool, new: Bool) = (false, false), path: [String]
        ) {
            if old != new {
                add(.documentation, "the documentation of \(noun) changed", path: path)
            }
            if deprecated.old != deprecated.new {
                add(.documentation, "\(noun) is \(deprecated.new ? "now" : "no longer") deprecated", path: path)
            }
        }

        /// Matches `old` and `new` by their wire names (`name`, the spec's key): records what was removed (a
        /// `removal`) and added (of the kind `addition` says), each described by `noun` from its wire name, and
        /// compares the rest with `compare`, given the path to the declaration.
        mutating func compare<Item>(
            _ old: [Item], _ new: [Item], named name: KeyPath<Item, Name>, noun: (String) -> String, path: (Item) -> [String],
            removal: APIChange.Kind, addition: (Item) -> APIChange.Kind,
            _ compare: (Item, Item, [String], inout Context) -> Void = { _, _, _, _ in }
        ) {
            let oldByName = Dictionary(old.map { ($0[keyPath: name].wire, $0) }, uniquingKeysWith: { first, _ in first })
            let newNames = Set(new.map { $0[keyPath: name].wire })
            for item in old where !newNames.contains(item[keyPath: name].wire) {
                changes.append(
                    APIChange(removal, "\(noun(item[keyPath: name].wire)) was removed", old: self.old.location(path(item)), new: nil))
            }
            for item in new {
                guard let previous = oldByName[item[keyPath: name].wire] else {
                    changes.append(
                        APIChange(addition(item), "\(noun(item[keyPath: name].wire)) was added", old: nil, new: self.new.location(path(item))))
                    continue
                }
                compare(previous, item, path(item), &self)
            }
        }
    }
}

/// Finds a declaration of a spec by the keys that lead to it (`["endpoints", "getPet", "query", "limit"]`).
struct SpecPositions {
    let root: SyntaxNode

    init(_ root: SyntaxNode) {
        self.root = root
    }

    /// Whether the spec writes every key of `path`.
    func has(_ path: [String]) -> Bool { walk(path).keys == path.count }

    /// Where the last key of `path` is written, or the nearest key on the way when the spec does not write it.
    func location(_ path: [String]) -> SourceLocation { walk(path).location }

    /// How many keys of `path` the spec writes, and where the last of those is.
    private func walk(_ path: [String]) -> (keys: Int, location: SourceLocation) {
        var node = root
        var location = root.location
        for (index, key) in path.enumerated() {
            guard let entry = node.entries?.first(where: { $0.key == key }) else { return (index, location) }
            location = entry.keyLocation
            node = entry.value
        }
        return (path.count, location)
    }
}
