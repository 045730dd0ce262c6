import ArgumentParser
import Foundation
import RouteGenCore

/// `routegen import`: convert an OpenAPI document into a RouteGen spec.
struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Convert an OpenAPI 3.0 or 3.1 or a Swagger 2.0 document (YAML or JSON) into a RouteGen spec.",
        discussion: """
            Writes one spec with the document's servers as environments, its security as `auth`, every kept \
            operation as an endpoint and every schema those operations reach as a model. Filters add up: an \
            operation is kept when it has one of the `--tag`s, one of the `--operation` ids, or a path starting \
            with one of the `--path-prefix`es; with no filter, every operation is kept.

            What RouteGen cannot express is left out with a warning at its line and column and JSON pointer. \
            An operation whose client would be wrong is left out as a whole, with a warning that says why, and \
            the command ends with how many operations were imported. Nothing is written and the exit status is \
            1 when no operation can be imported, or with `--strict` when any is left out.
            """
    )

    @Argument(help: "The OpenAPI document.", completion: .file(extensions: ["yaml", "yml", "json"]))
    var document: String

    @Option(name: .shortAndLong, help: "The spec file to write.", completion: .file(extensions: ["yaml"]))
    var output: String

    @Option(help: "The API's name (default: the document's file name).")
    var name: String?

    @Option(name: .customLong("tag"), help: "Keep the operations with this tag (repeatable).")
    var tags: [String] = []

    @Option(name: .customLong("operation"), help: "Keep the operation with this operationId (repeatable).")
    var operations: [String] = []

    @Option(name: .customLong("path-prefix"), help: "Keep the operations whose path starts with this (repeatable).")
    var pathPrefixes: [String] = []

    @Flag(help: "Fail, writing nothing, when any kept operation would be left out.")
    var strict = false

    @Option(
        name: .customLong("expand"),
        help: "Type the object of this expandable reference, `Model.property`, or `all` (repeatable; default: none).")
    var expansions: [String] = []

    @Option(name: .customLong("opaque"), help: "Keep this model as `JSON` wherever it is referenced (repeatable).")
    var opaque: [String] = []

    @Option(help: "Type models at most this many references from an operation; farther ones are `JSON`.")
    var depth: Int?

    @Flag(help: "Print how many models each operation reaches and the references that bring in the most.")
    var explain = false

    func validate() throws {
        if let depth, depth < 1 { throw ValidationError("--depth must be at least 1") }
        if let name, !ImportOptions.isValidName(name) {
            throw ValidationError("--name must be an identifier, like `Stripe`")
        }
    }

    func run() throws {
        let source: SpecSource
        do {
            source = try SpecSource(contentsOf: document)
        } catch {
            FileHandle.standardError.write(Data("error: \(document): cannot be read: \(error.localizedDescription)\n".utf8))
            throw ExitCode(ExitStatus.usage.rawValue)
        }
        let options = ImportOptions(
            name: name, tags: tags, operations: operations, pathPrefixes: pathPrefixes, strict: strict,
            expand: expansions, opaque: opaque, depth: depth)
        let result = DocumentImport(options: options).run(source)
        SpecLoading.print(result.diagnostics)
        guard let text = result.text else { throw ExitCode(ExitStatus.specErrors.rawValue) }
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
        } catch {
            FileHandle.standardError.write(Data("error: \(output): cannot be written: \(error.localizedDescription)\n".utf8))
            throw ExitCode(ExitStatus.usage.rawValue)
        }
        let warnings = result.diagnostics.all.count - (result.leftOut.isEmpty ? 0 : 1)
        print(
            "\(output): \(result.endpoints) of \(result.operations) operation\(result.operations == 1 ? "" : "s") imported"
                + (result.leftOut.isEmpty ? "" : " (\(result.leftOut.count) left out)")
                + " with \(result.models) model\(result.models == 1 ? "" : "s")"
                + (warnings == 0 ? "" : ", \(warnings) warning\(warnings == 1 ? "" : "s")"))
        if explain, let reach = result.reach {
            print(reach.lines.joined(separator: "\n"))
        }
    }
}
