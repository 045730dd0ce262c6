import Foundation
import Testing

@testable import RouteGenCore

/// The module planner's guarantees, as properties over generated APIs (random model graphs with cycles, random
/// paths and references) and on the examples that motivate them.
@Suite struct ModulePlannerTests {
    /// Every endpoint is in one group and every model in one module; a module imports only modules before it, and
    /// every model it names is its own or in a module it imports; a cycle of the model graph is whole in one module;
    /// a model that only one endpoint module's endpoints reach lives in that module; group names are unique type
    /// names no model and no generated type has; there are at most as many endpoint modules as asked.
    @Test(arguments: 0..<200)
    func everyPlanIsConsistent(seed: UInt64) {
        var random = SplitMix(seed: seed)
        let api = Self.randomAPI(&random)
        let count = Int.random(in: 1...6, using: &random)
        let plan = ModulePlanner(moduleCount: count, modelsPerModule: Int.random(in: 1...8, using: &random)).plan(api)

        let grouped = plan.groups.flatMap(\.endpoints).map(\.name.swift)
        #expect(grouped.sorted() == api.endpoints.map(\.name.swift).sorted(), "seed \(seed)")
        let placed = plan.modules.flatMap(\.models).map(\.name.swift)
        #expect(placed.sorted() == api.models.map(\.name.swift).sorted(), "seed \(seed)")
        #expect(plan.modules.filter { !$0.groups.isEmpty }.count <= count)
        #expect(plan.modules.first?.declaresNamespace == true)
        #expect(plan.modules.dropFirst().allSatisfy { !$0.declaresNamespace })

        let moduleOfModel = Dictionary(uniqueKeysWithValues: plan.modules.flatMap { module in module.models.map { ($0.name.swift, module.name) } })
        let modelsByName = Dictionary(uniqueKeysWithValues: api.models.map { ($0.name.swift, $0) })
        for (index, module) in plan.modules.enumerated() {
            let earlier = Set(plan.modules[..<index].map(\.name))
            #expect(Set(module.dependencies).isSubset(of: earlier), "seed \(seed): \(module.name) imports a later module")
            let visible = Set(module.dependencies + [module.name])
            let named = module.models.flatMap(\.referencedModels) + module.groups.flatMap(\.endpoints).flatMap(\.referencedModels)
            for model in named {
                #expect(visible.contains(moduleOfModel[model]!), "seed \(seed): \(module.name) names \(model) without importing it")
            }
        }
        let edges = Dictionary(uniqueKeysWithValues: api.models.map { ($0.name.swift, $0.referencedModels) })
        for component in StronglyConnectedComponents.of(edges) {
            #expect(Set(component.map { moduleOfModel[$0]! }).count == 1, "seed \(seed): the cycle \(component) is split")
        }
        let endpointModules = plan.modules.filter { !$0.groups.isEmpty }
        let next = { (name: String) in modelsByName[name]?.referencedModels ?? [] }
        let reachedBy = endpointModules.map { module in
            Reachability.nodes(from: module.groups.flatMap(\.endpoints).flatMap(\.referencedModels), next: next)
        }
        let reachedByEndpoints = reachedBy.reduce(Set<String>()) { $0.union($1) }
        let apiWideRoots = api.models.map(\.name.swift).filter { !reachedByEndpoints.contains($0) } + [api.errorModel, api.envelope?.metadataModel].compactMap { $0 }
        let reachedByTheWholeAPI = Reachability.nodes(from: apiWideRoots, next: next)
        for model in api.models.map(\.name.swift) {
            let reachers = endpointModules.indices.filter { reachedBy[$0].contains(model) }
            if reachers.count == 1, !reachedByTheWholeAPI.contains(model) {
                #expect(moduleOfModel[model] == endpointModules[reachers[0]].name, "seed \(seed): \(model) is used by one module only")
            } else {
                #expect(!endpointModules.map(\.name).contains(moduleOfModel[model]!), "seed \(seed): shared \(model) in an endpoint module")
            }
        }
        let groupNames = plan.groups.map(\.name)
        #expect(Set(groupNames).count == groupNames.count)
        for name in groupNames {
            #expect(modelsByName[name] == nil && GeneratedVocabulary.isFreeTypeName(name) && name != api.name.swift, "seed \(seed): group \(name)")
        }
        let moduleNames = plan.modules.map(\.name) + [plan.umbrella]
        #expect(Set(moduleNames).count == moduleNames.count)
        // The first module declares `Enveloped`, which names the metadata, and imports nothing: the metadata and
        // every model it holds are its own.
        #expect(plan.modules.first?.dependencies == [], "seed \(seed)")
        if let metadata = api.envelope?.metadataModel {
            for model in Reachability.nodes(from: [metadata], next: next) {
                #expect(moduleOfModel[model] == plan.modules.first?.name, "seed \(seed): the metadata's \(model) in \(moduleOfModel[model]!)")
            }
        }
    }

