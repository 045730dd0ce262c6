#!/usr/bin/env python3
"""A large API as one module and as modules (`routegen generate --modules`): what a user waits for.

    python3 Benchmarks/modules.py                   # whole Stripe and the 500-endpoint synthetic API
    python3 Benchmarks/modules.py --apis synthetic  # one of them
    python3 Benchmarks/modules.py --per-module      # also each module built alone (its dependencies built)
    python3 Benchmarks/modules.py --layouts modules modules-codable   # what Decodable-only response models save

For each API and each layout, in one run: a cold debug build of the client from an empty build folder (the runtime
built first, untimed) with its wall time and the peak memory of its largest process (a compiler job); then
three edits of the spec, each alone and undone after, regenerated into the built client as `routegen generate`
and the build plugin do (unchanged files are left alone) and rebuilt: one endpoint added to one group, one property
added to a model several groups use (a shared model), one property added to a model one group alone uses (a group's
own model). Each rebuild prints the generation time, the build time and the files compiled again.

Whole Stripe is Tests/OpenAPI/Stripe/stripe.yaml imported whole (468 operations). The synthetic API is
Benchmarks/synthetic.py's (100 resources of 5 endpoints), with a model every resource holds added (`Audit`), so
that it has a shared model to edit. Everything is written under a scratch folder, never in the repository.
"""
import argparse
import os
import re
import shutil
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from benchmark import REPO, count_lines, run  # noqa: E402
from openapi import STRIPE, build_routegen  # noqa: E402
import synthetic  # noqa: E402

# Each layout's arguments of `routegen generate`: none for one module.
LAYOUTS = {"single": None, "modules": [], "modules-codable": ["--response-models", "codable"]}

RUNTIME = f'.product(name: "RouteGenRuntime", package: "{os.path.basename(REPO)}")'


def synthetic_spec():
    """The synthetic API of 500 endpoints, every resource holding the shared `Audit`."""
    spec = synthetic.routegen_spec(100).replace("      tags: [String]\n", "      tags: [String]\n      audit: Audit?\n")
    return spec.replace("endpoints:\n", "  Audit:\n    properties:\n      by: String\nendpoints:\n", 1)


def stripe_spec(routegen, scratch):
    path = os.path.join(scratch, "Stripe.yaml")
    run([routegen, "import", STRIPE, "--name", "Stripe", "--output", path])
    with open(path, encoding="utf-8") as file:
        return file.read()


# Per API: the endpoint added (to the group of the path it names), the shared model and the group's own model
# a property is added to.
EDITS = {
    "Stripe": ("\n  getCustomersBenchmarkCopy:\n    method: GET\n    path: /v1/customers/benchmark_copy\n"
               "    response: Customer\n", "Account", "Customer"),
    "Synthetic": ("\n  getResource7Copy:\n    method: GET\n    path: /resource7/copy\n    response: Resource7\n",
                  "Audit", "Resource7"),
}


def with_property(spec, model):
    start = spec.index("    properties:\n", spec.index(f"\n  {model}:\n")) + len("    properties:\n")
    return spec[:start] + "      benchmark_note: String?\n" + spec[start:]


def write_package(package, targets):
    """`targets`: (name, dependencies, path) each."""
    listed = ",\n        ".join(
        f'.target(name: "{name}", dependencies: [{", ".join([f"{chr(34)}{d}{chr(34)}" for d in deps] + [RUNTIME])}], '
        f'path: "{path}", swiftSettings: [.unsafeFlags(["-warnings-as-errors"])])' for name, deps, path in targets)
    with open(os.path.join(package, "Package.swift"), "w", encoding="utf-8") as file:
        file.write(f"""// swift-tools-version: 6.0
import PackageDescription
let package = Package(
    name: "ModulesBenchmark",
    dependencies: [.package(path: "{REPO}")],
    targets: [
        {listed}
    ],
    swiftLanguageModes: [.v6]
)
""")


def generate(routegen, spec_path, output, modules):
    """`modules`: nil for one module, else the extra arguments of the module layout."""
    command = [routegen, "generate", spec_path, "--output", output] + (modules or [])
    seconds, _, printed = run(command)
    return seconds, printed


def targets_of(printed, output, package):
    """The targets `routegen generate --modules` printed, with paths relative to the package."""
    targets = []
    for line in printed.splitlines():
        match = re.search(r'\.target\(name: "(\w+)", dependencies: \[(.*)\], path: "(.*)"\)', line)
        if match:
            deps = re.findall(r'^"(\w+)"|, "(\w+)"', match.group(2))
            names = [a or b for a, b in deps]
            targets.append((match.group(1), names, os.path.relpath(match.group(3), package)))
    return targets


