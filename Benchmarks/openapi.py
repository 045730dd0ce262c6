#!/usr/bin/env python3
"""The OpenAPI front end's costs: what a user waits for when RouteGen reads an OpenAPI document.

    python3 Benchmarks/openapi.py                         # import speed (release routegen)
    python3 Benchmarks/openapi.py --cold-build REV [REV]  # first build of `routegen` at each git revision
    python3 Benchmarks/openapi.py --compile whole         # also compile the whole Stripe client (debug)
    python3 Benchmarks/openapi.py --compile whole --incremental   # and rebuild it after one small spec edit
    python3 Benchmarks/openapi.py --compile app --no-import --configuration debug   # CI (.ci/stripe)
    python3 Benchmarks/openapi.py --documents --no-import   # import, lint and compile 21 whole documents
    python3 Benchmarks/openapi.py --expansions --no-import  # Stripe clients with and without expansions

Import: `routegen import` of Swagger's Petstore, of Stripe filtered to a typical app's seven operations, and of
all of Stripe (4.2 MB, 468 operations): median of 5 runs and peak memory. Cold build: the build plugin builds
`routegen` on a downstream user's first build, so each revision is checked out into a scratch worktree and
`swift build --product routegen` runs there from an empty build folder; revisions take turns (ABAB) and the
ratio of medians is printed. Compile: a Stripe client in a scratch package with warnings as errors (for
`whole`, a first build and a rebuild): `whole` (all of it, imported), or `app` (the seven operations of Tests/OpenAPI/Stripe's
configuration, read directly from the document as the build plugin would). It fails if the client does not
compile. Incremental (with `--compile whole`): what the build plugin's rebuild costs after one small edit to the
imported spec, each edit alone: one endpoint added, then one property added to `Customer`. Each is generated
into the built client (files whose content is the same are left alone, as the plugin leaves them) and built;
it prints the files generation rewrote, the files the compiler compiled again and both times.
Documents: each of the 21 published documents of DOCUMENT_LIST (the 19 the repository holds, and Elasticsearch's
and Svix's, read from beside the repository when there and skipped with a note when not), whole: operations imported
and left out, `routegen lint` errors, generated lines, and a cold debug build of its client with warnings as errors
in the Swift 6 language mode, each in a package and scratch folder of its own (the runtime built first, untimed),
with its peak memory.
Expansions: Stripe clients imported with every expansion typed (`expand: all`: what imports reached before
expandable references, without the old wrapper unions) and with none (the default), for the two customer
operations, the seven of CI, and the whole document; and the two customer operations and the seven of CI with the
models `--explain` names cut (`opaque`; CI's configuration): models, generated lines and files, and a cold debug
build of each client alone, like --documents.
Everything is written under a scratch folder, never in the repository.
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
from benchmark import REPO, count_lines, object_text_mb, run  # noqa: E402

DOCUMENTS = os.path.join(REPO, "Tests", "OpenAPI")
STRIPE = os.path.join(REPO, "Tests", "OpenAPI", "Stripe", "stripe.yaml")
STRIPE_APP = ["GetCustomers", "PostCustomers", "GetCustomersCustomer", "DeleteCustomersCustomer", "PostCharges",
              "GetChargesCharge", "PostFiles"]


def build_routegen(configuration):
    run(["swift", "build", "-c", configuration, "--product", "routegen"], cwd=REPO)
    _, _, out = run(["swift", "build", "-c", configuration, "--show-bin-path"], cwd=REPO)
    return os.path.join(out.strip(), "routegen")


def measure_imports(routegen, scratch):
    cases = [
        ("Petstore (19 operations)", [os.path.join(DOCUMENTS, "petstore3.yaml")]),
        ("Stripe, 7 operations", [STRIPE, "--name", "Stripe"] + sum([["--operation", o] for o in STRIPE_APP], [])),
        ("Stripe, all 468 operations", [STRIPE, "--name", "Stripe"]),
    ]
    print("| document | import, median of 5 | peak memory | spec lines |")
    print("|---|---|---|---|")
    for label, arguments in cases:
        output = os.path.join(scratch, "imported.yaml")
        times, peaks = [], []
        for _ in range(5):
            seconds, peak, _ = run([routegen, "import"] + arguments + ["--output", output])
            times.append(seconds)
            peaks.append(peak)
        with open(output, encoding="utf-8") as file:
            lines = sum(1 for _ in file)
        print(f"| {label} | {statistics.median(times):.2f} s | {max(peaks):.0f} MB | {lines:,} |")


def measure_cold_builds(revisions, scratch, rounds=2):
    trees = {}
    for revision in revisions:
        tree = os.path.join(scratch, "tree-" + revision.replace("/", "_"))
        run(["git", "worktree", "add", "--detach", tree, revision], cwd=REPO)
        trees[revision] = tree
    results = {revision: [] for revision in revisions}
    try:
        for _ in range(rounds):
            for revision in revisions:
                build = os.path.join(scratch, "build-" + revision.replace("/", "_"))
                shutil.rmtree(build, ignore_errors=True)
                seconds, peak, _ = run(
                    ["swift", "build", "--product", "routegen", "--scratch-path", build], cwd=trees[revision])
                results[revision].append((seconds, peak))
    finally:
        for tree in trees.values():
            run(["git", "worktree", "remove", "--force", tree], cwd=REPO, check=False)
    print("| revision | cold `swift build --product routegen` (debug), median | runs | peak memory |")
    print("|---|---|---|---|")
    medians = {}
    for revision, runs in results.items():
        medians[revision] = statistics.median(seconds for seconds, _ in runs)
        listed = ", ".join(f"{seconds:.0f} s" for seconds, _ in runs)
        print(f"| {revision} | {medians[revision]:.0f} s | {listed} | {max(p for _, p in runs) / 1024:.1f} GB |")
    if len(revisions) == 2:
        print(f"ratio {revisions[1]} / {revisions[0]}: {medians[revisions[1]] / medians[revisions[0]]:.2f}")


WIRE = os.path.join(REPO, "Tests", "WireValidation", "Sources")
# The published documents the repository does not hold, where the project keeps them beside the repository.
CORPUS = os.path.join(os.path.dirname(REPO), "shared", "data", "openapi", "corpus")
# Every published document `--documents` measures, as (label, path).
DOCUMENT_LIST = [
    ("Stripe", STRIPE),
    ("Twilio", os.path.join(WIRE, "TwilioClient", "twilio.yaml")),
    ("Box", os.path.join(WIRE, "BoxClient", "box.json")),
    ("Discord", os.path.join(WIRE, "DiscordClient", "discord.json")),
    ("Petstore", os.path.join(DOCUMENTS, "petstore3.yaml")),
    ("PagerDuty", os.path.join(WIRE, "PagerDutyClient", "pagerduty.json")),
    ("Plaid", os.path.join(WIRE, "PlaidClient", "plaid.yml")),
    ("Okta", os.path.join(WIRE, "OktaClient", "okta.yaml")),
    ("Intercom", os.path.join(WIRE, "IntercomClient", "intercom.yaml")),
    ("Asana", os.path.join(WIRE, "AsanaClient", "asana.yaml")),
    ("Xero", os.path.join(WIRE, "XeroClient", "xero.yaml")),
    ("Mastodon", os.path.join(WIRE, "MastodonClient", "mastodon.json")),
    ("Lob", os.path.join(WIRE, "LobClient", "lob-api-public.yml")),
    ("PayPal", os.path.join(WIRE, "PayPalClient", "paypal.json")),
    ("Typesense", os.path.join(WIRE, "TypesenseClient", "typesense.yml")),
    ("Mistral", os.path.join(WIRE, "MistralClient", "mistral.yaml")),
    ("Coolify", os.path.join(WIRE, "CoolifyClient", "coolify.json")),
    ("Docker Engine", os.path.join(WIRE, "DockerClient", "docker-engine.yaml")),
    ("Slack", os.path.join(WIRE, "SlackClient", "slack-web.json")),
    ("Elasticsearch Serverless", os.path.join(CORPUS, "elasticsearch-serverless.json")),
    ("Svix", os.path.join(CORPUS, "svix.json")),
]


def is_openapi_document(path):
    """Whether `path` is an OpenAPI document's entry file (a top-level `openapi` key, or Swagger 2.0's `swagger`), not
    one of its fragments."""
    try:
        with open(path, encoding="utf-8") as file:
            if path.endswith(".json"):
                head = file.read(4096)
                return re.match(r'\s*\{\s*"(openapi|swagger)"\s*:', head) is not None or bool({'"openapi"', '"swagger"'} & set(json_keys(path)))
            return any(re.match(r"(openapi|swagger)\s*:", line) for line in file)
    except (OSError, UnicodeDecodeError):
        return False


def json_keys(path):
    try:
        with open(path, encoding="utf-8") as file:
            value = json.load(file)
        return ['"' + key + '"' for key in value] if isinstance(value, dict) else []
    except ValueError:
        return []


def documents_in(folder):
    """Every OpenAPI document under `folder` (its subfolders too), as (label, path): a multi-file document's
    fragments have no `openapi` key, so only its entry file is taken. The label is the path within the folder."""
    found = []
    for root, folders, files in os.walk(folder):
        folders.sort()
        for name in sorted(files):
            path = os.path.join(root, name)
            if name.endswith((".yaml", ".yml", ".json")) and is_openapi_document(path):
                found.append((os.path.relpath(path, folder), path))
    return sorted(found, key=lambda item: (item[0].count(os.sep), item[0]))


def target_name(label, taken):
    """An UpperCamelCase identifier for a document's client target, unique among `taken`."""
    stem = os.path.splitext(os.path.basename(label))[0]
    words = re.findall(r"[A-Za-z0-9]+", stem)
    name = "".join(word[:1].upper() + word[1:] for word in words) or "Document"
    if name[0].isdigit():
        name = "Document" + name
    unique, suffix = name, 2
    while unique in taken:
        unique, suffix = f"{name}{suffix}", suffix + 1
    taken.add(unique)
    return unique


