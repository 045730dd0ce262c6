import Foundation
import Testing

/// The build plugin declares exactly the files `routegen generate` writes: the plugin's own code (`SpecFiles`, this
/// folder links it, with the `FileRules` and `SwiftNaming` it compiles) against the real `routegen` binary, run
/// as the plugin runs it, for every spec and OpenAPI document of the repository, with the size rule's split and
/// another, and with a templates folder that adds a template. A file the generator writes and the plugin does not
/// declare is never compiled; one the plugin declares and the generator does not write fails the build.
@Suite struct PluginLayoutTests {
    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// SwiftPM puts the test bundle and the `routegen` it depends on in the same build folder.
    private static let routegen = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        .appendingPathComponent("routegen")

    /// Every spec and document the plugin would pick up in the repository's spec folders.
    private static func specs() throws -> [URL] {
        let folders = ["Specs", "Tests/Specs", "Tests/Specs/Imported", "Tests/OpenAPI", "Tests/OpenAPI/split", "Tests/OpenAPI/Stripe"]
        return try folders.flatMap { folder in
            try FileManager.default.contentsOfDirectory(at: root.appending(path: folder), includingPropertiesForKeys: nil)
        }.filter(SpecFiles.isSpec).sorted { $0.path < $1.path }
    }

    /// The files `routegen generate` writes for `spec`, run as the plugin runs it.
    private static func generatedFiles(_ spec: URL, parts: Int, templates: URL?, configuration: URL? = nil) throws -> Set<String> {
        let output = FileManager.default.temporaryDirectory.appending(path: "routegen-plugin-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: output) }
        let process = Process()
        process.executableURL = routegen
        process.arguments = SpecFiles.generateArguments(
            spec: spec, output: output, parts: parts, templates: templates, configuration: configuration)
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "routegen generate \(spec.lastPathComponent): \(message)")
        return Set(try FileManager.default.contentsOfDirectory(atPath: output.path))
    }

