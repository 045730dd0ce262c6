import Foundation

/// A module folder's record of what wrote it: the module, its API and its spec. The writer removes a module folder's
/// files only when its record names an API of the run or its spec (a module an earlier run wrote that the layout no
/// longer has, or an API renamed), never by the folder's name: two APIs, or two specs of one file name, share an
/// output folder, and a spec moved or renamed regenerates its API's modules in place.
///
/// The record is a hidden file of the folder (SwiftPM does not compile it), one line naming the spec by its path from
/// the output folder, so that it is the same in every checkout:
///
/// ```
/// // RouteGen wrote the module ShopModels of the API Shop from ../Specs/v1/shop.yaml. Do not edit.
/// ```
public struct ModuleRecord: Hashable, Sendable {
    /// The record's name in its module's folder.
    public static let fileName = ".routegen-module"

    /// The module, and its folder's name.
    public var module: String
    /// The API's Swift name.
    public var api: String
    /// The spec's path from the output folder.
    public var spec: String

    /// A record of `module` of the API named `api`, generated from `spec` (a path from the output folder).
    public init(module: String, api: String, spec: String) {
        self.module = module
        self.api = api
        self.spec = spec
    }

    /// The record's text.
    public var text: String {
        "\(Self.lead)\(module) of the API \(api) from \(spec). Do not edit.\n"
    }

    /// The record a file's text holds, or nil when it holds none.
    public init?(text: String) {
        guard let line = text.split(separator: "\n", maxSplits: 1).first, line.hasPrefix(Self.lead),
            line.hasSuffix(". Do not edit.")
        else { return nil }
        let body = line.dropFirst(Self.lead.count).dropLast(". Do not edit.".count)
        guard let api = body.range(of: " of the API "),
            let spec = body.range(of: " from ", range: api.upperBound..<body.endIndex)
        else { return nil }
        self.init(
            module: String(body[..<api.lowerBound]), api: String(body[api.upperBound..<spec.lowerBound]),
            spec: String(body[spec.upperBound...]))
    }

    /// Whether the module is one of the API named `api`, or one generated from `spec` (a path from the output folder:
    /// the modules of the API's old name after a rename).
    public func isOf(api: String, spec: String) -> Bool {
        self.api == api || self.spec == spec
    }

    /// Whether the file `name` of a run (a path from the output folder) is a module folder's record.
    public static func isRecord(_ name: String) -> Bool {
        (name as NSString).lastPathComponent == fileName
    }

    private static let lead = "// RouteGen wrote the module "

    /// The path of the file at `path` (as given: absolute, or relative to the working folder) from the folder
    /// `directory`, both with symbolic links resolved: `../Specs/shop.yaml`.
    public static func path(of path: String, from directory: String) -> String {
        func components(_ path: String) -> [String] {
            URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().pathComponents
        }
        let target = components(path)
        let base = components(directory)
        let shared = zip(target, base).prefix { $0 == $1 }.count
        return (Array(repeating: "..", count: base.count - shared) + target[shared...]).joined(separator: "/")
    }
}
