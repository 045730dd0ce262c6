/// Checks an endpoint's `pagination:` once every model is known: the response is an object model with a list of
/// models under `items`, `cursor` is one of the endpoint's optional `String` query parameters, `next` a required
/// `String` property of the items, and `has_more` (optional) a required `Bool` property of the response.
///
/// ```yaml
/// pagination:
///   items: data               # the response's list of items
///   cursor: starting_after    # the query parameter each next request sets ...
///   next: id                  # ... to this property of the last item received
///   has_more: has_more        # the response's Bool that says whether another page follows
/// ```
struct PaginationChecker {
    static let keys = ["items", "cursor", "next", "has_more"]

    /// The checked models, by Swift name.
    let models: [String: Model]

    /// The pagination of `endpoint` written at `entry`, or nil with errors at the keys that do not fit.
    func check(_ entry: SyntaxEntry, of endpoint: Endpoint, diagnostics: inout Diagnostics) -> CursorPagination? {
        let context = "the pagination of endpoint `\(endpoint.name.wire)`"
        guard
            let mapping = MappingReader(
                entry.value, context: context, known: Self.keys, required: ["items", "cursor", "next"],
                owner: entry.keyLocation, diagnostics: &diagnostics)
        else { return nil }
        var found = Diagnostics()
        defer { diagnostics.append(contentsOf: found) }
        guard case .body(.json(.model(let pageName))) = endpoint.result, let page = models[pageName],
            case .object(let pageProperties) = page.kind
        else {
            found.error("\(context) needs a `response` that is an object model holding the items", at: entry.keyLocation)
            return nil
        }
        let items = property(mapping, "items", in: pageProperties, of: page, context: context, diagnostics: &found)
        let itemModel: Model?
        switch items?.type {
        case .array(.model(let name))?: itemModel = models[name]
        case let type?:
            found.error(
                "`items` of \(context) is `\(type.swiftType)`, not a list of models", at: mapping["items"]!.value.location)
            itemModel = nil
        case nil: itemModel = nil
        }
        let next = itemModel.flatMap {
            property(mapping, "next", in: $0.properties, of: $0, expecting: .primitive(.string), context: context, diagnostics: &found)
        }
        let hasMore = mapping["has_more"] == nil ? nil : property(
            mapping, "has_more", in: pageProperties, of: page, expecting: .primitive(.bool), context: context, diagnostics: &found)
        let cursorName = mapping.text("cursor", context: context, diagnostics: &found)
        let cursor = endpoint.query.first { $0.name.wire == cursorName }
        if let cursorName, cursor?.type != .optional(.primitive(.string)) {
            found.error(
                "`cursor` of \(context) must be an optional `String` query parameter of the endpoint, not `\(cursorName)`"
                    + (cursor.map { " of type `\($0.type.swiftType)`" } ?? ""),
                at: mapping["cursor"]!.value.location, hint: "declare it: `query: { \(cursorName): String? }`")
        }
        guard !found.hasErrors, let items, let itemModel, let next, let cursor else { return nil }
        return CursorPagination(
            items: items.name, itemModel: itemModel.name.swift, cursor: cursor.name, next: next.name, hasMore: hasMore?.name)
    }

    /// The property named by `key` among `properties` of `model`, of type `expected` when one is given; nil with
    /// an error otherwise.
    private func property(
        _ mapping: MappingReader, _ key: String, in properties: [Property], of model: Model, expecting expected: TypeReference? = nil,
        context: String, diagnostics: inout Diagnostics
    ) -> Property? {
        guard let entry = mapping[key], let wire = mapping.text(key, context: context, diagnostics: &diagnostics) else { return nil }
        guard let property = properties.first(where: { $0.name.wire == wire }) else {
            diagnostics.error(
                "`\(key)` of \(context) names `\(wire)`, which is not a property of `\(model.name.wire)`", at: entry.value.location,
                hint: Suggestion.didYouMean(wire, among: properties.map(\.name.wire)))
            return nil
        }
        if let expected, property.type != expected {
            diagnostics.error(
                "`\(key)` of \(context) names `\(wire)`, which is `\(property.type.swiftType)`, not `\(expected.swiftType)`",
                at: entry.value.location)
            return nil
        }
        return property
    }
}