    /// A path's group is its first segment that is not a version or API prefix; a path of parameters only is in
    /// `Root`.
    @Test func groupsAreTheFirstSegmentAfterAVersion() {
        let api = Self.api(paths: [
            "/v1/customers", "/v1/customers/{id}", "/v1/charges/{id}/refund", "/v1/{id}", "/v1/test_helpers/x",
            "/api/v2.1/customers/x", "/vault/x", "/", "/2010-04-01/Accounts/{sid}/Calls",
        ])
        let groups = ModulePlanner.groups(of: api)
        #expect(groups.map(\.name) == ["Customers", "Charges", "Root", "TestHelpers", "Vault", "Accounts"])
        #expect(groups.map(\.endpoints.count) == [3, 1, 2, 1, 1, 1])
    }

    /// An endpoint's `group:` (an OpenAPI operation's first tag) wins over its path; an empty one is an error.
    @Test func aGroupKeyWinsOverThePath() throws {
        let spec = """
            routegen: 1
            name: Tagged
            environments: { production: https://api.example.com }
            endpoints:
              listPets: { method: GET, path: /v1/pets, group: animals }
              listCats: { method: GET, path: /v1/cats, group: animals }
              listToys: { method: GET, path: /v1/toys }
              listBones: { method: GET, path: /v1/bones, group: "" }
            """
        let (api, diagnostics) = SpecTesting.check(spec)
        #expect(diagnostics.map(\.message) == ["`group` of endpoint `listBones` must name a group, not be empty"])
        var tagged = try #require(api ?? SpecTesting.check(spec.replacingOccurrences(of: ", group: \"\"", with: "")).api)
        tagged.endpoints.removeAll { $0.name.swift == "listBones" }
        #expect(ModulePlanner.groups(of: tagged).map(\.name) == ["Animals", "Toys"])
    }

    /// A group named like a model, or like a type the generated code declares, gets `Endpoints`.
    @Test func aGroupNamedLikeATypeIsRenamed() {
        var api = Self.api(paths: ["/customer", "/apiroute", "/environment"])
        api.models = [Model(name: Name(wire: "Customer", swift: "Customer"), kind: .object([]))]
        #expect(ModulePlanner.groups(of: api).map(\.name) == ["CustomerEndpoints", "Apiroute", "EnvironmentEndpoints"])
    }

    /// Issue 51, 13: a group's name depends on the set of group keys, not on the endpoints' order: keys that give one
    /// name after casing (`user-profile`, `user_profile`) keep their names with the endpoints shuffled.
    @Test(arguments: 0..<50)
    func groupNamesDoNotDependOnTheEndpointsOrder(seed: UInt64) {
        var random = SplitMix(seed: seed)
        let segments = ["user-profile", "user_profile", "UserProfile", "userProfile", "orders", "Orders", "models"]
        let paths = (0..<Int.random(in: 1...20, using: &random)).map {
            "/v1/\(segments[Int.random(in: 0..<segments.count, using: &random)])/e\($0)"
        }
        func names(_ paths: [String]) -> [String: String] {
            Dictionary(uniqueKeysWithValues: ModulePlanner.groups(of: Self.api(paths: paths)).map { ($0.key, $0.name) })
        }
        #expect(names(paths) == names(paths.shuffled(using: &random)), "seed \(seed)")
    }

