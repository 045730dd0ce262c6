"""The generative test of the whole pipeline: random valid specs (specgen.py) are linted (clean, or the generator
or RouteGen is wrong), generated, compiled together in one scratch package with warnings as errors in Swift 6
mode, and JSON values synthesized for every model are decoded, encoded and compared with what the spec says. For the
OpenAPI documents (openapigen.py), the request the client sends for a value of its `write` operation's body is checked
against the document by openapi-core (through Tests/WireValidation/validating_server.py): bytes RouteGen sends,
judged by a validator RouteGen did not write.

    Tests/Generative/run [count] [seed]          # one batch of `count` specs (default 120), seed defaults to random
    Tests/Generative/run --minutes 60 [--batch 300] [--seed N]   # batches until the time is up

A failing spec is kept under .build-generative/failures/ with its seed and index, and the run exits 1.
Options: --routegen PATH (a built routegen; else it is built with --scratch-path), --scratch-path PATH
(default .build), --work PATH (default .build-generative), --keep (leave the batch's files in place).
"""
import argparse
import base64
import functools
import json
import os
import re
import shutil
import subprocess
import sys
import time
import urllib.parse
from decimal import Decimal

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(ROOT, "Tests", "WireValidation"))
import openapigen  # noqa: E402
import specgen  # noqa: E402

PACKAGE = """// swift-tools-version:6.1
import PackageDescription

// Written by Tests/Generative/run: the generated clients of one batch, compiled with warnings as errors, and an
// executable that round-trips JSON values through their models.
let package = Package(
    name: "GenerativeScratch",
    platforms: [.macOS(.v13)],
    dependencies: [.package(url: "https://github.com/apple/swift-log", from: "1.16.2")],
    targets: [
        .target(name: "RouteGenRuntime", dependencies: [.product(name: "Logging", package: "swift-log")]),
        .target(name: "Clients", dependencies: ["RouteGenRuntime"], swiftSettings: [.unsafeFlags(["-warnings-as-errors"])]),
        .executableTarget(
            name: "RoundTrip", dependencies: ["Clients", "RouteGenRuntime"],
            swiftSettings: [.unsafeFlags(["-warnings-as-errors"])]),
    ],
    swiftLanguageModes: [.v6]
)
"""

MODULES_PACKAGE = """// swift-tools-version:6.1
import PackageDescription

// Written by Tests/Generative/run: the generated clients of a third of one batch as modules, compiled with warnings
// as errors.
let package = Package(
    name: "GenerativeModules",
    platforms: [.macOS(.v13)],
    dependencies: [.package(url: "https://github.com/apple/swift-log", from: "1.16.2")],
    targets: [
        .target(name: "RouteGenRuntime", dependencies: [.product(name: "Logging", package: "swift-log")]),
        TARGETS
    ],
    swiftLanguageModes: [.v6]
)
"""

