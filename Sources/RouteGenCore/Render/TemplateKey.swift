import Mustache

/// The key of every value a template can use, by the name a template gives it: the contract between the render
/// stage and the templates, built-in or a user's. Each case's doc comment is its line in `Templates/README.md`
/// (`TemplateContractTests` keeps them equal). A value is data: a name, a type, a literal, a flag, or a list the
/// templates iterate. Where a key is used in several places, its comment says what it is in each.
enum TemplateKey: String, CaseIterable, Sendable {
    // MARK: Every file

    /// The spec's file name, on one line.
    case sourceFile
    /// The namespace of the file's declarations: the API's Swift name; in the module layout, a group's files' is
    /// the group's (`Stripe.Customers`).
    case namespace
    /// The file's imports, each with the module's `name` and its `attributes`, sorted by module as `swift format`
    /// wants: Foundation and the runtime; in the module layout also the generated modules the file uses,
    /// re-exported.
    case imports
    /// What goes before an import's `import` (`@_spi(Generated) `, `@_exported `), or nothing.
    case attributes
    /// Whether the text starts its file, so writes the header (the comment and the imports): false for the second
    /// and later groups of an endpoint module, whose files hold each group in turn.
    case isFileStart
    /// `public `, `package ` or nothing: the access level of every declaration.
    case access
    /// `@_spi(Generated) ` when the API is public, else nothing: what hides the generated plumbing from app code.
    case spi
    /// The lines of a doc comment, without `///`: the API's (top level), an endpoint's, a model's, a property's, an
    /// OAuth scheme's, flow's or scope's.
    case doc
    /// Whether this is the first part of a split API, which declares the types the other parts extend.
    case isFirstPart
    /// Whether the mock goes inside `#if DEBUG` (`mocks: debug`).
    case mocksInDebugOnly
    /// `, errorBody: Name.self` when the spec has a top-level `errors:` model, else nothing.
    case errorBodyArgument
    /// Whether the spec has `hosts:`: `Environment` then has `hosts` and `baseURL(forHost:)`.
    case hasHosts
    /// Whether the API has endpoints: without one, `APIRoute` has no value, and code that sends one would never run
    /// (the compiler warns), so `send` has an empty body.
    case hasEndpoints

    // MARK: The module layout

    /// A group's namespace, declared in its first route file, with `name`, `apiNamespace` and `doc`; absent when
    /// the API is one module.
    case group
    /// The API's Swift name, which a group's namespace is declared in.
    case apiNamespace
    /// The modules the umbrella module re-exports (`imports` imports them), each with `name`.
    case modules
    /// The groups (in the umbrella module), each with `name`, `routeType` and `hasEndpoints`.
    case groups
    /// The groups' `RequestHandling` protocols, which the umbrella's refines (`Name.Customers.RequestHandling`).
    case refinedProtocols

    // MARK: Environments

    /// The environments, each with `name`, `wireName`, `baseURL` and `hosts`.
    case environments
    /// The Swift name of the first environment, the default.
    case defaultEnvironment
    /// An environment's name in the spec, as a string literal.
    case wireName
    /// An environment's base URL, as a string literal; its URL for a host (in `hosts`).
    case baseURL
    /// An environment's URL for each of the spec's `hosts:`, each with `name` (a string literal) and `baseURL`.
    case hosts

    // MARK: OAuth

