/// Walks a graph given as a function from a node to the nodes it leads to.
enum Reachability {
    /// `start`, and every node `next` leads to from it, directly or through others.
    static func nodes<Node: Hashable>(from start: some Sequence<Node>, next: (Node) -> [Node]) -> Set<Node> {
        var seen: Set<Node> = []
        var pending = Array(start)
        while let node = pending.popLast() {
            if seen.insert(node).inserted { pending += next(node) }
        }
        return seen
    }
}
