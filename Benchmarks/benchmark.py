#!/usr/bin/env python3
"""RouteGen's benchmark: generation speed, compile time of generated code, runtime overhead.

    python3 Benchmarks/benchmark.py                      # every size, RouteGen only
    python3 Benchmarks/benchmark.py --sizes 10 --no-compile --no-runtime --configuration debug   # CI's smoke run
    python3 Benchmarks/benchmark.py --with-openapi       # also swift-openapi-generator, side by side
    python3 Benchmarks/benchmark.py --json results.json  # also write the table as JSON

Everything is built and written under a scratch folder (default: a new temporary one), never in the repo.
"""
import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import synthetic  # noqa: E402

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OPENAPI_VERSION = "1.14.3"


def run(command, cwd=None, check=True):
    """Runs a command; returns (seconds, peak RSS in MB of it and its children, standard output)."""
    timed = ["/usr/bin/time", "-f", "__PEAK_KB__ %M"] + command
    start = time.monotonic()
    result = subprocess.run(timed, cwd=cwd, capture_output=True, text=True)
    seconds = time.monotonic() - start
    peak = re.findall(r"__PEAK_KB__ (\d+)", result.stderr)
    if check and result.returncode != 0:
        sys.exit(f"failed: {' '.join(command)}\n{result.stdout}\n{result.stderr}")
    return seconds, (int(peak[-1]) / 1024 if peak else 0.0), result.stdout


def count_lines(folder):
    total = 0
    for root, _, files in os.walk(folder):
        for name in files:
            if name.endswith(".swift"):
                with open(os.path.join(root, name), encoding="utf-8") as file:
                    total += sum(1 for _ in file)
    return total


def measure_generation(generate, output, runs=5):
    """Median wall time and peak memory of `generate` over `runs` runs into a fresh folder each time."""
    times, peaks = [], []
    for _ in range(runs):
        shutil.rmtree(output, ignore_errors=True)
        seconds, peak, _ = run(generate)
        times.append(seconds)
        peaks.append(peak)
    return statistics.median(times), max(peaks), count_lines(output)


def write_scratch_package(root, targets, executable=None):
    """A package depending on RouteGen by path, with one library target per generated folder."""
    target_lines = []
    for name in targets:
        target_lines.append(
            f'        .target(name: "{name}", dependencies: [.product(name: "RouteGenRuntime", package: "RouteGen")]),')
    if executable:
        target_lines.append(
            f'        .executableTarget(name: "{executable[0]}", dependencies: ["{executable[1]}", '
            '.product(name: "RouteGenRuntime", package: "RouteGen")]),')
    with open(os.path.join(root, "Package.swift"), "w") as file:
        file.write(
            "// swift-tools-version:6.1\nimport PackageDescription\n\nlet package = Package(\n"
            '    name: "Bench",\n    platforms: [.macOS(.v13)],\n'
            f'    dependencies: [.package(name: "RouteGen", path: "{REPO}")],\n'
            "    targets: [\n" + "\n".join(target_lines) + "\n    ],\n    swiftLanguageModes: [.v6]\n)\n")