    /// The API's OAuth schemes (`oauth:`), with `oauthSchemes` and `flowTypes`; absent without one.
    case oauth
    /// The schemes, each with `name` (its enum's), `doc`, `flows` or `discoveryURL`, `scopes`, `hasScopes`,
    /// `requiredScopes` and `hasRequiredScopes`.
    case oauthSchemes
    /// The types of the schemes' flows, each with `flowType`, `doc` and its `urls`.
    case flowTypes
    /// The type of an OAuth flow (`AuthorizationCodeFlow`): declared in `flowTypes`, returned in `flows`.
    case flowType
    /// A scheme's flows, each with its function's `name` (`authorizationCode`), `doc`, the `flowType` it returns and
    /// its `urls`.
    case flows
    /// A flow type's URL properties (in `flowTypes`), each with `label`, `doc` and `isOptional`; a flow's (in
    /// `flows`), each with `label` and its `url`, absent for an optional URL the document does not give.
    case urls
    /// A URL of the document, with `value` (a string literal) and `isRelative`.
    case url
    /// Whether a URL is a path on the environment's host (`/oauth2/v1/token`), resolved against its base URL.
    case isRelative
    /// A scheme's OpenID Connect discovery document, as a `url` with the `name` of its function (`discoveryURL`);
    /// absent for a scheme of flows.
    case discoveryURL
    /// A scheme's scopes (its `Scope` enum's cases), each with `name`, `value` (the scope, a string literal) and
    /// `doc`; the scopes an endpoint needs (in `requiredScopes`), each with `name`.
    case scopes
    /// Whether a scheme declares scopes: without any it has no `Scope` enum and no `requiredScopes`.
    case hasScopes
    /// The endpoints whose `auth` names the scheme, each with `name` (its method's), `endpointName` and the
    /// `scopes` it needs.
    case requiredScopes
    /// Whether an endpoint names the scheme in its `auth`.
    case hasRequiredScopes

    // MARK: The envelope

    /// The spec's `envelope`, with `payloadKey`, `metadataKey`, `metadataType` and `hasMetadata`; absent without one.
    case envelope
    /// The payload's key, as a string literal.
    case payloadKey
    /// The metadata's key, as a string literal.
    case metadataKey
    /// The metadata's model, or nothing (the built-in template qualifies it with the namespace: the envelope's
    /// generic `Payload` would hide a model of that name).
    case metadataType
    /// Whether the envelope has metadata.
    case hasMetadata
    /// The route enum a handler's `enveloped(_:as:)` takes (`EnvelopedMethod.mustache`): `APIRoute`, the handler's
    /// own; in the umbrella's `groups`, the group's (`Stripe.Customers.APIRoute`).
    case routeType
    /// The API's `Enveloped` type as `EnvelopedMethod.mustache` spells it: `Enveloped` in the API's namespace, qualified
    /// (`Stripe.Enveloped`) in the umbrella's extension of the handler, where the namespace's types are not in scope.
    case envelopedType

    // MARK: APIRoute

