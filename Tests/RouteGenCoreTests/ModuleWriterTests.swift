import Foundation
import Testing

@testable import RouteGenCore

/// The module layout's writer never removes what another API or another module wrote: a module folder is removed
/// only when its record names the spec being written whole, whatever the folder's name. As a property over runs of
/// several APIs into one folder (names that are prefixes of one another, specs of one file name in two folders,
/// renames, one module at a time), and on the reported cases through the command line.
@Suite struct ModuleWriterTests {
    /// A spec named `name` whose endpoints make three groups, one model each and one they share.
    static func spec(name: String) -> String {
        """
        routegen: 1
        name: \(name)
        environments: { production: "https://shop.example.com" }
        models:
          Money: { properties: { amount: Int } }
          Customer: { properties: { id: String, balance: Money } }
          Order: { properties: { id: String, total: Money } }
        endpoints:
          getCustomer: { method: GET, path: "/v1/customers/{id}", params: { id: String }, response: Customer }
          getOrder: { method: GET, path: "/v1/orders/{id}", params: { id: String }, response: Order }
          getPrice: { method: GET, path: "/v1/products/{id}/price", params: { id: String }, response: Money }

        """
    }

    /// A folder of its own for a test, removed after it.
    private final class Scratch {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("routegen-writer-\(UUID().uuidString)")
        var output: String { root.appendingPathComponent("Sources").path }
        deinit { try? FileManager.default.removeItem(at: root) }

        /// Writes the spec of `name` at `path` (relative to the scratch folder) and gives its path.
        @discardableResult
        func writeSpec(_ path: String, name: String) throws -> String {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try ModuleWriterTests.spec(name: name).write(to: url, atomically: true, encoding: .utf8)
            return url.path
        }

        /// Every file of the output folder and below, by path from it, with its contents.
        func snapshot() -> [String: Data] {
            var files: [String: Data] = [:]
            let enumerator = FileManager.default.enumerator(atPath: output)
            while let name = enumerator?.nextObject() as? String {
                var isFolder: ObjCBool = false
                let path = output + "/" + name
                if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue {
                    files[name] = FileManager.default.contents(atPath: path)
                }
            }
            return files
        }
    }

    /// Generates the spec at `path` as the command line does: its whole layout of `count` modules (one module for
    /// 0), or `module` alone.
    private static func generate(_ path: String, count: Int, module: String? = nil, into output: String) throws -> (
        output: CodeGenerator.Output, comparison: OutputWriter.Comparison
    ) {
        var options = GenerationOptions()
        options.modules = count == 0 ? .one : .count(count)
        options.module = module
        let generated = CodeGenerator(options: options).generate([try SpecSource(contentsOf: path)])
        try #require(!generated.diagnostics.hasErrors, "\(generated.diagnostics.errors.map(\.message))")
        return (generated, try OutputWriter(directory: output, apis: generated.apis).write(generated.files))
    }

