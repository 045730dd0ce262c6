/// Finds models that contain themselves. Such a struct needs indirect storage; and a model that contains
/// itself through required properties alone can never be decoded from finite JSON, which is an error.
enum RecursionAnalysis {
    /// A model's reference to another model through a property that is not a list or dictionary.
    struct Edge {
        var target: String
        var property: String
        var isRequired: Bool
    }

    /// The models that lie on a cycle of direct (non-list) references, by Swift name, each with the number of its
    /// cycle: models that contain each other share one.
    static func recursionGroups(edges: [String: [Edge]]) -> [String: Int] {
        var groups: [String: Int] = [:]
        for (index, component) in cyclicComponents(edges: edges.mapValues { $0.map(\.target) }).enumerated() {
            for name in component { groups[name] = index }
        }
        return groups
    }

    /// Groups of models that contain each other through required properties only.
    static func requiredCycles(edges: [String: [Edge]]) -> [[String]] {
        cyclicComponents(edges: edges.mapValues { $0.filter(\.isRequired).map(\.target) })
    }

    /// Strongly connected components that hold a cycle (more than one node, or a node pointing at itself),
    /// each sorted, in order of their first member.
    static func cyclicComponents(edges: [String: [String]]) -> [[String]] {
        StronglyConnectedComponents.of(edges)
            .filter { $0.count > 1 || edges[$0[0], default: []].contains($0[0]) }
            .map { $0.sorted() }
            .sorted { $0[0] < $1[0] }
    }

    /// The direct model references of an object model's properties.
    static func edges(of model: Model) -> [Edge] {
        model.properties.compactMap { property in
            switch property.type {
            case .model(let target): Edge(target: target, property: property.name.wire, isRequired: true)
            // `T?` and `T??` (absent, null or a value) hold the model inline too, so both need indirect storage.
            case .optional(.model(let target)), .optional(.optional(.model(let target))):
                Edge(target: target, property: property.name.wire, isRequired: false)
            default: nil
            }
        }
    }
}
