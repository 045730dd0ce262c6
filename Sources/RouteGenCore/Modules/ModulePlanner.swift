/// The module planning stage: a checked ``API`` in, a ``ModulePlan`` out.
///
/// 1. **Groups.** Endpoints are grouped by their `group:` (an OpenAPI operation's first tag), else by their path's
///    first segment that is not a version or API prefix (Stripe, which has no tags: `/v1/customers/…` is
///    `customers`); a path with no such segment before its first parameter is in `Root`.
/// 2. **Endpoint modules.** Groups are spread over at most `moduleCount` modules by a fixed hash of their keys, so
///    an edit never moves a group while the number of modules stays; a module is named after its first group's
///    stable name (its name from the group keys alone).
/// 3. **Models.** A model only one endpoint module reaches (through its endpoints, and what their models hold) lives
///    in that module. The others (several modules reach them; the error model; models no endpoint reaches; the
///    envelope's metadata) live in model modules below every endpoint module. Models that hold each other (a cycle
///    of the model graph) are never split: a module holds every model of a cycle or none. The model modules are cut
///    from the model graph's components in an order where each needs only earlier ones, at most
///    ``modelsPerModule`` models each (a cycle larger than that is one module); the first holds the envelope's metadata
///    and every model it holds, however many.
public struct ModulePlanner: Sendable {
    /// The most endpoint modules; fewer when the API has fewer groups.
    public var moduleCount: Int
    /// The most models a model module holds, unless one cycle of the model graph is larger.
    public var modelsPerModule: Int

    /// A planner that spreads an API's groups over at most `moduleCount` endpoint modules.
    public init(moduleCount: Int, modelsPerModule: Int = 150) {
        self.moduleCount = max(1, moduleCount)
        self.modelsPerModule = max(1, modelsPerModule)
    }

    /// The number of endpoint modules when none is asked for: nil (one module, the layout of every API) below
    /// ``minimumSize`` endpoints and models together, else one per ``endpointsPerModule`` endpoints.
    public static func automaticModuleCount(endpoints: Int, models: Int) -> Int? {
        endpoints + models < minimumSize ? nil : moduleCount(endpoints: endpoints)
    }

    /// One endpoint module per ``endpointsPerModule`` endpoints, at least one. The count follows the API's size, and
    /// a change of it moves groups between modules: a project keeps the count it adopted (`--module-count`, `modules:`).
    public static func moduleCount(endpoints: Int) -> Int {
        max(1, (endpoints + endpointsPerModule - 1) / endpointsPerModule)
    }

    /// The fewest endpoints and models together that `--modules` spreads over modules. Measured
    /// (`Benchmarks/modules.py`): the 500-endpoint synthetic API (800 endpoints and models) rebuilds in 5 to 12 s
    /// after each edit as one module, and builds cold and rebuilds its shared model slower as modules, which cost
    /// every group its own protocols, handler and mock; whole Stripe (4,212) rebuilds in 22 to 35 s as one module and
    /// in 7 to 10 s as modules. A module's rebuild grows with its size, so the line is drawn at about a third of Stripe.
    public static let minimumSize = 1_500

    /// The endpoints an endpoint module is given when the number of modules is chosen from the API's size.
    public static let endpointsPerModule = 40

    /// Plans `api`'s modules.
    public func plan(_ api: API) -> ModulePlan {
        let prefix = api.name.swift
        let umbrella = FileRules.umbrellaModule(namespace: prefix)
        let groups = Self.groups(of: api)
        let endpointModules = merge(groups)
        let modelsByName = Dictionary(api.models.map { ($0.name.swift, $0) }) { first, _ in first }
        let placement = Self.placement(of: api, in: endpointModules, modelsByName: modelsByName)

        // The model modules: the namespace's first, with the envelope's metadata and every model it holds however
        // many (the first declares `Enveloped`, which names the metadata, and imports no other), then the cut of the
        // other shared components.
        let shared = Self.orderedComponents(of: api, where: { placement[$0] == nil }, modelsByName: modelsByName)
        var modelModules: [[String]] = [shared.metadata.flatMap { $0 }]
        for component in shared.others {
            if !modelModules[modelModules.count - 1].isEmpty, modelModules[modelModules.count - 1].count + component.count > modelsPerModule {
                modelModules.append([])
            }
            modelModules[modelModules.count - 1] += component
        }
        var moduleOfModel: [String: String] = [:]
        var modules: [ModulePlan.Module] = []
        for (index, names) in modelModules.enumerated() {
            let name = FileRules.modelModule(namespace: prefix, index: index)
            for model in names { moduleOfModel[model] = name }
            modules.append(
                ModulePlan.Module(
                    name: name, declaresNamespace: index == 0, groups: [],
                    models: api.models.filter { moduleOfModel[$0.name.swift] == name }, dependencies: []))
        }
        // Endpoint modules are named after their first group's stable name, which is never a model module's or the
        // umbrella's, in any case (see ``groups(of:)``): no module is numbered after another.
        for (index, groups) in endpointModules.enumerated() {
            let name = prefix + groups[0].stableName
            let models = api.models.filter { placement[$0.name.swift] == index }
            for model in models { moduleOfModel[model.name.swift] = name }
            modules.append(ModulePlan.Module(name: name, declaresNamespace: false, groups: groups, models: models, dependencies: []))
        }
        // Each module imports the namespace's module and the modules of the models it names.
        let order = Dictionary(uniqueKeysWithValues: modules.enumerated().map { ($1.name, $0) })
        for index in modules.indices {
            var named = modules[index].models.flatMap(\.referencedModels)
            named += modules[index].groups.flatMap(\.endpoints).flatMap(\.referencedModels)
            if !modules[index].groups.isEmpty {
                named += [api.errorModel, api.envelope?.metadataModel].compactMap { $0 }
            }
            let used = Set(named.compactMap { moduleOfModel[$0] } + [modules[0].name]).subtracting([modules[index].name])
            modules[index].dependencies = used.sorted { order[$0]! < order[$1]! }
        }
        return ModulePlan(api: api, modules: modules, umbrella: umbrella, moduleCount: moduleCount)
    }

