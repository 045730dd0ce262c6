// swift-tools-version:6.1
import PackageDescription

// A downstream package using RouteGen in its three workflows. It depends on RouteGen by path; a real project
// writes `.package(url: "https://github.com/…/RouteGen", from: "…")` instead.
let runtime: Target.Dependency = .product(name: "RouteGenRuntime", package: "RouteGen")
let routeGen: Target.PluginUsage = .plugin(name: "RouteGenPlugin", package: "RouteGen")

let package = Package(
    name: "RouteGenExamples",
    platforms: [.macOS(.v13), .iOS(.v16)],
    dependencies: [
        .package(name: "RouteGen", path: ".."),
        // Tests only: the local server the example's tests call.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
    ],
    targets: [
        // Workflow 1, the build plugin: Petstore.yaml in the target is generated on every build that changes it.
        .target(
            name: "PetstoreAPI",
            dependencies: [.product(name: "RouteGenRuntime", package: "RouteGen")],
            plugins: [.plugin(name: "RouteGenPlugin", package: "RouteGen")]
        ),
        // Workflow 1 with an OpenAPI document as the source: todos.yaml, filtered by todos.routegen-config.yaml.
        .target(
            name: "TodoAPI",
            dependencies: [.product(name: "RouteGenRuntime", package: "RouteGen")],
            plugins: [.plugin(name: "RouteGenPlugin", package: "RouteGen")]
        ),
        // Workflow 1 with a large spec: Inventory.yaml (130 endpoints, 24 kB). The plugin names the generated files
        // before the generator runs, so it chooses from the spec's size how many files the routes and models are
        // spread over (two each here), and the compiler gives each core some of them.
        .target(
            name: "InventoryAPI",
            dependencies: [.product(name: "RouteGenRuntime", package: "RouteGen")],
            plugins: [.plugin(name: "RouteGenPlugin", package: "RouteGen")]
        ),
        // Workflow 3, checked-in code: Generated/ is written by `swift package generate-routes` and kept current by
        // `routegen check` in CI. The spec is excluded so SwiftPM does not treat it as a resource.
        .target(
            name: "AccountsAPI",
            dependencies: [.product(name: "RouteGenRuntime", package: "RouteGen")],
            exclude: ["Accounts.yaml"]
        ),
        // Workflow 3 as modules: Sources/Market/ holds Market.yaml and what `routegen generate --module-count 2`
        // wrote beside it, a folder per module; these are the targets it printed. `routegen check` keeps them current.
        .target(name: "MarketModels", dependencies: [runtime], path: "Sources/Market/MarketModels"),
        .target(name: "MarketCustomers", dependencies: ["MarketModels", runtime], path: "Sources/Market/MarketCustomers"),
        .target(name: "MarketProducts", dependencies: ["MarketModels", runtime], path: "Sources/Market/MarketProducts"),
        .target(
            name: "MarketAPI", dependencies: ["MarketModels", "MarketCustomers", "MarketProducts", runtime],
            path: "Sources/Market/MarketAPI"
        ),
        // Workflow 1 as modules: the build plugin in each target generates the module its routegen-config.yaml
        // names, from LibraryModels/Library.yaml (the others' configurations point at it with `spec:`).
        .target(name: "LibraryModels", dependencies: [runtime], plugins: [routeGen]),
        .target(name: "LibraryBooks", dependencies: ["LibraryModels", runtime], plugins: [routeGen]),
        .target(name: "LibraryLoans", dependencies: ["LibraryModels", runtime], plugins: [routeGen]),
        .target(name: "LibraryAPI", dependencies: ["LibraryModels", "LibraryBooks", "LibraryLoans", runtime], plugins: [routeGen]),
        // A feature of one group: it depends on MarketProducts alone, so building it compiles MarketModels and
        // MarketProducts and none of the API's other modules.
        .target(name: "CatalogFeature", dependencies: ["MarketProducts", runtime]),
        // A feature: it knows the generated API and RouteGenRuntime, never the URLSession transport.
        .target(
            name: "ProfileFeature",
            dependencies: ["AccountsAPI", .product(name: "RouteGenRuntime", package: "RouteGen")]
        ),
        // Workflow 1 with OAuth: okta.yaml, an excerpt of Okta's document, declares its OAuth 2 scheme; the generated
        // `Okta.OAuth` holds the scheme's URLs, its scopes and the scopes each endpoint needs.
        .target(
            name: "OktaAPI",
            dependencies: [.product(name: "RouteGenRuntime", package: "RouteGen")],
            plugins: [.plugin(name: "RouteGenPlugin", package: "RouteGen")]
        ),
        // The composition root of an app that signs its user in to Okta with the code flow and PKCE and calls the API
        // with the token (README's "Sign in with OAuth from your document"); ExampleTests signs in against a local
        // authorization server.
        .target(
            name: "OktaSignIn",
            dependencies: [
                "OktaAPI", .product(name: "RouteGenToolkit", package: "RouteGen"),
                .product(name: "RouteGenURLSession", package: "RouteGen"),
            ]
        ),
        .testTarget(
            name: "ExampleTests",
            dependencies: [
                "PetstoreAPI", "TodoAPI", "InventoryAPI", "AccountsAPI", "ProfileFeature", "MarketAPI", "CatalogFeature", "LibraryAPI",
                "OktaAPI", "OktaSignIn",
                .product(name: "RouteGenRuntime", package: "RouteGen"),
                .product(name: "RouteGenURLSession", package: "RouteGen"),
                .product(name: "RouteGenTesting", package: "RouteGen"),
                .product(name: "RouteGenToolkit", package: "RouteGen"),
                .product(name: "Hummingbird", package: "hummingbird"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
