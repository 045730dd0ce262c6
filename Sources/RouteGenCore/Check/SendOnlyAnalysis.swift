/// Finds the models the client only ever sends. A model that requests reach (a body, a parameter, or what
/// those hold) and that no response, error body or event reaches is never decoded, so it is generated
/// `Encodable` without a decoder: the code a careful engineer would write for a request body, and less for the
/// compiler (most of a large OpenAPI document's models are request bodies). A model nothing uses stays
/// `Codable` for the app to use as it likes, and one that holds a `File` is always send-only. Whatever a
/// decodable model holds is decodable too, however else it is reached: decoding is a closure over the model graph.
///
/// The other direction: a model only responses reach, and that neither a request nor a model nothing uses holds, is
/// read-only. It needs no encoder and no `Hashable` (which a route's body needs): the module layout generates it
/// `Decodable` only unless asked otherwise (`response_models: codable`).
enum SendOnlyAnalysis {
    /// The Swift names of the models only requests reach (`sendOnly`), and of those only responses reach, which
    /// hold nothing a request or an unused model reaches either (`readOnly`).
    static func directions(
        _ models: [Model], endpoints: [Endpoint], errorModel: String?, envelope: Envelope?
    ) -> (sendOnly: Set<String>, readOnly: Set<String>) {
        let byName = Dictionary(models.map { ($0.name.swift, $0) }) { first, _ in first }
        var sent: [TypeReference] = []
        var read: [TypeReference] = [errorModel, envelope?.metadataModel].compactMap { $0.map(TypeReference.model) }
        for endpoint in endpoints {
            sent += endpoint.sentTypes
            read += endpoint.readModels.map(TypeReference.model)
        }
        let reachedByRequests = reachable(from: sent, in: byName)
        let holdingFiles = Set(models.filter { $0.properties.contains { $0.type.containsFile } }.map(\.name.swift))
        // Decoded: what responses read, and the models nothing sends, which stay `Codable` for the app.
        let unsent = byName.keys.filter { !reachedByRequests.contains($0) }.map(TypeReference.model)
        let decoded = reachable(from: read + unsent, in: byName).subtracting(holdingFiles)
        // Encoded (so `Encodable` and `Hashable`): what requests reach, and what the models nothing sends or reads hold.
        let reachedByResponses = reachable(from: read, in: byName)
        let untouched = byName.keys.filter { !reachedByRequests.contains($0) && !reachedByResponses.contains($0) }
        let encoded = reachedByRequests.union(reachable(from: untouched.map(TypeReference.model), in: byName))
        return (Set(byName.keys).subtracting(decoded), decoded.subtracting(encoded))
    }

    /// The models `roots` name, and every model those name in turn (properties, variants, outcome bodies).
    private static func reachable(from roots: [TypeReference], in models: [String: Model]) -> Set<String> {
        Reachability.nodes(from: roots.compactMap(\.innermostModelName)) { name in
            models[name]?.referencedModels ?? []
        }
    }
}