    /// The endpoints (first part), each with its route case's `caseName`, `doc` and `associatedValues`, its
    /// `RequestHandling` requirement's `requirementDoc`, `isDeprecated`, `takesArguments`, `parameters` and
    /// `returnType`, and its mock's `routeName` and `mock`.
    case endpoints
    /// An endpoint's case name in `APIRoute`, and its method's name; a union variant's case (in `variants`,
    /// `mapping`, `soleVariants`); an outcome's (in `outcomes`).
    case caseName
    /// An endpoint's route case's associated values, each with `label`, `type` and its default: `defaultValue` or
    /// `defaultElements`.
    case associatedValues
    /// The doc comment of an endpoint's requirement: its `doc`, without the notes on its parameters when it takes
    /// them as one `Arguments` value.
    case requirementDoc
    /// Whether the spec deprecates the endpoint: its requirement, methods and mock are `@available(*, deprecated)`;
    /// its route case is not, as the generated switches over every case would warn.
    case isDeprecated
    /// The API's `query_arrays` (`brackets`) when it is not `repeat`: the array style of the form encoder of
    /// `request(for:encoder:)`.
    case formArrayStyle
    /// Whether the spec sends fixed headers with every request (`headers:`).
    case hasStaticHeaders
    /// The fixed headers, each with `name` and `value` as string literals.
    case staticHeaders
    /// Whether the descriptor switch is spread over chunk functions (a large API, or a split one).
    case isChunked
    /// `private ` when the route's members are all in one file (the chunk functions, the fixed headers), else
    /// nothing.
    case chunkAccess
    /// The part's descriptor switch cases, when the switch is not chunked, each as `DescriptorCase.mustache` reads
    /// it: `caseName`, `bindings`, `constantQuery`, `queryParameters`, `headerParameters`, `httpMethod`, `path`,
    /// `authentication`, `routeName`, `content`, `host`.
    case descriptorCases
    /// The part's chunk functions, each with `index`, `cases` and `isExhaustive`.
    case chunks
    /// Whether this part has chunk functions.
    case hasChunks
    /// Every chunk function of the API, each with `index`: what the dispatching switch calls.
    case allChunks
    /// A chunk function's number in its name (`descriptor3`).
    case index
    /// Whether the chunk holds every route (a small API spread over files): its switch then needs no `default`.
    case isExhaustive
    /// A chunk's switch cases (in `chunks`), each as in `descriptorCases`; an enum's cases (in `models`), each with
    /// `name` and `value`.
    case cases
    /// What a descriptor case's pattern binds, in the order of the case's values: `let name`, or `_` for a value
    /// the request does not use; none when it uses none.
    case bindings
    /// The query items the endpoint's path writes itself (`/responses?beta=true`), each with `name` and `value` as
    /// string literals.
    case constantQuery
    /// The endpoint's query parameters, each with the `callArguments` of its `routeQuery.append(…)`.
    case queryParameters
    /// The endpoint's header parameters, each with `name` (a string literal), `value` and `isOptional`.
    case headerParameters
    /// Whether a header parameter is optional, so set only when it has a value; whether a response header is, so
    /// read with `header` rather than `requiredHeader` (in `properties`); whether an OAuth flow's URL is (in `urls`).
    case isOptional
    /// The endpoint's HTTP method, lowercased: the `RequestMethod` case (`get`).
    case httpMethod
    /// The path below the base URL, as a string literal that percent-encodes each parameter into its segment.
    case path
    /// How the request carries its credentials (`.bearer`, `.anyOf([.bearer, .basic])`).
    case authentication
    /// The endpoint's name for errors and logs, as a string literal (`"Petstore.getPet"`).
    case routeName
    /// The request's body argument, absent without a body: `isPlainJSON` (`body: body`), or
    /// `content: .<contentKind>(body)` with the `contentType` of JSON that is not `application/json` or the
    /// `styles` of a form's or multipart body's fields.
    case content
    /// Whether the body is JSON of the default media type.
    case isPlainJSON
    /// `json`, `file`, `data`, `form` or `multipart`: how the body is encoded.
    case contentKind
    /// A JSON body's media type, as a string literal, when it is not `application/json`.
    case contentType
    /// The list styles of a form's or multipart body's fields, each with `name` (a string literal) and `value`
    /// (`.spaceDelimited`).
    case styles
    /// The endpoint's own host, as a string literal, when the spec has `hosts:`.
    case host

    // MARK: RequestHandling