    @Test func theFilesThePluginDeclaresAreTheFilesTheGeneratorWrites() throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.routegen.path), "routegen not built")
        let specs = try Self.specs()
        #expect(specs.count > 25)
        for spec in specs {
            for parts in Set([SpecFiles.split(of: spec), 3]) {
                let declared = Set(SpecFiles.generatedFiles(namespace: SpecFiles.filePrefix(of: spec), parts: parts))
                #expect(try Self.generatedFiles(spec, parts: parts, templates: nil) == declared, "\(spec.lastPathComponent), \(parts) parts")
            }
        }
    }

    @Test func aTemplateAFolderAddsIsDeclaredToo() throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "routegen-templates-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try "// {{namespace}} extras\\nextension {{namespace}} {}\\n".write(
            to: folder.appending(path: "Extras.swift.mustache"), atomically: true, encoding: .utf8)
        try "{{! a partial }}".write(to: folder.appending(path: "Note.mustache"), atomically: true, encoding: .utf8)
        let spec = Self.root.appending(path: "Specs/Petstore.yaml")
        let declared = Set(SpecFiles.generatedFiles(namespace: "Petstore", parts: 2, overrides: SpecFiles.templates(in: folder)))
        #expect(declared.contains("Petstore+Extras.swift"))
        #expect(try Self.generatedFiles(spec, parts: 2, templates: folder) == declared)
    }

    /// Issue 51, 12: a target's configuration with `modules: auto` and an API below the size of modules: the plugin
    /// passes its file prefix, and the generator writes the files it declared (it once refused the prefix).
    @Test func modulesAutoBelowTheSizeOfModulesGivesTheDeclaredFiles() throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "routegen-auto-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let configuration = folder.appending(path: SpecFiles.configurationName)
        try "modules: auto\n".write(to: configuration, atomically: true, encoding: .utf8)
        let spec = Self.root.appending(path: "Specs/Payments.yaml")
        let declared = Set(SpecFiles.generatedFiles(namespace: SpecFiles.filePrefix(of: spec), parts: 2))
        #expect(try Self.generatedFiles(spec, parts: 2, templates: nil, configuration: configuration) == declared)
    }

    /// Issue 51, 11: an OpenAPI document named like a type Swift or RouteGen uses (`result.yaml`) is the API
    /// `ResultAPI`; the plugin names its module targets' files after that name, not `Result`, so every module's files
    /// are the ones the plugin declares.
    @Test(arguments: ["result.yaml", "authentication.yaml", "data.yaml"])
    func aDocumentNamedLikeATypeGivesTheDeclaredModuleFiles(fileName: String) throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "routegen-reserved-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let spec = folder.appending(path: fileName)
        try """
            openapi: 3.0.3
            info: { title: Scores, version: "1" }
            paths:
              /scores:
                get:
                  operationId: listScores
                  tags: [scores]
                  responses:
                    "200":
                      description: The scores.
                      content:
                        application/json:
                          schema: { type: array, items: { $ref: "#/components/schemas/Score" } }
            components:
              schemas:
                Score: { type: object, properties: { points: { type: integer } } }

            """.write(to: spec, atomically: true, encoding: .utf8)
        try #require(SpecFiles.isSpec(spec) && SpecFiles.isOpenAPI(spec))
        let output = folder.appending(path: "Sources")
        let process = Process()
        process.executableURL = Self.routegen
        process.arguments = ["generate", spec.path, "--output", output.path, "--module-count", "2", "--split", "1"]
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0)
        let modules = try FileManager.default.contentsOfDirectory(atPath: output.path)
        #expect(modules.contains(SpecFiles.filePrefix(of: spec) + "API"), "\(modules)")
        for module in modules {
            let written = try FileManager.default.contentsOfDirectory(atPath: output.appending(path: module).path)
                .filter { $0.hasSuffix(".swift") }
            let declared = SpecFiles.moduleFiles(module: module, namespace: SpecFiles.filePrefix(of: spec), parts: 1)
            #expect(Set(written) == Set(declared), "\(fileName): \(module)")
        }
    }

    /// A `name:` the plugin's line reading takes otherwise than YAML does (a block scalar, a tag, an escape, a
    /// comment, quotes) still gives the files the plugin declares: they are named after what the plugin read.
    @Test(arguments: [
        "name: |-\n  BlockShop", "name: !!str Tagged", "name: \"Esc\\u0061ped\"", "name: 'Quo_ted' # a comment",
        "name: >-\n  FoldedShop",
    ])
    func aNameYAMLReadsOtherwiseStillGivesTheDeclaredFiles(nameLine: String) throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "routegen-names-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let spec = folder.appending(path: "shop.yaml")
        try """
            routegen: 1
            \(nameLine)
            environments: { production: "https://shop.example.com" }
            endpoints:
              ping: { method: GET, path: /ping }

            """.write(to: spec, atomically: true, encoding: .utf8)
        try #require(SpecFiles.isSpec(spec))
        let declared = Set(SpecFiles.generatedFiles(namespace: SpecFiles.filePrefix(of: spec), parts: 2))
        #expect(try Self.generatedFiles(spec, parts: 2, templates: nil) == declared, "\(nameLine)")
    }

    /// Attack on issue 51, 5: a module's target whose spec has a `name:` the plugin reads otherwise than YAML does
    /// (`!!str Zoo`) is an error at the spec, not files declared and never written; a plain one writes exactly the
    /// declared files. Run with the plugin's own arguments (`SpecFiles.moduleArguments`).
    @Test(arguments: [("name: !!str Zoo", false), ("name: Zoo", true)])
    func aModuleTargetGetsItsDeclaredFilesOrAnError(nameLine: String, isPlain: Bool) throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "routegen-module-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let spec = folder.appending(path: "zoo.yaml")
        try """
            routegen: 1
            \(nameLine)
            environments: { production: "https://zoo.example.com" }
            endpoints:
              ping: { method: GET, path: /animals/ping }

            """.write(to: spec, atomically: true, encoding: .utf8)
        let configuration = folder.appending(path: SpecFiles.configurationName)
        try "modules: 1\nmodule: ZooModels\n".write(to: configuration, atomically: true, encoding: .utf8)
        let output = folder.appending(path: "out")
        let process = Process()
        process.executableURL = Self.routegen
        process.arguments = SpecFiles.moduleArguments(spec: spec, output: output, parts: 1, templates: nil, configuration: configuration)
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard isPlain else {
            #expect(process.terminationStatus == 1 && message.contains("\(spec.path):1:1: error: the build plugin reads"), "\(message)")
            #expect(!FileManager.default.fileExists(atPath: output.path))
            return
        }
        try #require(process.terminationStatus == 0, "\(message)")
        let written = try FileManager.default.contentsOfDirectory(atPath: output.appending(path: "ZooModels").path)
            .filter { $0.hasSuffix(".swift") }
        let declared = SpecFiles.moduleFiles(module: "ZooModels", namespace: SpecFiles.filePrefix(of: spec), parts: 1)
        #expect(Set(written) == Set(declared))
    }
}
