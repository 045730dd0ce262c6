/// Turns a checked ``API`` into the values templates render: every name escaped, every type spelled, every
/// expression and pattern written, every ordering decided, so an overriding template only arranges text.
///
/// The keys are documented in `Templates/README.md`. Endpoints and routes are in `TemplateContext+Endpoints.swift`,
/// models in `TemplateContext+Models.swift`.
struct TemplateContext: Sendable {
    let api: API
    let options: GenerationOptions
    /// The share of the API these files hold: all of it, or in the module layout a group or a module's models.
    let slice: RenderSlice
    /// How the files are spread, and each part's share: split once, as every part's context reads all shares.
    private let split: FileSplit
    private let modelsByPart: [[Model]]
    private let methodsByPart: [[Endpoint]]
    private let routesByPart: [[Endpoint]]
    /// The API's models by Swift name: rendering asks for them once per property and parameter.
    private let modelsByName: [String: Model]
    /// The models decoded from error bodies, which conform to `APIErrorBody`.
    let errorModels: Set<String>
    /// What breaks the rendered lines that hold its marks: the templates write them (`{{_call}}`, …), and a value
    /// that holds a generic type spells it with the printer's marks (``Printer/genericType(_:_:)``).
    let printer: Printer
    /// What the API's type names are prefixed with: nothing inside the namespace, `Name.` in the extensions of
    /// `Name.RouteSending` that hold the endpoints' methods.
    var typeQualifier = ""

    /// The context of `slice` of `api` (all of it by default) when its files are spread over `split`.
    init(api: API, options: GenerationOptions, split: FileSplit, slice: RenderSlice? = nil, printer: Printer = Printer()) {
        let slice = slice ?? RenderSlice(api)
        self.api = api
        self.options = options
        self.slice = slice
        self.split = split
        self.printer = printer
        // A group's declarations are in an extension of its namespace, where the API's types are not found unqualified.
        self.typeQualifier = slice.namespace == api.name.swift ? "" : api.name.swift + "."
        self.modelsByPart = FileSplit.parts(slice.models, into: split.modelParts, key: \.name.swift)
        self.methodsByPart = FileSplit.parts(slice.endpoints, into: split.parts, key: \.name.swift)
        self.routesByPart = FileSplit.parts(slice.endpoints, into: split.routeParts, key: \.name.swift)
        self.modelsByName = Dictionary(api.models.map { ($0.name.swift, $0) }) { first, _ in first }
        var errorModels = Set(api.errorModel.map { [$0] } ?? [])
        for errors in api.endpoints.compactMap(\.errors) {
            errorModels.formUnion(errors.byStatus.map(\.model))
            if let fallback = errors.default { errorModels.insert(fallback) }
        }
        self.errorModels = errorModels
    }

    /// The model with this Swift name.
    func model(named swiftName: String) -> Model? {
        modelsByName[swiftName]
    }

    /// The context of part `part` (0-based) of every template of this API. The first part declares the types and
    /// holds everything else; `models`, the descriptor `chunks` and the endpoints' handler `methods` hold the part's
    /// share (the models have more parts than the routes and the handler: a late part has no chunks or methods).
    func make(part: Int) -> TemplateValues {
        var values = values(part: part)
        values.add(printer.templateValues)
        return values
    }

    private func values(part: Int) -> TemplateValues {
        var context: TemplateValues = [
            .sourceFile: SwiftSpelling.sourceFileName(api.sourceFile),
            .namespace: slice.namespace,
            .imports: Self.imports(of: slice.imports, options: options),
            .isFileStart: slice.isFileStart,
            .access: options.accessLevel.keyword,
            .spi: options.accessLevel.spiAttribute,
            .doc: CommentLine.lines(SwiftSpelling.documentation(api.description)),
            .errorBodyArgument: Self.errorBodyArgument(of: api, qualifier: typeQualifier),
            .hasHosts: !api.hosts.isEmpty,
            .hasEndpoints: !slice.endpoints.isEmpty,
            .isFirstPart: part == 0,
            .mocksInDebugOnly: options.mocks == .debug,
            .models: modelsByPart[part].map(model),
        ]
        if part < split.parts {
            let methods = methodsByPart[part].map(handlerMethod)
            context[.methods] = methods
            context[.hasMethods] = !methods.isEmpty
            let requestHandlingMethods = methods.filter { $0[.convenience] != nil || $0[.pages] != nil }
            context[.requestHandlingMethods] = requestHandlingMethods
            context[.hasRequestHandlingMethods] = !requestHandlingMethods.isEmpty
        }
        if part == 0 {
            let endpoints = slice.endpoints.map(endpoint)
            context[.endpoints] = endpoints
            let argumentsStructs = slice.endpoints.filter(takesArgumentsValue).map(argumentsStruct)
            context[.hasArguments] = !argumentsStructs.isEmpty
            context[.argumentsStructs] = argumentsStructs
            if api.queryArrays != .repeat { context[.formArrayStyle] = api.queryArrays.rawValue }
            context.merge(environments()) { $1 }
            context[.oauth] = oauth()
            context.merge(routeMembers(part: part)) { $1 }
            if let envelope = api.envelope {
                context[.envelope] = Self.envelope(envelope)
                context[.routeType] = "APIRoute"
                context[.envelopedType] = "Enveloped"
            }
            if let group = slice.group { context[.group] = self.group(group) }
        } else if part < split.routeParts {
            context.merge(routeMembers(part: part)) { $1 }
        }
        return context
    }

