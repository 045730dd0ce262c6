/// Compares two versions of an API (RouteGen specs or OpenAPI documents, checked) and classifies every change by
/// what it does to code that uses the generated client: `routegen diff`.
///
/// ```
/// CheckedSpec (old) ─┐
///                    ├─SpecDiff──▶ [APIChange], each breaking, behaviour or additive, with both positions
/// CheckedSpec (new) ─┘
/// ```
///
/// Declarations are matched by their wire names (an endpoint's key, a model's, a property's); a changed Swift
/// name for the same wire name is a rename.
public struct SpecDiff: Sendable {
    /// Creates a diff.
    public init() {}

    /// Every change from `old` to `new`: the API's own settings, then the endpoints and the models, each group's
    /// removed declarations first, then the others in the new spec's order.
    public func changes(from old: SpecPipeline.CheckedSpec, to new: SpecPipeline.CheckedSpec) -> [APIChange] {
        var context = Context(old: old, new: new)
        compareSettings(old.api, new.api, &context)
        context.compare(
            old.api.endpoints, new.api.endpoints, named: \.name, noun: { "endpoint `\($0)`" }, path: { ["endpoints", $0.name.wire] },
            removal: .breaking, addition: { _ in .additive }, compareEndpoint)
        compareGroupNames(old.api, new.api, &context)
        context.compare(
            old.api.models.filter(\.isNamedInSpec), new.api.models.filter(\.isNamedInSpec), named: \.name, noun: { "model `\($0)`" },
            path: { ["models", $0.name.wire] }, removal: .breaking, addition: { _ in .additive }, compareModel)
        return context.changes
    }

    /// A group whose namespace or stable name is otherwise (another group or a model took its name): in the module
    /// layout its namespace is renamed, which breaks the code that names it; and a module is named after its first
    /// group's stable name, so when that changes, its module is renamed too if the group is its first (which depends
    /// on the module count, which a spec does not hold: the message says so), which breaks the `Package.swift` that
    /// names it.
    private func compareGroupNames(_ old: API, _ new: API, _ context: inout Context) {
        let oldGroups = Dictionary(uniqueKeysWithValues: ModulePlanner.groups(of: old).map { ($0.key, $0) })
        for group in ModulePlanner.groups(of: new) {
            guard let oldGroup = oldGroups[group.key],
                oldGroup.name != group.name || oldGroup.stableName != group.stableName
            else { continue }
            let key = group.key.isEmpty ? "the endpoints whose paths have no segment of their own" : "group `\(group.key)`"
            var message =
                oldGroup.name == group.name
                ? "\(key) names a module otherwise when generated as modules"
                : "\(key) is `\(new.name.swift).\(group.name)` when generated as modules, was `\(old.name.swift).\(oldGroup.name)`"
            if oldGroup.stableName != group.stableName {
                message +=
                    "; a module whose first group it is is `\(new.name.swift + group.stableName)`, was `\(old.name.swift + oldGroup.stableName)`"
            }
            context.add(.breaking, message, path: ["endpoints", group.endpoints[0].name.wire])
        }
    }

    private func compareEndpoint(_ old: Endpoint, _ new: Endpoint, _ path: [String], _ context: inout Context) {
        let noun = "endpoint `\(new.name.wire)`"
        if old.name.swift != new.name.swift {
            context.add(.breaking, "\(noun) is renamed in Swift: `\(new.name.swift)`, was `\(old.name.swift)`", path: path)
        }
        context.compareDocumentation(
            of: noun, old: [old.summary, old.description], new: [new.summary, new.description],
            deprecated: (old.isDeprecated, new.isDeprecated), path: path)
        if old.method != new.method || old.path.template != new.path.template {
            context.add(
                .behaviour, "\(noun) is `\(new.method.rawValue) \(new.path.template)`, was `\(old.method.rawValue) \(old.path.template)`",
                path: path + ["path"])
        }
        if old.host != new.host {
            let host = { (host: String?) in host.map { "host `\($0)`" } ?? "the environment's base URL" }
            context.add(.behaviour, "\(noun) is sent to \(host(new.host)), was \(host(old.host))", path: path + ["host"])
        }
        if old.contentType != new.contentType {
            let type = { (type: String?) in "`\(type ?? "application/json")`" }
            context.add(
                .behaviour, "\(noun) sends its body as \(type(new.contentType)), was \(type(old.contentType))",
                path: path + ["content_type"])
        }
        if old.group != new.group {
            // In one module a group changes nothing; in the module layout the endpoint moves to another namespace.
            let group = { (group: String?) in group.map { "group `\($0)`" } ?? "its path's group" }
            context.add(
                .breaking, "\(noun) is in \(group(new.group)), was in \(group(old.group)) (its namespace when generated as modules)",
                path: path + ["group"])
        }
        // A change of the API's `auth` is reported once, not for every endpoint that follows it.
        let (was, now) = (Self.authSpelling(old.auth, old.oauth), Self.authSpelling(new.auth, new.oauth))
        let overrides =
            was != Self.authSpelling(context.oldAPI.auth, context.oldAPI.oauth)
            || now != Self.authSpelling(context.newAPI.auth, context.newAPI.oauth)
        if was != now && overrides {
            context.add(.behaviour, "\(noun) authenticates with `\(now)`, was `\(was)`", path: path)
        }
        let parameterLists: [(kind: String, key: String, list: KeyPath<Endpoint, [Parameter]>)] = [
            ("path parameter", "params", \.pathParameters), ("query parameter", "query", \.query), ("header", "headers", \.headers),
        ]
        for (kind, key, list) in parameterLists {
            context.compare(
                old[keyPath: list], new[keyPath: list], named: \.name, noun: { "\(kind) `\($0)` of \(noun)" }, path: { path + [key, $0.name.wire] },
                removal: .breaking, addition: { $0.isRequiredArgument ? .breaking : .additive }, compareParameter)
        }
        let oldBody = old.body.map { "\($0.type.swiftType)" } ?? "no body"
        let newBody = new.body.map { "\($0.type.swiftType)" } ?? "no body"
        if oldBody != newBody {
            context.add(.breaking, "the body of \(noun) is `\(newBody)`, was `\(oldBody)`", path: path)
        } else if let was = old.body?.encoding, let now = new.body?.encoding, was != now {
            context.add(.behaviour, "the body of \(noun) is sent as \(now), was \(was)", path: path)
        } else if let inline = context.inlineBodies(of: old, new) {
            // The endpoint's own fields (`body: { email: String }`): written under the endpoint.
            let key = ["body", "form", "multipart"].first { context.new.has(path + [$0]) } ?? "body"
            compareProperties(inline.old.properties, inline.new.properties, of: "the body of \(noun)", path: path + [key], &context)
        }
        compareResults(old, new, noun: noun, path: path, &context)
    }