MAIN = """import Foundation
import RouteGenRuntime

// Keeps the request a generated client sends, and sends nothing.
final class CapturingClient: HTTPTransport, @unchecked Sendable {
    private(set) var request: APIRequest?

    func load(_ request: APIRequest) async throws -> (Data, APIResponse) {
        self.request = request
        throw CancellationError()
    }

    // The request as JSON: method, URL, headers and the body in base64.
    var described: String {
        guard let request, let url = try? request.url() else { return "!no request was sent" }
        var body = ""
        if case .data(let data)? = request.body { body = data.base64EncodedString() }
        let headers = Dictionary(request.headers.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
        let object: [String: Any] = ["method": request.method.rawValue, "url": url.absoluteString, "headers": headers, "body": body]
        return String(decoding: try! JSONSerialization.data(withJSONObject: object), as: UTF8.self)
    }
}

// Reads `cases.jsonl` (spec, model, JSON input per line) and prints, per line, the value encoded back, or
// `!` and the error.
func roundTrip<T: Codable & Hashable>(_ type: T.Type, _ input: Data) -> String {
    do {
        let value = try JSONCoding.makeDecoder().decode(T.self, from: input)
        let encoded = try JSONCoding.makeEncoder().encode(value)
        let again = try JSONCoding.makeDecoder().decode(T.self, from: encoded)
        guard again == value else { return "!decoding the encoded value gives another value" }
        return String(decoding: encoded, as: UTF8.self)
    } catch {
        return "!\\(error)"
    }
}

func decodeOnly<T: Decodable>(_ type: T.Type, _ input: Data) -> String {
    do {
        _ = try JSONCoding.makeDecoder().decode(T.self, from: input)
        return "?"
    } catch {
        return "!\\(error)"
    }
}

let lines = try String(contentsOfFile: CommandLine.arguments[1], encoding: .utf8).split(separator: "\\n")
var output = ""
for line in lines {
    let fields = try JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String]
    let result = dispatch(fields[0], fields[1], Data(fields[2].utf8)) ?? "-"
    output += result.replacingOccurrences(of: "\\n", with: "\\\\n") + "\\n"
}
_ = FileManager.default.createFile(atPath: CommandLine.arguments[2], contents: Data(output.utf8))

// Reads `sends.jsonl` (spec, JSON body per line) and prints, per line, the request the client sends, or `!` and the
// error.
let sends = try String(contentsOfFile: CommandLine.arguments[3], encoding: .utf8).split(separator: "\\n")
var sent = ""
for line in sends {
    let fields = try JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String]
    let result = await send(fields[0], Data(fields[1].utf8)) ?? "-"
    sent += result.replacingOccurrences(of: "\\n", with: "\\\\n") + "\\n"
}
_ = FileManager.default.createFile(atPath: CommandLine.arguments[4], contents: Data(sent.utf8))
"""


# The settings a third of each batch's specs is generated with; the second also gets a split of 1 to 12 files.
SETTINGS = [[], ["--mocks", "debug"], ["--access-level", "package", "--mocks", "never"]]


def swift_literal(text):
    escaped = {"\\": "\\\\", '"': '\\"', "\n": "\\n", "\r": "\\r", "\t": "\\t"}
    return '"' + "".join(escaped.get(c, c) if ord(c) >= 0x20 and c not in "\u2028\u2029" or c in escaped
                         else "\\u{%x}" % ord(c) for c in text) + '"'


def sh(args, cwd=None, timeout=None):
    return subprocess.run(args, cwd=cwd, capture_output=True, text=True, timeout=timeout)


class Failure(Exception):
    pass


def build_routegen(options):
    if options.routegen:
        return options.routegen
    scratch = options.scratch_path
    result = sh(["swift", "build", "--scratch-path", scratch, "--product", "routegen"], cwd=ROOT)
    if result.returncode != 0:
        sys.exit("building routegen failed:\n" + result.stdout[-4000:] + result.stderr[-4000:])
    path = sh(["swift", "build", "--scratch-path", scratch, "--show-bin-path"], cwd=ROOT).stdout.strip().splitlines()[-1]
    return os.path.join(path, "routegen")


def declared_types(models_source):
    """Swift type name → its Codable conformance, from generated `+Models` files."""
    result = {}
    for match in re.finditer(r"(?:public |package )?(?:indirect )?(?:struct|enum) (\w+): (Codable|Decodable|Encodable)", models_source):
        result.setdefault(match.group(1), match.group(2))
    return result


