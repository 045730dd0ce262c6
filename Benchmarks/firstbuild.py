#!/usr/bin/env python3
"""Where the seconds of a first build go: one generated target built as a new user builds it, job by job.

    python3 Benchmarks/firstbuild.py --api synthetic          # the 500-endpoint API (synthetic, 100 resources)
    python3 Benchmarks/firstbuild.py --api stripe             # whole Stripe, imported from its OpenAPI document
    python3 Benchmarks/firstbuild.py --api synthetic --variant default --variant no-index-store --variant j1
    python3 Benchmarks/firstbuild.py --api stripe --sources DIR   # code generated before (e.g. by another revision)

For each variant, in a scratch folder of its own that nothing was built in before (`--scratch-path`):

1. `swift package resolve`, then `swift build --target RouteGenRuntime`: what comes before the generated target
   (the runtime, its dependencies, the manifests), timed apart;
2. **cold**: the generated target's first build, the figure a user waits for;
3. **touched**: every source file touched, built again: the figure a "full rebuild" usually means. The frontend
   runs again for every file, but LLVM does not: the compiler keeps a hash of each file's LLVM IR in its object
   file and skips code generation when the new IR hashes the same;
4. **objects removed**: every object file of the target removed, sources touched, built again: the cold build's
   work without what is made once per scratch folder (manifests, build plan, module cache, index store units).

Every compiler process is run through a small wrapper (`-driver-use-frontend-path`) that records, per process,
its kind (the job that emits the module, a batch of files, module wrapping), wall time, CPU time and peak memory:
CPU seconds barely move with the machine's load when wall seconds double, so compare those. The load average is
printed with each step. It prints numbers and asserts nothing about them.

Variants (SwiftPM flags or compiler flags a user can set, `-Xswiftc` or `unsafeFlags` in the target's manifest):
"""
import argparse
import json
import os
import shlex
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import synthetic  # noqa: E402
from benchmark import REPO, count_lines  # noqa: E402

STRIPE = os.path.join(REPO, "Tests", "OpenAPI", "Stripe", "stripe.yaml")

# Each variant: the extra `swift build` arguments a user would pass, and the flags of the generated target's
# `swiftSettings: [.unsafeFlags([…])]` (which apply to that target alone; a package with unsafe flags can be a root
# or a local dependency, not a versioned one).
VARIANTS = {
    "default": ([], []),
    "no-index-store": (["--disable-index-store"], []),
    "j1": (["-j", "1"], []),
    "wmo": ([], ["-wmo"]),
    "wmo-no-index-store": (["--disable-index-store"], ["-wmo"]),
    "no-emit-module-separately": ([], ["-no-emit-module-separately"]),
}
__doc__ += "".join(f"\n    {name}: {' '.join(flags) or '-'}; target flags: {' '.join(unsafe) or '-'}"
                   for name, (flags, unsafe) in VARIANTS.items()) + "\n"

WRAPPER = """#!/bin/sh
# Runs the compiler, appending its wall, user and system seconds, peak memory (KB), start time and arguments to
# $FRONTEND_LOG.
exec /usr/bin/time -a -o "$FRONTEND_LOG" -f "%e %U %S %M $(date +%s.%N) $*" {frontend} "$@"
"""


def load():
    with open("/proc/loadavg") as file:
        return file.read().split()[0]


def swift(arguments, cwd, log=None, env=None):
    """Runs `swift …`; returns its wall seconds (exits on failure)."""
    start = time.monotonic()
    result = subprocess.run(["swift"] + arguments, cwd=cwd, capture_output=True, text=True,
                            env={**os.environ, **(env or {})})
    seconds = time.monotonic() - start
    if log:
        with open(log, "w") as file:
            file.write(result.stdout + result.stderr)
    if result.returncode != 0:
        errors = [line for line in (result.stdout + result.stderr).splitlines() if "error:" in line]
        raise BuildFailure(f"swift {' '.join(arguments[:3])}…: " + ("; ".join(sorted(set(errors))[:3]) or
                                                                   result.stderr[-500:]))
    return seconds


