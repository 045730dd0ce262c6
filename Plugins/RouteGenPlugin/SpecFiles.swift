import Foundation

/// How the plugins recognize specs and know, before running the generator, which files it will write.
enum SpecFiles {
    /// Whether `url` is a RouteGen spec: a `.routegen.yaml` / `.routegen.yml` file, or a YAML file with a line
    /// starting with `routegen:`. The same rule as `SpecDiscovery` in RouteGenCore, which plugins cannot link:
    /// change both together.
    static func isSpec(_ url: URL) -> Bool {
        let name = url.lastPathComponent
        if name.hasSuffix(".routegen.yaml") || name.hasSuffix(".routegen.yml") { return true }
        guard name.hasSuffix(".yaml") || name.hasSuffix(".yml"), let text = try? String(contentsOf: url, encoding: .utf8)
        else { return false }
        return text.split(whereSeparator: \.isNewline).contains { $0.hasPrefix("routegen:") || $0.hasPrefix("routegen :") }
    }

    /// The Swift namespace of a spec: its top-level `name:` with the first letter upper-cased, as the generator
    /// derives it. Nil when the spec has no readable name (the generator then reports the error).
    static func namespace(of spec: URL) -> String? {
        guard let text = try? String(contentsOf: spec, encoding: .utf8) else { return nil }
        for line in text.split(whereSeparator: \.isNewline) where line.hasPrefix("name:") {
            var value = line.dropFirst("name:".count).trimmingCharacters(in: .whitespaces)
            if let comment = value.range(of: " #") { value = String(value[..<comment.lowerBound]) }
            value = value.trimmingCharacters(in: CharacterSet(charactersIn: "\"' "))
            guard let first = value.first else { return nil }
            return first.uppercased() + value.dropFirst()
        }
        return nil
    }

    /// The files `routegen generate` writes for the API named `namespace`.
    static func generatedFiles(namespace: String) -> [String] {
        ["\(namespace).swift", "\(namespace)+APIRoute.swift", "\(namespace)+Models.swift", "\(namespace)+RequestHandling.swift"]
    }

    /// The `.mustache` files of a templates folder, if it exists.
    static func templates(in folder: URL) -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".mustache") }.sorted().map { folder.appending(path: $0) }
    }
}
