import Foundation

/// The check stage: a loaded spec in, an ``API`` out, with every rule of the spec format enforced and every
/// Swift name decided. All problems are reported, not just the first; the API is returned only when none
/// of them is an error.
public struct SpecChecker: Sendable {
    /// The keys a spec may have at its top level.
    public static let topLevelKeys = [
        "routegen", "name", "description", "version", "environments", "hosts", "dates", "query_arrays", "headers",
        "auth", "oauth", "errors", "envelope", "models", "endpoints",
    ]
    /// The format versions this generator reads.
    public static let supportedFormatVersions = ["1"]

    static let envelopeKeys = ["payload", "metadata", "metadata_key"]
    /// Creates a checker.
    public init() {}

    /// Checks a loaded spec; returns the API when no error was found.
    public func check(_ spec: SpecSyntax, diagnostics: inout Diagnostics) -> API? {
        var found = Diagnostics()
        let api = Run(file: spec.file).check(spec.root, diagnostics: &found)
        diagnostics.append(contentsOf: found)
        return found.hasErrors ? nil : api
    }
}

/// One run of the checker over one spec.
private struct Run {
    let file: String

    func check(_ root: SyntaxNode, diagnostics: inout Diagnostics) -> API? {
        guard
            let top = MappingReader(
                root, context: "the spec", known: SpecChecker.topLevelKeys,
                required: ["routegen", "name", "environments"], diagnostics: &diagnostics)
        else { return nil }
        checkFormatVersion(top["routegen"], diagnostics: &diagnostics)
        let name = top["name"].flatMap { checkAPIName($0.value, diagnostics: &diagnostics) }
        let description = top.text("description", context: "the spec", diagnostics: &diagnostics)
        let version = top["version"].flatMap { checkVersion($0.value, diagnostics: &diagnostics) }
        let environments = top["environments"].map { checkEnvironments($0.value, diagnostics: &diagnostics) } ?? []
        let hosts = top["hosts"].map { HostsChecker.check($0, environments: environments, diagnostics: &diagnostics) } ?? []
        let headers = top["headers"].map { checkHeaders($0.value, diagnostics: &diagnostics) } ?? []
        let dates = top["dates"].flatMap { DateFormatReader.read($0.value, diagnostics: &diagnostics) } ?? .dateTime
        let queryArrays = top["query_arrays"].flatMap { checkQueryArrays($0.value, diagnostics: &diagnostics) } ?? .repeat
        let oauthSchemes = top["oauth"].map { OAuthSchemesChecker.check($0, diagnostics: &diagnostics) } ?? []
        let authParser = AuthSchemeParser(
            oauthSchemes: oauthSchemes, writtenOAuthSchemes: Set(top["oauth"]?.value.entries?.map(\.key) ?? []))
        let auth = top["auth"].flatMap { authParser.parse($0.value, diagnostics: &diagnostics) } ?? .init(scheme: .none)

        // A model named like the API would hide its namespace inside it (`Orders.Status` found in the model); one
        // named `OAuth` would be the enum of the API's OAuth schemes.
        let oauthTypes: Set<String> = oauthSchemes.isEmpty ? [] : ["OAuth"]
        var types = NameScope(
            what: "type",
            reserved: Dictionary(
                uniqueKeysWithValues: GeneratedVocabulary.reservedTypeNames.union(name.map { [$0.swift] } ?? [])
                    .union(oauthTypes).map { ($0, "Model") }))
        let modelEntries = top["models"].map { mappingEntries($0, context: "`models`", diagnostics: &diagnostics) } ?? []
        var symbols: [String: TypeResolver.ModelSymbol] = [:]
        var modelNames: [Name] = []
        for entry in modelEntries {
            if PrimitiveType(rawValue: SwiftNaming.typeName(entry.key)) != nil {
                diagnostics.error(
                    "model name `\(entry.key)` is taken by the built-in type `\(SwiftNaming.typeName(entry.key))`",
                    at: entry.keyLocation, hint: "rename the model, for example to `\(SwiftNaming.typeName(entry.key))Model`")
            }
            let name = types.claimType(entry.key, at: entry.keyLocation, diagnostics: &diagnostics)
            modelNames.append(name)
            let enumValues = entry.value.entries?.first { $0.key == "enum" }?.value
            symbols[entry.key] = .init(
                swiftName: name.swift, isEnum: enumValues != nil, enumValues: enumValues?.items?.compactMap(\.text) ?? [])
        }
        let endpointEntries = top["endpoints"].map { mappingEntries($0, context: "`endpoints`", diagnostics: &diagnostics) } ?? []
        // Read as a type is (`" Upload"` names `Upload`).
        let multipartBodies = Set(
            endpointEntries.compactMap {
                $0.value.entries?.first { $0.key == "multipart" }?.value.text?.trimmingCharacters(in: .whitespaces)
            })
        var resolver = TypeResolver(models: symbols)
        resolver.apiName = name?.swift
        resolver.fileHolders = Set(
            TypeResolver.fileHolders(modelEntries, multipartBodies: multipartBodies).compactMap { symbols[$0]?.swiftName })
        let modelChecker = ModelChecker(resolver: resolver, multipartBodies: multipartBodies)
        var checkedModels = CompositionChecker.check(
            zip(modelEntries, modelNames).compactMap { modelChecker.check($0, name: $1, diagnostics: &diagnostics) },
            diagnostics: &diagnostics)

        let errorModel = top["errors"].flatMap {
            resolver.objectModel($0.value, role: "`errors`", diagnostics: &diagnostics)
        }
        let envelope = top["envelope"].flatMap {
            checkEnvelope($0.value, owner: $0.keyLocation, resolver: resolver, diagnostics: &diagnostics)
        }

        // Endpoints may name any declared host, valid or not: a broken host is reported once, where it is written.
        let hostNames = top["hosts"]?.value.entries?.map(\.key) ?? []
        let endpointChecker = EndpointChecker(
            resolver: resolver, authParser: authParser, defaultAuth: auth, hosts: hostNames, staticHeaders: headers.map(\.name))
        var endpointNames = NameScope(
            what: "endpoint",
            reserved: resolver.reservingAPIName(
                Dictionary(uniqueKeysWithValues: GeneratedVocabulary.handlerMembers.map { ($0, "_") })
                    .merging(NameScope.unusableMemberSuffixes) { $1 }))
        var endpoints: [Endpoint] = []
        for entry in endpointEntries {
            let name = endpointNames.claimMember(entry.key, at: entry.keyLocation, diagnostics: &diagnostics)
            guard let checked = endpointChecker.check(entry, name: name, types: &types, diagnostics: &diagnostics) else {
                continue
            }
            endpoints.append(checked.endpoint)
            checkedModels += checked.models
        }

        TextNullChecker.check(checkedModels, endpoints: endpoints, diagnostics: &diagnostics)
        if dates != .dateTime { warnAboutNestedDates(in: checkedModels, dates: dates, diagnostics: &diagnostics) }
        var models = markRecursion(in: checkedModels, diagnostics: &diagnostics)
        let directions = SendOnlyAnalysis.directions(models, endpoints: endpoints, errorModel: errorModel, envelope: envelope)
        let discriminators = models.discriminatorsByVariant
        for index in models.indices {
            models[index].isEncodeOnly = directions.sendOnly.contains(models[index].name.swift)
            models[index].isReadOnly = directions.readOnly.contains(models[index].name.swift)
            models[index].makeOneWayPropertiesOptional(discriminators: discriminators[models[index].name.swift] ?? [])
        }
        let examples = checkExamples(
            models: zip(modelEntries, modelNames).map { ($0.value, $1.swift) }, endpoints: zip(endpointEntries, endpoints),
            checker: ExampleChecker(models: models), diagnostics: &diagnostics)
        for index in endpoints.indices { endpoints[index].example = examples[index] }
        let pagination = PaginationChecker(models: models, endpoints: endpoints)
        for entry in endpointEntries {
            guard let written = entry.value.entries?.first(where: { $0.key == "pagination" }),
                let index = endpoints.firstIndex(where: { $0.name.wire == entry.key })
            else { continue }
            endpoints[index].pagination = pagination.check(written, of: endpoints[index], diagnostics: &diagnostics)
        }
        guard let name, !environments.isEmpty else { return nil }
        var api = API(
            sourceFile: file, name: name, description: description, version: version, environments: environments,
            hosts: hosts, dates: dates, queryArrays: queryArrays, headers: headers, auth: auth.scheme, errorModel: errorModel, envelope: envelope, models: models,
            endpoints: endpoints)
        api.oauth = auth.oauth
        api.oauthSchemes = oauthSchemes
        return api
    }

