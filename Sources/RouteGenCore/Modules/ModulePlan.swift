/// How a large API is spread over Swift modules, so that a feature compiles only the endpoints it uses and an edit
/// rebuilds one module's share: the output of the module planning stage (``ModulePlanner``), the input of rendering.
///
/// ```
/// <Name>Models, <Name>Models2, …   the namespace, its environments, and the models several modules use
/// <Name><Group>, …                 groups of endpoints, each in its own namespace (`Stripe.Customers`), with the
///                                  models only they use
/// <Name>API                        re-exports every module; the whole API's `RequestHandling` and handler
/// ```
///
/// Every module depends only on modules before it in ``modules``; models keep the API's namespace whatever module
/// declares them (`Stripe.Customer` is spelled so in every module).
public struct ModulePlan: Sendable {
    /// The whole checked API.
    public var api: API
    /// The model modules, then the endpoint modules, in an order where each depends only on earlier ones.
    public var modules: [Module]
    /// The module that re-exports the others: one import gives an app the whole API.
    public var umbrella: String
    /// The number of endpoint modules the groups were spread over (one that got no group is left out): what keeps
    /// every group in its module as the API grows (`--module-count`).
    public var moduleCount: Int

    /// One module: what it declares and which modules it imports.
    public struct Module: Hashable, Sendable {
        /// The module's (and its target's) name.
        public var name: String
        /// Whether it declares the API's namespace and environments (the first model module does).
        public var declaresNamespace: Bool
        /// Its groups of endpoints, each in its own namespace; none for a model module.
        public var groups: [Group]
        /// The models it declares.
        public var models: [Model]
        /// The modules it imports, by name, in the plan's order.
        public var dependencies: [String]
    }

    /// A group of endpoints: those of one `group:` (an OpenAPI tag), or under one first path segment (after a version).
    public struct Group: Hashable, Sendable {
        /// The namespace's Swift name inside the API's (`Customers`; `CustomersEndpoints` when a model has its name).
        public var name: String
        /// What it was grouped by: the `group:` or the path segment, as written.
        public var key: String
        /// Its name from the set of group keys alone (`Customers`), whatever the models are called: what its module
        /// is named after, so that adding a model renames no module (`Package.swift` and a plugin target's `module:`
        /// name modules).
        public var stableName: String
        /// Its endpoints, in the spec's order.
        public var endpoints: [Endpoint]
    }

    /// The groups of every module, in the plan's order.
    public var groups: [Group] { modules.flatMap(\.groups) }
}
