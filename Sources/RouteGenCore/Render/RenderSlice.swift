/// The share of an API one set of generated files holds. In one module that is the whole API. In the module layout
/// (see ``ModulePlan``) it is a group's endpoints, whose `APIRoute`, `RequestHandling`, handler and mock live in the
/// group's own namespace (`Stripe.Customers`), or a module's models, which stay in the API's namespace whatever
/// module declares them, so a model is spelled the same everywhere.
struct RenderSlice: Sendable {
    /// The namespace of the route enum, the protocols, the handler and the mock: the API's, or the group's.
    var namespace: String
    /// The endpoints whose routes and methods these files hold.
    var endpoints: [Endpoint]
    /// The models these files declare.
    var models: [Model]
    /// The generated modules these files import (and re-export), besides Foundation and the runtime.
    var imports: [String] = []
    /// The group whose namespace the first route file declares; nil for the whole API.
    var group: Group?
    /// Whether these files' text starts its files, with their header (the comment and the imports): an endpoint
    /// module's file holds each of its groups in turn, and only the first group's starts it.
    var isFileStart = true
    /// Whether the models only responses reach are `Decodable` alone (see ``GenerationOptions/responseModels``).
    var leavesOutEncodingOfResponses = false

    /// A group of endpoints in the module layout: its namespace's name inside the API's, and its doc comment.
    struct Group: Sendable {
        /// The namespace's Swift name (`Customers`).
        var name: String
        /// Its doc comment.
        var documentation: [String]
    }

    /// The whole API, in one module.
    init(_ api: API) {
        self.namespace = api.name.swift
        self.endpoints = api.endpoints
        self.models = api.models
    }

    /// A share of an API.
    init(namespace: String, endpoints: [Endpoint], models: [Model], imports: [String], group: Group?, isFileStart: Bool = true) {
        self.namespace = namespace
        self.endpoints = endpoints
        self.models = models
        self.imports = imports
        self.group = group
        self.isFileStart = isFileStart
    }
}
