// swift-tools-version:6.1
import PackageDescription

// A downstream package using RouteGen in its three workflows. It depends on RouteGen by path; a real project
// writes `.package(url: "https://github.com/…/RouteGen", from: "…")` instead.
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
        // A feature: it knows the generated API and RouteGenRuntime, never the URLSession transport.
        .target(
            name: "ProfileFeature",
            dependencies: ["AccountsAPI", .product(name: "RouteGenRuntime", package: "RouteGen")]
        ),
        .testTarget(
            name: "ExampleTests",
            dependencies: [
                "PetstoreAPI", "TodoAPI", "InventoryAPI", "AccountsAPI", "ProfileFeature",
                .product(name: "RouteGenRuntime", package: "RouteGen"),
                .product(name: "RouteGenURLSession", package: "RouteGen"),
                .product(name: "RouteGenTesting", package: "RouteGen"),
                .product(name: "Hummingbird", package: "hummingbird"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
