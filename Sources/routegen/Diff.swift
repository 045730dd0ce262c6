import ArgumentParser
import Foundation
import RouteGenCore

/// `routegen diff`: what a new version of a spec changes for code that uses its generated client.
struct Diff: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List what changed between two versions of a spec, and what each change does to an app.",
        discussion: """
            Each side is a RouteGen spec or an OpenAPI document (read with its configuration file), and the two \
            may be of different kinds. Every change is breaking (code using the generated client may no longer \
            compile: a declaration removed or renamed, a type changed, a new required argument, an enum case \
            added or removed), a behaviour change (the code compiles, the wire differs: a path, a default, an \
            error status, a format, a host, a header, the envelope), additive, or documentation only (a \
            description, `deprecated`, a mock's example). Exit status: 0, or 1 when `--fail-on` finds a change of that \
            kind or a more serious one (or a spec has errors), 2 for usage errors.
            """
    )

    /// How the changes are printed.
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    @Argument(help: "The old version.", completion: .file(extensions: ["yaml", "yml", "json"]))
    var old: String

    @Argument(help: "The new version.", completion: .file(extensions: ["yaml", "yml", "json"]))
    var new: String

    @Option(help: "How to print the changes: text (one per line, at its position) or json.")
    var format: Format = .text

    @Option(
        name: .customLong("fail-on"),
        help: "Exit 1 when a change of this kind or a more serious one is found: breaking, behaviour, additive or documentation.")
    var failOn: APIChange.Kind?

    func run() throws {
        var diagnostics = Diagnostics()
        let specs = try [old, new].map { path -> SpecPipeline.CheckedSpec? in
            let source: SpecSource
            do {
                source = try SpecSource(contentsOf: path)
            } catch {
                throw SpecLoading.usageError("\(path): cannot be read: \(error.localizedDescription)")
            }
            return SpecPipeline().checkedSpec(source, diagnostics: &diagnostics)
        }
        guard let oldSpec = specs[0], let newSpec = specs[1], !diagnostics.hasErrors else {
            SpecLoading.print(diagnostics)
            throw ExitCode(ExitStatus.specErrors.rawValue)
        }
        let changes = SpecDiff().changes(from: oldSpec, to: newSpec)
        switch format {
        case .text:
            for change in changes { print(change.description) }
            let counts = APIChange.Kind.allCases.map { kind in "\(changes.filter { $0.kind == kind }.count) \(kind.rawValue)" }
            print("\(changes.count) change\(changes.count == 1 ? "" : "s"): \(counts.joined(separator: ", "))")
        case .json:
            print(try Self.json(changes))
        }
        if let failOn, changes.contains(where: { $0.kind <= failOn }) {
            throw ExitCode(ExitStatus.specErrors.rawValue)
        }
    }

    /// The changes as a JSON array of `{kind, message, old, new}`, positions as `{file, line, column}` or null.
    static func json(_ changes: [APIChange]) throws -> String {
        func position(_ location: SourceLocation?) -> Any {
            location.map { ["file": $0.file, "line": $0.line, "column": $0.column] as [String: Any] } ?? NSNull()
        }
        let objects = changes.map { change -> [String: Any] in
            ["kind": change.kind.rawValue, "message": change.message, "old": position(change.old), "new": position(change.new)]
        }
        let data = try JSONSerialization.data(withJSONObject: objects, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        return String(decoding: data, as: UTF8.self)
    }
}

extension APIChange.Kind: ExpressibleByArgument {}
