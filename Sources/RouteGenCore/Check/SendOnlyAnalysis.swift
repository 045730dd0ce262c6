/// Finds the models the client only ever sends. A model that requests reach (a body, a parameter, or what
/// those hold) and that no response, error body or event reaches is never decoded, so it is generated
/// `Encodable` without a decoder: the code a careful engineer would write for a request body, and less for the
/// compiler (most of a large OpenAPI document's models are request bodies). A model nothing uses stays
/// `Codable` for the app to use as it likes, and one that holds a `File` is always send-only. Whatever a
/// decodable model holds is decodable too, however else it is reached: decoding is a closure over the model graph.
enum SendOnlyAnalysis {
    /// The Swift names of the models only requests reach.
    static func sendOnlyModels(
        _ models: [Model], endpoints: [Endpoint], errorModel: String?, envelope: Envelope?
    ) -> Set<String> {
        let byName = Dictionary(models.map { ($0.name.swift, $0) }) { first, _ in first }
        var sent: [TypeReference] = []
        var read: [TypeReference] = [errorModel, envelope?.metadataModel].compactMap { $0.map(TypeReference.model) }
        for endpoint in endpoints {
            sent += (endpoint.pathParameters + endpoint.query + endpoint.headers).map(\.type)
            sent += endpoint.body.map { [$0.type] } ?? []
            read += readTypes(of: endpoint.result)
            read += endpoint.responseHeaders.map { [.model($0)] } ?? []
            read += errorModels(of: endpoint).map(TypeReference.model)
        }
        let reachedByRequests = reachable(from: sent, in: byName)
        let holdingFiles = Set(models.filter { $0.properties.contains { $0.type.containsFile } }.map(\.name.swift))
        // Decoded: what responses read, and the models nothing sends, which stay `Codable` for the app.
        let unsent = byName.keys.filter { !reachedByRequests.contains($0) }.map(TypeReference.model)
        let decoded = reachable(from: read + unsent, in: byName).subtracting(holdingFiles)
        return Set(byName.keys).subtracting(decoded)
    }

    private static func errorModels(of endpoint: Endpoint) -> [String] {
        guard let errors = endpoint.errors else { return [] }
        return errors.byStatus.map(\.model) + (errors.default.map { [$0] } ?? [])
    }

    private static func readTypes(of result: EndpointResult) -> [TypeReference] {
        switch result {
        case .none, .body(.data), .body(.text): []
        case .body(.json(let type)), .events(let type): [type]
        case .outcomes(let name): [.model(name)]
        }
    }

    /// The models `roots` name, and every model those name in turn (properties, variants, outcome bodies).
    private static func reachable(from roots: [TypeReference], in models: [String: Model]) -> Set<String> {
        Reachability.nodes(from: roots.compactMap(\.innermostModelName)) { name in
            models[name].map { referencedTypes(of: $0).compactMap(\.innermostModelName) } ?? []
        }
    }

    private static func referencedTypes(of model: Model) -> [TypeReference] {
        switch model.kind {
        case .object(let properties), .responseHeaders(let properties): properties.map(\.type)
        case .union(let union): union.variants.map(\.type)
        case .outcomes(let outcomes):
            outcomes.compactMap { if case .json(let type) = $0.body { type } else { nil } }
        case .stringEnum, .integerEnum: []
        }
    }
}
