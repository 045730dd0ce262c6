#!/usr/bin/env python3
"""Where the lines and the seconds of compiling a generated client go, per kind of generated construct.

    python3 Benchmarks/breakdown.py --api synthetic        # the 500-endpoint API (synthetic, 100 resources)
    python3 Benchmarks/breakdown.py --api stripe           # whole Stripe, imported from its OpenAPI document
    python3 Benchmarks/breakdown.py --sources DIR          # a client generated before (its folder names the target)
    python3 Benchmarks/breakdown.py --sources DIR --lines-only   # the lines alone, nothing compiled

The client is built once, cold, in a scratch folder of its own (the runtime built first), with the compiler's own
timers on: `-stats-output-dir` (each compiler process's phases: type checking, SILGen, SIL optimization, IRGen,
and what is left of its CPU time, mostly LLVM), and `-debug-time-function-bodies` (the type checking of each function
body, with its name and location; `-debug-time-expression-type-checking` prints nothing in Swift 6.3). Then:

- **lines**: every line of the generated code is given the construct it belongs to, by where it stands (the
  declaration whose braces hold it: a model's `init(from:)`, an enum, the route enum's extension that builds
  requests…); blank lines are left out, doc comments are their own construct;
- **type checking**: each function body's time is given the construct of its line (the
  compiler-synthesized ones, which have no line, by their name: `hash(into:)`, `CodingKeys`…); the timers are
  wall-clock and count the bodies the compiler synthesizes and checks during SILGen too, so they share out the
  phase's CPU seconds rather than being added up;
- **code generation** (SILGen, SIL optimization, IRGen, LLVM: more than half of a debug build): the compiler has no
  per-function timer for these phases, so their seconds are shared out in proportion to each construct's machine
  code in the object files (`nm` sizes of functions, demangled, given a construct by their name). That is an
  estimate, named as one in the table.

It also prints, for the candidates of generating less (issue 55), what they hold: models no operation reaches,
models written twice with the same body, `encode(to:)` of models that are also `Decodable`, `Hashable`. It prints
numbers and asserts nothing about them. The figures are CPU seconds summed over the compiler processes (the job
that emits the module apart), so they do not add up to the wall time of a two-core build.
"""
import argparse
import collections
import glob
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from firstbuild import generate, swift, write_package  # noqa: E402

WRAPPER = """#!/bin/sh
# Runs the compiler with its standard error in $TIMER_DIR/<pid>.err and its arguments in <pid>.args.
printf '%s\\n' "$*" > "$TIMER_DIR/$$.args"
exec {frontend} "$@" 2> "$TIMER_DIR/$$.err"
"""

CONSTRUCTS = [
    "models: stored properties", "models: init", "models: coding keys", "models: init(from:)",
    "models: encode(to:)", "models: Hashable", "models: value witnesses, outlined copies, metadata", "unions", "enums",
    "routes (APIRoute)", "request building (descriptors)", "handler protocol", "handler methods: arguments",
    "handler methods: defaults", "handler methods: sending", "handler (RequestHandler)", "mocks",
    "doc comments", "environment, namespace", "file scaffolding (imports, extension lines)", "other",
]


# Lines ---------------------------------------------------------------------------------------------------------

def strip_strings(line):
    return re.sub(r'"(?:[^"\\]|\\.)*"', '""', line)


DECLARATION = re.compile(r"\b(struct|enum|protocol|class|init|func|var)\b\s*([\w`]*)")