    private func compareParameter(_ old: Parameter, _ new: Parameter, _ path: [String], _ context: inout Context) {
        let noun = "parameter `\(new.name.wire)`"
        if old.name.swift != new.name.swift {
            context.add(.breaking, "\(noun) is renamed in Swift: `\(new.name.swift)`, was `\(old.name.swift)`", path: path)
        }
        context.compareDocumentation(of: noun, old: [old.description], new: [new.description], path: path)
        if old.type != new.type {
            // An argument that becomes optional still takes what callers pass.
            let widened = new.type == .optional(old.type)
            context.add(widened ? .additive : .breaking, "\(noun) is `\(new.type.swiftType)`, was `\(old.type.swiftType)`", path: path)
        } else if old.isRequiredArgument != new.isRequiredArgument {
            let kind: APIChange.Kind = new.isRequiredArgument ? .breaking : .additive
            context.add(kind, "\(noun) \(new.isRequiredArgument ? "is now required" : "now has a default")", path: path)
        }
        if old.defaultValue != new.defaultValue || old.serverDefault != new.serverDefault {
            context.add(.behaviour, "the default of \(noun) changed", path: path)
        }
        if old.style != new.style || old.format != new.format || old.allowsSlashes != new.allowsSlashes {
            context.add(.behaviour, "\(noun) is written differently on the wire (`style`, `format` or `allow_slashes`)", path: path)
        }
    }
}

extension Parameter {
    /// Whether a caller must pass it: not optional and without a default.
    var isRequiredArgument: Bool { !value.type.isOptional && value.defaultValue == nil }
}

extension RequestBody {
    /// How the body is sent, in a few words.
    var encoding: String {
        switch self {
        case .json: "JSON"
        case .form: "a form"
        case .multipart: "multipart form data"
        case .raw: "raw bytes"
        }
    }
}

extension ErrorModels {
    /// The statuses whose bodies are decoded (`default` for the others), each with its model's Swift name.
    var modelsByStatus: [(status: String, model: String)] {
        byStatus.map { (String($0.status), $0.model) } + (self.default.map { [("default", $0)] } ?? [])
    }
}

extension EndpointResult {
    /// What the method returns, as Swift spells it (the outcomes' enum, or the events' element).
    var summary: String {
        switch self {
        case .none: "Void"
        case .body(let body): body.swiftType
        case .outcomes(let name): name
        case .events(let type): "events of \(type.swiftType)"
        }
    }
}

extension Model {
    /// The outcomes of an endpoint, in written order; empty for any other model.
    var outcomes: [StatusOutcome] {
        if case .outcomes(let outcomes) = kind { return outcomes }
        return []
    }

    /// The statuses of an endpoint's outcomes, in written order; empty for any other model.
    var outcomeStatuses: [Int] { outcomes.map(\.status) }

    /// The headers of an endpoint's typed response headers; empty for any other model.
    var responseHeaderFields: [Property] {
        if case .responseHeaders(let headers) = kind { return headers }
        return []
    }

    /// Whether the model is written under `models:` (not made from an endpoint's inline body, outcomes or
    /// headers, whose changes are the endpoint's).
    var isNamedInSpec: Bool {
        switch kind {
        case .outcomes, .responseHeaders: false
        default: inlineBodyOf == nil
        }
    }
}
