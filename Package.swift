// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "RouteGen",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
    products: [
        .executable(name: "routegen", targets: ["routegen"]),
        // The generator as a library, for RouteGen's own command line, plugins, fuzzer and benchmarks: not for direct
        // use. Its API has no stability promise and changes in any release; depend on `routegen` or the plugins.
        .library(name: "_RouteGenCore", targets: ["RouteGenCore"]),
        .library(name: "RouteGenRuntime", targets: ["RouteGenRuntime"]),
        // The client toolkit: decorators (authentication, retry, caching, logging, …), pinning and downloads.
        .library(name: "RouteGenToolkit", targets: ["RouteGenToolkit"]),
        .library(name: "RouteGenURLSession", targets: ["RouteGenURLSession"]),
        // Empty unless the AsyncHTTPClient trait is on.
        .library(name: "RouteGenAsyncHTTPClient", targets: ["RouteGenAsyncHTTPClient"]),
        .library(name: "RouteGenTesting", targets: ["RouteGenTesting"]),
        .plugin(name: "RouteGenPlugin", targets: ["RouteGenPlugin"]),
        .plugin(name: "GenerateRoutes", targets: ["GenerateRoutes"]),
    ],
    traits: [
        .trait(
            name: "AsyncHTTPClient",
            description: """
                Builds RouteGenAsyncHTTPClient, the transport over swift-server/async-http-client (SwiftNIO). Off by \
                default: a package that does not turn it on resolves and builds none of SwiftNIO for RouteGen.
                """)
    ],
    dependencies: [
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
        // Only with the AsyncHTTPClient trait: resolved and built for RouteGenAsyncHTTPClient alone.
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.100.0"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        // Tests only, and already in the graph through async-http-client: its `HTTPRequest`, named beside RouteGen's types.
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        // Documentation only: `swift package generate-documentation` (DocC catalogs of the runtime libraries).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
        // Tests only: a real HTTP server on 127.0.0.1 for the runtime's integration tests.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        // Tests only, and already in the graph through Hummingbird: stops the test server gracefully.
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
    ],
    targets: [
        // The generator: load → check (→ render → write), as a library so every stage is testable.
        .target(
            name: "RouteGenCore",
            dependencies: [
                .product(name: "Yams", package: "Yams"),
                .product(name: "Mustache", package: "swift-mustache"),
            ],
            // `Templates` links to the package's `Templates/`: SwiftPM compiles each template into the module
            // (`PackageResources`, read by `BuiltInTemplates`), so there is one copy and `routegen` needs no files.
            exclude: ["Templates/README.md"],
            resources: [.embedInCode("Templates")]
        ),
        .executableTarget(
            name: "routegen",
            dependencies: [
                "RouteGenCore",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The runtime that generated code links against: Foundation and swift-log only.
        .target(
            name: "RouteGenRuntime",
            dependencies: [.product(name: "Logging", package: "swift-log")]
        ),
        // The client toolkit beside the runtime: what apps compose around a transport. Generated code never needs it.
        .target(
            name: "RouteGenToolkit",
            dependencies: ["RouteGenRuntime", .product(name: "Logging", package: "swift-log")]
        ),
        .target(name: "RouteGenURLSession", dependencies: ["RouteGenRuntime"]),
        .target(
            name: "RouteGenAsyncHTTPClient",
            dependencies: [
                "RouteGenRuntime",
                .product(name: "AsyncHTTPClient", package: "async-http-client", condition: .when(traits: ["AsyncHTTPClient"])),
                .product(name: "NIOCore", package: "swift-nio", condition: .when(traits: ["AsyncHTTPClient"])),
                .product(name: "NIOPosix", package: "swift-nio", condition: .when(traits: ["AsyncHTTPClient"])),
                .product(name: "NIOHTTP1", package: "swift-nio", condition: .when(traits: ["AsyncHTTPClient"])),
                .product(name: "NIOSSL", package: "swift-nio-ssl", condition: .when(traits: ["AsyncHTTPClient"])),
            ]
        ),
        // Build-tool plugin: generates a target's specs during the build.
        .plugin(name: "RouteGenPlugin", capability: .buildTool(), dependencies: ["routegen"]),
        // Command plugin: writes generated code into the package, for teams that commit it.
        .plugin(
            name: "GenerateRoutes",
            capability: .command(
                intent: .custom(verb: "generate-routes", description: "Generate Swift from RouteGen specs into <target>/Generated"),
                permissions: [.writeToPackageDirectory(reason: "writes the generated Swift into the targets' Generated folders")]
            ),
            dependencies: ["routegen"]
        ),
        .target(name: "RouteGenTesting", dependencies: ["RouteGenRuntime"]),
        // Depends on `routegen` so the command-line tests can run the built binary.
        // The runtime too: checks that read what clients decode are compared with the runtime's own reading.
        .testTarget(
            name: "RouteGenCoreTests", dependencies: ["RouteGenCore", "routegen", "RouteGenRuntime", "RouteGenTestSupport"]),
        .testTarget(
            name: "RouteGenRuntimeTests",
            dependencies: [
                "RouteGenRuntime", "RouteGenToolkit", "RouteGenURLSession", "RouteGenAsyncHTTPClient", "RouteGenTesting",
                "RouteGenTestSupport",
                // UnqualifiedNamesTests names RouteGen's types beside those of the libraries a server imports.
                .product(name: "AsyncHTTPClient", package: "async-http-client", condition: .when(traits: ["AsyncHTTPClient"])),
                .product(name: "NIOCore", package: "swift-nio", condition: .when(traits: ["AsyncHTTPClient"])),
                .product(name: "HTTPTypes", package: "swift-http-types", condition: .when(traits: ["AsyncHTTPClient"])),
            ],
            exclude: ["Fixtures"]
        ),
        // The generated code of every spec in Specs/ and Tests/Specs/, checked in as golden files (kept current
        // by a test) and compiled here with warnings as errors.
        .target(
            name: "GeneratedClients",
            dependencies: ["RouteGenRuntime"],
            path: "Tests/GeneratedClients",
            swiftSettings: [.unsafeFlags(["-warnings-as-errors"])]
        ),
        .testTarget(
            name: "GeneratedClientTests",
            dependencies: [
                "GeneratedClients", "RouteGenRuntime", "RouteGenToolkit", "RouteGenURLSession", "RouteGenTesting",
                "RouteGenTestSupport",
            ]
        ),
        // A real HTTP server on 127.0.0.1 and a log capture, shared by the test targets.
        // The build plugin's layout code (symbolic links to the plugin's files) against the real generator.
        .testTarget(name: "PluginLayoutTests", dependencies: ["routegen"]),
        .target(
            name: "RouteGenTestSupport",
            dependencies: [
                "RouteGenRuntime", "RouteGenURLSession", "RouteGenAsyncHTTPClient",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HummingbirdTLS", package: "hummingbird"),
                .product(name: "HummingbirdHTTP2", package: "hummingbird"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            path: "Tests/RouteGenTestSupport"
        ),
    ],
    swiftLanguageModes: [.v6]
)
