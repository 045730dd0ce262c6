import Foundation
import Testing

@testable import RouteGenCore

/// The generator's output: golden files kept current, determinism, and the file-level contract.
@Suite struct GenerationTests {
    static let specFolders = ["Specs", "Tests/Specs"].map { SpecTesting.repositoryRoot.appendingPathComponent($0).path }
    static let goldenFolder = SpecTesting.repositoryRoot.appendingPathComponent("Tests/GeneratedClients").path

    private func generate(_ folders: [String] = specFolders, options: GenerationOptions = GenerationOptions()) throws
        -> CodeGenerator.Output
    {
        let sources = try SpecDiscovery.specFiles(in: folders).map { try SpecSource(contentsOf: $0) }
        return CodeGenerator(options: options).generate(sources)
    }

    /// `Tests/GeneratedClients` holds exactly what the built-in templates generate; the package compiles it
    /// with warnings as errors and the GeneratedClientTests call it against a real server.
    @Test func goldenFilesAreCurrent() throws {
        let output = try generate()
        #expect(output.diagnostics.all.isEmpty)
        let writer = OutputWriter(directory: Self.goldenFolder)
        if ProcessInfo.processInfo.environment["ROUTEGEN_UPDATE_GOLDEN"] == "1" {
            try writer.write(output.files)
        }
        let comparison = writer.compare(with: output.files)
        #expect(
            comparison.isUpToDate,
            "stale: \(comparison.stale), missing: \(comparison.missing), extra: \(comparison.extra); run `Tests/refresh-generated`")
    }

    /// The generated code is formatted: `swift format lint --strict` (from the toolchain) finds nothing.
    @Test func generatedCodePassesSwiftFormatLint() throws {
        let lint = try SwiftFormatLint.run([Self.goldenFolder])
        #expect(lint.status == 0)
        #expect(lint.findings == "")
    }

    @Test func outputIsDeterministic() throws {
        let first = try generate()
        let second = try generate()
        #expect(first.files == second.files)
        #expect(first.files.map(\.name) == first.files.map(\.name).sorted())
    }

    @Test func everySpecGetsItsFiveFiles() throws {
        let names = try generate().files.map(\.name)
        for api in ["Petstore", "TokenAPI", "Getir", "MovieDB", "Accounts", "Users", "Hostile", "Large"] {
            for part in ["", "+APIRoute", "+Mock", "+Models", "+RequestHandling"] {
                let file = "\(api)\(part).swift"
                #expect(names.contains(file))
            }
        }
    }

    @Test func accessLevelIsApplied() throws {
        let internalOutput = try generate(options: GenerationOptions(accessLevel: .internal))
        // A modifier, not a word in a doc comment or a property named `package` (Stripe has one).
        let modifier = /(public|package) (struct|enum|indirect|protocol|var|let|static|func|init)/
        #expect(!internalOutput.files.contains { $0.contents.contains(modifier) })
        let packageOutput = try generate(options: GenerationOptions(accessLevel: .package))
        let handler = try #require(packageOutput.files.first { $0.name == "Petstore+RequestHandling.swift" })
        #expect(handler.contents.contains("    package struct RequestHandler: RequestHandling {"))
        #expect(handler.contents.contains("    package func getPet(petId: Int64) async throws -> Petstore.Pet {"))
        #expect(!handler.contents.contains("public "))
        // `@_spi` takes only public declarations: below public, the plumbing is as visible as the rest.
        #expect(handler.contents.contains("\nextension Petstore.RequestHandler: Petstore.RouteSending {"))
        #expect(!handler.contents.contains("@_spi(Generated) extension"))
        let publicOutput = try generate(options: GenerationOptions(accessLevel: .public))
        let publicHandler = try #require(publicOutput.files.first { $0.name == "Petstore+RequestHandling.swift" })
        #expect(publicHandler.contents.contains("\n@_spi(Generated) extension Petstore.RequestHandler: Petstore.RouteSending {"))
        #expect(publicHandler.contents.contains("    @_spi(Generated) public protocol RouteSending: Sendable {"))
    }

    @Test func aSpecErrorMeansNoFiles() throws {
        let good = SpecSource(path: "good.yaml", text: SpecTesting.header)
        let bad = SpecSource(path: "bad.yaml", text: SpecTesting.header.replacingOccurrences(of: "Shop", with: "Other") + "auth: berer\n")
        let output = CodeGenerator().generate([good, bad])
        #expect(output.files.isEmpty)
        #expect(output.diagnostics.errors.map { "\($0.location): \($0.message)" } == ["bad.yaml:5:7: unknown auth scheme `berer`; did you mean `bearer`?"])
    }

    @Test func twoSpecsWithOneNameCollide() {
        let output = CodeGenerator().generate([
            SpecSource(path: "a.yaml", text: SpecTesting.header), SpecSource(path: "b.yaml", text: SpecTesting.header),
        ])
        #expect(output.files.isEmpty)
        #expect(output.diagnostics.errors.map(\.message) == [
            "API name `Shop` is also used by `a.yaml`; two specs in one module need different names"
        ])
        // Lint checks the specs it is given together, as generate does (it said "no errors" for these), and names
        // that differ in case only collide too: their files would be one file where names ignore case.
        let checked = SpecPipeline().check([
            SpecSource(path: "a.yaml", text: SpecTesting.header),
            SpecSource(path: "b.yaml", text: SpecTesting.header.replacingOccurrences(of: "name: Shop", with: "name: SHOP")),
        ])
        #expect(checked.diagnostics.errors.map(\.message) == [
            "API name `SHOP` is also used by `a.yaml` (as `Shop`, which differs in case only); two specs in one module need different names"
        ])
    }

    /// The renderer stands a value whose lines depend on its column for a token of private-use characters until it
    /// prints it at its column; spec text holding such characters cannot name one of those values.
    @Test func specTextCannotForgeALayoutToken() {
        let forged = "\u{E000}0\u{E001} \u{E000}1\u{E001}"
        let spec = SpecTesting.header + """
            description: "\(forged)"
            models:
              Note:
                description: "\(forged)"
                properties:
                  text: String
            endpoints:
              note:
                summary: "\(forged)"
                method: GET
                path: /note
                response: Note

            """
        let output = CodeGenerator().generate([SpecSource(path: "forged.yaml", text: spec)])
        #expect(output.diagnostics.errors.isEmpty)
        let files = Dictionary(uniqueKeysWithValues: output.files.map { ($0.name, $0.contents) })
        #expect(files["Shop.swift"]?.contains("/// \(forged)\npublic enum Shop {}") == true)
        #expect(files["Shop+Models.swift"]?.contains("    /// \(forged)\n    public struct Note:") == true)
        #expect(files["Shop+APIRoute.swift"]?.contains("        /// \(forged)\n        case note") == true)
    }

    /// The printer's marks are private-use characters around a random key: spec text holding such characters, on a
    /// line the printer lays out (a default in a signature) or not (a doc comment), is printed as written.
    @Test func specTextCannotForgeAPrinterMark() throws {
        let forged = "\u{E002}1c\u{E003}x\u{E002}1e\u{E003}"
        let spec = SpecTesting.header + """
            endpoints:
              note:
                summary: "\(forged)"
                method: GET
                path: /note
                query:
                  q: { type: String, default: "\(forged)" }

            """
        let output = CodeGenerator().generate([SpecSource(path: "forged.yaml", text: spec)])
        #expect(output.diagnostics.errors.isEmpty)
        let handling = try #require(output.files.first { $0.name == "Shop+RequestHandling.swift" }).contents
        #expect(handling.contains("    public func note(q: String = \"\(forged)\") async throws {"))
        #expect(handling.contains("    /// \(forged)\n"))
    }

    /// A spec's file name is written in every file's header comment: a line break in it would end the comment and
    /// make the rest code (found by an attack: `evil⏎#error("injected")⏎.yaml` failed the build).
    @Test func aFileNameStaysInTheHeaderComment() {
        let name = "evil\n#error(\"injected\")\r\n.yaml"
        for mocks in [GenerationOptions.Mocks.always, .never] {
            let output = CodeGenerator(options: GenerationOptions(mocks: mocks)).generate([SpecSource(path: "/specs/" + name, text: SpecTesting.header)])
            #expect(output.files.count == 5)
            for file in output.files {
                #expect(file.contents.hasPrefix("// Generated by RouteGen from evil #error(\"injected\")  .yaml. Do not edit.\n"), "\(file.name)")
                #expect(!file.contents.contains("\n#error"), "\(file.name)")
            }
        }
    }

    /// Nothing tidies the output after rendering: the templates' text, and the layouts they place, are the file.
    /// So every setting that changes which template sections render (access level, mocks, many parts) must still
    /// give formatted code: `swift format lint --strict` finds nothing in any of them.
    @Test func everySettingsOutputIsFormatted() throws {
        let settings: [(String, GenerationOptions)] = [
            ("internal-debug-mocks", GenerationOptions(accessLevel: .internal, mocks: .debug)),
            ("package-no-mocks-split", GenerationOptions(accessLevel: .package, split: FileSplit(parts: 7), mocks: .never)),
        ]
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("routegen-format-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        for (name, options) in settings {
            let output = try generate(options: options)
            #expect(output.diagnostics.all.isEmpty)
            try OutputWriter(directory: folder.appendingPathComponent(name).path).write(output.files)
        }
        let lint = try SwiftFormatLint.run([folder.path])
        #expect(lint.status == 0)
        #expect(lint.findings == "")
    }
}