class BuildFailure(Exception):
    """A `swift` command that failed, with its error lines."""


def job_kind(arguments):
    """A compiler process's kind, from its arguments."""
    if "-modulewrap" in arguments:
        return "module wrap"
    if "-emit-module" in arguments and "-c" not in arguments:
        return "emit-module"
    primaries = arguments.count("-primary-file")
    files = sum(1 for argument in arguments if argument.endswith(".swift"))
    if primaries:
        return f"batch of {primaries} files"
    return f"whole module ({files} files)"


def read_jobs(path, target):
    """The compiler processes of `path` (the wrapper's log) that compiled `target`."""
    jobs = []
    if not os.path.exists(path):
        return jobs
    with open(path) as file:
        for line in file:
            parts = line.split(" ", 5)
            if len(parts) < 6 or not parts[0].replace(".", "").isdigit():
                continue  # a line /usr/bin/time adds when a process fails or is signalled
            arguments = shlex.split(parts[5])
            if "-module-name" not in arguments or arguments[arguments.index("-module-name") + 1] != target:
                continue
            jobs.append({"kind": job_kind(arguments), "wall": float(parts[0]), "start": float(parts[4]),
                         "cpu": float(parts[1]) + float(parts[2]), "peak_mb": int(parts[3]) / 1024})
    return jobs


def write_package(package, target, sources, unsafe_flags=()):
    shutil.rmtree(package, ignore_errors=True)
    shutil.copytree(sources, os.path.join(package, "Sources", target))
    with open(os.path.join(package, "Package.swift"), "w") as file:
        file.write(
            "// swift-tools-version:6.1\nimport PackageDescription\n\nlet package = Package(\n"
            '    name: "FirstBuild",\n'
            f'    dependencies: [.package(name: "RouteGen", path: "{REPO}")],\n'
            f'    targets: [.target(name: "{target}", '
            'dependencies: [.product(name: "RouteGenRuntime", package: "RouteGen")]'
            + (f", swiftSettings: [.unsafeFlags({json.dumps(list(unsafe_flags))})]" if unsafe_flags else "") + ")],\n"
            "    swiftLanguageModes: [.v6]\n)\n")


def generate(api, scratch):
    """Generates the API's client with this checkout's `routegen`; returns (target name, sources folder)."""
    swift(["build", "--product", "routegen"], cwd=REPO)
    routegen = os.path.join(REPO, ".build", "debug", "routegen")
    if api == "stripe":
        spec = os.path.join(scratch, "Stripe.yaml")
        subprocess.run([routegen, "import", STRIPE, "--name", "Stripe", "--output", spec], check=True,
                       capture_output=True)
        target = "StripeClient"
    else:
        spec = os.path.join(scratch, "synthetic-100.yaml")
        with open(spec, "w") as file:
            file.write(synthetic.routegen_spec(100))
        target = "API100"
    output = os.path.join(scratch, "generated", target)
    shutil.rmtree(output, ignore_errors=True)
    subprocess.run([routegen, "generate", spec, "--output", output], check=True, capture_output=True)
    return target, output


