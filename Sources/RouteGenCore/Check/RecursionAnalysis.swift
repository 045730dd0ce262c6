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
    /// each sorted, in order of their first member. Tarjan's algorithm, its recursion kept in a list of frames
    /// (a node and how many of its targets it has visited), so that a chain of models however long cannot
    /// overflow the stack.
    static func cyclicComponents(edges: [String: [String]]) -> [[String]] {
        var index = 0
        var indices: [String: Int] = [:]
        var lowLinks: [String: Int] = [:]
        var stack: [String] = []
        var onStack: Set<String> = []
        var components: [[String]] = []
        var frames: [(node: String, visited: Int)] = []

        func enter(_ node: String) {
            indices[node] = index
            lowLinks[node] = index
            index += 1
            stack.append(node)
            onStack.insert(node)
            frames.append((node, 0))
        }

        for root in edges.keys.sorted() where indices[root] == nil {
            enter(root)
            while let (node, visited) = frames.last {
                let targets = edges[node] ?? []
                if visited < targets.count {
                    frames[frames.count - 1].visited += 1
                    let target = targets[visited]
                    if indices[target] == nil {
                        enter(target)
                    } else if onStack.contains(target) {
                        lowLinks[node] = min(lowLinks[node]!, indices[target]!)
                    }
                    continue
                }
                frames.removeLast()
                if let caller = frames.last?.node { lowLinks[caller] = min(lowLinks[caller]!, lowLinks[node]!) }
                guard lowLinks[node] == indices[node] else { continue }
                var component: [String] = []
                while let member = stack.popLast() {
                    onStack.remove(member)
                    component.append(member)
                    if member == node { break }
                }
                if component.count > 1 || targets.contains(node) {
                    components.append(component.sorted())
                }
            }
        }
        return components.sorted { $0[0] < $1[0] }
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
