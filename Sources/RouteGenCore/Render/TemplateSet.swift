import Foundation
import Mustache

/// The templates one run renders with: the built-in ones (compiled into the binary from `Templates/`, so an
/// installed `routegen` needs no resource files), each replaced by a file of the same name in the user's
/// templates folder when there is one.
///
/// A template whose name ends in `.swift.mustache` produces one file per API: `Namespace.swift.mustache`
/// gives `Petstore.swift`, any other `X.swift.mustache` gives `Petstore+X.swift` (and `Petstore+X2.swift`, … when
/// the code is spread over several files: see ``FileSplit``). Other templates are partials.
struct TemplateSet {
    /// Template sources by name (the file name without `.mustache`).
    let sources: [String: String]
    /// The user's templates, each with its path.
    var overrides: [(path: String, text: String)] = []

    /// The built-in templates, with the files of `directory` (if given) replacing those of the same name.
    static func load(overridesIn directory: String?, diagnostics: inout Diagnostics) -> TemplateSet {
        var sources = BuiltInTemplates.all
        guard let directory else { return TemplateSet(sources: sources) }
        let location = SourceLocation(file: directory, line: 1, column: 1)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else {
            diagnostics.error("cannot read the templates folder `\(directory)`", at: location)
            return TemplateSet(sources: sources)
        }
        var overrides: [(path: String, text: String)] = []
        for file in names.sorted() where file.hasSuffix(".mustache") {
            let name = String(file.dropLast(".mustache".count))
            let path = (directory as NSString).appendingPathComponent(file)
            // Line breaks as the generated code writes them: a template saved with CR LF (or CR) would give files of both.
            guard
                let text = try? String(contentsOfFile: path, encoding: .utf8)
                    .replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
            else {
                diagnostics.error("cannot read template `\(path)`", at: SourceLocation(file: path, line: 1, column: 1))
                continue
            }
            if sources[name] == nil {
                diagnostics.warning(
                    "template `\(file)` replaces no built-in template", at: SourceLocation(file: path, line: 1, column: 1),
                    hint: "built-in templates: " + BuiltInTemplates.all.keys.sorted().map { "\($0).mustache" }.joined(separator: ", "))
            }
            sources[name] = text
            overrides.append((path, text))
        }
        return TemplateSet(sources: sources, overrides: overrides)
    }

    /// The names of the templates that produce files, in a stable order.
    var fileTemplates: [String] { sources.keys.filter { $0.hasSuffix(".swift") }.sorted() }

    /// How many files `template` is rendered into: one per part of `split` for the routes (their descriptor
    /// switches), the handler (the endpoints' methods, in extensions of `Name.RouteSending`) and the models, one
    /// for the others. The mock's per-endpoint code is one stored property each, all in one class.
    static func parts(of template: String, in split: FileSplit) -> Int {
        FileRules.fileCount(of: template, parts: split.parts)
    }

    /// A Mustache library of every template; parse errors, and partials that include themselves, are reported as
    /// diagnostics.
    func library(marking printer: Printer, diagnostics: inout Diagnostics) -> MustacheLibrary? {
        var library = MustacheLibrary()
        // The built-in templates include no cycle (a test renders them all); only a user's template can.
        // A template nested too deep is not parsed at all (the parser would run out of stack); the others are, so
        // that every parse error is reported in one run.
        let readable = overrides.isEmpty || reportUnreadableTags(diagnostics: &diagnostics)
        var valid = readable && (overrides.isEmpty || reportPartialCycles(diagnostics: &diagnostics))
        for (name, source) in sources.sorted(by: { $0.key < $1.key }) where readable {
            do {
                try library.register(valid ? printer.writingMarks(into: inliningIndentedPartials(source)) : source, named: name)
            } catch {
                valid = false
                let context = (error as? MustacheTemplate.ParserError)?.context
                let reason = (error as? MustacheTemplate.ParserError).map { "\($0.error)" } ?? "\(error)"
                diagnostics.error(
                    "template `\(name).mustache` does not parse: \(reason)",
                    at: SourceLocation(file: path(of: name), line: context?.lineNumber ?? 1, column: context?.columnNumber ?? 1))
            }
        }
        return valid ? library : nil
    }