def measure_variant(name, target, sources, scratch, wrapper, steps):
    """One variant's four steps, each scratch folder new; prints a line per step and per job kind."""
    package = os.path.join(scratch, f"package-{name}")
    build = os.path.join(scratch, f"build-{name}")
    shutil.rmtree(build, ignore_errors=True)
    flags, unsafe_flags = VARIANTS[name]
    write_package(package, target, sources, unsafe_flags)
    frontend = ["-Xswiftc", "-driver-use-frontend-path", "-Xswiftc", wrapper]
    common = ["--scratch-path", build]
    logs = os.path.join(scratch, f"logs-{name}")
    shutil.rmtree(logs, ignore_errors=True)
    os.makedirs(logs)
    before = load()
    resolve = swift(["package"] + common + ["resolve"], cwd=package)
    # The same flags as the target's builds, the wrapper's too: any other flag would compile the runtime again.
    runtime = swift(["build"] + common + flags + frontend + ["--target", "RouteGenRuntime"], cwd=package,
                    env={"FRONTEND_LOG": os.path.join(logs, "runtime.jobs")})
    print(f"{name}: resolve {resolve:.1f} s, RouteGenRuntime and its dependencies {runtime:.1f} s (load {before})")
    objects = os.path.join(build, "debug", f"{target}.build")
    for step in steps:
        if step != "cold":
            for root, _, names in os.walk(os.path.join(package, "Sources")):
                for file in names:
                    os.utime(os.path.join(root, file))
        if step == "objects removed":
            for file in os.listdir(objects):
                if file.endswith(".o"):
                    os.remove(os.path.join(objects, file))
        jobs_log = os.path.join(logs, step.replace(" ", "-") + ".jobs")
        before, started = load(), time.time()
        seconds = swift(["build"] + common + flags + frontend + ["--target", target, "-v"], cwd=package,
                        log=os.path.join(logs, step.replace(" ", "-") + ".log"), env={"FRONTEND_LOG": jobs_log})
        jobs = read_jobs(jobs_log, target)
        print(f"  {step}: {seconds:.1f} s wall, {sum(j['cpu'] for j in jobs):.1f} s CPU in {len(jobs)} compiler "
              f"processes, largest {max((j['peak_mb'] for j in jobs), default=0):.0f} MB (load {before} -> {load()})")
        for job in jobs:
            print(f"    {job['kind']}: {job['wall']:.1f} s wall from {job['start'] - started:.1f} s, "
                  f"{job['cpu']:.1f} s CPU, {job['peak_mb']:.0f} MB")
        if jobs:
            first, last = min(j["start"] for j in jobs), max(j["start"] + j["wall"] for j in jobs)
            print(f"    before the first compiler process (planning): {first - started:.1f} s; after the last: "
                  f"{started + seconds - last:.1f} s")
    with open(os.path.join(logs, "cold.log")) as file:
        command = next((line for line in file if "-module-name " + target in line and "swiftc" in line), "")
    settings = [flag for flag in ["-index-store-path", "-enable-testing", "-enable-batch-mode", "-wmo",
                                  "-whole-module-optimization", "-no-emit-module-separately"] if flag in command]
    print(f"  the driver's settings for {target}: {' '.join(settings)}")
    shutil.rmtree(build, ignore_errors=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--api", choices=["synthetic", "stripe"], default="synthetic")
    parser.add_argument("--sources", help="a generated client to build instead of generating one (its folder name "
                                          "is the target's name)")
    parser.add_argument("--variant", action="append", choices=sorted(VARIANTS), help="default: default")
    parser.add_argument("--rounds", type=int, default=1, help="how many times the variants take turns")
    parser.add_argument("--cold-only", action="store_true", help="the cold build alone, no rebuilds")
    parser.add_argument("--scratch", help="scratch folder (default: a new temporary one)")
    arguments = parser.parse_args()
    scratch = arguments.scratch or tempfile.mkdtemp(prefix="routegen-firstbuild-")
    os.makedirs(scratch, exist_ok=True)
    print(f"scratch folder: {scratch}", file=sys.stderr)
    if arguments.sources:
        target, sources = os.path.basename(os.path.normpath(arguments.sources)), arguments.sources
    else:
        target, sources = generate(arguments.api, scratch)
    print(f"{target}: {count_lines(sources):,} lines in {len(os.listdir(sources))} files, {os.cpu_count()} cores")
    wrapper = os.path.join(scratch, "swift-frontend")
    with open(wrapper, "w") as file:
        file.write(WRAPPER.format(frontend=shutil.which("swift-frontend") or "swift-frontend"))
    os.chmod(wrapper, 0o755)
    for _ in range(arguments.rounds):
        for name in arguments.variant or ["default"]:
            try:
                measure_variant(name, target, sources, scratch, wrapper,
                                ["cold"] if arguments.cold_only else ["cold", "touched", "objects removed"])
            except BuildFailure as failure:
                print(f"{name}: failed: {failure}")


if __name__ == "__main__":
    main()