    /// Whether an endpoint takes its arguments as one `Arguments` value (it has arguments that may be left out).
    case takesArguments
    /// Whether any endpoint takes its arguments as one value (first part).
    case hasArguments
    /// The structs of `Name.Arguments` (first part), each with `name`, `endpointName` and `parameters` (each with
    /// `value` too: the stored property's name).
    case argumentsStructs
    /// The endpoint an `Arguments` struct is for, or whose scopes an entry of `requiredScopes` lists, as its doc
    /// comment names it (unescaped).
    case endpointName
    /// The part's endpoints' methods, for the extension of `Name.RouteSending` (outside the namespace: the API's
    /// types are qualified, `Petstore.Pet`), each with `caseName`, `doc`, `isDeprecated`, `parameters`,
    /// `returnType`, `routeArguments`, `sendMethod`, the exchange's `readingKind` and its arguments, and
    /// `convenience` and `pages` where the endpoint has them.
    case methods
    /// Whether this part has endpoints' methods.
    case hasMethods
    /// A method's parameters (in `methods`, `convenience`, `pages`), each with `label`, `type` and its default:
    /// `defaultValue` or `defaultElements`; a requirement's (in `endpoints`), without defaults.
    case parameters
    /// A parameter's label and name (`petId`, `_ arguments`); an argument's label (in `routeArguments`,
    /// `argumentValues`, `callArguments`); an object property's in the memberwise initializer (in `properties`); an
    /// OAuth flow's URL's (in `urls`).
    case label
    /// A parameter's default after ` = ` when it is no collection literal of elements (`nil`, `10`, `.init()`), an
    /// object property's in the memberwise initializer; absent without one.
    case defaultValue
    /// The elements of a parameter's default that is a collection literal of some (`["a", "b"]`).
    case defaultElements
    /// What a method returns (`Petstore.Pet`, `TypedResponse<…>`); absent when it returns nothing.
    case returnType
    /// The arguments of the method's route case, each with `label` and `value`; none for a case without.
    case routeArguments
    /// `send`, or `self.send` when a parameter is named `send`.
    case sendMethod
    /// The `EndpointExchange` a method sends its route with: `json` (its `readingType` decoded), `events` (a stream
    /// of `readingType`), `discardingBody`, or `reading` (a `reader` or `envelopedReader`, and `headersType`).
    case readingKind
    /// The type the exchange decodes: the JSON body's or each event's.
    case readingType
    /// The exchange's `ResponseReader` (`.json(Petstore.Pet.self)`, `.data`, `Petstore.GetPetOutcomes.reader`).
    case reader
    /// The envelope's type around the JSON body (`Petstore.Enveloped<Petstore.Pet>`), whose payload is read.
    case envelopedReader
    /// The endpoint's typed response headers, read by `headers: Type.init`.
    case headersType
    /// The API's error model, when it is the endpoint's only one and the exchange takes it as `errorBody:`.
    case errorBodyType
    /// The exchange's `errors: ErrorBodies(…)`: `statuses` (each `status` and `model`) and `defaultModel`.
    case errorBodies
    /// The error models by status (in `errorBodies`).
    case statuses
    /// An error model (in `statuses`).
    case model
    /// The error model of every other status (in `errorBodies`).
    case defaultModel
    /// The method with the defaults, for an endpoint that takes its arguments as one value (in `methods`): its
    /// `doc`, `parameters` (with their defaults), the `argumentsType` it makes from `argumentValues`, and the
    /// `calledMethod` it passes them to.
    case convenience
    /// `Name.Arguments.<Endpoint>`, the value the method with the defaults makes.
    case argumentsType
    /// The arguments of the `Arguments` value the method with the defaults makes, each with `label` and `value`.
    case argumentValues
    /// The requirement the method with the defaults calls: its name, after `self.` when a parameter hides it.
    case calledMethod
    /// `<endpoint>Pages(…)`, for an endpoint with `pagination:` (in `methods`): its `name`, `doc`, `parameters`, the
    /// result's `bodyType`, `itemType` and `cursorType`, and what its `CursorPages` reads: `itemsKey`, the next
    /// request's `nextValue` (nil unless `nextCondition`, when there is one; `usesCurrent` when it reads the value
    /// the page was requested with), the `callArguments` of each request and `readsBody`.
    case pages
    /// The type of a page.
    case bodyType
    /// The type of a page's items.
    case itemType
    /// `Int` or `String`: the type of the value each request of the pages sets.
    case cursorType
    /// The property of a page that holds its items.
    case itemsKey
    /// Whether the next request's value is computed from the value the page was requested with (`current`).
    case usesCurrent
    /// The condition for a next page, when there is one (`page.hasMore`).
    case nextCondition
    /// The next request's value, from the page (`page.data.last?.id`).
    case nextValue
    /// The arguments of a call, each with `value` and its `label` when it has one: of the endpoint's method each
    /// page's request calls (in `pages`); of a query parameter's `routeQuery.append(…)` (in `queryParameters`).
    case callArguments
    /// Whether the endpoint's method returns the body with headers, of which a page is the `.body`.
    case readsBody
    /// The part's methods that have `convenience` or `pages`, for the extension of `Name.RequestHandling`.
    case requestHandlingMethods
    /// Whether this part has such methods.
    case hasRequestHandlingMethods

    // MARK: The mock

    /// An endpoint's `MockEndpoint` member of `MockEndpoints`: its `output`, `answersVoid` and `example`.
    case mock
    /// The `Output` of an endpoint's `MockEndpoint<APIRoute, Output>`: its method's result, `Void` for none.
    case output
    /// Whether an endpoint's method returns nothing, so its mock answers `()` until told otherwise.
    case answersVoid
    /// The spec's example a mock answers until told otherwise, with its argument's `label` (`example`,
    /// `exampleEvent`), the `json` and the `rawDelimiter` of the raw multi-line string it is written in.
    case example
    /// An example's JSON, on one line.
    case json
    /// The `#`s around a raw string literal that the text in it cannot end early (`#`, `##`, …).
    case rawDelimiter