def compile_target(package, target, configuration, runs=3):
    """Builds the dependencies first (untimed), then times building only `target`: the first build, then
    `runs - 1` rebuilds of every file of it (sources touched). Returns the median seconds, the highest peak
    and every run's seconds.

    The median matters on this kind of machine: the first compile after a large build is often half again
    as slow as the next ones with the very same command, for reasons outside the compiler's input."""
    run(["swift", "build", "-c", configuration, "--target", "RouteGenRuntime"], cwd=package)
    sources = os.path.join(package, "Sources", target)
    times, peaks = [], []
    for index in range(runs):
        if index > 0:
            for name in os.listdir(sources):
                os.utime(os.path.join(sources, name))
        seconds, peak, _ = run(["swift", "build", "-c", configuration, "--target", target], cwd=package)
        times.append(seconds)
        peaks.append(peak)
    return statistics.median(times), max(peaks), [round(seconds, 1) for seconds in times]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", default="10,100,400", help="resource counts (5 endpoints each)")
    parser.add_argument("--no-compile", action="store_true", help="skip compiling the generated code")
    parser.add_argument("--no-runtime", action="store_true", help="skip the runtime overhead measurement")
    parser.add_argument("--with-openapi", action="store_true", help=f"also measure swift-openapi-generator {OPENAPI_VERSION}")
    parser.add_argument("--scratch", help="folder for generated code and scratch packages")
    parser.add_argument("--configuration", default="release", choices=["release", "debug"],
                        help="how routegen itself is built (debug only for smoke runs: its timings mean little)")
    parser.add_argument("--json", help="also write the results to this file")
    arguments = parser.parse_args()
    sizes = [int(size) for size in arguments.sizes.split(",")]
    scratch = arguments.scratch or tempfile.mkdtemp(prefix="routegen-bench-")
    os.makedirs(scratch, exist_ok=True)
    print(f"scratch folder: {scratch}", file=sys.stderr)

    print(f"building routegen ({arguments.configuration})…", file=sys.stderr)
    run(["swift", "build", "-c", arguments.configuration, "--product", "routegen"], cwd=REPO)
    routegen = os.path.join(REPO, ".build", arguments.configuration, "routegen")
    openapi = build_openapi_generator(scratch) if arguments.with_openapi else None

    rows = []
    package = os.path.join(scratch, "package")
    os.makedirs(os.path.join(package, "Sources"), exist_ok=True)
    for size in sizes:
        spec = os.path.join(scratch, f"synthetic-{size}.yaml")
        document = os.path.join(scratch, f"openapi-{size}.yaml")
        with open(spec, "w") as file:
            file.write(synthetic.routegen_spec(size))
        with open(document, "w") as file:
            file.write(synthetic.openapi_document(size))
        output = os.path.join(package, "Sources", f"API{size}")
        print(f"{size} resources: generating…", file=sys.stderr)
        seconds, peak, lines = measure_generation([routegen, "generate", spec, "--output", output], output)
        row = {"tool": "routegen", "resources": size, "endpoints": size * 5, "generate_s": round(seconds, 3),
               "generate_peak_mb": round(peak, 1), "generated_lines": lines}
        if openapi:
            row_openapi = measure_openapi(openapi, document, scratch, size)
        rows.append(row)
        if openapi:
            rows.append(row_openapi)

    if not arguments.no_compile:
        write_scratch_package(package, [f"API{size}" for size in sizes])
        for row in rows:
            if row["tool"] != "routegen":
                continue
            print(f"{row['resources']} resources: compiling (debug)…", file=sys.stderr)
            seconds, peak, runs = compile_target(package, f"API{row['resources']}", "debug")
            row["compile_debug_s"], row["compile_debug_peak_mb"] = round(seconds, 1), round(peak, 1)
            row["compile_debug_runs_s"] = runs
        smallest = min(sizes)
        print(f"{smallest} resources: compiling (release)…", file=sys.stderr)
        seconds, peak, _ = compile_target(package, f"API{smallest}", "release")
        for row in rows:
            if row["tool"] == "routegen" and row["resources"] == smallest:
                row["compile_release_s"], row["compile_release_peak_mb"] = round(seconds, 1), round(peak, 1)

    runtime = None if arguments.no_runtime else measure_runtime(scratch, routegen)
    print_table(rows, runtime)
    if arguments.json:
        with open(arguments.json, "w") as file:
            json.dump({"rows": rows, "runtime": runtime}, file, indent=2, sort_keys=True)


def measure_runtime(scratch, routegen):
    """Builds Benchmarks/RuntimeBenchmark in release next to the 10-resource API and runs it."""
    package = os.path.join(scratch, "runtime")
    shutil.rmtree(package, ignore_errors=True)
    os.makedirs(os.path.join(package, "Sources", "RuntimeBenchmark"))
    spec = os.path.join(scratch, "runtime-synthetic.yaml")
    with open(spec, "w") as file:
        file.write(synthetic.routegen_spec(10))
    run([routegen, "generate", spec, "--output", os.path.join(package, "Sources", "API")])
    shutil.copy(os.path.join(REPO, "Benchmarks", "RuntimeBenchmark", "main.swift"),
                os.path.join(package, "Sources", "RuntimeBenchmark", "main.swift"))
    write_scratch_package(package, ["API"], executable=("RuntimeBenchmark", "API"))
    print("runtime overhead: building and running (release)…", file=sys.stderr)
    run(["swift", "build", "-c", "release", "--product", "RuntimeBenchmark"], cwd=package)
    _, _, output = run([os.path.join(package, ".build", "release", "RuntimeBenchmark")])
    return json.loads(output.strip().splitlines()[-1])


