#!/usr/bin/env python3
"""RouteGen's benchmark: compile time of the generated code, generation speed, runtime overhead.

    python3 Benchmarks/benchmark.py                      # every size, RouteGen only
    python3 Benchmarks/benchmark.py --with-openapi       # also swift-openapi-generator, side by side
    python3 Benchmarks/benchmark.py --unsplit            # also the middle size in one file per kind (--split 1)
    python3 Benchmarks/benchmark.py --handwritten        # also the same API written by hand: the floor
    python3 Benchmarks/benchmark.py --sizes 10 --no-compile --no-runtime --configuration debug   # CI's smoke run
    python3 Benchmarks/benchmark.py --json results.json  # also write the results as JSON

The headline figure is the cold build: the generated target's first build in a scratch package, in a build folder
of its own (`--scratch-path`) where nothing was built before but its dependencies (RouteGenRuntime, or
swift-openapi-runtime), built just before, untimed, as a clean CI or Xcode build sees it; with the peak memory of
its largest process and the size of its object code (text + data). A rebuild
of every file follows. Generation is timed with a release and a debug `routegen` (the build plugin runs a debug
one in a debug build). Everything is built and written under a scratch folder (default: a new temporary one),
never in the repo.
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
OPENAPI_RUNTIME_VERSION = "1.13.4"


def run(command, cwd=None, check=True, env=None):
    """Runs a command (with `env` added to this process's environment); returns (seconds, peak RSS in MB of it and
    its children, standard output)."""
    timed = ["/usr/bin/time", "-f", "__PEAK_KB__ %M"] + command
    start = time.monotonic()
    result = subprocess.run(timed, cwd=cwd, capture_output=True, text=True, env={**os.environ, **(env or {})})
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


def write_scratch_package(root, targets, executable=None, openapi=False):
    """A package with one library target per generated folder: depending on RouteGen by path, or, with `openapi`,
    on swift-openapi-runtime (what swift-openapi-generator's code imports)."""
    if openapi:
        dependency = f'.package(url: "https://github.com/apple/swift-openapi-runtime", exact: "{OPENAPI_RUNTIME_VERSION}")'
        product = '.product(name: "OpenAPIRuntime", package: "swift-openapi-runtime")'
    else:
        dependency = f'.package(name: "RouteGen", path: "{REPO}")'
        product = '.product(name: "RouteGenRuntime", package: "RouteGen")'
    target_lines = [f'        .target(name: "{name}", dependencies: [{product}]),' for name in targets]
    if executable:
        target_lines.append(
            f'        .executableTarget(name: "{executable[0]}", dependencies: ["{executable[1]}", {product}]),')
    with open(os.path.join(root, "Package.swift"), "w") as file:
        file.write(
            "// swift-tools-version:6.1\nimport PackageDescription\n\nlet package = Package(\n"
            '    name: "Bench",\n    platforms: [.macOS(.v13)],\n'
            f"    dependencies: [{dependency}],\n"
            "    targets: [\n" + "\n".join(target_lines) + "\n    ],\n    swiftLanguageModes: [.v6]\n)\n")


def object_text_mb(package, configuration, target, scratch_path=None):
    """The code and data of a target's object files (`size`'s text + data), in MB."""
    where = ["--scratch-path", scratch_path] if scratch_path else []
    _, _, out = run(["swift", "build", "-c", configuration, "--show-bin-path"] + where, cwd=package)
    folder = os.path.join(out.strip(), f"{target}.build")
    objects = [os.path.join(folder, name) for name in os.listdir(folder) if name.endswith(".o")]
    _, _, sizes = run(["size"] + objects)
    total = sum(int(line.split()[0]) + int(line.split()[1]) for line in sizes.splitlines()[1:] if line.strip())
    return total / 1e6


def compile_target(package, target, configuration, dependency, rebuilds=1):
    """What a user waits for: the cold build of `target`, its first build in a scratch folder of its own that
    nothing was built in before but its dependency `dependency` (built untimed just before: the manifests, the
    build plan and the dependency's module are what a user's first build of the target finds), then `rebuilds`
    rebuilds of every file (sources touched). Returns the cold seconds, their peak memory (the largest process, in
    MB), the object code size, and every rebuild's seconds. The scratch folder is removed after, so no figure
    depends on what an earlier build left."""
    scratch_path = os.path.join(package, f".build-{target}-{configuration}")
    shutil.rmtree(scratch_path, ignore_errors=True)
    where = ["--scratch-path", scratch_path]
    try:
        run(["swift", "build", "-c", configuration, "--target", dependency] + where, cwd=package)
        cold, peak, _ = run(["swift", "build", "-c", configuration, "--target", target] + where, cwd=package)
        result = {"cold_s": round(cold, 1), "peak_mb": round(peak),
                  "object_mb": round(object_text_mb(package, configuration, target, scratch_path), 1)}
        sources = os.path.join(package, "Sources", target)
        rebuild_times = []
        for _ in range(rebuilds):
            for root, _, names in os.walk(sources):
                for name in names:
                    os.utime(os.path.join(root, name))
            seconds, _, _ = run(["swift", "build", "-c", configuration, "--target", target] + where, cwd=package)
            rebuild_times.append(round(seconds, 1))
        result["rebuild_s"] = rebuild_times
        return result
    finally:
        shutil.rmtree(scratch_path, ignore_errors=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", default="10,100,400", help="resource counts (5 endpoints each)")
    parser.add_argument("--no-compile", action="store_true", help="skip compiling the generated code")
    parser.add_argument("--no-runtime", action="store_true", help="skip the runtime overhead measurement")
    parser.add_argument("--with-openapi", action="store_true", help=f"also measure swift-openapi-generator {OPENAPI_VERSION}")
    parser.add_argument("--openapi-compile-sizes", default="10,100",
                        help="sizes whose swift-openapi-generator code is compiled (debug; release at the smallest)")
    parser.add_argument("--release-sizes", default="10,100", help="sizes whose RouteGen code is also compiled in release")
    parser.add_argument("--unsplit", action="store_true",
                        help="also compile RouteGen's code of the middle size with one file per kind (--split 1)")
    parser.add_argument("--scratch", help="folder for generated code and scratch packages")
    parser.add_argument("--configuration", default="release", choices=["release", "debug"],
                        help="how routegen itself is built for the table (debug only for smoke runs); both are timed")
    parser.add_argument("--handwritten", action="store_true",
                        help="also compile the same API written by hand (synthetic.handwritten_swift), the floor")
    parser.add_argument("--json", help="also write the results to this file")
    arguments = parser.parse_args()
    sizes = [int(size) for size in arguments.sizes.split(",")]
    scratch = arguments.scratch or tempfile.mkdtemp(prefix="routegen-bench-")
    os.makedirs(scratch, exist_ok=True)
    print(f"scratch folder: {scratch}", file=sys.stderr)

    configurations = ["debug"] if arguments.configuration == "debug" else ["release", "debug"]
    routegens = {}
    for configuration in configurations:
        print(f"building routegen ({configuration})…", file=sys.stderr)
        run(["swift", "build", "-c", configuration, "--product", "routegen"], cwd=REPO)
        routegens[configuration] = os.path.join(REPO, ".build", configuration, "routegen")
    routegen = routegens[arguments.configuration]
    openapi = build_openapi_generator(scratch) if arguments.with_openapi else None

    rows = []
    packages = {name: os.path.join(scratch, name) for name in ["routegen-debug", "routegen-release", "openapi-debug", "openapi-release"]}
    for package in packages.values():
        os.makedirs(os.path.join(package, "Sources"), exist_ok=True)
    for size in sizes:
        spec = os.path.join(scratch, f"synthetic-{size}.yaml")
        document = os.path.join(scratch, f"openapi-{size}.yaml")
        with open(spec, "w") as file:
            file.write(synthetic.routegen_spec(size))
        with open(document, "w") as file:
            file.write(synthetic.openapi_document(size))
        output = os.path.join(scratch, "generated", f"API{size}")
        print(f"{size} resources: generating…", file=sys.stderr)
        row = {"tool": "routegen", "resources": size, "endpoints": size * 5}
        for configuration, binary in routegens.items():
            seconds, peak, lines = measure_generation([binary, "generate", spec, "--output", output], output)
            row[f"generate_{configuration}_s"], row[f"generate_{configuration}_peak_mb"] = round(seconds, 3), round(peak, 1)
        row["generated_lines"], row["generated_files"] = lines, len(os.listdir(output))
        for package in ["routegen-debug", "routegen-release"]:
            replace_folder(output, os.path.join(packages[package], "Sources", f"API{size}"))
        rows.append(row)
        if arguments.handwritten:
            rows.append(write_handwritten(size, packages))
        if openapi:
            rows.append(measure_openapi(openapi, document, scratch, size, packages))
    middle = sizes[len(sizes) // 2]
    if arguments.unsplit:
        output = os.path.join(packages["routegen-debug"], "Sources", f"API{middle}Unsplit")
        run([routegen, "generate", os.path.join(scratch, f"synthetic-{middle}.yaml"), "--output", output, "--split", "1"])
        rows.append({"tool": "routegen --split 1", "resources": middle, "endpoints": middle * 5,
                     "generated_lines": count_lines(output), "generated_files": len(os.listdir(output))})

    if not arguments.no_compile:
        compile_rows(rows, packages, arguments, sizes, middle)

    runtime = None if arguments.no_runtime else measure_runtime(scratch, routegen)
    print_table(rows, runtime)
    if arguments.json:
        with open(arguments.json, "w") as file:
            json.dump({"rows": rows, "runtime": runtime}, file, indent=2, sort_keys=True)


def write_handwritten(size, packages):
    """The hand-written API of `size` resources, as target `Hand<size>` of both RouteGen packages."""
    files = synthetic.handwritten_swift(size)
    for package in ["routegen-debug", "routegen-release"]:
        folder = os.path.join(packages[package], "Sources", f"Hand{size}")
        shutil.rmtree(folder, ignore_errors=True)
        os.makedirs(folder)
        for name, text in files.items():
            with open(os.path.join(folder, name), "w") as file:
                file.write(text)
    return {"tool": "hand-written", "resources": size, "endpoints": size * 5,
            "generated_lines": sum(text.count("\n") for text in files.values()), "generated_files": len(files)}


def compile_rows(rows, packages, arguments, sizes, middle):
    """Compiles every row's code cold (and once more as a rebuild), RouteGen's and swift-openapi-generator's
    taking turns size by size, so that both see the same machine."""
    release_sizes = {int(size) for size in arguments.release_sizes.split(",")}
    openapi_sizes = {int(size) for size in arguments.openapi_compile_sizes.split(",")}
    hand_targets = [f"Hand{size}" for size in sizes] if arguments.handwritten else []
    routegen_targets = [f"API{size}" for size in sizes] + ([f"API{middle}Unsplit"] if arguments.unsplit else [])
    write_scratch_package(packages["routegen-debug"], routegen_targets + hand_targets)
    write_scratch_package(packages["routegen-release"], [f"API{size}" for size in sizes] + hand_targets)
    write_scratch_package(packages["openapi-debug"], [f"OpenAPI{size}" for size in sizes])
    write_scratch_package(packages["openapi-release"], [f"OpenAPI{size}" for size in sizes], openapi=True)
    write_scratch_package(packages["openapi-debug"], [f"OpenAPI{size}" for size in sizes], openapi=True)
    for row in rows:
        size, tool = row["resources"], row["tool"]
        if tool == "swift-openapi-generator" and size not in openapi_sizes:
            continue
        if tool == "routegen":
            target, dependency, prefix = f"API{size}", "RouteGenRuntime", "routegen"
        elif tool == "routegen --split 1":
            target, dependency, prefix = f"API{size}Unsplit", "RouteGenRuntime", "routegen"
        elif tool == "hand-written":
            target, dependency, prefix = f"Hand{size}", "RouteGenRuntime", "routegen"
        else:
            target, dependency, prefix = f"OpenAPI{size}", "OpenAPIRuntime", "openapi"
        print(f"{size} resources, {tool}: compiling (debug)…", file=sys.stderr)
        row["debug"] = compile_target(packages[f"{prefix}-debug"], target, "debug", dependency)
        if (tool in ("routegen", "hand-written") and size in release_sizes) or (prefix == "openapi" and size == min(openapi_sizes)):
            print(f"{size} resources, {tool}: compiling (release)…", file=sys.stderr)
            row["release"] = compile_target(packages[f"{prefix}-release"], target, "release", dependency, rebuilds=0)


def measure_runtime(scratch, routegen):
    """Builds Benchmarks/RuntimeBenchmark in release next to the 10-resource API and runs it."""
    package = os.path.join(scratch, "runtime")
    shutil.rmtree(package, ignore_errors=True)
    os.makedirs(os.path.join(package, "Sources", "RuntimeBenchmark"))
    spec = os.path.join(scratch, "runtime-synthetic.yaml")
    with open(spec, "w") as file:
        file.write(synthetic.routegen_spec(10))
    run([routegen, "generate", spec, "--output", os.path.join(package, "Sources", "API")])
    for source in ["RuntimeBenchmark/main.swift", "HandResource.swift"]:
        shutil.copy(os.path.join(REPO, "Benchmarks", source), os.path.join(package, "Sources", "RuntimeBenchmark"))
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


def replace_folder(source, destination):
    """`destination` made a copy of `source`: no file of an earlier run is left to be compiled with the new ones."""
    shutil.rmtree(destination, ignore_errors=True)
    shutil.copytree(source, destination)


def measure_openapi(binary, document, scratch, size, packages):
    config = os.path.join(scratch, "openapi-generator-config.yaml")
    with open(config, "w") as file:
        file.write("generate:\n  - types\n  - client\naccessModifier: public\n")
    output = os.path.join(scratch, "openapi-out", f"OpenAPI{size}")
    seconds, peak, lines = measure_generation(
        [binary, "generate", document, "--config", config, "--output-directory", output], output)
    for package in ["openapi-debug", "openapi-release"]:
        replace_folder(output, os.path.join(packages[package], "Sources", f"OpenAPI{size}"))
    return {"tool": "swift-openapi-generator", "resources": size, "endpoints": size * 5,
            "generate_release_s": round(seconds, 3), "generate_release_peak_mb": round(peak, 1),
            "generated_lines": lines, "generated_files": len(os.listdir(output))}


def print_table(rows, runtime):
    """A Markdown table: cold builds first, then rebuilds, generation and sizes; then ratios measured in this run."""
    def cell(row, configuration, key, unit=""):
        value = row.get(configuration, {}).get(key)
        if value is None:
            return "-"
        if isinstance(value, list):
            return ", ".join(f"{item} s" for item in value) or "-"
        return f"{value:,}{unit}" if isinstance(value, int) else f"{value}{unit}"

    print("| tool | endpoints | cold debug build | its peak | object code | rebuild | cold release build | "
          "generate (release / debug tool) | lines | files |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for row in rows:
        generate = f"{row['generate_release_s']} s" if "generate_release_s" in row else "-"
        if "generate_debug_s" in row:
            generate += f" / {row['generate_debug_s']} s"
        print(f"| {row['tool']} | {row['endpoints']:,} | {cell(row, 'debug', 'cold_s', ' s')} | "
              f"{cell(row, 'debug', 'peak_mb', ' MB')} | {cell(row, 'debug', 'object_mb', ' MB')} | "
              f"{cell(row, 'debug', 'rebuild_s')} | {cell(row, 'release', 'cold_s', ' s')} | {generate} | "
              f"{row['generated_lines']:,} | {row['generated_files']} |")
    by_size = {}
    for row in rows:
        by_size.setdefault(row["resources"], {})[row["tool"]] = row
    print()
    for size, tools in sorted(by_size.items()):
        ours, theirs = tools.get("routegen"), tools.get("swift-openapi-generator")
        if not ours or not theirs:
            continue
        ratios = [f"generation {theirs['generate_release_s'] / ours['generate_release_s']:.1f}x faster (release tool)"]
        if "generate_debug_s" in ours:
            ratios.append(f"{theirs['generate_release_s'] / ours['generate_debug_s']:.1f}x (debug tool)")
        for configuration in ["debug", "release"]:
            if configuration in ours and configuration in theirs:
                ratios.append(f"cold {configuration} build {theirs[configuration]['cold_s'] / ours[configuration]['cold_s']:.1f}x faster, "
                              f"peak memory {theirs[configuration]['peak_mb'] / ours[configuration]['peak_mb']:.1f}x less")
        print(f"{size * 5} endpoints, routegen against swift-openapi-generator: " + "; ".join(ratios))
    for size, tools in sorted(by_size.items()):
        ours, hand = tools.get("routegen"), tools.get("hand-written")
        if not ours or not hand:
            continue
        ratios = [f"cold {configuration} build {ours[configuration]['cold_s'] / hand[configuration]['cold_s']:.2f}x the floor"
                  for configuration in ["debug", "release"] if configuration in ours and configuration in hand]
        print(f"{size * 5} endpoints, routegen against the same API written by hand: " + "; ".join(ratios))
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