def block_kind(header, parent, mock):
    """The construct a block whose header is `header` opens, inside a block of kind `parent`."""
    if mock:
        return "mocks"
    text = " ".join(header.split())
    if parent is None:
        if re.search(r"\bextension \w+\.APIRoute\b", text):
            return "request building (descriptors)"
        if re.search(r"\bextension \w+\.RequestHandling\b", text):
            return "handler methods: defaults"
        if re.search(r"\bextension \w+\.RouteSending\b", text):
            return "handler methods: sending"
        if re.search(r"\bextension \w+\.RequestHandler\b", text):
            return "handler (RequestHandler)"
        if re.match(r"(@\S+ )?extension \w+ \{$", text):
            return "namespace"
        return "other"
    if parent in ("namespace", "model"):
        # The header holds the lines since the last brace: the declaration is its last one.
        declarations = list(DECLARATION.finditer(text))
        keyword, name = declarations[-1].groups() if declarations else ("", "")
        text = text[declarations[-1].start():] if declarations else text
        if parent == "model":
            if "init(from decoder" in text:
                return "models: init(from:)"
            if "func encode(to encoder" in text:
                return "models: encode(to:)"
            if re.search(r"func ==|func hash\(into", text):
                return "models: Hashable"
            if name == "CodingKeys":
                return "models: coding keys"
            if keyword == "init" or text.startswith("public init(") or text.startswith("init("):
                return "models: init"
        if keyword == "enum" and name == "APIRoute":
            return "routes (APIRoute)"
        if keyword == "protocol" and name == "RequestHandling":
            return "handler protocol"
        if keyword == "enum" and name == "Arguments":
            return "handler methods: arguments"
        if name in ("RouteSending", "RequestHandler"):
            return "handler (RequestHandler)"
        if name == "Environment":
            return "environment, namespace"
        if keyword == "struct" and re.search(r"\b(Codable|Encodable|Decodable)\b", text):
            return "model"
        if keyword == "enum" and "RawRepresentable" in text:
            return "enums"
        if keyword == "enum" and re.search(r"\b(Codable|Encodable|Decodable)\b", text):
            return "unions"
        return "models: value witnesses, outlined copies, metadata" if parent == "model" else "other"
    return parent


def line_kind(block):
    """The construct of a line that opens or closes a block of kind `block`."""
    return {"namespace": "file scaffolding (imports, extension lines)",
            "model": "models: value witnesses, outlined copies, metadata"}.get(block, block)


def classify_lines(path):
    """Each line's construct (None for a blank line), and the type declared by each model/enum/union block."""
    mock = path.endswith("+Mock.swift")
    kinds, stack, header = [], [], []
    with open(path, encoding="utf-8") as file:
        lines = file.read().split("\n")
    for raw in lines:
        line = raw.strip()
        code = strip_strings(line)
        parent = stack[-1] if stack else None
        if not line:
            kinds.append(None)
            header = []
            continue
        if line.startswith("//"):
            kinds.append("doc comments" if line.startswith("///") or stack else
                         "file scaffolding (imports, extension lines)")
            continue
        if line.startswith("import ") or line.startswith("@_spi(Generated) import "):
            kinds.append("file scaffolding (imports, extension lines)")
            continue
        header.append((len(kinds), code))
        opens, closes = code.count("{"), code.count("}")
        kind = None
        if opens > closes:
            kind = block_kind(" ".join(text for _, text in header), parent, mock)
            for _ in range(opens - closes):
                stack.append(kind)
            # A declaration written over several lines: its first lines are the block's too.
            starts = [index for index, text in header if DECLARATION.search(text)]
            for index in range(starts[-1] if starts else len(kinds), len(kinds)):
                kinds[index] = line_kind(kind)
        elif closes > opens:
            kind = stack[-1] if stack else "other"
            for _ in range(closes - opens):
                if stack:
                    stack.pop()
        else:
            kind = parent or "other"
            if parent == "model":
                kind = ("models: stored properties" if re.match(r"(public |internal )?(var|let) ", line)
                        else "models: value witnesses, outlined copies, metadata")
        kinds.append(line_kind(kind))
        if opens or closes:
            header = []
    return kinds


def declared_types(sources):
    """Every type the client declares, by name: (kind, file, body text) for models, enums and unions."""
    types = {}
    for path in sorted(glob.glob(os.path.join(sources, "*.swift"))):
        with open(path, encoding="utf-8") as file:
            text = file.read()
        for match in re.finditer(r"^    public (?:indirect )?(struct|enum) (\w+)(?::([^{]*))?\{\n(.*?)^    \}\n", text,
                                 re.M | re.S):
            keyword, name, conformances, body = match.groups()
            conformances = conformances or ""
            if not re.search(r"\b(Codable|Encodable|Decodable)\b", conformances):
                continue
            kind = "model" if keyword == "struct" else ("enum" if "RawRepresentable" in conformances else "union")
            types[name] = {"kind": kind, "file": os.path.basename(path), "body": body,
                           "conformances": " ".join(conformances.split()),
                           "lines": sum(1 for line in match.group(0).split("\n") if line.strip())}
    return types


# Timers --------------------------------------------------------------------------------------------------------

