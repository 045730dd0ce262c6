import Foundation
import RouteGenCore

/// Runs the front end on YAML written in a test.
enum SpecTesting {
    static let file = "spec.yaml"

    /// The smallest valid spec's opening lines; tests append models and endpoints below them (line 5 on).
    static let header = """
        routegen: 1
        name: Shop
        environments:
          production: https://shop.example.com

        """

    /// Loads and checks `yaml`; returns the API (nil on errors) and the sorted diagnostics.
    static func check(_ yaml: String) -> (api: API?, diagnostics: [Diagnostic]) {
        var diagnostics = Diagnostics()
        let api = SpecPipeline().check(SpecSource(path: file, text: yaml), diagnostics: &diagnostics)
        return (api, diagnostics.sorted)
    }

    /// The diagnostics of `yaml` as `line:column: severity: message`, the form tests compare exactly.
    static func findings(_ yaml: String) -> [String] {
        check(yaml).diagnostics.map { "\($0.location.line):\($0.location.column): \($0.severity.rawValue): \($0.message)" }
    }

    /// The hints of `yaml`'s diagnostics, in order.
    static func hints(_ yaml: String) -> [String] {
        check(yaml).diagnostics.compactMap(\.hint)
    }

    /// The repository's root, found from this file's path.
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
}