    // MARK: Models

    /// The part's models, each with `name`, `doc`, `hasDoc`, `conformances`, `isDecodable`,
    /// `isEncodable`, one of `isObject`, `isEnum`, `isUnion`, `isOutcomes`, `isResponseHeaders`, and the values of
    /// its kind.
    case models
    /// A model's Swift name (in `models`); an environment's (in `environments`); a property's (in `properties`); an
    /// enum case's (in `cases`); an OAuth scheme's enum's, a flow's or the discovery URL's function's, a scope's case's
    /// or an endpoint's (in `oauthSchemes`, `flows`, `discoveryURL`, `scopes`, `requiredScopes`); a query item's, a
    /// header's, a style's field's or a host's, as a string literal (in `constantQuery`, `headerParameters`,
    /// `staticHeaders`, `styles`, `hosts`).
    case name
    /// Whether a model has a doc comment.
    case hasDoc
    /// The protocols a model conforms to, in its declaration's order (`Codable`, `Sendable`, `Hashable`, …).
    case conformances
    /// Whether the client decodes the model: false for one it only sends, which is `Encodable` and has no
    /// `init(from:)`.
    case isDecodable
    /// Whether the model has `encode(to:)`: false for one only responses reach when their encoding is left out (the
    /// the module layout's default, `response_models:`), which is `Decodable` alone.
    case isEncodable
    /// Whether the model is an object (`Object.mustache`).
    case isObject
    /// Whether the model is an enum of values (`Enum.mustache`).
    case isEnum
    /// Whether the model is a union (`Union.mustache`).
    case isUnion
    /// Whether the model is an endpoint's outcomes (`Outcomes.mustache`).
    case isOutcomes
    /// Whether the model is an endpoint's typed response headers (`ResponseHeaders.mustache`).
    case isResponseHeaders
    /// An object's or response headers' properties, each with `name`, `type`, `doc`, `isIndirect`, its memberwise
    /// initializer's `label` and default (`defaultValue` or `defaultElements`), its `key` and `decodeType`; an
    /// object's also with its decoding (`decodeMethod`, `format`, `whenAbsent`, `fallback`) and encoding
    /// (`isEncoded`, `encodeMethod`, `encodeValue`), a header's with `isOptional`.
    case properties
    /// Whether the object has properties.
    case hasProperties
    /// Whether the object encodes any of its properties (a read-only one is never sent).
    case hasEncodedProperties
    /// A property's Swift type; a parameter's (in `parameters`); a union variant's (in `variants`); an outcome's
    /// body's (in `reading`).
    case type
    /// Whether a property is stored indirectly (it holds its own model).
    case isIndirect
    /// How `init(from:)` decodes a property: `decode`, `decodeIfPresent` or `decodeNullable` (a `T??`).
    case decodeMethod
    /// The type a property decodes (`Date` of a `Date??`), or a union's variant, qualified where a member of its name
    /// would hide it.
    case decodeType
    /// A property's JSON key, or a response header's name, as a string literal.
    case key
    /// A date's format when it is not RFC 3339 (`unix`, `date`): the `DateFormat` case its coding names.
    case format
    /// A property's default, which its decoding takes when the key is absent or null (`?? fallback`); absent
    /// without one.
    case fallback
    /// What the server assumes when a property's key is absent, which its decoding takes then; absent without one.
    case whenAbsent
    /// Whether `encode(to:)` encodes a property: not a read-only one, unless only responses reach the model.
    case isEncoded
    /// How `encode(to:)` encodes a property: `encode`, `encodeIfPresent` or `encodeNullable` (a `T??`).
    case encodeMethod
    /// The value `encode(to:)` encodes: the property (`self.container` when its name is a local's).
    case encodeValue
    /// `String` or `Int`: an enum's raw type.
    case rawType
    /// Whether the enum's values are integers.
    case isIntegerEnum
    /// An enum case's raw value, as a literal; a discriminator's (in `mapping`); a scope or an OAuth URL, as a string
    /// literal (in `scopes`, `url`); an argument's value (in `routeArguments`, `argumentValues`, `callArguments`); a
    /// fixed header's, as a string literal (in `staticHeaders`); an `Arguments` struct's stored property's name (in
    /// `parameters`).
    case value
    /// A union's variants, each with `caseName`, `type`, `decodeType`, and `isClosed` and `keys`.
    case variants
    /// Whether a variant is a closed object (`closed: true`): an object with a key it does not declare is not it.
    case isClosed
    /// The JSON keys of a closed variant, as string literals: all an object that is the variant may have.
    case keys
    /// A union's discriminator property, as a string literal; absent without one: `init(from:)` then tries each
    /// variant in turn.
    case discriminator
    /// The discriminator's values, each with `value` (a string literal), and its variant's `caseName` and
    /// `decodeType`.
    case mapping
    /// The variants of a union without discriminator that are the only one taking some kind of JSON value, each as
    /// in `variants` and with the `pattern` of that kind: a value of that kind no variant decoded is that variant,
    /// malformed, and decoded again for its error.
    case soleVariants
    /// The `JSONValue` pattern of a kind of JSON value (`.string`, `.integer, .number`).
    case pattern
    /// An outcomes enum's outcomes, each with `status`, `caseName` and, when it has a body, `reading`.
    case outcomes
    /// An outcome's HTTP status; an error model's (in `statuses`).
    case status
    /// How an outcome's reader reads its body: its `type`, and `isJSON` (`isEnveloped` when through the API's
    /// envelope), `isData` or `isText`; absent without a body.
    case reading
    /// Whether an outcome's body is JSON, decoded as its `type`.
    case isJSON
    /// Whether an outcome's JSON body is read through the API's envelope, as the payload of `Enveloped`.
    case isEnveloped
    /// Whether an outcome's body is read as the response's bytes.
    case isData
    /// Whether an outcome's body is read as text.
    case isText