def construct_of_name(name, namespace, types):
    """The construct of a compiler-made or compiled function, from its (demangled) name."""
    name = re.sub(r"\b(\w+) extension\.", r"\1.", name)  # the timers write `Stripe extension.Customer`
    conformance = re.search(r"in conformance (?:\w+\.)?" + namespace + r"\.(\w+)(?:\.(\w+))?", name)
    subject = conformance or re.search(r"\b" + namespace + r"\.(\w+)(?:\.(\w+))?", name)
    if not subject:
        return "other"
    owner, member = subject.group(1), subject.group(2) or ""
    if owner == "APIRoute":
        return "request building (descriptors)" if ("descriptor" in name or "request" in name) else "routes (APIRoute)"
    if owner in ("MockEndpoints", "MockRequestHandler"):
        return "mocks"
    if owner == "Arguments":
        return "handler methods: arguments"
    if owner == "RequestHandling":
        if "(extension in" in name:
            return "handler methods: defaults"
        return "handler protocol"
    if owner == "RouteSending":
        return "handler methods: sending" if "(extension in" in name else "handler (RequestHandler)"
    if owner == "RequestHandler":
        return "handler methods: sending" if namespace + ".RequestHandling" in name else "handler (RequestHandler)"
    if owner == "Environment":
        return "environment, namespace"
    kind = types.get(owner, {}).get("kind")
    if kind == "enum":
        return "enums"
    if kind == "union":
        return "unions"
    if kind != "model":
        return "other"
    if re.search(r"hash\(into|hashValue|__derived_struct_equals|Swift\.Equatable|Swift\.Hashable|== infix", name):
        return "models: Hashable"
    if "CodingKeys" in name or member == "CodingKeys":
        return "models: coding keys"
    if "init(from:" in name or "Swift.Decodable" in name:
        return "models: init(from:)"
    if "encode(to:" in name or "Swift.Encodable" in name:
        return "models: encode(to:)"
    if re.search(r"\.(getter|setter|modify|_modify accessor|unsafeMutableAddressor)\b|property descriptor|"
                 r"key path", name):
        return "models: stored properties"
    if ".init(" in name:
        return "models: init"
    return "models: value witnesses, outlined copies, metadata"


def read_timers(timer_dir, target, lines_by_file, namespace, types):
    """Function-body type-checking seconds per construct, from the target's compile jobs' standard error."""
    bodies = collections.Counter()
    located = re.compile(r"^([\d.]+)ms\t(.+?):(\d+):\d+\t")
    unlocated = re.compile(r"^([\d.]+)ms\t<invalid loc>\t(.*)$")
    for errors in glob.glob(os.path.join(timer_dir, "*.err")):
        arguments = open(errors[:-4] + ".args").read().split()
        if "-c" not in arguments or arguments[arguments.index("-module-name") + 1] != target:
            continue
        with open(errors, errors="replace") as file:
            for line in file:
                match = located.match(line)
                if match:
                    kinds = lines_by_file.get(os.path.basename(match.group(2)), [])
                    number = int(match.group(3)) - 1
                    bodies[(kinds[number] if number < len(kinds) else None) or "other"] += float(match.group(1)) / 1000
                    continue
                match = unlocated.match(line)
                if match:
                    bodies[construct_of_name(match.group(2), namespace, types)] += float(match.group(1)) / 1000
    return bodies


def read_stats(stats_dir, target):
    """CPU seconds per phase, summed over the compile jobs, and the job that emits the module apart."""
    phases = {"type checking": "time.swift.Type checking and Semantic analysis.user",
              "SILGen": "time.swift.SILGen.user", "SIL optimization": "time.swift.SIL optimization.user",
              "IRGen": "time.swift.IRGen.user"}
    totals = {"compile": collections.Counter(), "emit-module": collections.Counter()}
    for path in glob.glob(os.path.join(stats_dir, f"*-swift-frontend-{target}-*.json")):
        with open(path) as file:
            stats = json.load(file)
        total = [value for key, value in stats.items()
                 if key.startswith("time.swift-frontend.") and key.endswith(".user")]
        if not total:
            continue
        job = "emit-module" if "-swiftmodule-" in os.path.basename(path) else "compile"
        counter = totals[job]
        counter["jobs"] += 1
        counter["total"] += total[0]
        for phase, key in phases.items():
            counter[phase] += stats.get(key, 0.0)
        counter["LLVM and the rest"] += total[0] - sum(stats.get(key, 0.0) for key in phases.values())
    return totals