    /// The `Environment` statics: each environment's `name`, `wireName` and `baseURL`, and its URL for each of the
    /// spec's `hosts` (each `name` and `baseURL`).
    private func environments() -> TemplateValues {
        let entries: [TemplateValues] = api.environments.enumerated().map { index, environment in
            [
                .name: environment.name.escapedSwift,
                .wireName: SwiftSpelling.stringLiteral(environment.name.wire),
                .baseURL: SwiftSpelling.stringLiteral(environment.baseURL),
                .hosts: api.hosts.map {
                    [.name: SwiftSpelling.stringLiteral($0.name), .baseURL: SwiftSpelling.stringLiteral($0.baseURLs[index])] as TemplateValues
                },
            ]
        }
        return [
            .environments: entries,
            .defaultEnvironment: api.environments.first?.name.escapedSwift ?? "",
        ]
    }

    /// The `APIRoute` members: the request signature, the fixed headers and the descriptor switch, split into
    /// chunks of ``chunkSize`` cases when the API is large (the compiler checks a 2,000-case switch too slowly)
    /// or spread over files. A chunk is named by its part and its place there (`descriptor2_1`), so that a change in
    /// one part renames nothing in another; the first part's `allChunks` dispatches to all.
    private func routeMembers(part: Int) -> TemplateValues {
        let chunkCounts = routesByPart.map { ($0.count + Self.chunkSize - 1) / Self.chunkSize }
        let cases = routesByPart[part].map(descriptorCase)
        let chunks = stride(from: 0, to: cases.count, by: Self.chunkSize).map { start in
            let chunkCases = Array(cases[start..<min(start + Self.chunkSize, cases.count)])
            return [
                .index: Self.chunkName(part: part, chunk: start / Self.chunkSize),
                .cases: chunkCases,
                .isExhaustive: chunkCases.count == slice.endpoints.count,
            ] as TemplateValues
        }
        return [
            .hasStaticHeaders: !api.headers.isEmpty,
            .staticHeaders: api.headers.map {
                [.name: SwiftSpelling.stringLiteral($0.name), .value: SwiftSpelling.stringLiteral($0.value)] as TemplateValues
            },
            .isChunked: slice.endpoints.count > Self.chunkSize || split.routeParts > 1,
            // Members in other files cannot be private.
            .chunkAccess: split.routeParts > 1 ? "" : "private ",
            .descriptorCases: cases,
            .chunks: chunks,
            .hasChunks: !chunks.isEmpty,
            .allChunks: chunkCounts.enumerated().flatMap { part, count in
                (0..<count).map { [.index: Self.chunkName(part: part, chunk: $0)] as TemplateValues }
            },
        ]
    }

    /// The most cases one generated switch holds.
    static let chunkSize = 100

    /// What follows `descriptor` in the name of chunk `chunk` of route part `part` (both 0-based): `2_1`.
    static func chunkName(part: Int, chunk: Int) -> String {
        "\(part + 1)_\(chunk + 1)"
    }

    /// A file's imports, each with the module's `name` and its `attributes`, sorted by module as `swift format`
    /// wants: Foundation, the runtime with its generated code's plumbing (`@_spi(Generated)`), and the generated
    /// modules it uses, re-exported (a feature that imports one module sees the models its API names) and with the
    /// plumbing too when the API is public.
    static func imports(of modules: [String], options: GenerationOptions) -> [TemplateValues] {
        let imports = [("Foundation", ""), ("RouteGenRuntime", "@_spi(Generated) ")]
            + modules.map { ($0, "@_exported \(options.accessLevel.spiAttribute)") }
        return imports.sorted { $0.0 < $1.0 }.map { [.name: $0.0, .attributes: $0.1] }
    }

    /// The declaration of a group's namespace, in the module layout.
    private func group(_ group: RenderSlice.Group) -> TemplateValues {
        [.name: group.name, .apiNamespace: api.name.swift, .doc: CommentLine.lines(group.documentation)]
    }

    /// `, errorBody: Name.self` for the API's error model, qualified with `qualifier` (the API's namespace and a dot
    /// outside it); nothing without one.
    static func errorBodyArgument(of api: API, qualifier: String) -> String {
        api.errorModel.map { ", errorBody: \(qualifier)\($0).self" } ?? ""
    }

    /// The envelope's values (`envelope`).
    static func envelope(_ envelope: Envelope) -> TemplateValues {
        [
            .payloadKey: SwiftSpelling.stringLiteral(envelope.payloadKey),
            .metadataKey: SwiftSpelling.stringLiteral(envelope.metadataKey),
            .metadataType: envelope.metadataModel ?? "",
            .hasMetadata: envelope.metadataModel != nil,
        ]
    }
}