    /// Issue 51, 13: a model added, unused or named like a group (`Charges` beside the group `charges`), renames no
    /// module: `Package.swift` and a plugin target's `module:` name modules. (The group's namespace gives way to the
    /// model, and `routegen diff` calls that breaking.)
    @Test(arguments: 0..<100)
    func aModelAddedRenamesNoModule(seed: UInt64) {
        var random = SplitMix(seed: seed)
        var api = Self.randomAPI(&random)
        let planner = ModulePlanner(moduleCount: Int.random(in: 1...6, using: &random))
        let before = planner.plan(api).modules.filter { !$0.groups.isEmpty }.map(\.name)
        let name = ["Customers", "Charges", "V2", "Api", "M1", "Unused", "Bill", "BillA", "UserProfile", "Root"]
            .randomElement(using: &random)!
        if !api.models.contains(where: { $0.name.swift == name }) {
            api.models.append(Model(name: Name(wire: name, swift: name), kind: .object([])))
        }
        let after = planner.plan(api).modules.filter { !$0.groups.isEmpty }.map(\.name)
        #expect(after == before, "seed \(seed): adding `\(name)`")
    }

    /// Attack on issue 51, 9: a group removed renames no other module: a module whose first group stays first keeps
    /// its name (no module is numbered after another, `ShopApi3` becoming `ShopApi2`).
    @Test(arguments: 0..<100)
    func aGroupRemovedRenamesNoOtherModule(seed: UInt64) {
        var random = SplitMix(seed: seed)
        let api = Self.randomAPI(&random)
        let planner = ModulePlanner(moduleCount: Int.random(in: 1...6, using: &random))
        func firstGroups(_ api: API) -> [String: (module: String, stableName: String)] {
            Dictionary(
                uniqueKeysWithValues: planner.plan(api).modules.compactMap { module in
                    module.groups.first.map { ($0.key, (module.name, $0.stableName)) }
                })
        }
        let before = firstGroups(api)
        for removed in ModulePlanner.groups(of: api) {
            var smaller = api
            smaller.endpoints.removeAll { removed.endpoints.contains($0) }
            for (key, after) in firstGroups(smaller) {
                guard let old = before[key], old.stableName == after.stableName else { continue }
                #expect(after.module == old.module, "seed \(seed): removing `\(removed.key)` renames \(old.module)")
            }
        }
    }

    /// Issue 51, 15: a group of some 320 characters gets a name short enough for its module's files, the same in every
    /// run, and distinct from another long group's of the same start.
    @Test func aLongGroupNameIsShortened() throws {
        let key = String(repeating: "billing", count: 46)
        let api = Self.api(paths: ["/v1/\(key)/a", "/v1/\(key)s/b"])
        let names = ModulePlanner.groups(of: api).map(\.name)
        #expect(names.allSatisfy { $0.utf8.count == ModulePlanner.maximumGroupNameLength && $0.hasPrefix("Billingbilling") }, "\(names)")
        #expect(Set(names).count == 2 && ModulePlanner.groups(of: api).map(\.name) == names)
    }

    /// An edit never moves a group: with an endpoint added to a group, every group is in the module of the same
    /// name as before; with a group added, every other group keeps its module's other groups.
    @Test(arguments: 0..<100)
    func anEditMovesNoGroup(seed: UInt64) {
        var random = SplitMix(seed: seed)
        let paths = (0..<Int.random(in: 1...40, using: &random)).map { "/v1/g\(Int.random(in: 0..<15, using: &random))/e\($0)" }
        let planner = ModulePlanner(moduleCount: Int.random(in: 1...6, using: &random))
        func modules(_ paths: [String]) -> [String: (module: String, neighbours: Set<String>)] {
            var result: [String: (String, Set<String>)] = [:]
            for module in planner.plan(Self.api(paths: paths)).modules {
                for group in module.groups { result[group.key] = (module.name, Set(module.groups.map(\.key))) }
            }
            return result
        }
        let before = modules(paths)
        let grown = modules(paths + [paths[Int.random(in: 0..<paths.count, using: &random)] + "/added"])
        #expect(before.mapValues(\.module) == grown.mapValues(\.module), "seed \(seed)")
        let added = modules(paths + ["/v1/newgroup\(seed)/x"])
        for (key, old) in before {
            #expect(added[key]?.neighbours.subtracting(["newgroup\(seed)"]) == old.neighbours, "seed \(seed): \(key) moved")
        }
    }

