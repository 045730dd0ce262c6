// swift-tools-version: 6.0
import PackageDescription

// A coverage-guided fuzzer (libFuzzer) over RouteGen's front end: load, OpenAPI import and check. Build and
// run it with `bash Fuzz/run [seconds]`, which instruments RouteGen's code as well (see README, "Fuzzing").
let package = Package(
    name: "RouteGenFuzz",
    dependencies: [.package(name: "RouteGen", path: "..")],
    targets: [
        .executableTarget(
            name: "FuzzSpecs",
            dependencies: [.product(name: "RouteGenCore", package: "RouteGen")],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        )
    ],
    swiftLanguageModes: [.v6]
)