    /// `source` with each partial it includes indented on a line of its own (`    {{> DescriptorCase}}`) written in
    /// its place, each of its lines but the blank ones indented as the tag is, and so on in the partials it includes.
    /// Mustache indents such a partial's lines itself, but swift-mustache 2 indents only the first line a section
    /// renders in each pass, so the lines after the first of a partial's loop (`{{#queryParameters}}`) would lose
    /// the indentation. Called after the cycle check: no partial includes itself.
    func inliningIndentedPartials(_ source: String, depth: Int = 0) -> String {
        let includes = TemplateValueChecker.tags(in: source).compactMap { tag in tag.partial.map { (line: tag.line, name: $0) } }
        guard !includes.isEmpty, depth < Self.maximumNesting else { return source }
        var lines = source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // From the last, so that the line numbers before it stay.
        for include in includes.reversed() {
            let line = lines[include.line - 1]
            let indentation = String(line.prefix { $0 == " " })
            let tag = line.dropFirst(indentation.count)
            guard !indentation.isEmpty, tag.hasPrefix("{{>"), tag.hasSuffix("}}"), tag.dropFirst(2).firstRange(of: "{{") == nil,
                let partial = sources[include.name]
            else { continue }
            var partialLines = inliningIndentedPartials(partial, depth: depth + 1).split(separator: "\n", omittingEmptySubsequences: false)
            if partialLines.first?.hasPrefix("{{%") == true { partialLines.removeFirst() }
            if partialLines.last == "" { partialLines.removeLast() }
            lines.replaceSubrange((include.line - 1)...(include.line - 1), with: partialLines.map { $0.isEmpty ? "" : indentation + $0 })
        }
        return lines.joined(separator: "\n")
    }

    /// The most sections and blocks a user's template may nest: Mustache's parser recurses once per level, and 600
    /// levels ran it out of stack.
    static let maximumNesting = 100

    /// The file a template was read from: the user's, or the built-in template's name.
    private func path(of name: String) -> String {
        overrides.first { (($0.path as NSString).lastPathComponent as NSString).deletingPathExtension == name }?.path ?? "\(name).mustache"
    }

    /// Reports each tag of a user's template that RouteGen cannot render safely: a dynamic partial (`{{>*name}}`,
    /// whose template a value names, so no cycle check can follow it) and a section nested deeper than
    /// ``maximumNesting``. False when there is one.
    private func reportUnreadableTags(diagnostics: inout Diagnostics) -> Bool {
        var valid = true
        for (path, text) in overrides {
            for tag in TemplateValueChecker.tags(in: text) {
                let location = SourceLocation(file: path, line: tag.line, column: tag.column)
                if let partial = tag.partial, partial.hasPrefix("*") {
                    valid = false
                    diagnostics.error(
                        "`\(partial)` names its template by a value, which RouteGen cannot check for a template including itself",
                        at: location, hint: "name the template: `{{> \(partial.dropFirst())}}` if that is the one")
                }
                if tag.depth > Self.maximumNesting {
                    valid = false
                    diagnostics.error("sections nested more than \(Self.maximumNesting) deep", at: location)
                    break
                }
            }
        }
        return valid
    }

    /// Reports each template that includes itself, directly or through other partials: the values templates are given
    /// are not nested, so Mustache finds the same values at every level and the rendering never ends (the stack runs
    /// out). False when there is one.
    private func reportPartialCycles(diagnostics: inout Diagnostics) -> Bool {
        let includes = sources.mapValues { TemplateValueChecker.tags(in: $0).filter { $0.partial != nil } }
        var reported: Set<String> = []
        for name in sources.keys.sorted() {
            // Depth first from `name`, along the partials each template includes, until `name` is reached again.
            var stack: [(template: String, path: [String])] = [(name, [name])]
            var seen: Set<String> = []
            while let (template, path) = stack.popLast() {
                for tag in includes[template] ?? [] {
                    guard let partial = tag.partial, sources[partial] != nil else { continue }
                    if partial == name {
                        // Each loop once, from the first of its templates by name.
                        guard name == path.min(), reported.insert(name).inserted else { continue }
                        diagnostics.error(
                            "template `\(name)` includes itself (\((path + [name]).joined(separator: " → "))), so rendering it would never end",
                            at: SourceLocation(file: self.path(of: template), line: tag.line, column: tag.column))
                    } else if seen.insert(partial).inserted {
                        stack.append((partial, path + [partial]))
                    }
                }
            }
        }
        return reported.isEmpty
    }
}