# Backticked words kept when warnings are grouped by reason: the OpenAPI and Swift terms a reason is about, not
# the names of one document.
REASON_TERMS = {"allOf", "oneOf", "anyOf", "not", "discriminator", "mapping", "additionalProperties", "content",
                "callbacks", "webhooks", "const", "enum", "default", "nullable", "items", "properties", "required",
                "explode", "style", "deepObject", "form", "allowReserved", "strict", "JSON", "String", "Int", "Double",
                "Bool", "Date", "Data", "multipart/form-data", "application/x-www-form-urlencoded",
                "application/json", "text/event-stream", "params", "body", "query", "path", "header", "cookie"}
LEFT_OUT = re.compile(r"^(?:.*?):\d+:\d+: warning: (.*?): (?:the operation `([^`]+)` is left out|"
                      r"the (\d+) operations that use it are left out \((.*)\))$")


def reason_of(message):
    """A warning's message with what names one construct (positions, JSON pointers, names) taken out."""
    message = re.sub(r"\s*\(#[^\s)]*\)", "", message)
    message = re.sub(r"`([^`]*)`", lambda m: m.group(0) if m.group(1) in REASON_TERMS else "`…`", message)
    return re.sub(r"\b\d+\b", "N", message)


def left_out_by_reason(warnings):
    """Operations left out, counted under each reason that left them out (the importer's warnings grouped): an
    operation with several reasons counts under each."""
    reasons = {}
    for line in warnings.splitlines():
        match = LEFT_OUT.match(line)
        if not match:
            continue
        message, one, count, listed = match.groups()
        names = {one} if one else set(re.findall(r"`([^`]+)`", listed))
        hidden = 0 if one else int(count) - len(names)
        entry = reasons.setdefault(reason_of(message), [set(), 0])
        entry[0].update(names)
        entry[1] += hidden
    counted = [(len(names) + hidden, reason) for reason, (names, hidden) in reasons.items()]
    return sorted(counted, key=lambda item: (-item[0], item[1]))