def build_openapi_generator(scratch):
    """Builds swift-openapi-generator's CLI from the machine's package mirror; None when it cannot be built."""
    package = os.path.join(scratch, "openapi-generator")
    os.makedirs(os.path.join(package, "Sources", "Placeholder"), exist_ok=True)
    with open(os.path.join(package, "Sources", "Placeholder", "main.swift"), "w") as file:
        file.write("// Lets SwiftPM build swift-openapi-generator's CLI as a dependency.\n")
    with open(os.path.join(package, "Package.swift"), "w") as file:
        file.write(
            "// swift-tools-version:6.1\nimport PackageDescription\nlet package = Package(name: \"OpenAPIBench\",\n"
            "    platforms: [.macOS(.v13)],\n"
            f'    dependencies: [.package(url: "https://github.com/apple/swift-openapi-generator", exact: "{OPENAPI_VERSION}")],\n'
            '    targets: [.executableTarget(name: "Placeholder")])\n')
    print(f"building swift-openapi-generator {OPENAPI_VERSION} (release)…", file=sys.stderr)
    run(["swift", "build", "-c", "release", "--product", "swift-openapi-generator"], cwd=package, check=False)
    binary = os.path.join(package, ".build", "release", "swift-openapi-generator")
    if not os.path.exists(binary):
        print("swift-openapi-generator could not be built here; skipping it", file=sys.stderr)
        return None
    return binary


def measure_openapi(binary, document, scratch, size):
    config = os.path.join(scratch, "openapi-generator-config.yaml")
    with open(config, "w") as file:
        file.write("generate:\n  - types\n  - client\naccessModifier: public\n")
    output = os.path.join(scratch, "openapi-out", f"API{size}")
    seconds, peak, lines = measure_generation(
        [binary, "generate", document, "--config", config, "--output-directory", output], output)
    return {"tool": "swift-openapi-generator", "resources": size, "endpoints": size * 5,
            "generate_s": round(seconds, 3), "generate_peak_mb": round(peak, 1), "generated_lines": lines}


def print_table(rows, runtime):
    columns = ["tool", "resources", "endpoints", "generate_s", "generate_peak_mb", "generated_lines",
               "compile_debug_s", "compile_debug_peak_mb", "compile_release_s"]
    widths = [max(len(column), *(len(str(row.get(column, "-"))) for row in rows)) for column in columns]
    print(" | ".join(column.ljust(width) for column, width in zip(columns, widths)))
    print("-+-".join("-" * width for width in widths))
    for row in rows:
        print(" | ".join(str(row.get(column, "-")).ljust(width) for column, width in zip(columns, widths)))
    by_size = {}
    for row in rows:
        by_size.setdefault(row["resources"], {})[row["tool"]] = row
    for size, tools in sorted(by_size.items()):
        if "swift-openapi-generator" in tools and tools["routegen"]["generate_s"] > 0:
            ratio = tools["swift-openapi-generator"]["generate_s"] / tools["routegen"]["generate_s"]
            print(f"{size} resources: routegen generates {ratio:.1f}x faster than swift-openapi-generator")
    if runtime:
        print()
        comparisons = [("request building", "request_building", "request_building"),
                       ("call and decode", "call_and_decode", "call_and_decode"),
                       ("call and decode, same date decoding", "call_and_decode", "call_and_decode_same_dates")]
        for title, generated_key, hand_key in comparisons:
            generated, hand = runtime[f"generated_{generated_key}_ms"], runtime[f"hand_{hand_key}_ms"]
            print(f"runtime {title} ({int(runtime['iterations'])}x): generated {generated:.1f} ms, "
                  f"by hand {hand:.1f} ms, ratio {generated / hand:.2f}")


if __name__ == "__main__":
    main()
