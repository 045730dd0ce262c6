/// Recognizes a list an operation pages by cursor in Stripe's way, and writes it as the spec's `pagination:`: a
/// `starting_after` query parameter, and a JSON response whose required `data` is a list of objects with a
/// required string `id` and whose required `has_more` is a boolean.
struct ListPaginationReader {
    let state: TranslationState

    /// The `pagination` entry of the operation `node`, whose query parameters are named `query`; nil when it does
    /// not page that way.
    func pagination(of node: DocumentNode, query: [String]) -> (String, SyntaxNode)? {
        guard query.contains("starting_after"), let page = successSchema(of: node), required(in: page, ["data", "has_more"]),
            let hasMore = resolved(page["properties"]?["has_more"]), SchemaShape(hasMore).effectiveType == "boolean",
            let data = resolved(page["properties"]?["data"]), let item = resolved(data["items"]),
            required(in: item, ["id"]), let id = resolved(item["properties"]?["id"]), SchemaShape(id).effectiveType == "string"
        else { return nil }
        let location = node.location
        let entries: [(String, SyntaxNode)] = [
            ("items", .text("data", at: location)), ("cursor", .text("starting_after", at: location)),
            ("next", .text("id", at: location)), ("has_more", .text("has_more", at: location)),
        ]
        return ("pagination", .mapping(entries, at: location))
    }

    /// The JSON schema of the operation's `200` response.
    private func successSchema(of node: DocumentNode) -> DocumentNode? {
        guard let response = resolved(node["responses"]?["200"]), let content = state.quietlyResolvedContent(of: response)
        else { return nil }
        guard let preferred = MediaType.preferred(in: content, resolve: state.quietlyResolved), preferred.kind == .json else { return nil }
        return resolved(preferred.media["schema"])
    }

    /// Whether the object schema requires every one of `names`.
    private func required(in schema: DocumentNode, _ names: [String]) -> Bool {
        let required = Set(schema["required"]?.items.compactMap(\.text) ?? [])
        return names.allSatisfy(required.contains)
    }

    /// `node` with its `$ref`s followed.
    private func resolved(_ node: DocumentNode?) -> DocumentNode? {
        node.flatMap(state.quietlyResolved)
    }
}