def compiled(log):
    return len(re.findall(r"^\[\d+/\d+\] Compiling ", log, re.MULTILINE))


def measure(routegen, scratch, label, spec, layout, per_module):
    # `--modules` would keep the synthetic API (800 endpoints and models) one module: ask for its automatic count.
    endpoints = len(re.findall(r"^    method: ", spec, re.MULTILINE))
    modules = None if LAYOUTS[layout] is None else LAYOUTS[layout] + ["--module-count", str(max(1, (endpoints + 39) // 40))]
    package = os.path.join(scratch, f"{label}-{layout}")
    shutil.rmtree(package, ignore_errors=True)
    output = os.path.join(package, "Generated")
    os.makedirs(output)
    spec_path = os.path.join(package, f"{label}.yaml")
    with open(spec_path, "w", encoding="utf-8") as file:
        file.write(spec)
    _, printed = generate(routegen, spec_path, output, modules)
    targets = targets_of(printed, output, package) if modules is not None else [(label + "Client", [], "Generated")]
    if not targets:
        sys.exit(f"{label}, {layout}: routegen printed no targets")
    write_package(package, targets)
    run(["swift", "build", "--target", "RouteGenRuntime"], cwd=package)
    cold, peak, _ = run(["swift", "build"], cwd=package)
    lines = count_lines(output)
    print(f"\n### {label}, {layout}: {len(targets)} target(s), {lines:,} lines\n", flush=True)
    print(f"cold debug build: {cold:.1f} s, peak {peak:.0f} MB (largest process)")
    if per_module and modules is not None:
        alone = os.path.join(scratch, f"{label}-alone")
        print("\n| module | lines | cold build alone (dependencies built) | peak |\n|---|---|---|---|")
        run(["swift", "build", "--scratch-path", alone, "--target", "RouteGenRuntime"], cwd=package)
        for name, _, path in targets:
            seconds, module_peak, _ = run(["swift", "build", "--scratch-path", alone, "--target", name], cwd=package)
            print(f"| {name} | {count_lines(os.path.join(package, path)):,} | {seconds:.1f} s | {module_peak:.0f} MB |")
        shutil.rmtree(alone, ignore_errors=True)
    endpoint, shared, own = EDITS[label]
    edits = [("one endpoint added to one group", spec.rstrip("\n") + endpoint + "\n"),
             (f"one property added to a shared model ({shared})", with_property(spec, shared)),
             (f"one property added to a group's own model ({own})", with_property(spec, own))]
    print("\n| edit | generation | files compiled again | build | total |\n|---|---|---|---|---|")
    for edit, text in edits:
        for content, timed in ((text, True), (spec, False)):
            with open(spec_path, "w", encoding="utf-8") as file:
                file.write(content)
            generation, _ = generate(routegen, spec_path, output, modules)
            build, _, log = run(["swift", "build"], cwd=package)
            if timed:
                print(f"| {edit} | {generation:.1f} s | {compiled(log)} | {build:.1f} s | {generation + build:.1f} s |")
    return cold


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--apis", nargs="+", choices=["stripe", "synthetic"], default=["stripe", "synthetic"])
    parser.add_argument("--per-module", action="store_true", help="also build each module alone")
    parser.add_argument("--layouts", nargs="+", choices=list(LAYOUTS), default=["single", "modules", "modules-codable"],
                        help="modules-codable: modules with --response-models codable")
    parser.add_argument("--scratch", help="scratch folder (default: a new temporary one)")
    parser.add_argument("--routegen", help="a routegen binary to use (default: this checkout's, built in release)")
    arguments = parser.parse_args()
    scratch = arguments.scratch or tempfile.mkdtemp(prefix="routegen-modules-")
    os.makedirs(scratch, exist_ok=True)
    routegen = arguments.routegen or build_routegen("release")
    for api in arguments.apis:
        label, spec = ("Stripe", stripe_spec(routegen, scratch)) if api == "stripe" else ("Synthetic", synthetic_spec())
        cold = {layout: measure(routegen, scratch, label, spec, layout, arguments.per_module)
                for layout in arguments.layouts}
        for layout in cold:
            if layout != "single" and "single" in cold:
                print(f"\n{label}: cold build, {layout} / one module: {cold[layout] / cold['single']:.2f}x")
        if "modules" in cold and "modules-codable" in cold:
            print(f"{label}: cold build, modules / modules with Codable response models: {cold['modules'] / cold['modules-codable']:.2f}x")


if __name__ == "__main__":
    main()