def object_code(objects_dir, namespace, types):
    """Bytes of machine code per construct, from the object files' function symbols."""
    symbols = []
    for path in glob.glob(os.path.join(objects_dir, "*.o")):
        out = subprocess.run(["nm", "-S", "--defined-only", path], capture_output=True, text=True).stdout
        for line in out.splitlines():
            parts = line.split()
            if len(parts) == 4 and parts[2] in "tTwW":
                symbols.append((parts[3], int(parts[1], 16)))
    demangled = subprocess.run(["swift", "demangle"], input="\n".join(name for name, _ in symbols),
                               capture_output=True, text=True).stdout.split("\n")
    sizes = collections.Counter()
    for (name, size), readable in zip(symbols, demangled):
        sizes[construct_of_name(readable, namespace, types)] += size
    return sizes


# Candidates ----------------------------------------------------------------------------------------------------

def strip_comments(text):
    return re.sub(r"^\s*//.*$", "", text, flags=re.M)


def reached_types(sources, types, sent_only=False):
    """The models, enums and unions that the routes, the handler or the mock name, directly or through others; with
    `sent_only`, those the route enum's cases carry (bodies, parameters): what a request may encode."""
    roots = set()
    names = re.compile(r"\b(" + "|".join(sorted(types, key=len, reverse=True)) + r")\b") if types else None
    for path in glob.glob(os.path.join(sources, "*.swift")):
        base = os.path.basename(path)
        if "+APIRoute" in base or "+RequestHandling" in base or "+Mock" in base:
            text = strip_comments(open(path, encoding="utf-8").read())
            if sent_only:
                text = "\n".join(line for line in text.split("\n") if line.strip().startswith("case ") and
                                 "+APIRoute" in base)
            roots.update(names.findall(text))
    reached, frontier = set(), list(roots)
    while frontier:
        name = frontier.pop()
        if name in reached or name not in types:
            continue
        reached.add(name)
        frontier.extend(names.findall(strip_comments(types[name]["body"])))
    return reached


def duplicates(types):
    """Models, enums and unions whose body is another's, their own name aside: (types that could go, their lines)."""
    groups = collections.defaultdict(list)
    for name, info in types.items():
        groups[(info["kind"], info["conformances"], re.sub(r"\b" + name + r"\b", "Self", info["body"]))].append(name)
    extra = [names[1:] for names in groups.values() if len(names) > 1]
    spare = [name for names in extra for name in names]
    return spare, sum(types[name]["lines"] for name in spare)


# Main ----------------------------------------------------------------------------------------------------------

def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--api", choices=["synthetic", "stripe"], default="synthetic")
    parser.add_argument("--sources", help="a generated client to measure instead of generating one")
    parser.add_argument("--lines-only", action="store_true", help="count lines per construct, compile nothing")
    parser.add_argument("--scratch", help="scratch folder (default: a new temporary one)")
    parser.add_argument("--json", help="also write the figures to this file")
    parser.add_argument("--from-json", help="print the tables again from figures an earlier run wrote, compile nothing")
    arguments = parser.parse_args()
    scratch = arguments.scratch or tempfile.mkdtemp(prefix="routegen-breakdown-")
    os.makedirs(scratch, exist_ok=True)
    print(f"scratch folder: {scratch}", file=sys.stderr)
    if arguments.sources:
        target, sources = os.path.basename(os.path.normpath(arguments.sources)), arguments.sources
    else:
        target, sources = generate(arguments.api, scratch)
    files = sorted(glob.glob(os.path.join(sources, "*.swift")))
    lines_by_file = {os.path.basename(path): classify_lines(path) for path in files}
    lines = collections.Counter(kind for kinds in lines_by_file.values() for kind in kinds if kind)
    blank = sum(kind is None for kinds in lines_by_file.values() for kind in kinds)
    namespace = next((match.group(1) for path in files
                      for match in [re.search(r"^public enum (\w+) \{\}", open(path).read(), re.M)] if match), "")
    types = declared_types(sources)

    result = {"target": target, "lines": dict(lines), "blank_lines": blank}
    bodies, sizes, stats = collections.Counter(), collections.Counter(), None
    if arguments.from_json:
        with open(arguments.from_json) as file:
            earlier = json.load(file)
        bodies, sizes = collections.Counter(earlier["function_bodies_s"]), collections.Counter(earlier["object_bytes"])
        stats = {job: collections.Counter(counter) for job, counter in earlier["stats"].items()}
        result.update({key: earlier[key] for key in ("wall_s", "load", "stats", "function_bodies_s", "object_bytes")})
        print(f"{target}: the cold build of {arguments.from_json}, {earlier['wall_s']} s wall (load {earlier['load']})")
    elif not arguments.lines_only:
        bodies, sizes, stats = measure(target, sources, scratch, lines_by_file, namespace, types, result)
    print_table(target, lines, blank, bodies, sizes, stats)
    print_candidates(sources, types, lines, bodies, sizes, stats, result)
    if arguments.json:
        with open(arguments.json, "w") as file:
            json.dump(result, file, indent=2, sort_keys=True)