    /// Below the size where modules pay off, the automatic layout is one module.
    @Test func smallAPIsStayOneModule() {
        #expect(ModulePlanner.automaticModuleCount(endpoints: 500, models: 300) == nil)
        #expect(ModulePlanner.automaticModuleCount(endpoints: 1, models: ModulePlanner.minimumSize - 2) == nil)
        #expect(ModulePlanner.automaticModuleCount(endpoints: 468, models: 3_744) == 12)
    }

    // MARK: Generated APIs

    static func api(paths: [String]) -> API {
        API(
            sourceFile: "Test.yaml", name: Name(wire: "Test", swift: "Test"), environments: [],
            endpoints: paths.enumerated().map { index, path in
                Endpoint(
                    name: Name(wire: "e\(index)", swift: "e\(index)"), method: .get,
                    path: PathTemplate(template: path, segments: [.literal(path)]))
            })
    }

    /// An API of up to 30 models that hold each other at random (cycles included), and up to 25 endpoints under up
    /// to 6 first segments that send and read them at random; an error model half of the time, an envelope whose
    /// metadata is a model at random half of the time.
    static func randomAPI(_ random: inout SplitMix) -> API {
        let modelCount = Int.random(in: 0...30, using: &random)
        let names = (0..<modelCount).map { "M\($0)" }
        func someModel() -> TypeReference? {
            names.isEmpty ? nil : .model(names[Int.random(in: 0..<names.count, using: &random)])
        }
        let models = names.map { name in
            let references = (0..<Int.random(in: 0...3, using: &random)).compactMap { _ in someModel() }
            let properties = references.enumerated().map { index, type in
                Property(name: Name(wire: "p\(index)", swift: "p\(index)"), type: Bool.random(using: &random) ? type : .array(type))
            }
            return Model(name: Name(wire: name, swift: name), kind: .object(properties))
        }
        // Group keys that give one name (`bill`, `Bill`; `user-profile`, `user_profile`), that a model's name takes
        // (`Bill`, `UserProfile`) and sort around each other then (`BillEndpoints` after `BillA`), and that name
        // modules like the model modules or the umbrella (`models`, `Models2`, `api`, `API`).
        let segments = [
            "customers", "charges", "v2", "models", "Models2", "api", "API", "m1", "bill", "Bill", "bill-a", "bill-c",
            "user-profile", "user_profile", "root", "Root",
        ]
        let endpoints = (0..<Int.random(in: 0...25, using: &random)).map { index in
            let segment = segments[Int.random(in: 0..<segments.count, using: &random)]
            let path = "/v1/\(segment)/\(index)"
            let read = someModel()
            let sent = someModel()
            var endpoint = Endpoint(
                name: Name(wire: "e\(index)", swift: "e\(index)"), method: .post,
                path: PathTemplate(template: path, segments: [.literal(path)]),
                body: Bool.random(using: &random) ? sent.map(RequestBody.json) : nil,
                result: read.map { .body(.json($0)) } ?? .none)
            // A path's `api` segment is skipped; a `group:` is taken as written.
            if Bool.random(using: &random) { endpoint.group = segment }
            return endpoint
        }
        var api = API(sourceFile: "Random.yaml", name: Name(wire: "Random", swift: "Random"), environments: [], models: models, endpoints: endpoints)
        if Bool.random(using: &random) { api.errorModel = someModel()?.modelName }
        if Bool.random(using: &random) { api.envelope = Envelope(payloadKey: "data", metadataModel: someModel()?.modelName) }
        return api
    }
}

/// A seeded generator, so a failing seed reproduces.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) { state = seed &+ 0x9E37_79B9_7F4A_7C15 }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