def run_batch(options, routegen, seed, count, first):
    work = options.work
    specs_dir = os.path.join(work, "specs")
    package = os.path.join(work, "pkg")
    clients = os.path.join(package, "Sources", "Clients")
    roundtrip = os.path.join(package, "Sources", "RoundTrip")
    shutil.rmtree(specs_dir, ignore_errors=True)
    shutil.rmtree(clients, ignore_errors=True)
    shutil.rmtree(roundtrip, ignore_errors=True)
    for folder in (specs_dir, clients, roundtrip):
        os.makedirs(folder)
    runtime_link = os.path.join(package, "Sources", "RouteGenRuntime")
    if not os.path.islink(runtime_link):
        os.symlink(os.path.join(ROOT, "Sources", "RouteGenRuntime"), runtime_link)
    with open(os.path.join(package, "Package.swift"), "w") as f:
        f.write(PACKAGE)

    started = time.time()
    specs = {}
    for index in range(first, first + count):
        # A third of the inputs are OpenAPI documents, read by the importer.
        spec = openapigen.generate(seed, index) if index % 3 == 2 else specgen.generate(seed, index)[0]
        path = os.path.join(specs_dir, f"{spec.name}.yaml")
        write_files(specs_dir, spec)
        specs[spec.name] = (spec, path)
    failures = []

    def fail(name, stage, detail):
        spec, path = specs[name]
        kept = keep_failure(options, spec, stage, detail)
        failures.append(f"{stage}: {kept} (seed {spec.seed}, spec {spec.index})\n{detail}")

    # 1. Lint: every spec must be clean, warnings included.
    lint = sh([routegen, "lint", specs_dir])
    by_spec = {}
    for line in (lint.stdout + lint.stderr).splitlines():
        match = re.search(r"(Gen\d+x\d+)(?:\.yaml|-parts/[\w.]+):\d+:\d+: (error|warning|note)", line)
        if match:
            by_spec.setdefault(match.group(1), []).append(line)
        elif "error:" in line:
            by_spec.setdefault("?", []).append(line)
    for name, lines in by_spec.items():
        if name == "?":
            raise Failure("lint printed an error without a position:\n" + "\n".join(lines))
        fail(name, "lint", "\n".join(lines[:20]))
        os.remove(specs[name][1])
    if lint.returncode not in (0, 1) or (lint.returncode == 1 and not by_spec):
        raise Failure(f"lint exited {lint.returncode}:\n{lint.stderr[-3000:]}")
    lint_time = time.time() - started

    # 2. Generate, a third of the specs with each of three settings: how the files are split, whether the mock is
    # compiled, the access level (the round trip is in the same package, so `package` still reaches the models).
    for group, settings in enumerate(SETTINGS):
        paths = [path for name, (spec, path) in sorted(specs.items()) if spec.index % len(SETTINGS) == group and os.path.exists(path)]
        if not paths:
            continue
        split = ["--split", str(1 + (seed + first + group) % 12)] if group == 1 else []
        # Each group in a folder of its own: a run removes the files an earlier run wrote in its folder.
        generate = sh([routegen, "generate", *paths, "-o", os.path.join(clients, f"group{group}"), *settings, *split])
        if generate.returncode != 0:
            raise Failure(f"generate {' '.join(settings + split)} failed after a clean lint:\n{generate.stdout[-3000:]}{generate.stderr[-3000:]}")

    # 2b. The module layout: the first third again, spread over 1 to 4 modules of endpoints, in a package of its own
    # with a target per module as `generate` prints them; compiled with warnings as errors in step 4.
    modules_package = os.path.join(work, "modpkg")
    modules_output = os.path.join(modules_package, "Generated")
    module_paths = [path for name, (spec, path) in sorted(specs.items()) if spec.index % len(SETTINGS) == 0 and os.path.exists(path)]
    shutil.rmtree(modules_output, ignore_errors=True)
    os.makedirs(modules_output)
    module_count = str(1 + (seed + first) % 4)
    generate = sh([routegen, "generate", *module_paths, "-o", modules_output, "--module-count", module_count]) if module_paths else None
    if generate is not None and generate.returncode != 0:
        raise Failure(f"generate --module-count {module_count} failed after a clean lint:\n{generate.stdout[-3000:]}{generate.stderr[-3000:]}")
    write_modules_package(modules_package, generate.stdout if generate else "")

    # The files are formatted as the repository's `.swift-format` says, whatever a spec holds: nothing folds blank
    # lines or trims spaces after rendering, so the templates and what they place must keep the layout themselves.
    lint_format = sh(["swift", "format", "lint", "--strict", "--configuration", os.path.join(ROOT, ".swift-format"),
                      "--recursive", clients, modules_output])
    by_file = {}
    for line in lint_format.stderr.splitlines():
        match = re.match(r"(?:.*/)?((Gen\d+x\d+)[^/:]*\.swift):\d+:\d+: ", line)
        if match:
            by_file.setdefault(match.group(2), []).append(match.group(0) + line[match.end():])
        elif line.strip():
            raise Failure(f"swift format lint printed an unexpected line:\n{lint_format.stderr[-3000:]}")
    for name, findings in sorted(by_file.items()):
        fail(name, "format", "\n".join(findings[:10]))

    # 3. The round-trip executable: one dispatch function per spec.
    cases = []
    sends = []
    dispatch = ["func dispatch(_ spec: String, _ model: String, _ input: Data) -> String? {", "    switch spec {"]
    senders = ["func send(_ spec: String, _ input: Data) async -> String? {", "    switch spec {"]
    for name, (spec, path) in sorted(specs.items()):
        if not os.path.exists(path):
            continue
        source = ""
        for folder, _, files in os.walk(clients):
            for file in files:
                if file.startswith(name + "+Models"):
                    with open(os.path.join(folder, file), encoding="utf-8") as f:
                        source += f.read()
        types = declared_types(source)
        body = [f"func dispatch{name}(_ model: String, _ input: Data) -> String? {{", "    switch model {"]
        for wire, values in spec.cases.items():
            swift = spec.swift_type(wire)
            conformance = types.get(swift)
            if conformance not in ("Codable", "Decodable") or not values:
                continue
            call = "roundTrip" if conformance == "Codable" else "decodeOnly"
            body.append(f"    case {swift_literal(wire)}: return {call}({name}.{swift}.self, input)")
            for text, expected in values:
                cases.append((name, wire, text, expected, conformance))
        body += ["    default: return nil", "    }", "}"]
        write = getattr(spec, "write", None)
        if write and types.get(spec.swift_type(write)) == "Codable" and spec.cases.get(write):
            # The `write` operation's request for each value of its body, as the client sends it.
            swift = f"{name}.{spec.swift_type(write)}"
            body += [
                f"func send{name}(_ input: Data) async -> String {{",
                "    do {",
                f"        let value = try JSONCoding.makeDecoder().decode({swift}.self, from: input)",
                "        let client = CapturingClient()",
                f"        let environment = {name}.Environment(baseURL: URL(string: {swift_literal(server_url(spec))})!)",
                f"        _ = try? await {name}.RequestHandler(environment: environment, client: client).write(id: \"w1\", body: value)",
                "        return client.described",
                "    } catch {",
                "        return \"!\\(error)\"",
                "    }",
                "}",
            ]
            senders.append(f"    case {json.dumps(name)}: return await send{name}(input)")
            sends += [(name, text) for text, _ in spec.cases[write]]
        with open(os.path.join(roundtrip, f"{name}.swift"), "w", encoding="utf-8") as f:
            f.write("import Clients\nimport Foundation\nimport RouteGenRuntime\n\n" + "\n".join(body) + "\n")
        dispatch.append(f"    case {json.dumps(name)}: return dispatch{name}(model, input)")
    dispatch += ["    default: return nil", "    }", "}"]
    senders += ["    default: return nil", "    }", "}"]
    with open(os.path.join(roundtrip, "main.swift"), "w", encoding="utf-8") as f:
        f.write(MAIN + "\n" + "\n".join(dispatch) + "\n\n" + "\n".join(senders) + "\n")

    # 4. Compile everything with warnings as errors: the clients with the round trip, and the modules.
    def compile_failed(build, package, stage):
        """Blames each spec a failed build names; raises when it names none. Whether the build failed."""
        if build.returncode == 0:
            return False
        blamed = {}
        for line in (build.stdout + build.stderr).splitlines():
            match = re.search(r"/(Gen\d+x\d+)[+.\w]*\.swift:\d+:\d+: (error|warning)", line)
            if match and match.group(1) in specs:
                blamed.setdefault(match.group(1), []).append(line.replace(package + "/", ""))
        if not blamed:
            raise Failure(f"the scratch package of the {stage} stage does not build:\n" + (build.stdout + build.stderr)[-6000:])
        for name, lines in blamed.items():
            fail(name, stage, "\n".join(lines[:20]))
        return True

    compile_started = time.time()
    build = sh(["swift", "build", "--product", "RoundTrip"], cwd=package)
    if compile_failed(build, package, "compile"):
        return failures, {"specs": count, "lint": lint_time, "compile": time.time() - compile_started, "cases": 0}
    compile_failed(sh(["swift", "build"], cwd=modules_package), modules_package, "compile as modules")
    compile_time = time.time() - compile_started

    # 5. Round-trip.
    executable = os.path.join(sh(["swift", "build", "--show-bin-path"], cwd=package).stdout.strip().splitlines()[-1],
                              "RoundTrip")
    input_file = os.path.join(work, "cases.jsonl")
    output_file = os.path.join(work, "results.txt")
    sends_file = os.path.join(work, "sends.jsonl")
    sent_file = os.path.join(work, "sent.txt")
    with open(input_file, "w", encoding="utf-8") as f:
        for name, wire, text, _, _ in cases:
            f.write(json.dumps([name, wire, text], ensure_ascii=False) + "\n")
    with open(sends_file, "w", encoding="utf-8") as f:
        for name, text in sends:
            f.write(json.dumps([name, text], ensure_ascii=False) + "\n")
    ran = sh([executable, input_file, output_file, sends_file, sent_file], timeout=300)
    if ran.returncode != 0:
        raise Failure(f"the round-trip executable failed ({ran.returncode}):\n{ran.stderr[-3000:]}")
    with open(output_file, encoding="utf-8") as f:
        results = f.read().split("\n")
    reported = set()
    for (name, wire, text, expected, conformance), result in zip(cases, results):
        if name in reported:
            continue
        problem = None
        if result.startswith("!"):
            problem = f"decoding or encoding failed: {result[1:]}"
        elif result == "-":
            problem = "no dispatch"
        elif conformance == "Codable":
            actual = json.loads(result, parse_float=Decimal, parse_int=int)
            if not specgen.same(expected, actual):
                problem = f"encoded {result}\nexpected {specgen.expected_json(expected)}"
        if problem:
            reported.add(name)
            if options.strict:
                fail(name, "round-trip", f"model {wire!r}, input {text}\n{problem}")
            else:
                print(f"ROUND-TRIP (not failing without --strict): {keep_failure(options, specs[name][0], 'round-trip', problem)}"
                      f" model {wire!r}: {problem.splitlines()[0][:200]}", flush=True)

    # 6. The requests, against the documents, by openapi-core.
    with open(sent_file, encoding="utf-8") as f:
        sent = f.read().split("\n")
    reported, valid = set(), 0
    for (name, text), result in zip(sends, sent):
        if name in reported or not is_valid_body(specs[name][1], text, specs[name][0].media):
            continue
        valid += 1
        problem = wire_problem(specs[name][1], result)
        if problem:
            reported.add(name)
            fail(name, "wire", f"body {text}\n{problem}")
    return failures, {"specs": count, "lint": lint_time, "compile": compile_time, "cases": len(cases), "sent": valid}


