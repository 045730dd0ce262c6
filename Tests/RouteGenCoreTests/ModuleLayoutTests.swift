import Foundation
import Testing

@testable import RouteGenCore

/// The module layout's files: the build plugin names a module's files from `FileRules` before the generator
/// runs, so what the generator writes for a module must be exactly those, for any API; and a small API asking for
/// the automatic layout gets the one-module output, byte for byte.
@Suite struct ModuleLayoutTests {
    /// For generated APIs, every module's files (and the umbrella's), generated alone as the plugin does with a split
    /// of 1 to 4, are the files `FileRules.moduleFiles` names; and the whole layout's are those of every
    /// module, in its folder.
    @Test(arguments: 0..<40)
    func theGeneratorWritesTheFilesThePluginNames(seed: UInt64) throws {
        var random = SplitMix(seed: seed)
        let api = ModulePlannerTests.randomAPI(&random)
        let parts = Int.random(in: 1...4, using: &random)
        let plan = ModulePlanner(moduleCount: Int.random(in: 1...4, using: &random), modelsPerModule: 5).plan(api)
        var diagnostics = Diagnostics()
        let renderer = try #require(SwiftRenderer(options: GenerationOptions(split: FileSplit(parts: parts)), diagnostics: &diagnostics))
        for module in plan.modules.map(\.name) + [plan.umbrella] {
            let written = try #require(renderer.render(module: module, of: plan)).map(\.name).sorted()
            let named = FileRules.moduleFiles(
                module: module, namespace: api.name.swift, parts: parts, templates: FileRules.builtInFileTemplates)
            #expect(written == named, "seed \(seed), module \(module)")
        }
        let whole = renderer.render(plan).map(\.name)
        let folders = Set(whole.map { String($0.prefix { $0 != "/" }) })
        #expect(folders == Set(plan.modules.map(\.name) + [plan.umbrella]))
        #expect(renderer.render(module: "NoSuchModule", of: plan) == nil)
    }

    /// Model modules are told from endpoint modules by name alone: no endpoint module is named like one.
    @Test func modelModulesAreToldByName() {
        #expect(FileRules.isModelModule("StripeModels", namespace: "Stripe"))
        #expect(FileRules.isModelModule("StripeModels12", namespace: "Stripe"))
        #expect(!FileRules.isModelModule("StripeModels02", namespace: "Stripe"))
        #expect(!FileRules.isModelModule("StripeModelsEndpoints", namespace: "Stripe"))
        #expect(!FileRules.isModelModule("StripeCustomers", namespace: "Stripe"))
        let api = ModulePlannerTests.api(paths: ["/models2/a", "/models/b", "/api/c"])
        let plan = ModulePlanner(moduleCount: 3).plan(api)
        #expect(plan.modules.filter { !$0.groups.isEmpty }.allSatisfy { !FileRules.isModelModule($0.name, namespace: "Test") })
        #expect(plan.umbrella == "TestAPI")
    }

    /// Below the size where modules pay off, `modules: auto` is the one-module output, byte for byte.
    @Test func aSmallAPIAskingForModulesIsOneModule() throws {
        let spec = try String(contentsOfFile: SpecTesting.repositoryRoot.appendingPathComponent("Specs/Payments.yaml").path, encoding: .utf8)
        let source = SpecSource(path: "Payments.yaml", contents: Data(spec.utf8))
        let one = CodeGenerator().generate([source])
        var options = GenerationOptions()
        options.modules = .automatic
        let automatic = CodeGenerator(options: options).generate([source])
        #expect(!one.files.isEmpty && automatic.files == one.files && automatic.plans.isEmpty)
        options.modules = .count(2)
        let two = CodeGenerator(options: options).generate([source])
        #expect(two.plans.count == 1 && two.files.allSatisfy { $0.name.contains("/") })
    }

    /// Modules need declarations other modules can use, and a module the plan lacks is an error naming the others.
    @Test func modulesAreCheckedBeforeAnythingIsWritten() throws {
        let spec = try String(contentsOfFile: SpecTesting.repositoryRoot.appendingPathComponent("Specs/Payments.yaml").path, encoding: .utf8)
        let source = SpecSource(path: "Payments.yaml", contents: Data(spec.utf8))
        var options = GenerationOptions(accessLevel: .internal)
        options.modules = .count(2)
        let hidden = CodeGenerator(options: options).generate([source])
        #expect(hidden.files.isEmpty && hidden.diagnostics.errors.contains { $0.message.contains("`public` or `package`") })
        options.accessLevel = .public
        options.module = "PaymentsNothing"
        let missing = CodeGenerator(options: options).generate([source])
        #expect(missing.files.isEmpty)
        #expect(missing.diagnostics.errors.contains { $0.message.contains("has no module `PaymentsNothing`; its modules are `PaymentsModels`") })
        options.module = "PaymentsModels"
        let models = CodeGenerator(options: options).generate([source])
        #expect(models.files.map(\.name) == ["PaymentsModels/Payments.swift", "PaymentsModels/PaymentsModels+Models.swift"])
    }

