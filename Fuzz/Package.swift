// swift-tools-version: 6.0
import PackageDescription

// Coverage-guided fuzzers (libFuzzer): FuzzSpecs over RouteGen's front end (load, OpenAPI import and check),
// FuzzRuntime over the runtime's readers of untrusted bytes (headers, dates, server-sent events, JSON values and
// the form and multipart encoders given them, the disk cache's files). Build and run them with
// `bash Fuzz/run [seconds]`, which instruments RouteGen's code as well (see CONTRIBUTING.md).
let package = Package(
    name: "RouteGenFuzz",
    dependencies: [.package(name: "RouteGen", path: "..")],
    targets: [
        // libFuzzer's driver, which both fuzzers hand their command line to.
        .target(name: "FuzzDriver"),
        .executableTarget(
            name: "FuzzSpecs",
            dependencies: ["FuzzDriver", .product(name: "_RouteGenCore", package: "RouteGen")],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])],
            linkerSettings: [.unsafeFlags(["-sanitize=fuzzer"])]
        ),
        .executableTarget(
            name: "FuzzRuntime",
            dependencies: [
                "FuzzDriver", .product(name: "RouteGenRuntime", package: "RouteGen"),
                .product(name: "RouteGenToolkit", package: "RouteGen"),
            ],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])],
            linkerSettings: [.unsafeFlags(["-sanitize=fuzzer"])]
        ),
    ],
    swiftLanguageModes: [.v6]
)