    // MARK: - Examples

    /// Each `example:` against its type: a model's against the model, an endpoint's against its response. Returns
    /// each endpoint's example as JSON, for its mock: its own, or else built from its response model's.
    private func checkExamples(
        models: [(SyntaxNode, String)], endpoints: Zip2Sequence<[SyntaxEntry], [Endpoint]>, checker: ExampleChecker,
        diagnostics: inout Diagnostics
    ) -> [String?] {
        var modelExamples: [String: String] = [:]
        for (node, name) in models {
            guard let example = node.entries?.first(where: { $0.key == "example" })?.value else { continue }
            modelExamples[name] = checker.check(example, against: .model(name), path: "the example of `\(name)`", diagnostics: &diagnostics)
        }
        func derived(_ type: TypeReference) -> String? {
            switch type {
            case .model(let name): modelExamples[name]
            case .optional(let wrapped): derived(wrapped)
            case .array(let element): derived(element).map { "[\($0)]" }
            case .expandable(let object): derived(object)
            case .primitive, .dictionary: nil
            }
        }
        return endpoints.map { entry, endpoint in
            guard let example = entry.value.entries?.first(where: { $0.key == "example" }) else {
                if case .body(.json(let type)) = endpoint.result { return derived(type) }
                return nil
            }
            let path = "the example of endpoint `\(entry.key)`"
            switch endpoint.result {
            case .body(.json(let type)), .events(let type):
                return checker.check(example.value, against: type, path: path, diagnostics: &diagnostics)
            case .body(.text):
                return checker.check(example.value, against: .primitive(.string), path: path, diagnostics: &diagnostics)
            case .none, .body(.data), .outcomes:
                diagnostics.error(
                    "endpoint `\(entry.key)` has an `example` but no `response` it could be a value of", at: example.keyLocation,
                    hint: "an endpoint's example is a value of its `response`; give raw bodies and outcomes none")
                return nil
            }
        }
    }

