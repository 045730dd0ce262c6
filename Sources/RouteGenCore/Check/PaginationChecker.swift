/// Checks an endpoint's `pagination:` once every model is known. The response is an object model with a list of
/// models under `items`; the query parameter each next request sets is one of four kinds:
///
/// ```yaml
/// pagination:
///   items: data               # the response's list of items
///   cursor: starting_after    # an optional String query parameter, set to…
///   next: id                  # …this String property of the last item (Stripe), or
///   next_cursor: next_token   # …this String? property of the response (a next-page token)
///   page: page                # or: an optional Int query parameter numbering pages from 1
///   offset: offset            # or: an optional Int query parameter counting the items to skip
///   has_more: has_more        # optional: the response's Bool that says whether another page follows
/// ```
///
/// Without `has_more`, a list ends at a missing next cursor or token, or at an empty page.
struct PaginationChecker {
    static let keys = ["items", "cursor", "next", "next_cursor", "page", "offset", "has_more"]
    /// The keys that name the query parameter; exactly one is written.
    static let parameterKeys = ["cursor", "page", "offset"]

    /// The checked models, by Swift name.
    let models: [String: Model]
    /// The Swift names of the endpoints, which a `<endpoint>Pages` method must not take.
    let endpointNames: Set<String>

    init(models: [Model], endpoints: [Endpoint]) {
        self.models = Dictionary(models.map { ($0.name.swift, $0) }, uniquingKeysWith: { first, _ in first })
        endpointNames = Set(endpoints.map(\.name.swift))
    }

    /// The pagination of `endpoint` written at `entry`, or nil with errors at the keys that do not fit.
    func check(_ entry: SyntaxEntry, of endpoint: Endpoint, diagnostics: inout Diagnostics) -> Pagination? {
        let context = "the pagination of endpoint `\(endpoint.name.wire)`"
        guard
            let mapping = MappingReader(
                entry.value, context: context, known: Self.keys, required: ["items"], owner: entry.keyLocation,
                diagnostics: &diagnostics)
        else { return nil }
        let method = endpoint.name.swift + "Pages"
        guard !endpointNames.contains(method) else {
            diagnostics.error(
                "\(context) makes a method `\(method)`, which is an endpoint's name", at: entry.keyLocation,
                hint: "rename one of them")
            return nil
        }
        var found = Diagnostics()
        defer { diagnostics.append(contentsOf: found) }
        guard case .body(.json(.model(let pageName))) = endpoint.result, let page = models[pageName],
            case .object = page.kind
        else {
            found.error("\(context) needs a `response` that is an object model holding the items", at: entry.keyLocation)
            return nil
        }
        let items = property(mapping, "items", in: page, context: context, diagnostics: &found)
        var itemModel: Model?
        switch items?.type {
        case .array(.model(let name))?: itemModel = models[name]
        case let type?:
            found.error("`items` of \(context) is `\(type.swiftType)`, not a list of models", at: mapping["items"]!.value.location)
        case nil: break
        }
        let hasMore = mapping["has_more"] == nil
            ? nil : property(mapping, "has_more", in: page, expecting: .primitive(.bool), context: context, diagnostics: &found)
        let written = mapping.written(Self.parameterKeys)
        guard let parameterKey = written.first?.key else {
            found.error("\(context) needs one of `cursor`, `page` or `offset`: the query parameter each next request sets", at: entry.keyLocation)
            return nil
        }
        for extra in written.dropFirst() {
            found.error("\(context) has both `\(parameterKey)` and `\(extra.key)`", at: extra.keyLocation, hint: "keep one")
        }
        let next = self.next(parameterKey, mapping, page: page, item: itemModel, context: context, diagnostics: &found)
        let parameter = queryParameter(
            parameterKey, mapping, of: endpoint, type: parameterKey == "cursor" ? .primitive(.string) : .primitive(.int),
            context: context, diagnostics: &found)
        guard !found.hasErrors, let items, let itemModel, let parameter, let next else { return nil }
        return Pagination(items: items.name, itemModel: itemModel.name.swift, parameter: parameter.name, next: next, hasMore: hasMore?.name)
    }

    /// Where the value of the next request comes from: with `cursor`, `next` (of the last item) or `next_cursor`
    /// (of the response); with `page` or `offset`, the count.
    private func next(
        _ parameterKey: String, _ mapping: MappingReader, page: Model, item: Model?, context: String, diagnostics: inout Diagnostics
    ) -> Pagination.Next? {
        let sources = mapping.written(["next", "next_cursor"])
        guard parameterKey == "cursor" else {
            for source in sources {
                diagnostics.error("`\(source.key)` of \(context) goes with `cursor`, not `\(parameterKey)`", at: source.keyLocation)
            }
            return parameterKey == "page" ? .pageNumber : .offset
        }
        guard let source = sources.first else {
            diagnostics.error("\(context) needs `next` (a property of the last item) or `next_cursor` (of the response) with `cursor`", at: mapping["cursor"]!.keyLocation)
            return nil
        }
        for extra in sources.dropFirst() {
            diagnostics.error("\(context) has both `next` and `next_cursor`", at: extra.keyLocation, hint: "keep one")
        }
        if source.key == "next" {
            guard let item else { return nil }
            return property(mapping, "next", in: item, expecting: .primitive(.string), context: context, diagnostics: &diagnostics)
                .map { .lastItem($0.name) }
        }
        return property(mapping, "next_cursor", in: page, expecting: .optional(.primitive(.string)), context: context, diagnostics: &diagnostics)
            .map { .token($0.name) }
    }

    /// The endpoint's query parameter named by `key`, which must be optional and of `type`.
    private func queryParameter(
        _ key: String, _ mapping: MappingReader, of endpoint: Endpoint, type: TypeReference, context: String,
        diagnostics: inout Diagnostics
    ) -> Parameter? {
        guard let wire = mapping.text(key, context: context, diagnostics: &diagnostics) else { return nil }
        let parameter = endpoint.query.first { $0.name.wire == wire }
        guard let parameter, parameter.type == .optional(type) else {
            diagnostics.error(
                "`\(key)` of \(context) must be an optional `\(type.swiftType)` query parameter of the endpoint, not `\(wire)`"
                    + (parameter.map { " of type `\($0.type.swiftType)`" } ?? ""),
                at: mapping[key]!.value.location, hint: "declare it: `query: { \(wire): \(type.swiftType)? }`")
            return nil
        }
        return parameter
    }

    /// The property of `model` named by `key`, of type `expected` when one is given; nil with an error otherwise.
    private func property(
        _ mapping: MappingReader, _ key: String, in model: Model, expecting expected: TypeReference? = nil, context: String,
        diagnostics: inout Diagnostics
    ) -> Property? {
        guard let entry = mapping[key], let wire = mapping.text(key, context: context, diagnostics: &diagnostics) else { return nil }
        guard let property = model.properties.first(where: { $0.name.wire == wire }) else {
            diagnostics.error(
                "`\(key)` of \(context) names `\(wire)`, which is not a property of `\(model.name.wire)`", at: entry.value.location,
                hint: Suggestion.didYouMean(wire, among: model.properties.map(\.name.wire)))
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
