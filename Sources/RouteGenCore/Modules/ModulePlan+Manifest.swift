/// The `Package.swift` lines of a module layout, which `routegen generate` prints.
extension ModulePlan {
    /// The targets of every module, for `Package.swift`'s `targets:`: each in its folder of `output` (the output
    /// folder, relative to the package), depending on the modules it imports and on RouteGen's runtime; the umbrella
    /// on every module. Each endpoint module's comment names its groups.
    public func packageTargets(output: String) -> [String] {
        let runtime = #".product(name: "RouteGenRuntime", package: "RouteGen")"#
        let folder = output.hasSuffix("/") ? String(output.dropLast()) : output
        func target(_ name: String, dependencies: [String]) -> String {
            let names = dependencies.map { "\"\($0)\"" } + [runtime]
            return #".target(name: "\#(name)", dependencies: [\#(names.joined(separator: ", "))], path: "\#(folder)/\#(name)"),"#
        }
        var lines: [String] = []
        for module in modules {
            let holds =
                module.groups.isEmpty
                ? "models several modules use" + (module.declaresNamespace ? ", and the namespace" : "")
                : module.groups.map { "\(api.name.swift).\($0.name)" }.joined(separator: ", ")
            lines.append("// \(holds)")
            lines.append(target(module.name, dependencies: module.dependencies))
        }
        lines.append("// the whole API: every module above, with one import")
        lines.append(target(umbrella, dependencies: modules.map(\.name)))
        return lines
    }
}
