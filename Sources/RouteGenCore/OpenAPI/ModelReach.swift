/// How many models an import made and why: the models each operation reaches, and the references that pull in
/// the most of them, so a user sees where to cut the graph (`routegen import --explain`).
public struct ModelReach: Sendable, Equatable {
    /// One operation and the number of models it needs, directly or through other models.
    public struct OperationReach: Sendable, Equatable {
        public var operation: String
        public var models: Int
    }

    /// One reference, where it is written (`Customer.default_source`), and how many models only it brings in:
    /// how many fewer the import would make if it were cut (kept as `JSON`, or an expansion not asked for).
    public struct HeavyReference: Sendable, Equatable {
        public var place: String
        public var models: Int
    }

    /// Every model the imported operations need.
    public var models: Int
    /// Each imported operation, in document order.
    public var operations: [OperationReach]
    /// The references that bring in the most models on their own, heaviest first.
    public var heaviest: [HeavyReference]
    /// The expandable references whose objects are not typed (`Expandable<JSON>`), as `Model.property`, sorted:
    /// what `expand` may name.
    public var unexpanded: [String]

    /// The most references ``heaviest`` lists.
    static let listed = 8
    /// The most unexpanded references the report lists.
    static let listedUnexpanded = 20

    init(graph: ModelGraph, operations: [String], unexpanded: Set<String>) {
        self.unexpanded = unexpanded.sorted()
        let roots = operations.map { ModelGraph.Node.operation($0) }
        let all = graph.distances(from: roots)
        models = all.count
        self.operations = operations.map { OperationReach(operation: $0, models: graph.distances(from: [.operation($0)]).count) }
        // A reference can only bring in as many models as lie behind it, so the places with the most behind them are
        // measured exactly (the whole graph walked without them) and the rest are not.
        var behind: [String: Int] = [:]
        var targets: [String: String] = [:]
        for (node, references) in graph.references {
            guard case .model(let identity) = node, all[identity] != nil else { continue }
            for reference in references where targets[reference.place] == nil {
                targets[reference.place] = reference.target
            }
        }
        var reachFromTarget: [String: Int] = [:]
        for (place, target) in targets {
            let size = reachFromTarget[target] ?? (graph.distances(from: [.model(target)]).count + 1)
            reachFromTarget[target] = size
            behind[place] = size
        }
        let candidates = behind.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.prefix(Self.listed * 4)
        heaviest = candidates.map { place, _ in
            HeavyReference(place: place, models: all.count - graph.distances(from: roots, skipping: [place]).count)
        }
        .filter { $0.models > 0 }
        .sorted { ($0.models, $1.place) > ($1.models, $0.place) }
        .prefix(Self.listed)
        .map { $0 }
    }

    /// The report as lines of text.
    public var lines: [String] {
        var lines = ["\(models) models reached by \(operations.count) operations:"]
        lines += operations.map { "  \($0.operation): \($0.models) models" }
        if !heaviest.isEmpty {
            lines.append("References that bring in the most models (cut one with `opaque:`, or leave its expansion out):")
            lines += heaviest.map { "  \($0.place): \($0.models) models" }
        }
        if !unexpanded.isEmpty {
            lines.append("Expandable references typed `Expandable<JSON>` (name one in `expand:` to type its object):")
            let shown = unexpanded.prefix(Self.listedUnexpanded).joined(separator: ", ")
            let more = unexpanded.count > Self.listedUnexpanded ? " and \(unexpanded.count - Self.listedUnexpanded) more" : ""
            lines.append("  " + shown + more)
        }
        return lines
    }
}
