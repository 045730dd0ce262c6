import Foundation

/// Finds spec files among the paths a user names: files as given, folders searched recursively.
///
/// In a folder, a YAML file is a RouteGen spec when its name ends in `.routegen.yaml` / `.routegen.yml`, or
/// when a line of it starts with the top-level key `routegen:`; it is an OpenAPI document when a line starts
/// with `openapi:`. A JSON file is an OpenAPI document when its top-level object has the key `openapi`. Other
/// files are left alone, so specs can sit beside unrelated configuration. The rule is `FileRules.isSpec`, which
/// the plugins compile too (they link its file), so both find the same specs.
public enum SpecDiscovery {
    /// A path that could not be used.
    public struct Failure: Error, CustomStringConvertible, Equatable {
        /// The path as given.
        public var path: String
        /// What is wrong with it.
        public var reason: String
        public var description: String { "\(path): \(reason)" }
    }

    /// The spec files named by `paths`, folders expanded, in a stable order and without duplicates.
    public static func specFiles(in paths: [String]) throws(Failure) -> [String] {
        var files: [String] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw Failure(path: path, reason: "no such file or folder")
            }
            if isDirectory.boolValue {
                files += specs(inFolder: path)
            } else {
                files.append(path)
            }
        }
        var seen = Set<String>()
        return files.filter { seen.insert(URL(fileURLWithPath: $0).standardizedFileURL.path).inserted }
    }

    /// Whether a file is a RouteGen spec by the rule above.
    public static func isSpec(path: String, contents: Data) -> Bool {
        FileRules.isSpec(name: (path as NSString).lastPathComponent, contents: contents)
    }

    private static func specs(inFolder folder: String) -> [String] {
        let root = URL(fileURLWithPath: folder)
        guard
            let enumerator = FileManager.default.enumerator(
                at: root, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles])
        else { return [] }
        var found: [String] = []
        for case let url as URL in enumerator {
            let name = url.lastPathComponent
            guard name.hasSuffix(".yaml") || name.hasSuffix(".yml") || name.hasSuffix(".json") else { continue }
            let relative = String(url.standardizedFileURL.path.dropFirst(root.standardizedFileURL.path.count))
            let path = (folder as NSString).appendingPathComponent(relative)
            guard let contents = FileManager.default.contents(atPath: url.path), isSpec(path: path, contents: contents)
            else { continue }
            found.append(path)
        }
        return found.sorted()
    }
}