    // MARK: Groups

    /// The API's groups, in the order of their first endpoints, each named uniquely among the API's types (see
    /// ``groupNames(of:taken:)``).
    static func groups(of api: API) -> [ModulePlan.Group] {
        var keys: [String] = []
        var endpointsByKey: [String: [Endpoint]] = [:]
        for endpoint in api.endpoints {
            let key = endpoint.group ?? groupKey(of: endpoint.path.template)
            if endpointsByKey[key] == nil { keys.append(key) }
            endpointsByKey[key, default: []].append(endpoint)
        }
        // A namespace is a Swift type: no model's name, nor the API's, nor `Models`, in Swift's exact spelling.
        let taken = Set(api.models.map(\.name.swift) + [api.name.swift, "Models"])
        let names = groupNames(of: keys, folding: { $0 }, reserved: taken.contains)
        // A stable name names a module, a folder: no model module's (`Models`, `Models2`, …), nor the umbrella's
        // (`API`), nor the API's, in any case (macOS's file system ignores case).
        let apiName = api.name.swift.lowercased()
        let stableNames = groupNames(of: keys, folding: { $0.lowercased() }) { name in
            let folded = name.lowercased()
            let number = folded.dropFirst("models".count)
            return folded == apiName || folded == "api"
                || (folded.hasPrefix("models") && number.allSatisfy { ("0"..."9").contains($0) })
        }
        return keys.map { ModulePlan.Group(name: names[$0]!, key: $0, stableName: stableNames[$0]!, endpoints: endpointsByKey[$0]!) }
    }

    /// The name of each group key: its type name (`Root` for the empty key), shortened past
    /// ``maximumGroupNameLength``; with `Endpoints` when `reserved` (or the generated code) has it or an earlier key
    /// took it; and then numbered (`UserProfileEndpoints2`) while an earlier key took it. Names are compared as
    /// `folding` makes them (exactly, or in any case), and keys are taken in sorted order (`user-profile` is
    /// `UserProfile`, then `user_profile` is `UserProfileEndpoints`): a group's name depends on the set of keys and
    /// the names reserved, never on the order of the endpoints; it changes only when a key that gives the same name
    /// and sorts before it is added or removed.
    static func groupNames(
        of keys: [String], folding: (String) -> String, reserved: (String) -> Bool
    ) -> [String: String] {
        var used: Set<String> = []
        func isTaken(_ name: String) -> Bool { reserved(name) || used.contains(folding(name)) }
        var names: [String: String] = [:]
        for key in Set(keys).sorted() {
            var name = key.isEmpty ? "Root" : shortened(SwiftNaming.typeName(key), key: key)
            if !GeneratedVocabulary.isFreeTypeName(name) || isTaken(name) { name += "Endpoints" }
            let base = name
            var number = 2
            while isTaken(name) {
                name = base + String(number)
                number += 1
            }
            used.insert(folding(name))
            names[key] = name
        }
        return names
    }

    /// The longest group name before its `Endpoints` or number, in UTF-8 bytes: a module is named after the API and
    /// its first group, and its files after the module (`<Module>+RequestHandling12.swift`), each within a file
    /// system's 255 bytes with an API name of at most ``maximumAPINameLength``.
    static let maximumGroupNameLength = 64

    /// The longest API name, in UTF-8 bytes, that the checker accepts: with a group's name of
    /// `maximumGroupNameLength` and its `Endpoints` and number, a module's longest file name
    /// (`<API><Group>Endpoints99+RequestHandling12.swift`) stays within a file system's 255 bytes.
    public static let maximumAPINameLength = 128