    /// Runs of random specs into one folder, each the whole layout (one module, or 1 to 3 endpoint modules: the
    /// layout switches between runs) or one module of it, with API names that are prefixes of one another, that
    /// change between runs and that two specs share: no run changes or removes a file another API wrote (an API is
    /// the same when its name or its spec is), a run of one module changes nothing outside its folder, a run that
    /// conflicts changes nothing, and after a run of a whole API the folder holds exactly its files of that layout
    /// (no module or one-module file of an earlier name, count or layout is left).
    @Test(arguments: 0..<16)
    func noRunRemovesAnotherAPIsOrModulesFiles(seed: UInt64) throws {
        var random = SplitMix(seed: seed)
        let scratch = Scratch()
        let paths = ["v1/api.yaml", "v2/api.yaml", "shop.yaml"]
        let names = ["Shop", "ShopV2", "ShopModels", "ShopAPI", "Sho"]
        var nameOf: [String: String] = [:]
        // A file's path from the output folder → the spec and API that wrote it.
        var owner: [String: (path: String, api: String)] = [:]
        for step in 0..<12 {
            let path = paths[Int.random(in: 0..<paths.count, using: &random)]
            if nameOf[path] == nil || Int.random(in: 0..<3, using: &random) == 0 {
                nameOf[path] = names[Int.random(in: 0..<names.count, using: &random)]
            }
            let name = nameOf[path]!
            let spec = try scratch.writeSpec(path, name: name)
            // One module is written into the output folder itself, where one spec's files are; shop.yaml's.
            let count = Int.random(in: (path == "shop.yaml" ? 0 : 1)...3, using: &random)
            var module: String?
            var modules: [String] = []
            if count > 0 {
                var options = GenerationOptions()
                options.modules = .count(count)
                let plan = try #require(
                    CodeGenerator(options: options).generate([try SpecSource(contentsOf: spec)]).plans.first)
                modules = plan.modules.map(\.name) + [plan.umbrella]
                module = Bool.random(using: &random) ? modules[Int.random(in: 0..<modules.count, using: &random)] : nil
            }
            let context = "seed \(seed), step \(step): \(path) as \(name), \(module ?? "\(count) modules")"

            let before = scratch.snapshot()
            let (generated, comparison) = try Self.generate(spec, count: count, module: module, into: scratch.output)
            let after = scratch.snapshot()
            guard comparison.conflicts.isEmpty else {
                #expect(after == before, "\(context): a run that conflicts wrote")
                continue
            }
            func isOurs(_ file: String) -> Bool { owner[file].map { $0.path == path || $0.api == name } ?? false }
            for (file, contents) in before where !isOurs(file) || (module != nil && !file.hasPrefix(module! + "/")) {
                #expect(after[file] == contents, "\(context): \(file) of \(owner[file].map { "\($0)" } ?? "?") changed or removed")
            }
            for file in before.keys where after[file] == nil { owner[file] = nil }
            for file in after.keys
            where before[file] != after[file] || generated.files.contains(where: { $0.name == file }) {
                owner[file] = (path, name)
            }
            if module == nil {
                let recheck = OutputWriter(directory: scratch.output, apis: generated.apis).compare(
                    with: generated.files)
                #expect(recheck.isUpToDate, "\(context): \(recheck.extra) left")
                // The one-module files of an old name of the API stay when it is now modules: named otherwise, they
                // could be another API's of a spec of the same file name.
                func isOldNameFile(_ file: String) -> Bool {
                    count > 0 && !file.contains("/") && file != name + ".swift" && !file.hasPrefix(name + "+")
                }
                let left = Set(owner.keys.filter { isOurs($0) && !isOldNameFile($0) }.map { String($0.prefix { $0 != "/" }) })
                let expected = count == 0 ? Set(generated.files.map(\.name)) : Set(modules)
                #expect(left == expected, "\(context): the API's files are \(left.sorted())")
            }
        }
    }

    /// Issue 51, 8: `Shop` from v1/api.yaml and `ShopV2` from v2/api.yaml, generated in turn into one folder: each
    /// run leaves the other's modules, and `check` of each passes.
    @Test func twoAPIsOfOneSpecFileNameShareAFolder() throws {
        let scratch = Scratch()
        let shop = try scratch.writeSpec("v1/api.yaml", name: "Shop")
        let shopV2 = try scratch.writeSpec("v2/api.yaml", name: "ShopV2")
        for spec in [shop, shopV2, shop] {
            #expect(
                try RouteGenProcess.run("generate", spec, "--output", scratch.output, "--module-count", "2").status == 0
            )
        }
        for spec in [shop, shopV2] {
            let check = try RouteGenProcess.run("check", spec, "--output", scratch.output, "--module-count", "2")
            #expect(check.status == 0, "\(check.stderr)")
        }
    }

    /// Issue 51, 14: an API renamed leaves its old modules: `check` reports them, and `generate` removes them.
    @Test func aRenamedAPIsOldModulesAreReportedAndRemoved() throws {
        let scratch = Scratch()
        let spec = try scratch.writeSpec("api.yaml", name: "Shop")
        #expect(
            try RouteGenProcess.run("generate", spec, "--output", scratch.output, "--module-count", "2").status == 0)
        try scratch.writeSpec("api.yaml", name: "Store")
        let check = try RouteGenProcess.run("check", spec, "--output", scratch.output, "--module-count", "2")
        #expect(
            check.status == 1 && check.stderr.contains("extra:   ShopModels/ShopModels+Models.swift"), "\(check.stderr)"
        )
        #expect(
            try RouteGenProcess.run("generate", spec, "--output", scratch.output, "--module-count", "2").status == 0)
        #expect(!scratch.snapshot().keys.contains { $0.hasPrefix("Shop") })
        #expect(try RouteGenProcess.run("check", spec, "--output", scratch.output, "--module-count", "2").status == 0)
    }

    /// Issue 51, 9: `--module` into the layout's folder writes that module's folder alone, as the whole layout
    /// does, and leaves every other module's files.
    @Test func oneModuleIsWrittenInItsFolder() throws {
        let scratch = Scratch()
        let spec = try scratch.writeSpec("Shop.yaml", name: "Shop")
        #expect(
            try RouteGenProcess.run("generate", spec, "--output", scratch.output, "--module-count", "2").status == 0)
        let before = scratch.snapshot()
        let module = try #require(before.keys.first { $0.hasPrefix("ShopOrders/") || $0.hasPrefix("ShopCustomers/") })
            .prefix { $0 != "/" }
        let run = try RouteGenProcess.run(
            "generate", spec, "--output", scratch.output, "--module-count", "2", "--module", String(module))
        #expect(
            run.status == 0 && run.stdout.contains("0 written") && !run.stdout.contains(".target("), "\(run.stdout)")
        #expect(scratch.snapshot() == before)
        #expect(try RouteGenProcess.run("check", spec, "--output", scratch.output, "--module-count", "2").status == 0)
    }

    /// Attack on issue 51, 1: a spec moved to another folder and file name regenerates its API's modules in place
    /// (the records name the same API), whole or one module at a time (the build plugin), and `check` passes.
    @Test func aMovedSpecRegeneratesItsModules() throws {
        let scratch = Scratch()
        let first = try scratch.writeSpec("Specs/api.yaml", name: "Shop")
        #expect(
            try RouteGenProcess.run("generate", first, "--output", scratch.output, "--module-count", "2").status == 0)
        try FileManager.default.removeItem(atPath: first)
        let moved = try scratch.writeSpec("Other/shop.yaml", name: "Shop")
        let run = try RouteGenProcess.run("generate", moved, "--output", scratch.output, "--module-count", "2")
        #expect(run.status == 0, "\(run.stderr)")
        let records = scratch.snapshot().filter { $0.key.hasSuffix("/" + ModuleRecord.fileName) }
        #expect(records.count == 4 && records.values.allSatisfy { String(decoding: $0, as: UTF8.self).contains("from ../Other/shop.yaml") })
        #expect(try RouteGenProcess.run("check", moved, "--output", scratch.output, "--module-count", "2").status == 0)
        // Moved again, one module at a time, as the build plugin's targets run it.
        try FileManager.default.removeItem(atPath: moved)
        let again = try scratch.writeSpec("Third/api.yaml", name: "Shop")
        let module = try RouteGenProcess.run(
            "generate", again, "--output", scratch.output, "--module-count", "2", "--module", "ShopModels")
        #expect(module.status == 0, "\(module.stderr)")
        let record = scratch.snapshot()["ShopModels/" + ModuleRecord.fileName].map { String(decoding: $0, as: UTF8.self) }
        #expect(record?.contains("from ../Third/api.yaml") == true)
    }

    /// Two APIs cannot share a module folder: a run whose module folder holds another API's module from another spec
    /// is an error at its spec and writes nothing.
    @Test func anotherAPIsModuleFolderIsAConflict() throws {
        let scratch = Scratch()
        let first = try scratch.writeSpec("v1/api.yaml", name: "Shop")
        #expect(
            try RouteGenProcess.run("generate", first, "--output", scratch.output, "--module-count", "2").status == 0)
        // The folder `ShopCustomers` as another API's module from another spec (a file system that ignores case
        // makes `SHopCustomers` this folder).
        let record = ModuleRecord(module: "ShopCustomers", api: "Sho", spec: "../v2/sho.yaml")
        try record.text.write(
            toFile: scratch.output + "/ShopCustomers/" + ModuleRecord.fileName, atomically: true, encoding: .utf8)
        let second = try scratch.writeSpec("v2/api.yaml", name: "Shop")
        let before = scratch.snapshot()
        let run = try RouteGenProcess.run("generate", second, "--output", scratch.output, "--module-count", "2")
        #expect(run.status == 1)
        #expect(
            run.stderr.contains(
                "\(second):1:1: error: the folder `ShopCustomers` holds the module ShopCustomers of the API Sho from ../v2/sho.yaml"
            ), "\(run.stderr)")
        #expect(scratch.snapshot() == before)
    }

    /// Attack on issue 51, 4: one module's files generated into a module's folder (recorded for another spec, or for
    /// a module of the same API) are an error, and nothing is written.
    @Test func oneModuleIntoAModulesFolderIsAConflict() throws {
        let scratch = Scratch()
        let shop = try scratch.writeSpec("shop.yaml", name: "Shop")
        let pets = try scratch.writeSpec("pets.yaml", name: "Pets")
        #expect(
            try RouteGenProcess.run("generate", shop, "--output", scratch.output, "--module-count", "2").status == 0)
        let before = scratch.snapshot()
        for spec in [pets, shop] {
            let run = try RouteGenProcess.run("generate", spec, "--output", scratch.output + "/ShopCustomers")
            #expect(run.status == 1 && run.stderr.contains("error: the output folder is the folder of the module ShopCustomers"), "\(run.stderr)")
            #expect(scratch.snapshot() == before)
        }
    }

    /// An API switched to modules removes its own one-module files alone: another API's, generated from a spec of
    /// the same file name in another folder, stay.
    @Test func aLayoutSwitchLeavesAnotherAPIsFilesOfTheSameSpecFileName() throws {
        let scratch = Scratch()
        let pets = try scratch.writeSpec("v2/api.yaml", name: "Pets")
        let shop = try scratch.writeSpec("v1/api.yaml", name: "Shop")
        #expect(try RouteGenProcess.run("generate", pets, "--output", scratch.output).status == 0)
        let before = scratch.snapshot().filter { !$0.key.contains("/") }
        #expect(try RouteGenProcess.run("generate", shop, "--output", scratch.output, "--module-count", "2").status == 0)
        #expect(scratch.snapshot().filter { !$0.key.contains("/") } == before)
    }

    /// Attack on issue 51, 2 and 10: one module then modules in one folder (and back) leaves no file of the other
    /// layout, `check` reports them as extra, and the counts printed add up (records are not counted).
    @Test func aLayoutSwitchRemovesTheOtherLayoutsFiles() throws {
        let scratch = Scratch()
        let spec = try scratch.writeSpec("shop.yaml", name: "Shop")
        #expect(try RouteGenProcess.run("generate", spec, "--output", scratch.output).status == 0)
        let check = try RouteGenProcess.run("check", spec, "--output", scratch.output, "--module-count", "2")
        #expect(check.status == 1 && check.stderr.contains("extra:   Shop+Models.swift"), "\(check.stderr)")
        let run = try RouteGenProcess.run("generate", spec, "--output", scratch.output, "--module-count", "2")
        #expect(run.status == 0)
        #expect(!scratch.snapshot().keys.contains { !$0.contains("/") }, "\(scratch.snapshot().keys.sorted())")
        let files = scratch.snapshot().keys.filter { !$0.hasSuffix(ModuleRecord.fileName) }.count
        #expect(run.stdout.hasPrefix("\(files) files generated in \(scratch.output): \(files) written, 0 unchanged, 5 removed"), "\(run.stdout)")
        #expect(try RouteGenProcess.run("generate", spec, "--output", scratch.output).status == 0)
        #expect(scratch.snapshot().keys.allSatisfy { !$0.contains("/") })
    }
}