def measure(target, sources, scratch, lines_by_file, namespace, types, result):
    """Builds the client cold with the timers on; returns the function-body seconds and the machine code per
    construct, and the phases' seconds."""
    package, build = os.path.join(scratch, "package"), os.path.join(scratch, "build")
    timer_dir, stats_dir = os.path.join(scratch, "timers"), os.path.join(scratch, "stats")
    for folder in (build, timer_dir, stats_dir):
        shutil.rmtree(folder, ignore_errors=True)
        os.makedirs(folder)
    write_package(package, target, sources)
    wrapper = os.path.join(scratch, "swift-frontend")
    with open(wrapper, "w") as file:
        file.write(WRAPPER.format(frontend=shutil.which("swift-frontend") or "swift-frontend"))
    os.chmod(wrapper, 0o755)
    # The same flags for the runtime, or the target's build would compile the runtime again.
    flags = ["--scratch-path", build, "-Xswiftc", "-driver-use-frontend-path", "-Xswiftc", wrapper,
             "-Xswiftc", "-stats-output-dir", "-Xswiftc", stats_dir,
             "-Xswiftc", "-Xfrontend", "-Xswiftc", "-debug-time-function-bodies"]
    swift(["build"] + flags + ["--target", "RouteGenRuntime"], cwd=package, env={"TIMER_DIR": timer_dir})
    with open("/proc/loadavg") as file:
        load = file.read().split()[0]
    seconds = swift(["build"] + flags + ["--target", target], cwd=package, env={"TIMER_DIR": timer_dir})
    with open("/proc/loadavg") as file:
        load += " -> " + file.read().split()[0]
    print(f"{target}: cold build with the timers on, {seconds:.1f} s wall (load {load})")
    bodies = read_timers(timer_dir, target, lines_by_file, namespace, types)
    stats = read_stats(stats_dir, target)
    sizes = object_code(os.path.join(build, "debug", f"{target}.build"), namespace, types)
    result.update({"wall_s": round(seconds, 1), "load": load, "stats": {k: dict(v) for k, v in stats.items()},
                   "function_bodies_s": dict(bodies), "object_bytes": dict(sizes)})
    return bodies, sizes, stats


def generation_seconds(stats):
    """The compile jobs' CPU seconds after type checking: SILGen, SIL optimization, IRGen, LLVM and the rest."""
    return sum(stats["compile"][phase] for phase in ["SILGen", "SIL optimization", "IRGen", "LLVM and the rest"])


def checking_seconds(kind, bodies, stats):
    """A construct's share of the compile jobs' type checking, by its share of the function-body timers.

    The timers are wall-clock and also count the bodies the compiler synthesizes and checks later, in SILGen
    (`Hashable`'s, `CodingKeys`'), so they are used as shares of the phase's CPU seconds, not as seconds."""
    return stats["compile"]["type checking"] * bodies[kind] / (sum(bodies.values()) or 1)


def estimated_seconds(kind, bodies, sizes, stats):
    """A construct's share of type checking plus its share of code generation by machine code: CPU seconds. The
    constructs' estimates add up to the compile jobs' CPU seconds."""
    if not stats:
        return 0.0
    return checking_seconds(kind, bodies, stats) + generation_seconds(stats) * sizes[kind] / (sum(sizes.values()) or 1)