    /// The values no built-in template reads, computed for templates of a user's own that write a declaration
    /// piece by piece rather than from the blocks the built-in templates use (`TemplateContractTests` checks the
    /// built-in templates read every other value).
    static let forOwnTemplates: Set<TemplateKey> = [
        .takesArguments, .modules,
    ]
}

/// The values of one scope of a template (the file, an endpoint, a model, …), by their ``TemplateKey``, as Mustache
/// reads them.
struct TemplateValues: MustacheParent, ExpressibleByDictionaryLiteral, CustomStringConvertible {
    private var values: [String: Any] = [:]

    init(dictionaryLiteral elements: (TemplateKey, Any)...) {
        for (key, value) in elements { values[key.rawValue] = value }
    }

    subscript(_ key: TemplateKey) -> Any? {
        get { values[key.rawValue] }
        set { values[key.rawValue] = newValue }
    }

    /// Adds values a template names by no ``TemplateKey`` (the ``Printer``'s marks), by their names.
    mutating func add(_ named: [String: String]) {
        values.merge(named) { $1 }
    }

    /// Adds `other`'s values, `combine` deciding between two of one name.
    mutating func merge(_ other: TemplateValues, uniquingKeysWith combine: (Any, Any) -> Any) {
        values.merge(other.values, uniquingKeysWith: combine)
    }

    /// `key`'s value in this scope itself, nil standing for a value absent here: it renders as an absent one does
    /// (nothing, a false section, an empty inverted one), but Mustache's search for the name ends in this scope,
    /// where it would look it up in every scope around it, at every tag that reads it. For the items of the lists
    /// a large API has many of (an object's properties).
    subscript(here key: TemplateKey) -> Any? {
        get { values[key.rawValue] }
        set { values[key.rawValue] = newValue ?? Absent() }
    }

    /// A value absent from its scope (``subscript(here:)``).
    private struct Absent: MustacheCustomRenderable {
        var renderText: String { "" }
        var isNull: Bool { true }
    }

    func child(named name: String) -> Any? { values[name] }

    /// Every value with its name, in no particular order.
    var all: [(name: String, value: Any)] { values.map { ($0.key, $0.value) } }

    /// The names of the values, sorted: what `{{.}}` prints for a scope, the same in every run.
    var description: String { "[" + values.keys.sorted().joined(separator: ", ") + "]" }
}