def server_url(spec):
    """The server of an OpenAPI document openapigen.py wrote."""
    return f"https://{spec.name.lower()}.example.com/v1"


@functools.lru_cache(maxsize=None)
def validator(document_path):
    """openapi-core on the document, through Tests/WireValidation/validating_server.py (what openapi-core cannot read
    on its own is read there)."""
    import validating_server
    return validating_server.Validator(validating_server.load(document_path), "http://127.0.0.1")


def is_valid_body(document_path, body, media):
    """Whether `body`, sent as the document says, is valid: synthesized values hold enum values and variants the
    document does not list (to test that they decode), which no client may be blamed for sending."""
    return validator(document_path).handle("POST", "/v1/w/w1", {"Content-Type": media}, body.encode())[0] != 400


def wire_problem(document_path, result):
    """What openapi-core finds wrong with a request the RoundTrip executable described; nil when it is valid."""
    if result.startswith("!") or result == "-":
        return f"no request: {result[1:]}"
    request = json.loads(result)
    parts = urllib.parse.urlsplit(request["url"])
    target = parts.path + ("?" + parts.query if parts.query else "")
    status, _, body = validator(document_path).handle(
        request["method"], target, request["headers"], base64.b64decode(request["body"]))
    return None if status != 400 else f"{request['method']} {target} {request['headers']}\n" + body.decode()