def import_document(routegen, scratch, label, document, name):
    """Imports one document and lints the spec: a row of the documents table (without the build)."""
    spec = os.path.join(scratch, name + ".yaml")
    row = {"label": label, "name": name, "spec": None, "reasons": [], "kept": "", "models": "", "lint": "",
           "lines": None, "failure": None}
    seconds, _, result = run_status([routegen, "import", document, "--name", name, "--output", spec])
    row["seconds"] = seconds
    if result.returncode != 0:
        row["failure"] = ("importer crashed" if result.returncode < 0 or result.returncode > 2
                          else "import failed") + ": " + first_error(result, f"exit status {result.returncode}")
        return row
    summary = re.search(r"(\d+) of (\d+) operations? imported(?: \((\d+) left out\))? with (\d+) models?",
                        result.stdout)
    kept, total, left, models = summary.groups() if summary else ("?", "?", "0", "?")
    row.update(kept=f"{kept} of {total}", left=int(left or 0), models=models, spec=spec,
               reasons=left_out_by_reason(result.stderr))
    _, _, lint = run_status([routegen, "lint", "--format", "json", spec])
    try:
        found = json.loads(lint.stdout)
        row["lint"] = "clean" if found["errors"] == 0 and found["warnings"] == 0 else \
            f"{found['errors']} errors, {found['warnings']} warnings"
        if found["errors"] or found["warnings"]:
            first = next(d for d in found["diagnostics"] if d["severity"] == ("error" if found["errors"] else "warning"))
            row["failure" if found["errors"] else "lint_warning"] = \
                f"lint: {first['line']}:{first['column']}: {first['severity']}: {first['message']}"
    except (ValueError, KeyError, StopIteration):
        row["lint"] = "lint failed"
        row["failure"] = "lint: " + first_error(lint, f"exit status {lint.returncode}")
    return row