    /// `routegen generate --module-count` writes a folder per module and prints their targets; `check` with the same
    /// arguments finds the folders current, and names a module's file that went missing.
    @Test func theCommandLineWritesAndChecksModules() throws {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("routegen-modules-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: output) }
        let spec = SpecTesting.repositoryRoot.appendingPathComponent("Specs/Payments.yaml").path
        let generate = try RouteGenProcess.run("generate", spec, "--output", output.path, "--module-count", "2")
        #expect(generate.status == 0)
        #expect(generate.stdout.contains(#".target(name: "PaymentsModels", dependencies: [.product(name: "RouteGenRuntime", package: "RouteGen")], path: "\#(output.path)/PaymentsModels"),"#))
        #expect(generate.stdout.contains(#".target(name: "PaymentsAPI", dependencies: ["PaymentsModels", "#))
        let folders = try FileManager.default.contentsOfDirectory(atPath: output.path).sorted()
        #expect(folders.count == 4 && folders.contains("PaymentsAPI") && folders.contains("PaymentsModels"))
        #expect(try RouteGenProcess.run("check", spec, "--output", output.path, "--module-count", "2").status == 0)
        try FileManager.default.removeItem(at: output.appendingPathComponent("PaymentsModels/Payments.swift"))
        let check = try RouteGenProcess.run("check", spec, "--output", output.path, "--module-count", "2")
        #expect(check.status == 1 && check.stderr.contains("missing: PaymentsModels/Payments.swift"))
    }

    /// The build plugin's `modules: auto` with `module:` on a small API: that module's files, which the plugin named,
    /// not the one-module output.
    @Test func aModuleAskedForIsGeneratedWhateverTheAPIsSize() throws {
        let spec = try String(contentsOfFile: SpecTesting.repositoryRoot.appendingPathComponent("Specs/Payments.yaml").path, encoding: .utf8)
        var options = GenerationOptions()
        options.modules = .automatic
        options.module = "PaymentsModels"
        let output = CodeGenerator(options: options).generate([SpecSource(path: "Payments.yaml", contents: Data(spec.utf8))])
        #expect(output.diagnostics.errors.isEmpty)
        #expect(output.files.map(\.name) == ["PaymentsModels/Payments.swift", "PaymentsModels/PaymentsModels+Models.swift"])
    }

    /// Issue 51, 12: the build plugin names a whole API's files after a prefix; with `modules: auto` and an API below
    /// the size of modules, the API is one module and the prefix applies. An API spread over modules cannot take one.
    @Test func aFilePrefixAppliesWhenTheAPIIsOneModule() throws {
        let spec = try String(contentsOfFile: SpecTesting.repositoryRoot.appendingPathComponent("Specs/Payments.yaml").path, encoding: .utf8)
        let source = SpecSource(path: "Payments.yaml", contents: Data(spec.utf8))
        var options = GenerationOptions()
        options.modules = .automatic
        options.fileNamePrefix = "Pay"
        let automatic = CodeGenerator(options: options).generate([source])
        #expect(automatic.diagnostics.errors.isEmpty && !automatic.files.isEmpty)
        #expect(automatic.files.allSatisfy { $0.name.hasPrefix("Pay+") || $0.name == "Pay.swift" })
        options.modules = .count(2)
        let counted = CodeGenerator(options: options).generate([source])
        #expect(counted.files.isEmpty && counted.diagnostics.errors.map(\.message).contains { $0.contains("in the build plugin, give each module a target") })
    }

    /// Issue 51, 17: `generate` prints what the configuration asks for, as the flags would: no targets for one module
    /// of the layout (`module:`), and no advice to pin a count that `modules: N` pins.
    @Test func printingFollowsTheConfiguration() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("routegen-printing-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let spec = SpecTesting.repositoryRoot.appendingPathComponent("Specs/Payments.yaml").path
        let output = folder.appendingPathComponent("Sources").path
        let counted = folder.appendingPathComponent("counted.yaml")
        try "modules: 2\n".write(to: counted, atomically: true, encoding: .utf8)
        let whole = try RouteGenProcess.run("generate", spec, "--output", output, "--config", counted.path)
        #expect(whole.status == 0 && whole.stdout.contains(".target(") && !whole.stdout.contains("keep it with"), "\(whole.stdout)")
        let module = folder.appendingPathComponent("module.yaml")
        try "modules: 2\nmodule: PaymentsModels\n".write(to: module, atomically: true, encoding: .utf8)
        let one = try RouteGenProcess.run("generate", spec, "--output", output, "--config", module.path)
        #expect(one.status == 0 && !one.stdout.contains(".target(") && !one.stdout.contains("keep it with"), "\(one.stdout)")
    }

    /// A group's handler names the API's error model from the group's namespace (it once wrote `Problem.self`, which
    /// is not found there); `.ci/modules` compiles this spec.
    @Test func theErrorModelIsQualifiedInAGroup() throws {
        let spec = try String(contentsOfFile: SpecTesting.repositoryRoot.appendingPathComponent("Tests/Specs/EnvelopedErrors.yaml").path, encoding: .utf8)
        var options = GenerationOptions()
        options.modules = .count(2)
        let files = CodeGenerator(options: options).generate([SpecSource(path: "EnvelopedErrors.yaml", contents: Data(spec.utf8))]).files
        let handlers = files.filter { $0.name.hasSuffix("+RequestHandling.swift") }.map(\.contents).joined()
        #expect(handlers.contains("errorBody: EnvelopedErrors.Problem.self"))
        #expect(!handlers.contains("errorBody: Problem.self"))
    }

    /// Issue 51, 16: the umbrella's `RequestHandler` has each group's `enveloped(_:as:)`, as each group's handler has,
    /// outside the `@_spi` extensions (an app reads the metadata through it); `.ci/modules` compiles this spec.
    @Test func theUmbrellaHandlerReadsEnvelopes() throws {
        let spec = try String(contentsOfFile: SpecTesting.repositoryRoot.appendingPathComponent("Tests/Specs/EnvelopedErrors.yaml").path, encoding: .utf8)
        var options = GenerationOptions()
        options.modules = .count(2)
        let output = CodeGenerator(options: options).generate([SpecSource(path: "EnvelopedErrors.yaml", contents: Data(spec.utf8))])
        let plan = try #require(output.plans.first)
        let umbrella = try #require(output.files.first { $0.name == "\(plan.umbrella)/\(plan.umbrella).swift" }).contents
        let extensionStart = try #require(umbrella.range(of: "\nextension EnvelopedErrors.RequestHandler {\n"))
        let methods = umbrella[extensionStart.upperBound...]
        #expect(plan.groups.count > 1)
        for group in plan.groups {
            #expect(methods.contains("    _ route: EnvelopedErrors.\(group.name).APIRoute, as payload: Payload.Type\n"), "\(group.name)")
        }
        // The namespace's types are not in scope in an extension of its handler (`.ci/modules` caught `Enveloped`).
        #expect(methods.contains(") async throws -> EnvelopedErrors.Enveloped<Payload> {"))
        #expect(methods.contains("errorBody: EnvelopedErrors.Problem.self"))
    }

    /// Issue 51, 15: a group of some 320 characters generates as modules (it once failed with Foundation's "File name
    /// too long").
    @Test func aLongGroupGeneratesAsModules() throws {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("routegen-long-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: output) }
        let spec = output.appendingPathComponent("Long.yaml")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        try """
            routegen: 1
            name: Long
            environments: { production: https://long.example.com }
            endpoints:
              ping: { method: GET, path: /ping, group: \(String(repeating: "billing-", count: 40)) }

            """.write(to: spec, atomically: true, encoding: .utf8)
        let run = try RouteGenProcess.run("generate", spec.path, "--output", output.appendingPathComponent("Sources").path, "--module-count", "2")
        #expect(run.status == 0, "\(run.stderr)")
    }

    /// A module the layout no longer has is removed with its folder, and `check` reports it first; a folder of
    /// another spec's generated files is left alone.
    @Test func aModuleNoLongerInTheLayoutIsRemoved() throws {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("routegen-stale-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: output) }
        let spec = SpecTesting.repositoryRoot.appendingPathComponent("Specs/Payments.yaml").path
        #expect(try RouteGenProcess.run("generate", spec, "--output", output.path, "--module-count", "6").status == 0)
        // Another spec's generated files, in a folder named like one of this API's modules.
        let other = output.appendingPathComponent("PaymentsLegacy")
        try FileManager.default.createDirectory(at: other, withIntermediateDirectories: true)
        try Data("// Generated by RouteGen from Other.yaml. Do not edit.\n".utf8).write(to: other.appendingPathComponent("Other.swift"))
        let before = Set(try FileManager.default.contentsOfDirectory(atPath: output.path))
        let check = try RouteGenProcess.run("check", spec, "--output", output.path, "--module-count", "1")
        #expect(check.status == 1 && check.stderr.contains("extra:"))
        #expect(try RouteGenProcess.run("generate", spec, "--output", output.path, "--module-count", "1").status == 0)
        let after = Set(try FileManager.default.contentsOfDirectory(atPath: output.path))
        // The models module, one module of endpoints, the umbrella, and the other spec's folder.
        #expect(after.count == 4 && after.isSuperset(of: ["PaymentsAPI", "PaymentsModels", "PaymentsLegacy"]))
        #expect(before.count > after.count)
        #expect(try RouteGenProcess.run("check", spec, "--output", output.path, "--module-count", "1").status == 0)
        #expect(try RouteGenProcess.run("generate", spec, "--output", output.path).status == 0)
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: output.path)).filter { !$0.hasSuffix(".swift") } == ["PaymentsLegacy"])
    }
}