def write_modules_package(package, printed):
    """The package of the module layout's targets, as `routegen generate` printed them, over the runtime's sources."""
    runtime_link = os.path.join(package, "Sources", "RouteGenRuntime")
    os.makedirs(os.path.dirname(runtime_link), exist_ok=True)
    if not os.path.islink(runtime_link):
        os.symlink(os.path.join(ROOT, "Sources", "RouteGenRuntime"), runtime_link)
    targets = []
    for line in printed.splitlines():
        line = line.strip()
        if line.startswith(".target("):
            line = line.replace('.product(name: "RouteGenRuntime", package: "RouteGen")', '"RouteGenRuntime"')
            line = line.replace(f'path: "{package}/', 'path: "')
            targets.append(line.replace("),", ', swiftSettings: [.unsafeFlags(["-warnings-as-errors"])]),'))
    with open(os.path.join(package, "Package.swift"), "w") as f:
        f.write(MODULES_PACKAGE.replace("TARGETS", "\n        ".join(targets)))


def write_files(folder, spec):
    """Writes the spec or document as `<name>.yaml` in `folder`, and the files beside it."""
    for relative, text in [(f"{spec.name}.yaml", spec.yaml)] + sorted(spec.files.items()):
        path = os.path.join(folder, relative)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)


def keep_failure(options, spec, stage, detail):
    folder = os.path.join(options.work, "failures")
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, f"{spec.name}.yaml")
    write_files(folder, spec)
    with open(path + ".txt", "w", encoding="utf-8") as f:
        f.write(f"{stage} (seed {spec.seed}, spec {spec.index})\n{detail}\n")
    return os.path.relpath(path, ROOT)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("count", nargs="?", type=int, default=120)
    parser.add_argument("seed", nargs="?", type=int)
    parser.add_argument("--seed", dest="seed_option", type=int, help="the seed (with --minutes, where a number alone is a count)")
    parser.add_argument("--minutes", type=float)
    parser.add_argument("--batch", type=int, default=200)
    parser.add_argument("--routegen")
    # With --strict (as CI runs it) a value that does not round-trip fails the run; without, it is printed only, for
    # exploring new shapes.
    parser.add_argument("--strict", action="store_true")
    parser.add_argument("--scratch-path", default=os.path.join(ROOT, ".build"))
    parser.add_argument("--work", default=os.path.join(ROOT, ".build-generative"))
    options = parser.parse_args()
    options.work = os.path.abspath(options.work)
    seed = options.seed_option if options.seed_option is not None else options.seed if options.seed is not None else int.from_bytes(os.urandom(3), "big")
    routegen = os.path.abspath(build_routegen(options))
    shutil.rmtree(os.path.join(options.work, "failures"), ignore_errors=True)
    started = time.time()
    total = {"specs": 0, "cases": 0, "batches": 0}
    all_failures = []
    first = 0
    while True:
        count = options.batch if options.minutes else options.count
        batch_started = time.time()
        failures, stats = run_batch(options, routegen, seed, count, first)
        total["specs"] += stats["specs"]
        total["cases"] += stats["cases"]
        total["batches"] += 1
        print(f"seed {seed}, specs {first}..{first + count - 1}: {len(failures)} failing, {stats['cases']} values "
              f"round-tripped, {stats.get('sent', 0)} requests of valid values checked on the wire, "
              f"lint {stats['lint']:.0f} s, compile {stats['compile']:.0f} s, "
              f"batch {time.time() - batch_started:.0f} s", flush=True)
        for failure in failures:
            print("FAIL " + failure, flush=True)
        all_failures += failures
        first += count
        if not options.minutes or time.time() - started > options.minutes * 60 - (time.time() - batch_started):
            break
    print(f"{total['specs']} specs in {total['batches']} batches, {total['cases']} values, "
          f"{len(all_failures)} failing, {time.time() - started:.0f} s"
          + (f"; reproduce with: Tests/Generative/run {options.count} {seed}" if all_failures else ""))
    sys.exit(1 if all_failures else 0)


if __name__ == "__main__":
    try:
        main()
    except Failure as failure:
        sys.exit(f"FAIL {failure}")