def first_error(result, fallback):
    """The first `error:` line (or fatal error, or crash report) of a finished command, else `fallback`."""
    for line in (result.stderr + "\n" + result.stdout).splitlines():
        if re.search(r"error:|Fatal error|Crash|Segmentation fault|Illegal instruction", line):
            return line.strip()[:300]
    return fallback


def run_status(command, cwd=None):
    """Runs a command that may fail: (seconds, peak MB, CompletedProcess). Its exit status is the caller's."""
    timed = ["/usr/bin/time", "-f", "__PEAK_KB__ %M"] + command
    start = time.monotonic()
    result = subprocess.run(timed, cwd=cwd, capture_output=True, text=True)
    seconds = time.monotonic() - start
    peak = re.findall(r"__PEAK_KB__ (\d+)", result.stderr)
    status = re.search(r"Command (?:terminated by signal (\d+)|exited with non-zero status (\d+))", result.stderr)
    if status and status.group(1):
        result.returncode = -int(status.group(1))
    result.stderr = re.sub(r"(?m)^(__PEAK_KB__ \d+|Command (terminated by signal|exited with non-zero).*)\n?", "",
                           result.stderr)
    return seconds, (int(peak[-1]) / 1024 if peak else 0.0), result


def measure_documents(routegen, scratch, documents, configuration):
    """Imports, lints, generates and compiles each (label, path) document; prints the table. Every document is
    measured whatever the others do; a failure is a row, not the end of the run. A document that is not there is
    skipped, with a note."""
    taken = set()
    rows = []
    for label, document in documents:
        if not os.path.exists(document):
            print(f"{label}: skipped, {document} is not there", flush=True)
            continue
        name = target_name(label, taken)
        print(f"… {label}", file=sys.stderr, flush=True)
        row = import_document(routegen, scratch, label, document, name)
        if row["spec"] and not row["failure"]:
            package = os.path.join(scratch, "clients", name)
            sources = os.path.join(package, "Sources", name)
            shutil.rmtree(package, ignore_errors=True)
            os.makedirs(sources)
            _, _, generated = run_status([routegen, "generate", row["spec"], "--output", sources])
            if generated.returncode != 0:
                row["failure"] = "generate: " + first_error(generated, f"exit status {generated.returncode}")
            else:
                row["lines"] = count_lines(sources)
                print(f"… building {label}", file=sys.stderr, flush=True)
                row["build"], row["peak"], result = build_alone(package, name)
                if result.returncode != 0:
                    row["failure"] = "compile: " + first_error(result, f"exit status {result.returncode}")
        rows.append(row)
    print_documents(rows, configuration)
    return rows


