import Foundation

/// How the plugins recognize specs and know, before running the generator, which files it will write.
enum SpecFiles {
    /// Whether `url` is a RouteGen spec or an OpenAPI document: a `.routegen.yaml` / `.routegen.yml` file, a YAML
    /// file with a line starting with `routegen:` or `openapi:`, or a JSON file whose top level has `openapi`. The
    /// same rule as `SpecDiscovery` in RouteGenCore, which plugins cannot link: change both together.
    static func isSpec(_ url: URL) -> Bool {
        let name = url.lastPathComponent
        if name.hasSuffix(".routegen.yaml") || name.hasSuffix(".routegen.yml") { return true }
        if name.hasSuffix(".json") {
            guard let data = try? Data(contentsOf: url) else { return false }
            return ((try? JSONSerialization.jsonObject(with: data)) as? [String: Any])?["openapi"] != nil
        }
        guard name.hasSuffix(".yaml") || name.hasSuffix(".yml"), let text = try? String(contentsOf: url, encoding: .utf8)
        else { return false }
        return text.split(whereSeparator: \.isNewline).contains {
            $0.hasPrefix("routegen:") || $0.hasPrefix("routegen :") || $0.hasPrefix("openapi:")
        }
    }

    /// Whether `url` is an OpenAPI document rather than a RouteGen spec.
    static func isOpenAPI(_ url: URL) -> Bool {
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return false }
        if url.pathExtension == "json" { return true }
        return !text.split(whereSeparator: \.isNewline).contains { $0.hasPrefix("routegen:") || $0.hasPrefix("routegen :") }
    }

    /// The configuration file of an OpenAPI document: `<name>.routegen-config.yaml` beside it.
    static func configuration(of document: URL) -> URL {
        document.deletingPathExtension().appendingPathExtension("routegen-config.yaml")
    }

    /// The Swift namespace of a spec: its top-level `name:` as a type name (`pet_store` → `PetStore`); for an
    /// OpenAPI document, the `name:` of its configuration file or else its file name (`stripe-api.json` →
    /// `StripeApi`). The names come from the generator's own `SwiftNaming` (this folder links its file), so the
    /// plugin declares exactly the files the generator writes. Nil when a spec has no readable name (the generator
    /// then reports the error).
    static func namespace(of spec: URL) -> String? {
        if isOpenAPI(spec) {
            return SwiftNaming.typeName(
                topLevelName(in: configuration(of: spec)) ?? spec.deletingPathExtension().lastPathComponent)
        }
        return topLevelName(in: spec).map(SwiftNaming.typeName)
    }

    private static func topLevelName(in file: URL) -> String? {
        guard let text = try? String(contentsOf: file, encoding: .utf8) else { return nil }
        for line in text.split(whereSeparator: \.isNewline) where line.hasPrefix("name:") {
            var value = line.dropFirst("name:".count).trimmingCharacters(in: .whitespaces)
            if let comment = value.range(of: " #") { value = String(value[..<comment.lowerBound]) }
            value = value.trimmingCharacters(in: CharacterSet(charactersIn: "\"' "))
            return value.isEmpty ? nil : value
        }
        return nil
    }

    /// How many files each kind of code of `spec` is spread over (`routegen generate --split`), from its size: the
    /// build command must name its output files before the generator runs, so it cannot count endpoints. One
    /// part per 12 kB of a RouteGen spec (some 65 endpoints with their models) or per 100 kB of an OpenAPI
    /// document, whose operations are larger; at most 12, as `FileSplit` allows.
    static func split(of spec: URL) -> Int {
        let bytes = (try? FileManager.default.attributesOfItem(atPath: spec.path)[.size] as? Int) ?? 0
        return min(max(bytes / (isOpenAPI(spec) ? 100_000 : 12_000), 1), 12)
    }

    /// The files `routegen generate --split <parts>` writes for the API named `namespace`: `TemplateSet.fileName`
    /// in RouteGenCore, with `FileSplit`'s parts (the routes get half the handler's, rounded up; the models twice
    /// the handler's when there are several).
    static func generatedFiles(namespace: String, parts: Int) -> [String] {
        let split = [("+APIRoute", (parts + 1) / 2), ("+RequestHandling", parts), ("+Models", parts == 1 ? 1 : 2 * parts)]
            .flatMap { kind, count in
                (1...count).map { "\(namespace)\(kind)\($0 == 1 ? "" : String($0)).swift" }
            }
        return ["\(namespace).swift", "\(namespace)+Mock.swift"] + split
    }

    /// The name of a target's generation configuration (`GenerationConfiguration` in RouteGenCore).
    static let configurationName = "routegen-config.yaml"

    /// The `split:` a target's configuration file sets, which wins over the size rule (read line by line: a
    /// plugin cannot link a YAML parser, and the generator checks the file properly).
    static func configuredSplit(in configuration: URL) -> Int? {
        guard let text = try? String(contentsOf: configuration, encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix("split:") {
            let value = line.dropFirst("split:".count).split(separator: "#")[0].trimmingCharacters(in: .whitespaces)
            return Int(value).map { min(max($0, 1), 12) }
        }
        return nil
    }

    /// The `.mustache` files of a templates folder, if it exists.
    static func templates(in folder: URL) -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".mustache") }.sorted().map { folder.appending(path: $0) }
    }
}