    // MARK: - Top-level values

    private func checkFormatVersion(_ entry: SyntaxEntry?, diagnostics: inout Diagnostics) {
        guard let entry else { return }
        guard let text = entry.value.text, SpecChecker.supportedFormatVersions.contains(text) else {
            diagnostics.error(
                "unsupported format version `\(entry.value.text ?? "")`; this routegen reads version 1",
                at: entry.value.textStart, hint: "write `routegen: 1`")
            return
        }
    }

    private func checkAPIName(_ node: SyntaxNode, diagnostics: inout Diagnostics) -> Name? {
        guard let text = node.text, !text.isEmpty else {
            diagnostics.error("`name` must be the API's name, not \(node.kindDescription)", at: node.location)
            return nil
        }
        let swift = SwiftNaming.typeName(text)
        guard SwiftNaming.isPlainIdentifier(text) else {
            diagnostics.error(
                "`name` must be an identifier, not `\(text)`", at: node.textStart, hint: "write `name: \(swift)`")
            return nil
        }
        guard GeneratedVocabulary.isFreeTypeName(swift) else {
            diagnostics.error(
                "`\(text)` cannot name an API: Swift or RouteGen already uses it", at: node.textStart,
                hint: "write `name: \(swift)API`")
            return nil
        }
        guard swift.utf8.count <= ModulePlanner.maximumAPINameLength else {
            diagnostics.error(
                "the API's name is \(swift.utf8.count) bytes long; at most \(ModulePlanner.maximumAPINameLength) name its "
                    + "files and modules within a file system's 255 bytes", at: node.textStart)
            return nil
        }
        return Name(wire: text, swift: swift)
    }

