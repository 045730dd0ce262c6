#!/usr/bin/env python3
"""The runtime on the wire, side by side with swift-openapi-generator.

    python3 Benchmarks/wire.py              # builds everything in a scratch folder, prints a table
    python3 Benchmarks/wire.py --json out.json

Generates the 10-resource synthetic API (Benchmarks/synthetic.py) with RouteGen and with swift-openapi-generator
1.14.3, builds Benchmarks/WireBenchmark in release in a scratch package with both clients and both tools'
URLSession and async-http-client transports, and runs it: calls per second of the same request (twenty resources
decoded) against one local Hummingbird server, one at a time and 64 at a time, and the time to decode a page of
100 resources with each tool's models and with a hand-written Codable struct; and the heap allocations per call of
each tool and of each transport alone, counted by Benchmarks/AllocationCounter (preloaded; Linux, glibc).
Everything is built in a scratch folder; the first build takes several minutes (SwiftNIO, Hummingbird,
async-http-client, both runtimes).
"""
import argparse
import json
import os
import shutil
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import benchmark  # noqa: E402
import synthetic  # noqa: E402

REPO = benchmark.REPO

PACKAGE = """// swift-tools-version:6.1
import PackageDescription
let package = Package(
    name: "WireBench",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "RouteGen", path: "{repo}", traits: ["AsyncHTTPClient"]),
        .package(url: "https://github.com/apple/swift-openapi-runtime", exact: "{openapi_runtime}"),
        .package(url: "https://github.com/apple/swift-openapi-urlsession", exact: "1.4.0"),
        .package(url: "https://github.com/swift-server/swift-openapi-async-http-client", exact: "1.5.0"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
    ],
    targets: [
        .target(name: "RouteGenAPI", dependencies: [.product(name: "RouteGenRuntime", package: "RouteGen")]),
        .target(name: "OpenAPIClient", dependencies: [.product(name: "OpenAPIRuntime", package: "swift-openapi-runtime")]),
        .executableTarget(
            name: "WireBenchmark",
            dependencies: [
                "RouteGenAPI", "OpenAPIClient",
                .product(name: "RouteGenRuntime", package: "RouteGen"),
                .product(name: "RouteGenURLSession", package: "RouteGen"),
                .product(name: "RouteGenAsyncHTTPClient", package: "RouteGen"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "OpenAPIURLSession", package: "swift-openapi-urlsession"),
                .product(name: "OpenAPIAsyncHTTPClient", package: "swift-openapi-async-http-client"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Hummingbird", package: "hummingbird"),
            ]),
    ]
)
"""


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", help="also write the results to this file")
    parser.add_argument("--scratch", help="build here (kept) instead of a temporary folder")
    arguments = parser.parse_args()
    scratch = arguments.scratch or tempfile.mkdtemp(prefix="routegen-wire-")
    os.makedirs(scratch, exist_ok=True)

    generator = benchmark.build_openapi_generator(scratch)
    if generator is None:
        sys.exit("swift-openapi-generator could not be built: nothing to compare with")
    benchmark.run(["swift", "build", "--product", "routegen"], cwd=REPO)
    routegen = os.path.join(REPO, ".build", "debug", "routegen")

    package = os.path.join(scratch, "wire-bench")
    sources = os.path.join(package, "Sources")
    for target in ["RouteGenAPI", "OpenAPIClient", "WireBenchmark"]:
        shutil.rmtree(os.path.join(sources, target), ignore_errors=True)
        os.makedirs(os.path.join(sources, target))
    spec = os.path.join(scratch, "Synthetic.yaml")
    document = os.path.join(scratch, "openapi.yaml")
    config = os.path.join(scratch, "openapi-generator-config.yaml")
    with open(spec, "w") as file:
        file.write(synthetic.routegen_spec(10))
    with open(document, "w") as file:
        file.write(synthetic.openapi_document(10))
    with open(config, "w") as file:
        file.write("generate:\n  - types\n  - client\naccessModifier: public\n")
    benchmark.run([routegen, "generate", spec, "--output", os.path.join(sources, "RouteGenAPI")])
    benchmark.run([generator, "generate", document, "--config", config, "--output-directory",
                   os.path.join(sources, "OpenAPIClient")])
    for source in ["WireBenchmark/main.swift", "HandResource.swift"]:
        shutil.copy(os.path.join(REPO, "Benchmarks", source), os.path.join(sources, "WireBenchmark"))
    with open(os.path.join(package, "Package.swift"), "w") as file:
        file.write(PACKAGE.format(repo=REPO, openapi_runtime=benchmark.OPENAPI_RUNTIME_VERSION))

    print("building the benchmark (release)…", file=sys.stderr)
    benchmark.run(["swift", "build", "-c", "release", "--product", "WireBenchmark"], cwd=package)
    counter = os.path.join(scratch, "liballocation_counter.so")
    benchmark.run(["clang", "-shared", "-fPIC", "-O2", "-o", counter,
                   os.path.join(REPO, "Benchmarks", "AllocationCounter", "allocation_counter.c")])
    _, _, output = benchmark.run([os.path.join(package, ".build", "release", "WireBenchmark")], cwd=package,
                                 env={"LD_PRELOAD": counter})
    results = json.loads(output.strip().splitlines()[-1])
    print_table(results)
    if arguments.json:
        with open(arguments.json, "w") as file:
            json.dump(results, file, indent=2)


def print_table(results):
    calls = {(row["tool"], row["transport"], row["concurrency"]): row["calls_per_second"] for row in results["calls"]}
    print("| transport | concurrency | RouteGen calls/s | swift-openapi-generator calls/s | ratio |")
    print("|---|---|---|---|---|")
    for transport in ["URLSession", "async-http-client"]:
        for concurrency in [1, 64]:
            ours = calls[("RouteGen", transport, concurrency)]
            theirs = calls[("swift-openapi-generator", transport, concurrency)]
            print(f"| {transport} | {concurrency} | {ours:,} | {theirs:,} | {ours / theirs:.2f}× |")
    decoding = results["decode_100_resources_x2000_ms"]
    print()
    print("| decoding a page of 100 resources, 2,000 times | ms |")
    print("|---|---|")
    for name in ["RouteGen", "swift-openapi-generator", "hand-written Codable"]:
        print(f"| {name} | {decoding[name]:,} |")
    allocations = {(row["tool"], row["transport"]): row["allocations_per_call"] for row in results.get("allocations", [])}
    if allocations:
        print()
        print("| transport | heap allocations per call: RouteGen | swift-openapi-generator | the transport alone |")
        print("|---|---|---|---|")
        for transport in ["URLSession", "async-http-client"]:
            ours, theirs = allocations[("RouteGen", transport)], allocations[("swift-openapi-generator", transport)]
            bare = allocations[("the transport alone", transport)]
            print(f"| {transport} | {ours:,} (+{ours - bare:,.1f}) | {theirs:,} (+{theirs - bare:,.1f}) | {bare:,} |")


if __name__ == "__main__":
    main()