def print_table(target, lines, blank, bodies, sizes, stats):
    total_lines = sum(lines.values())
    print(f"\n{target}: {total_lines:,} lines that are not blank (and {blank:,} blank)\n")
    if stats:
        for job, counter in stats.items():
            if counter["jobs"]:
                phases = ", ".join(f"{phase} {counter[phase]:.1f} s" for phase in
                                   ["type checking", "SILGen", "SIL optimization", "IRGen", "LLVM and the rest"])
                print(f"{job} ({counter['jobs']:.0f} processes): {counter['total']:.1f} s CPU: {phases}")
        print()
    print("| construct | lines | share of lines | function-body timers (wall) | type checking, estimated | "
          "machine code | code generation, estimated | estimated CPU seconds | share of seconds |")
    print("|---|---|---|---|---|---|---|---|---|")
    generation = generation_seconds(stats) if stats else 0.0
    total_size = sum(sizes.values()) or 1
    total_estimated = sum(estimated_seconds(kind, bodies, sizes, stats) for kind in CONSTRUCTS) or 1
    rows = sorted(CONSTRUCTS, key=lambda kind: -(estimated_seconds(kind, bodies, sizes, stats) if stats
                                                 else lines[kind]))
    for kind in rows:
        if not lines[kind] and not sizes[kind] and not bodies[kind]:
            continue
        estimate = estimated_seconds(kind, bodies, sizes, stats)
        checking = checking_seconds(kind, bodies, stats) if stats else 0.0
        print(f"| {kind} | {lines[kind]:,} | {100 * lines[kind] / max(total_lines, 1):.1f} % | {bodies[kind]:.2f} s | "
              f"{checking:.1f} s | {sizes[kind] / 1e6:.2f} MB | {generation * sizes[kind] / total_size:.1f} s | "
              f"{estimate:.1f} s | {100 * estimate / total_estimated:.0f} % |")
    if stats:
        print(f"\nnot in the table: the job that emits the module ({stats['emit-module']['total']:.1f} s of CPU), "
              "which checks every declaration again")


def print_candidates(sources, types, lines, bodies, sizes, stats, result):
    """What each candidate of generating less holds, in lines and estimated seconds."""
    reached = reached_types(sources, types)
    unreached = [name for name in types if name not in reached]
    spare, spare_lines = duplicates(types)
    total_lines = sum(lines.values()) or 1
    model_kinds = [kind for kind in CONSTRUCTS if kind.startswith("models") or kind in ("enums", "unions")]
    model_seconds = sum(estimated_seconds(kind, bodies, sizes, stats) for kind in model_kinds)
    per_line = model_seconds / max(sum(lines[kind] for kind in model_kinds), 1)
    unreached_lines = sum(types[name]["lines"] for name in unreached)
    codable = [name for name, info in types.items() if info["kind"] == "model" and "Codable" in info["conformances"]]
    print("\nCandidates (a share of the models' lines is given the models' average per line, "
          f"{per_line * 1000:.2f} ms of CPU):")
    print(f"- types no operation reaches: {len(unreached)} of {len(types)}, {unreached_lines:,} lines, "
          f"about {unreached_lines * per_line:.1f} s")
    kinds = collections.Counter(types[name]["kind"] for name in spare)
    print(f"- types whose body another already has (their own name aside; an upper bound, since a named schema "
          f"keeps its name): {len(spare)} ({', '.join(f'{n} {k}s' for k, n in sorted(kinds.items()))}), "
          f"{spare_lines:,} lines, about {spare_lines * per_line:.1f} s")
    sent = reached_types(sources, types, sent_only=True)
    received_only = [name for name in codable if name not in sent]
    encode_lines = sum(len(re.findall(r"^ *\S", block, re.M)) for name in received_only for block in
                       re.findall(r"^        public func encode\(to encoder.*?^        \}\n", types[name]["body"],
                                  re.M | re.S))
    encode_seconds = estimated_seconds("models: encode(to:)", bodies, sizes, stats) * encode_lines / \
        max(lines["models: encode(to:)"], 1)
    print(f"- `encode(to:)` of the models that are Codable but no request sends ({len(received_only)} of "
          f"{len(codable)} Codable models): {encode_lines:,} of the {lines['models: encode(to:)']:,} lines of "
          f"models' encode(to:), about {encode_seconds:.1f} s of its "
          f"{estimated_seconds('models: encode(to:)', bodies, sizes, stats):.1f} s")
    print(f"- Hashable of models (synthesized, no lines): "
          f"{estimated_seconds('models: Hashable', bodies, sizes, stats):.1f} s")
    print(f"- mocks: {lines['mocks']:,} lines, {estimated_seconds('mocks', bodies, sizes, stats):.1f} s "
          "(left out of release builds only, they save nothing in a debug build)")
    print(f"- doc comments: {lines['doc comments']:,} lines ({100 * lines['doc comments'] / total_lines:.0f} %), "
          "parsed and otherwise free")
    result["candidates"] = {"unreached_types": len(unreached), "unreached_lines": unreached_lines,
                            "duplicate_types": len(spare), "duplicate_lines": spare_lines,
                            "model_ms_per_line": round(per_line * 1000, 3)}


if __name__ == "__main__":
    main()
