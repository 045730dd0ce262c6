/// The operations of a document that an import keeps, each with its endpoint name, in the document's order.
struct OperationCatalog {
    /// One operation.
    struct Operation {
        var path: String
        var method: String
        var node: DocumentNode
        var pathItem: DocumentNode
        /// The endpoint name: the `operationId` made lowerCamelCase, or one derived from the method and path.
        var name: String
    }

    /// The kept operations.
    private(set) var operations: [Operation] = []

    static let methods = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]

    init(_ root: DocumentNode, options: ImportOptions, state: TranslationState) {
        var names: Set<String> = []
        var matchedTags: Set<String> = []
        var matchedOperations: Set<String> = []
        var matchedPrefixes: Set<String> = []
        for (path, _, item) in root["paths"]?.entries ?? [] {
            guard let (pathItem, _) = state.resolve(item, otherwise: "the path's operations are left out") else {
                continue
            }
            for (method, _, written) in pathItem.entries where Self.methods.contains(method) {
                // An operation may itself be a `$ref` to another file; what it refers to is relative to that file.
                guard let (operation, _) = state.resolve(written, otherwise: "the operation is left out") else {
                    continue
                }
                let operationID = operation.text("operationId")
                let derived = operationID.map(SwiftNaming.memberName) ?? Self.derivedName(method: method, path: path)
                let tags = Set(operation["tags"]?.items.compactMap(\.text) ?? [])
                let byTag = tags.intersection(options.tags)
                let byOperation = Set(options.operations).intersection([operationID, derived].compactMap { $0 })
                let byPrefix = options.pathPrefixes.filter { path.hasPrefix($0) }
                matchedTags.formUnion(byTag)
                matchedOperations.formUnion(byOperation)
                matchedPrefixes.formUnion(byPrefix)
                guard !options.filters || !byTag.isEmpty || !byOperation.isEmpty || !byPrefix.isEmpty else { continue }
                var name = derived
                var counter = 2
                while !names.insert(name).inserted {
                    name = derived + "\(counter)"
                    counter += 1
                }
                operations.append(Operation(path: Self.requestPath(path), method: method, node: operation, pathItem: pathItem, name: name))
            }
        }
        for (kind, wanted, matched) in [
            ("tag", options.tags, matchedTags), ("operation", options.operations, matchedOperations),
            ("path prefix", options.pathPrefixes, matchedPrefixes),
        ] {
            for value in wanted where !matched.contains(value) {
                state.diagnostics.error("no operation matches the \(kind) `\(value)`", at: root.location)
            }
        }
        if operations.isEmpty && !state.diagnostics.hasErrors {
            state.diagnostics.error("the document has no operations to import", at: root.location)
        }
    }

    /// The path a request is sent to. A fragment (`/oauth2/token#refresh`) only tells apart operations that share a
    /// method and path, which some documents describe separately; it is never sent.
    static func requestPath(_ path: String) -> String {
        path.firstIndex(of: "#").map { String(path[..<$0]) } ?? path
    }

    /// `get` and `/pets/{petId}/photos` give `getPetsByPetIdPhotos`.
    static func derivedName(method: String, path: String) -> String {
        let words = path.split(separator: "/").map { segment in
            segment.hasPrefix("{") ? "by " + segment.dropFirst().dropLast() : String(segment)
        }
        return SwiftNaming.memberName(([method] + words).joined(separator: " "))
    }
}
