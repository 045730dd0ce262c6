/// The strongly connected components of a directed graph: nodes that reach each other.
enum StronglyConnectedComponents {
    /// Every component of the graph `edges` (a node and the nodes it leads to; a node only named as a target is a
    /// node too), each before every component that leads to it: what a component needs comes first. Tarjan's
    /// algorithm, its recursion kept in a list of frames (a node and how many of its targets it has visited), so that
    /// a chain however long cannot overflow the stack. Deterministic: roots are visited in sorted order.
    static func of(_ edges: [String: [String]]) -> [[String]] {
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
                components.append(component)
            }
        }
        return components
    }
}
