/// The references an import followed: from each operation and each model to the models it needs. What an
/// import's size comes from: ``ModelReach`` reads it, and the `depth` limit cuts it.
struct ModelGraph {
    /// An operation, or a model by the identity of its schema.
    enum Node: Hashable {
        case operation(String)
        case model(String)
    }

    /// One reference: where it is written (`Customer.default_source`) and the model it needs.
    struct Reference {
        var place: String
        var target: String
    }

    private(set) var references: [Node: [Reference]] = [:]

    /// Records that `source` needs the model `identity` through the reference written at `place`.
    mutating func add(from source: Node, to identity: String, place: String) {
        references[source, default: []].append(Reference(place: place, target: identity))
    }

    /// The models `roots` need, directly or through other models, each with its distance: 1 for a model an
    /// operation names, 2 for one such a model names, and so on. `skipping` leaves out references written at those
    /// places.
    func distances(from roots: [Node], skipping: Set<String> = []) -> [String: Int] {
        var distances: [String: Int] = [:]
        var frontier = roots
        var distance = 1
        while !frontier.isEmpty {
            var next: [Node] = []
            for node in frontier {
                for reference in references[node] ?? [] where !skipping.contains(reference.place) {
                    guard distances[reference.target] == nil else { continue }
                    distances[reference.target] = distance
                    next.append(.model(reference.target))
                }
            }
            frontier = next
            distance += 1
        }
        return distances
    }
}