    private func checkVersion(_ node: SyntaxNode, diagnostics: inout Diagnostics) -> String? {
        guard let text = node.text else {
            diagnostics.error("`version` must be text, not \(node.kindDescription)", at: node.location)
            return nil
        }
        let trimmed = text.trimmingCharacters(in: CharacterSet(charactersIn: "/"))
        let allowed = "-._~/".unicodeScalars
        guard !trimmed.isEmpty,
            trimmed.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || allowed.contains($0)) })
        else {
            diagnostics.error(
                "`version` must be a path segment like `v1`, not `\(text)`", at: node.textStart,
                hint: "use letters, digits, `-`, `.`, `_` or `~`")
            return nil
        }
        return trimmed
    }

    private func checkEnvironments(_ node: SyntaxNode, diagnostics: inout Diagnostics) -> [APIEnvironment] {
        let entries = mappingEntries(node, context: "`environments`", diagnostics: &diagnostics)
        guard !entries.isEmpty else {
            if node.entries != nil || node.isNull {
                diagnostics.error(
                    "`environments` needs at least one server", at: node.location,
                    hint: "write `environments: { production: https://api.example.com }`")
            }
            return []
        }
        var scope = NameScope(
            what: "environment",
            reserved: Dictionary(uniqueKeysWithValues: GeneratedVocabulary.environmentMembers.map { ($0, "_") })
                .merging(NameScope.unusableMemberSuffixes) { $1 })
        var environments: [APIEnvironment] = []
        for entry in entries {
            let name = scope.claimMember(entry.key, at: entry.keyLocation, diagnostics: &diagnostics)
            guard let url = entry.value.text else {
                diagnostics.error(
                    "environment `\(entry.key)` must be a base URL, not \(entry.value.kindDescription)", at: entry.value.location)
                continue
            }
            if let problem = HTTPSyntax.problemWithBaseURL(url) {
                diagnostics.error(problem.message, at: entry.value.textStart, hint: problem.hint)
                continue
            }
            let normalized = url.hasSuffix("/") ? String(url.dropLast()) : url
            environments.append(APIEnvironment(name: name, baseURL: normalized))
        }
        return environments
    }

    private func checkQueryArrays(_ node: SyntaxNode, diagnostics: inout Diagnostics) -> ParameterStyle? {
        let names = ["repeat", "brackets", "comma"]
        guard let text = node.text, names.contains(text) else {
            let written = node.text ?? ""
            diagnostics.error(
                "unknown `query_arrays` style `\(written)`" + (Suggestion.didYouMean(written, among: names).map { "; \($0)" } ?? ""),
                at: node.textStart, hint: "use one of \(names.joined(separator: ", "))")
            return nil
        }
        return ParameterStyle(rawValue: text)
    }

    private func checkHeaders(_ node: SyntaxNode, diagnostics: inout Diagnostics) -> [HeaderField] {
        mappingEntries(node, context: "`headers`", diagnostics: &diagnostics).compactMap { entry in
            guard HTTPSyntax.isToken(entry.key) else {
                diagnostics.error("`\(entry.key)` is not a valid header name", at: entry.keyLocation)
                return nil
            }
            guard let value = entry.value.text else {
                diagnostics.error("header `\(entry.key)` needs a text value, not \(entry.value.kindDescription)", at: entry.value.location)
                return nil
            }
            guard HTTPSyntax.isValidHeaderValue(value) else {
                diagnostics.error(
                    "the value of header `\(entry.key)` contains a line break or control character", at: entry.value.textStart,
                    hint: "a header value is one line of text")
                return nil
            }
            return HeaderField(name: entry.key, value: value)
        }
    }

    private func checkEnvelope(
        _ node: SyntaxNode, owner: SourceLocation, resolver: TypeResolver, diagnostics: inout Diagnostics
    ) -> Envelope? {
        let context = "`envelope`"
        guard
            let mapping = MappingReader(
                node, context: context, known: SpecChecker.envelopeKeys, required: ["payload"], owner: owner,
                diagnostics: &diagnostics),
            let payload = mapping.text("payload", context: context, diagnostics: &diagnostics)
        else { return nil }
        let metadataKey = mapping.text("metadata_key", context: context, diagnostics: &diagnostics) ?? "metadata"
        let metadata = mapping["metadata"].flatMap {
            resolver.objectModel($0.value, role: "the envelope's `metadata`", diagnostics: &diagnostics)
        }
        if metadataKey == payload, let entry = mapping["metadata_key"] ?? mapping["payload"] {
            diagnostics.error("the envelope's payload and metadata cannot share the key `\(payload)`", at: entry.value.textStart)
            return nil
        }
        return Envelope(payloadKey: payload, metadataModel: metadata, metadataKey: metadataKey)
    }

    // MARK: - Helpers

    /// Dates inside lists and dictionaries are coded by the JSON coders (RFC 3339), not as `dates:` says.
    private func warnAboutNestedDates(in models: [ModelChecker.Checked], dates: DateFormat, diagnostics: inout Diagnostics) {
        for checked in models {
            for property in checked.model.properties
            where property.type.nonOptional.nonOptional != .primitive(.date) && property.type.contains(.date) {
                guard let location = checked.propertyLocations[property.name.wire] else { continue }
                diagnostics.warning(
                    "the dates in `\(property.type.swiftType)` of property `\(property.name.wire)` are read and written as RFC 3339, not as `dates: \(dates.rawValue)` says",
                    at: location, hint: "only a `Date` property (optional or not) takes `dates:` and `format:`")
            }
        }
    }

    /// The entries of a section that must be a mapping; an empty value counts as an empty mapping.
    private func mappingEntries(_ node: SyntaxNode, context: String, diagnostics: inout Diagnostics) -> [SyntaxEntry] {
        if node.isNull { return [] }
        guard let entries = node.entries else {
            diagnostics.error("\(context) must be a mapping, not \(node.kindDescription)", at: node.location)
            return []
        }
        return entries
    }

    private func mappingEntries(_ entry: SyntaxEntry, context: String, diagnostics: inout Diagnostics) -> [SyntaxEntry] {
        mappingEntries(entry.value, context: context, diagnostics: &diagnostics)
    }

    /// Marks recursive models and reports those that contain themselves through required properties only.
    /// A union that holds itself as a variant, directly or through other unions, is an error: its decoder tries
    /// each variant on the same value, so it would call itself until the stack ran out (an object or a list
    /// between them reads one level of the JSON each time, and ends).
    private func reportUnionCycles(in checked: [ModelChecker.Checked], diagnostics: inout Diagnostics) {
        let unions = Dictionary(
            checked.compactMap { entry -> (String, (ModelChecker.Checked, Union))? in
                guard case .union(let union) = entry.model.kind else { return nil }
                return (entry.model.name.swift, (entry, union))
            }
        ) { first, _ in first }
        let edges = unions.mapValues { _, union in
            union.variants.compactMap { variant -> String? in
                guard case .model(let target) = variant.type, unions[target] != nil else { return nil }
                return target
            }
        }
        for cycle in RecursionAnalysis.cyclicComponents(edges: edges) {
            guard let (first, union) = unions[cycle[0]],
                let variant = union.variants.first(where: { if case .model(let target) = $0.type { cycle.contains(target) } else { false } }),
                let location = first.propertyLocations[variant.caseName.swift]
            else { continue }
            let wireNames = cycle.map { unions[$0]?.0.model.name.wire ?? $0 }
            let subject =
                cycle.count == 1
                ? "union `\(first.model.name.wire)` lists itself as a variant"
                : "unions \(wireNames.map { "`\($0)`" }.joined(separator: ", ")) list each other as variants"
            diagnostics.error(
                "\(subject), so decoding \(cycle.count == 1 ? "it" : "them") would never end",
                at: location, hint: "hold it in an object or a list (`[\(variant.type.swiftType)]`), or list the other union's variants here")
        }
    }

    private func markRecursion(in checked: [ModelChecker.Checked], diagnostics: inout Diagnostics) -> [Model] {
        var edges: [String: [RecursionAnalysis.Edge]] = [:]
        for model in checked.map(\.model) {
            edges[model.name.swift] = RecursionAnalysis.edges(of: model)
        }
        for cycle in RecursionAnalysis.requiredCycles(edges: edges) {
            guard let first = checked.first(where: { $0.model.name.swift == cycle[0] }),
                let edge = edges[cycle[0]]?.first(where: { $0.isRequired && cycle.contains($0.target) }),
                let location = first.propertyLocations[edge.property]
            else { continue }
            let subject =
                cycle.count == 1
                ? "model `\(first.model.name.wire)` contains itself"
                : "models \(cycle.map { "`\($0)`" }.joined(separator: ", ")) contain each other"
            diagnostics.error(
                "\(subject) through required properties, so no finite JSON can decode \(cycle.count == 1 ? "it" : "them")",
                at: location, hint: "make `\(edge.property)` optional (`\(edge.target)?`) or a list")
        }
        reportUnionCycles(in: checked, diagnostics: &diagnostics)
        let groups = RecursionAnalysis.recursionGroups(edges: edges)
        return checked.map {
            var model = $0.model
            model.recursionGroup = groups[model.name.swift]
            return model
        }
    }
}
