/// Which models a model or an endpoint names: the edges of the model graph that the send-only analysis walks and
/// the module planner cuts.
extension Model {
    /// The types it holds: its properties', its variants', its outcomes' bodies.
    var referencedTypes: [TypeReference] {
        switch kind {
        case .object(let properties), .responseHeaders(let properties): properties.map(\.type)
        case .union(let union): union.variants.map(\.type)
        case .outcomes(let outcomes):
            outcomes.compactMap { if case .json(let type) = $0.body { type } else { nil } }
        case .stringEnum, .integerEnum: []
        }
    }

    /// The Swift names of the models it holds, at any depth of a type (`[String: Pet]?` names `Pet`).
    var referencedModels: [String] { referencedTypes.compactMap(\.innermostModelName) }
}

extension Endpoint {
    /// The types its requests send: its parameters' and its body's.
    var sentTypes: [TypeReference] {
        (pathParameters + query + headers).map(\.type) + (body.map { [$0.type] } ?? [])
    }

    /// The models its responses are read as: its result's, its response headers', its error bodies'.
    var readModels: [String] {
        let result: [String] =
            switch result {
            case .none, .body(.data), .body(.text): []
            case .body(.json(let type)), .events(let type): type.innermostModelName.map { [$0] } ?? []
            case .outcomes(let name): [name]
            }
        let errors = errors.map { $0.byStatus.map(\.model) + ($0.default.map { [$0] } ?? []) } ?? []
        return result + (responseHeaders.map { [$0] } ?? []) + errors
    }

    /// Every model its generated code names: what it sends, what it reads, its pages' items.
    var referencedModels: [String] {
        sentTypes.compactMap(\.innermostModelName) + readModels + (pagination.map { [$0.itemModel] } ?? [])
    }
}