def build_alone(package, name):
    """A cold debug build of the generated client `name` in `package`, a package of its own with a fresh scratch
    folder: the runtime is built first (untimed), then the client, with warnings as errors in the Swift 6 language
    mode. (seconds, peak MB, CompletedProcess); the build folder is removed after."""
    write_package(package, name, [name])
    run(["swift", "build", "--target", "RouteGenRuntime"], cwd=package)
    try:
        return run_status(["swift", "build", "--target", name], cwd=package)
    finally:
        shutil.rmtree(os.path.join(package, ".build"), ignore_errors=True)


def print_documents(rows, configuration):
    print(f"| document | import ({configuration} routegen) | operations kept | left out, by reason | models | lint | generated lines "
          "| cold debug build of its client | peak memory | compiles (warnings as errors, Swift 6) |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for row in rows:
        reasons = "; ".join(f"{count}: {reason}" for count, reason in row["reasons"])
        left = f"{row.get('left', 0)}" + (f" ({reasons})" if reasons else "")
        lines = f"{row['lines']:,}" if row["lines"] is not None else ""
        build = f"{row['build']:.0f} s" if "build" in row else ""
        peak = f"{row['peak'] / 1024:.2f} GB" if "build" in row else ""
        compiled = "yes" if row["lines"] is not None and not row["failure"] else "**no**"
        print(f"| {row['label']} | {row['seconds']:.2f} s | {row['kept']} | {left if row['kept'] else ''} "
              f"| {row['models']} | {row['lint']} | {lines} | {build} | {peak} | {compiled} |")
    failures = [row for row in rows if row["failure"] or row.get("lint_warning")]
    for row in failures:
        print(f"{row['label']}: {row['failure'] or row['lint_warning']}")
    print(f"{len(rows) - len(failures)} of {len(rows)} documents imported, linted clean and compiled")


STRIPE_CUSTOMERS = ["GetCustomers", "PostCustomers"]
# What `routegen import --explain` names for the two customer operations: the objects Stripe's error carries, and
# the subscriptions a customer lists.
STRIPE_CUSTOMERS_CUT = ["payment_intent", "setup_intent", "payment_method", "source", "subscription"]


def measure_expansions(routegen, scratch, whole=True):
    def options(operations, expand, opaque=()):
        return (sum([["--operation", o] for o in operations], []) + sum([["--expand", e] for e in expand], [])
                + sum([["--opaque", m] for m in opaque], []))
    cases = [
        ("CustomersAll", "2 customer operations, `expand: all`", options(STRIPE_CUSTOMERS, ["all"])),
        ("Customers", "2 customer operations, no expansion", options(STRIPE_CUSTOMERS, [])),
        ("CustomersCut", "2 customer operations, no expansion, 5 models opaque",
         options(STRIPE_CUSTOMERS, [], STRIPE_CUSTOMERS_CUT)),
        ("AppAll", "CI's 7 operations, `expand: all`", options(STRIPE_APP, ["all"])),
        ("App", "CI's 7 operations, no expansion", options(STRIPE_APP, [])),
        ("AppCut", "CI's 7 operations as CI configures them (1 expansion, 5 models opaque)",
         options(STRIPE_APP, ["Charge.customer"], STRIPE_CUSTOMERS_CUT)),
    ]
    if whole:
        cases += [("WholeAll", "all 468 operations, `expand: all`", options([], ["all"])),
                  ("Whole", "all 468 operations, no expansion", options([], []))]
    package = os.path.join(scratch, "expansions")
    rows = []
    for target, label, arguments in cases:
        spec = os.path.join(scratch, target + ".yaml")
        _, _, out = run([routegen, "import", STRIPE, "--name", "Stripe", "--output", spec] + arguments)
        models = out.strip().rsplit(" with ", 1)[-1].split(",")[0]
        sources = generate_into(routegen, spec, package, target)
        rows.append((target, label, models, count_lines(sources), len(os.listdir(sources))))
    builds = build_each(package, "Expansions", [target for target, *_ in rows])
    print("| Stripe client | models | generated lines | files | cold debug build of the client | peak memory |")
    print("|---|---|---|---|---|---|")
    for (_, label, models, lines, files), (build, peak) in zip(rows, builds):
        print(f"| {label} | {models} | {lines:,} | {files} | {build:.1f} s | {peak / 1024:.2f} GB |")


def generate_into(routegen, spec, package, target):
    """Generates `spec` into the sources of `target` in the scratch `package`; returns that folder."""
    sources = os.path.join(package, "Sources", target)
    os.makedirs(sources, exist_ok=True)
    run([routegen, "generate", spec, "--output", sources])
    return sources


def build_each(package, name, targets):
    """Writes the package, builds the runtime (untimed), then each target alone, cold: (seconds, peak) of each."""
    write_package(package, name, targets)
    run(["swift", "build", "--target", "RouteGenRuntime"], cwd=package)
    return [run(["swift", "build", "--target", target], cwd=package)[:2] for target in targets]


def write_package(package, name, targets):
    """A package of one target per generated client, each built alone with warnings as errors."""
    listed = ",\n        ".join(
        f'.target(name: "{target}", dependencies: [.product(name: "RouteGenRuntime", package: "{os.path.basename(REPO)}")], '
        'swiftSettings: [.unsafeFlags(["-warnings-as-errors"])])' for target in targets)
    with open(os.path.join(package, "Package.swift"), "w", encoding="utf-8") as file:
        file.write(f"""// swift-tools-version: 6.0
import PackageDescription
let package = Package(
    name: "{name}",
    dependencies: [.package(path: "{REPO}")],
    targets: [
        {listed}
    ],
    swiftLanguageModes: [.v6]
)
""")


def measure_compile(routegen, scratch, which, incremental=False):
    package = os.path.join(scratch, "stripe-client")
    sources = os.path.join(package, "Sources", "StripeClient")
    os.makedirs(sources, exist_ok=True)
    if which == "whole":
        spec = os.path.join(scratch, "Stripe.yaml")
        run([routegen, "import", STRIPE, "--name", "Stripe", "--output", spec])
        run([routegen, "generate", spec, "--output", sources])
    else:
        run([routegen, "generate", STRIPE, "--output", sources])
    with open(os.path.join(package, "Package.swift"), "w", encoding="utf-8") as file:
        file.write(f"""// swift-tools-version: 6.0
import PackageDescription
let package = Package(
    name: "StripeClient",
    dependencies: [.package(path: "{REPO}")],
    targets: [.target(name: "StripeClient", dependencies: [.product(name: "RouteGenRuntime", package: "{os.path.basename(REPO)}")],
                      swiftSettings: [.unsafeFlags(["-warnings-as-errors"])])],
    swiftLanguageModes: [.v6]
)
""")
    run(["swift", "build", "--target", "RouteGenRuntime"], cwd=package)
    first, peak, _ = run(["swift", "build"], cwd=package)
    summary = (f"{which} Stripe client: {count_lines(sources):,} lines in {len(os.listdir(sources))} files; "
               f"cold compile (debug) {first:.0f} s, object code {object_text_mb(package, 'debug', 'StripeClient'):.1f} MB")
    if which == "whole":
        for name in os.listdir(sources):
            os.utime(os.path.join(sources, name))
        rebuild, _, _ = run(["swift", "build"], cwd=package)
        summary += f", {rebuild:.0f} s rebuild"
    print(f"{summary}, peak {peak / 1024:.1f} GB, warnings as errors")
    if incremental:
        measure_incremental(routegen, spec, sources, package)


INCREMENTAL_EDITS = [
    ("one endpoint added", "\n  getAccountBenchmarkCopy:\n    method: GET\n    path: /v1/account/benchmark_copy\n"
     "    response: Account\n", None),
    ("one property added to Customer", "      benchmark_note: String?\n", "\n  Customer:\n"),
]


def measure_incremental(routegen, spec, sources, package):
    """Rebuilds the whole client after each edit in INCREMENTAL_EDITS (each alone, the spec restored between)."""
    with open(spec, encoding="utf-8") as file:
        original = file.read()
    print("| edit | files rewritten | generation | files compiled again | build | the plugin's rebuild |")
    print("|---|---|---|---|---|---|")
    for label, addition, model in INCREMENTAL_EDITS:
        if model is None:
            edited = original.rstrip("\n") + addition
        else:
            start = original.index("    properties:\n", original.index(model)) + len("    properties:\n")
            edited = original[:start] + addition + original[start:]
        for text, timed in ((edited, True), (original, False)):
            with open(spec, "w", encoding="utf-8") as file:
                file.write(text)
            generation, _, summary = run([routegen, "generate", spec, "--output", sources])
            build, _, log = run(["swift", "build"], cwd=package)
            if timed:
                written = re.search(r"(\d+) written", summary)
                compiled = len(re.findall(r"Compiling StripeClient ", log))
                print(f"| {label} | {written.group(1) if written else '?'} of {len(os.listdir(sources))} | "
                      f"{generation:.1f} s | {compiled} | {build:.1f} s | {generation + build:.1f} s |")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--configuration", default="release", help="how routegen is built for the import timings")
    parser.add_argument("--cold-build", nargs="+", metavar="REV", help="git revisions whose first build to compare")
    parser.add_argument("--compile", choices=["whole", "app"], help="compile a Stripe client: all of it, or an app's")
    parser.add_argument("--incremental", action="store_true", help="with --compile whole, rebuild after small edits")
    parser.add_argument("--no-import", action="store_true", help="skip the import timings")
    parser.add_argument("--documents", nargs="*", metavar="FOLDER",
                        help="import, lint and compile whole documents: every OpenAPI document in each FOLDER and its "
                             "subfolders, or, with no FOLDER, the 21 of DOCUMENT_LIST")
    parser.add_argument("--document", action="append", default=[], metavar="PATH",
                        help="import, lint and compile this document too (repeatable)")
    parser.add_argument("--expansions", action="store_true", help="Stripe clients with and without expansions")
    parser.add_argument("--no-whole", action="store_true", help="with --expansions, leave out the whole document")
    parser.add_argument("--scratch", help="scratch folder (default: a new temporary one)")
    arguments = parser.parse_args()
    if arguments.incremental and arguments.compile != "whole":
        parser.error("--incremental rebuilds the whole client: give --compile whole")
    scratch = arguments.scratch or tempfile.mkdtemp(prefix="routegen-openapi-")
    os.makedirs(scratch, exist_ok=True)
    if arguments.cold_build:
        measure_cold_builds(arguments.cold_build, scratch)
        return
    routegen = build_routegen(arguments.configuration)
    if not arguments.no_import:
        measure_imports(routegen, scratch)
    if arguments.compile:
        measure_compile(routegen, scratch, arguments.compile, incremental=arguments.incremental)
    if arguments.documents is not None or arguments.document:
        documents = [(os.path.basename(path), os.path.abspath(path)) for path in arguments.document]
        if arguments.documents == [] and not arguments.document:
            documents = list(DOCUMENT_LIST)
        for folder in arguments.documents or []:
            found = documents_in(folder)
            if not found:
                parser.error(f"{folder}: no OpenAPI document found")
            documents += found
        measure_documents(routegen, scratch, documents, arguments.configuration)
    if arguments.expansions:
        measure_expansions(routegen, scratch, whole=not arguments.no_whole)


if __name__ == "__main__":
    main()