    /// `name`, or when longer than ``maximumGroupNameLength`` its start and a fixed hash of `key` in hexadecimal:
    /// the same for the same key in every run.
    static func shortened(_ name: String, key: String) -> String {
        guard name.utf8.count > maximumGroupNameLength else { return name }
        let hex = String(FileSplit.stableHash(key), radix: 16)
        let hash = String(repeating: "0", count: 16 - hex.count) + hex
        var start = ""
        for character in name {
            guard start.utf8.count + String(character).utf8.count + hash.count <= maximumGroupNameLength else { break }
            start.append(character)
        }
        return (start.isEmpty ? "Group" : start) + hash
    }

    /// What a path is grouped by: its first segment that is neither a parameter nor a version or API prefix (`v1`,
    /// `v2.1`, `2010-04-01`, `api`, `rest`), so `/v1/customers/{id}` is `customers`; empty when there is none (`Root`). A path's
    /// group depends on that path alone: an endpoint added elsewhere never regroups it.
    static func groupKey(of template: String) -> String {
        let path = template.split(separator: "?", maxSplits: 1).first ?? ""
        for segment in path.split(separator: "/") {
            if segment.contains("{") { break }
            let lowered = segment.lowercased()
            let number = lowered.first == "v" ? lowered.dropFirst() : Substring(lowered)
            let isVersion = number.first?.isNumber == true && number.allSatisfy { $0.isNumber || ".-_".contains($0) }
            if !isVersion && lowered != "api" && lowered != "rest" { return String(segment) }
        }
        return ""
    }

    /// The groups spread over at most ``moduleCount`` modules by a fixed hash of each group's key (``FileSplit/stableHash(_:)``),
    /// not by their sizes: with the number of modules kept, an endpoint added, removed or edited never moves a group
    /// to another module (a move would change two modules' code and their importers'), and a new group moves no other. The modules' sizes differ by
    /// chance. A module's groups are in the order of their stable names, and the modules in the order of their first
    /// group's, which names the module: a module is renamed only when a group is added before its first or its first
    /// goes, never when a model is added (a model renames a namespace, not a stable name).
    private func merge(_ groups: [ModulePlan.Group]) -> [[ModulePlan.Group]] {
        // Always `moduleCount` buckets, however many groups: a modulus that followed the groups would move them.
        var modules = Array(repeating: [ModulePlan.Group](), count: moduleCount)
        for group in groups.sorted(by: { $0.stableName < $1.stableName }) {
            modules[Int(FileSplit.stableHash(group.key) % UInt64(moduleCount))].append(group)
        }
        return modules.filter { !$0.isEmpty }.sorted { $0[0].stableName < $1[0].stableName }
    }

    // MARK: Models

    /// The endpoint module (an index into `modules`) of each model only that module's endpoints reach; the models
    /// absent from it are shared.
    private static func placement(of api: API, in modules: [[ModulePlan.Group]], modelsByName: [String: Model]) -> [String: Int] {
        let next = { (name: String) in modelsByName[name]?.referencedModels ?? [] }
        // Who reaches each model: an endpoint module's index, or -1 for the API as a whole.
        var reachedBy: [String: Set<Int>] = [:]
        for (index, groups) in modules.enumerated() {
            let roots = groups.flatMap(\.endpoints).flatMap(\.referencedModels)
            for model in Reachability.nodes(from: roots, next: next) { reachedBy[model, default: []].insert(index) }
        }
        let unreached = api.models.map(\.name.swift).filter { reachedBy[$0] == nil }
        let apiWide = unreached + [api.errorModel, api.envelope?.metadataModel].compactMap { $0 }
        for model in Reachability.nodes(from: apiWide, next: next) { reachedBy[model, default: []].insert(-1) }
        return reachedBy.compactMapValues { $0.count == 1 && $0.first! >= 0 ? $0.first! : nil }
    }

    /// The strongly connected components of the models `include` accepts, each before every component that holds
    /// one of its models: those of the envelope's metadata and what it holds (the first model module declares the
    /// namespace and its `Enveloped`), and the others. Each component's models are in the spec's order.
    private static func orderedComponents(
        of api: API, where include: (String) -> Bool, modelsByName: [String: Model]
    ) -> (metadata: [[String]], others: [[String]]) {
        let order = Dictionary(api.models.enumerated().map { ($1.name.swift, $0) }) { first, _ in first }
        let names = api.models.map(\.name.swift).filter(include)
        let edges = Dictionary(names.map { name in (name, (modelsByName[name]?.referencedModels ?? []).filter(include)) }) { first, _ in first }
        let components = StronglyConnectedComponents.of(edges).map { $0.sorted { order[$0, default: 0] < order[$1, default: 0] } }
        let metadata = Reachability.nodes(from: api.envelope?.metadataModel.map { [$0] } ?? []) { edges[$0] ?? [] }
        return (components.filter { $0.contains(where: metadata.contains) }, components.filter { !$0.contains(where: metadata.contains) })
    }
}
