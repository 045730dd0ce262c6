"""A seeded generator of random valid RouteGen specs (Documentation/SpecFormat.md), with, for every model, JSON
values and what encoding the decoded value must give back.

`generate(seed, index)` returns a `Spec`: its YAML text, its API name and, per model, a list of
(input JSON text, expected JSON value) pairs. Everything follows from `random.Random(f"{seed}:{index}")`, so a
spec is reproduced from its seed and index alone.
"""
import base64
import json
import random
from decimal import Decimal

from naming import member_key, member_name, model_type_name, type_key, RESERVED_TYPES

PRIMITIVES = ["String", "Int", "Int32", "Int64", "Double", "Float", "Bool", "Date", "UUID", "URL", "Data", "Decimal",
              "JSON"]
ALIASES = {"String": "string", "Int": "integer", "Double": "number", "Bool": "boolean"}
DATE_FORMATS = ["date-time", "unix", "unix-ms", "date"]

# Hostile wire names: keywords, names generated code uses, unicode, separators, digits, quotes.
HOSTILE_MEMBERS = [
    "default", "self", "class", "in", "where", "protocol", "Type", "init", "return", "func", "let", "var", "struct",
    "enum", "case", "switch", "is", "as", "nil", "true", "false", "super", "try", "throws", "await", "Self", "Any",
    "Protocol", "_", "container", "encoder", "decoder", "description", "hashValue", "hash", "rawValue", "unknown",
    "knownCases", "known_cases", "arguments", "body", "request", "response", "client", "handler", "route", "cursor",
    "offset", "page", "items", "next", "pages", "environment", "headers", "query", "path", "method", "value", "id",
    "2fa", "$ref", "@type", "Ünïcode", "café", "naïve", "first-name", "first_name", "firstName", "FIRST_NAME",
    "x.y", "a b", "a\"b", "back\\slash", "userID", "userId", "URLPath", "url", "", "-", "日本", "+1", "-1",
    "emoji😀", "tab\tname", "nul", "none", "some", "Optional", "Result", "JSONValue", "QueryItem", "metadata",
    "data", "type", "object", "string", "error", "errors", "send", "decode", "encode", "with", "from", "to",
]
PLAIN_MEMBERS = [
    "name", "title", "count", "amount", "price", "created_at", "updated", "owner", "tags", "status", "kind",
    "label", "note", "size", "color", "score", "rank", "email", "phone", "city", "zip", "flag", "level", "mode",
    "total", "limit", "parent", "children", "sibling", "next_page", "has_more", "friend", "extra", "payload",
]
HOSTILE_TYPES = [
    "Error", "Type", "Result", "Optional", "QueryItem", "JSONValue", "Codable", "Sendable", "Environment",
    "Arguments", "Expandable", "Foundation", "Encoder", "Decoder", "RequestMethod", "HeaderFields", "Authentication",
    "RouteDescriptor", "Indirect", "CursorPages", "Hashable", "Void", "Set", "Swift", "RouteGenRuntime",
    "pet_status", "order-line", "Ünïcode", "Café", "mixed_Case", "XMLThing", "_Private", "Protocol", "Any", "Self",
    "JSONKey", "MockStorage", "TypedResponse", "Event", "Events", "Pages", "APIRoute", "Mock", "Models", "Handler",
]
PLAIN_TYPES = [
    "Pet", "Owner", "Node", "Item", "Order", "Line", "Shape", "Circle", "Square", "Tree", "Leaf", "Account",
    "Charge", "Refund", "Card", "Address", "Tag", "Category", "Photo", "Album", "Track", "Artist", "Review",
    "Ticket", "Comment", "Thread", "Message", "Channel", "Member", "Team", "Invoice", "Product", "Price", "Coupon",
]
HOSTILE_STRINGS = ["", "a\"b", "back\\slash", "\\(interpolated)", "#\"raw\"#", "line\nbreak", "tab\t", "Ünïcode",
                   "emoji 😀", "\"\"\"", "/* comment */", "// comment", "$ref", "null", "true", "0", "\u2028"]
ENDPOINT_NAMES = [
    "default", "class", "self", "init", "type", "send", "arguments", "search", "list", "get", "create", "update",
    "delete", "request", "client", "environment", "route", "pages", "mock", "handler", "decode", "encode", "events",
    "listItems", "list_items", "getThing", "get-thing", "Upload", "switch", "in", "where", "return", "Ünïcode",
]
HEADER_NAMES = ["X-Request-ID", "X-Case", "x-case", "If-None-Match", "X-Trace_Id", "X-Self", "X-Default",
                "X-Api-Version", "Accept-Language", "X-Count", "X-Flag", "X-When", "X-Kind"]

INT_EDGES = {
    "Int": [0, 1, -1, 2**63 - 1, -2**63, 42],
    "Int32": [0, 2147483647, -2147483648, 7],
    "Int64": [0, 2**63 - 1, -2**63, 123456789012345],
}
# A default below the normal range (`5e-324` for a Double, `1e-45` for a Float) is refused by the checker (its literal
# would underflow), so defaults keep to the normal range (values still use subnormals); `hashValue` is not generated as
# a name, since the checker renames it `hashValue_` and the naming model here does not know that rule.
# ROUTEGEN_GENERATIVE_OPEN=1 generates both anyway.
OPEN = __import__("os").environ.get("ROUTEGEN_GENERATIVE_OPEN") == "1"
DOUBLE_EDGES = ["0.0", "1.5", "-2.25", "1.7976931348623157e308", "-1.7976931348623157e308", "5e-324",
                "2.2250738585072014e-308", "0.1", "1e300", "123456.789"]
FLOAT_EDGES = ["0.0", "1.5", "-2.25", "3.4028235e38", "-3.4028235e38", "0.1", "1e-45", "1e30"]
DECIMAL_EDGES = ["0", "0.029", "-1", "12345678901234567890.123456789012345678", "99999999999999999999999999999999999999",
                 "-0.00000000000000000000000000000000001", "3.14159265358979323846264338327950288", "1e100", "1e-100",
                 "1234.5", "100"]

# A default `Decimal` is written as its significand (an Int64: at most 18 digits) and exponent (-128...127); the
# checker refuses more with a positioned error.
DECIMAL_DEFAULTS = ["0", "0.029", "-1", "123456789012345678", "-0.000000000000000001", "1e100", "1e-100", "1234.5",
                    "999999999999999999e109"]


class Model:
    def __init__(self, wire, kind):
        self.wire, self.kind = wire, kind
        self.props = []       # object: list of Prop
        self.all_of = []      # object: list of Model (objects)
        self.values = []      # enum
        self.int_enum = False
        self.variants = []    # union: list of Model or primitive type strings
        self.discriminator = None
        self.mapping = {}     # union: discriminator value -> variant Model
        self.used = False
        self.closed = False   # object: no other keys allowed (an OpenAPI document's `additionalProperties: false`)
        self.requires_none = False  # object: its OpenAPI schema requires none of its properties (the values send them)

    @property
    def swift(self):
        return model_type_name(self.wire)

    def all_props(self):
        seen, result = set(), []
        for base in self.all_of:
            for prop in base.all_props():
                if prop.wire not in seen:
                    seen.add(prop.wire)
                    result.append(prop)
        for prop in self.props:
            if prop.wire not in seen:
                seen.add(prop.wire)
                result.append(prop)
        return result


class Prop:
    def __init__(self, wire, type_):
        self.wire, self.type = wire, type_
        self.default = None          # (yaml text, expected json value)
        self.server_default = None
        self.format = None
        self.swift_name = None
        self.description = None
        self.deprecated = False
        self.style = None
        self.allow_slashes = False
        self.sends_null = False      # an optional always sent, nil as `null` (OpenAPI's required and nullable)


# Types are tuples: ("prim", name) | ("model", Model) | ("list", T) | ("map", T) | ("opt", T) | ("opt2", T)
#                   | ("exp", T)


class Spec:
    def __init__(self, name, yaml_text, cases, seed, index):
        self.name, self.yaml, self.cases, self.seed, self.index = name, yaml_text, cases, seed, index
        self.files = {}  # other files beside the spec (an OpenAPI document's parts): relative path -> text

    def swift_type(self, wire):
        return model_type_name(wire)


class Generator:
    def __init__(self, seed, index, size=None):
        self.r = random.Random(f"{seed}:{index}")
        self.seed, self.index = seed, index
        self.name = f"Gen{seed}x{index}"
        self.size = size or self.r.choice([3, 5, 8, 12])
        self.models = []
        self.type_keys = {type_key(self.name)}
        self.hosts = []
        self.dates = self.r.choice(DATE_FORMATS + ["date-time"] * 3) if self.r.random() < 0.5 else None

    # ---- names

    def pick(self, seq):
        return self.r.choice(seq)

    def chance(self, p):
        return self.r.random() < p

    def new_type_name(self):
        for _ in range(50):
            pool = HOSTILE_TYPES if self.chance(0.35) else PLAIN_TYPES
            wire = self.pick(pool)
            if self.chance(0.3):
                wire += str(self.r.randint(2, 99))
            swift = model_type_name(wire)
            # A reserved name gets `Model`; keep clear of a model already named so (QueryItemModel), of the
            # per-endpoint types (`…Body`) and of built-in types.
            keys = {type_key(wire), swift.lower()}
            if keys & self.type_keys or swift in PRIMITIVES or swift in ("File", "Url", "Uuid", "Json"):
                continue
            if swift.endswith(("Body", "Arguments", "Pages", "Response", "Outcome", "Outcomes", "Event", "Route")):
                continue
            if swift.lower() == self.name.lower():
                continue
            self.type_keys |= keys
            return wire
        wire = f"Model{len(self.models)}"
        self.type_keys.add(type_key(wire))
        return wire

    def member_names(self, count, keys=None, hostile=0.3, header=False):
        keys = set() if keys is None else keys
        result = []
        for _ in range(count * 4):
            if len(result) == count:
                break
            if header:
                wire = self.pick(HEADER_NAMES)
                if self.chance(0.3):
                    wire += f"-{self.r.randint(1, 9)}"
            else:
                wire = self.pick(HOSTILE_MEMBERS if self.chance(hostile) else PLAIN_MEMBERS)
                if self.chance(0.15):
                    wire += str(self.r.randint(2, 9))
            if wire in [w for w, _ in result] or (member_name(wire) == "hashValue" and not OPEN):
                continue
            key = member_key(wire)
            swift_name = None
            if key in keys:
                # Collides with a name of the scope: give it a Swift name of its own (wire names that differ
                # only in case or separators are allowed this way).
                swift_name = f"alt{len(keys)}{self.r.randint(0, 999)}"
                key = swift_name.lower()
                if key in keys:
                    continue
            keys.add(key)
            result.append((wire, swift_name))
        return result

    # ---- models

    def build_models(self):
        count = self.size
        for _ in range(count):
            kind = self.r.choices(["object", "enum", "union"], [6, 2, 2])[0]
            self.models.append(Model(self.new_type_name(), kind))
        objects = [m for m in self.models if m.kind == "object"]
        if not objects:
            self.models[0].kind = "object"
            objects = [self.models[0]]
        for model in self.models:
            if model.kind == "enum":
                self.fill_enum(model)
        for model in objects:
            self.fill_object(model, objects)
        for model in objects:
            self.maybe_inherit(model, objects)
        self.break_required_cycles()
        for model in self.models:
            if model.kind == "union":
                self.fill_union(model, objects)

    def fill_enum(self, model):
        model.int_enum = self.chance(0.35)
        keys, values = set(), []
        for _ in range(self.r.randint(1, 6)):
            if model.int_enum:
                value = self.r.choice([0, 1, 2, 3, 10, 404, 2147483647, 7, 99])
            else:
                value = self.pick(HOSTILE_MEMBERS + PLAIN_MEMBERS + ["in-progress", "é", "1", "unknown", "none"])
            key = member_key(str(value))
            if key in keys or value in values:
                continue
            keys.add(key)
            values.append(value)
        model.values = values

    def break_required_cycles(self):
        """A model that contains itself through required properties has no finite JSON (an error of the format):
        make one property of each such cycle optional."""
        while True:
            cycle = self.required_cycle()
            if not cycle:
                return
            owner, prop = cycle
            prop.type = ("opt", prop.type)
            prop.default = None

    def required_cycle(self):
        def edges(m):
            if m.kind == "object":
                for owner in [m] + m.all_of:
                    for p in owner.props:
                        if p.type[0] == "model" and p.type[1].kind in ("object", "union"):
                            yield p.type[1], (owner, p)
            elif m.kind == "union":
                for v in m.variants:
                    if isinstance(v, Model) and v.kind in ("object", "union"):
                        yield v, None
        for start in self.models:
            stack, seen = [(start, [])], set()
            while stack:
                node, path = stack.pop()
                for target, via in edges(node):
                    route = path + ([via] if via else [])
                    if target is start and route:
                        return route[-1]
                    if id(target) not in seen:
                        seen.add(id(target))
                        stack.append((target, route))
        return None

    def maybe_inherit(self, model, objects):
        if model.all_of or any(model in o.all_of for o in objects) or not self.chance(0.25):
            return
        mine = {prop_key(p) for p in model.props} | {p.wire for p in model.props}
        bases = [o for o in objects if o is not model and not o.all_of
                 and not ({prop_key(p) for p in o.props} | {p.wire for p in o.props}) & mine]
        if bases:
            model.all_of.append(self.pick(bases))

    def fill_object(self, model, objects):
        keys = set()
        for wire, swift_name in self.member_names(self.r.randint(0, 7), keys):
            prop = Prop(wire, self.random_type(depth=0))
            prop.swift_name = swift_name
            self.decorate(prop)
            model.props.append(prop)

    def includes(self, model, target):
        return any(b is target or self.includes(b, target) for b in model.all_of)

    def fill_union(self, model, objects):
        if self.chance(0.5) and len(objects) >= 2:
            # Tagged: object models each with the discriminator as a required `String` property.
            disc = self.pick(["type", "kind", "object", "@type", "self", "default"])
            candidates = [o for o in objects if not o.all_of and not any(o in x.all_of for x in objects)]
            self.r.shuffle(candidates)
            variants = []
            for o in candidates:
                existing = [p for p in o.all_props() if p.wire == disc]
                if existing:
                    if existing[0].type == ("prim", "String") and not existing[0].default:
                        variants.append(o)
                elif member_key(disc) not in {prop_key(p) for p in o.all_props()} and \
                        disc not in {p.wire for p in o.all_props()}:
                    prop = Prop(disc, ("prim", "String"))
                    o.props.insert(0, prop)
                    variants.append(o)
                if len(variants) == 3:
                    break
            if len(variants) >= 2:
                model.discriminator = disc
                model.variants = variants
                if self.chance(0.5):
                    for i, v in enumerate(variants):
                        model.mapping[self.pick(["a", "b.c", "x-y", "é", "Thing"]) + str(i)] = v
                return
        # Untagged: at most one object model and built-in types of distinct JSON kinds.
        variants = []
        if objects and self.chance(0.7):
            variants.append(self.pick(objects))
        prims = ["String", "Int", "Bool"]
        self.r.shuffle(prims)
        variants += [("prim", p) for p in prims[: max(1, 2 - len(variants) + self.r.randint(0, 1))]]
        self.r.shuffle(variants)
        model.variants = variants

    # ---- types

    def random_type(self, depth, allow_opt2=True, allow_models=True):
        roll = self.r.random()
        models = [m for m in self.models] if allow_models else []
        if depth < 2 and roll < 0.15:
            inner = self.random_type(depth + 1, False, allow_models)
            inner = strip_opt(inner)
            base = ("list", inner) if self.chance(0.6) else ("map", inner)
        elif models and roll < 0.45:
            target = self.pick(models)
            base = ("model", target)
            if target.kind in ("object", "union") and self.chance(0.08):
                base = ("exp", base)
        elif roll < 0.5:
            base = ("exp", ("prim", "JSON"))
        else:
            prims = PRIMITIVES if depth == 0 or self.dates in (None, "date-time") else \
                [p for p in PRIMITIVES if p != "Date"]
            base = ("prim", self.pick(prims))
        if depth == 0:
            r = self.r.random()
            if r < 0.35:
                return ("opt", base)
            if allow_opt2 and r < 0.42:
                return ("opt2", base)
        return base

    def decorate(self, prop):
        t = prop.type
        inner = strip_opt(t)
        if inner == ("prim", "Date") and self.chance(0.5):
            prop.format = self.pick(DATE_FORMATS)
        if self.chance(0.1):
            prop.description = self.pick(["A value.", "Says \"hi\" \\ bye.", "*/ not a comment end", "Ünïcode ✓"])
        if self.chance(0.05):
            prop.deprecated = True
        defaultable = self.default_value(inner, probe=True) is not None
        if defaultable and t[0] == "opt" and self.chance(0.3):
            prop.server_default = self.default_value(inner)
        elif defaultable and t[0] not in ("opt", "opt2") and self.chance(0.3):
            prop.default = self.default_value(inner)

    def default_value(self, t, probe=False):
        """(YAML text, expected JSON value) of a default of type `t`, or None when `t` takes none."""
        kind = t[0]
        if kind == "prim":
            name = t[1]
            if probe:
                return name in ("String", "Int", "Int32", "Int64", "Double", "Float", "Bool", "Decimal") or None
            if name == "String":
                text = self.pick(HOSTILE_STRINGS + ["plain", "30"])
                return yaml_quote(text), text
            if name in INT_EDGES:
                v = self.pick(INT_EDGES[name])
                return str(v), v
            if name in ("Double", "Float"):
                edges = DOUBLE_EDGES if name == "Double" else FLOAT_EDGES
                v = self.pick([e for e in edges if OPEN or e not in ("5e-324", "1e-45")])
                return v, Decimal(v)
            if name == "Decimal":
                v = self.pick(DECIMAL_DEFAULTS)
                return v, Decimal(v)
            if name == "Bool":
                v = self.chance(0.5)
                return ("true" if v else "false"), v
            return None
        if kind == "model" and t[1].kind == "enum":
            if probe:
                return True
            v = self.pick(t[1].values)
            return (str(v) if t[1].int_enum else yaml_quote(v)), v
        if kind == "list":
            inner = t[1]
            if self.default_value(inner, probe=True) is None or inner[0] == "list":
                return None
            if probe:
                return True
            items = [self.default_value(inner) for _ in range(self.r.randint(0, 3))]
            return "[" + ", ".join(i[0] for i in items) + "]", [i[1] for i in items]
        return None

    # ---- output

    def type_text(self, t):
        kind = t[0]
        if kind == "prim":
            if t[1] in ALIASES and self.chance(0.2):
                return ALIASES[t[1]]
            return t[1]
        if kind == "model":
            return t[1].wire
        if kind == "list":
            return f"[{self.type_text(t[1])}]"
        if kind == "map":
            return f"[String: {self.type_text(t[1])}]"
        if kind == "opt":
            return self.type_text(t[1]) + "?"
        if kind == "opt2":
            return self.type_text(t[1]) + "??"
        if kind == "exp":
            return f"Expandable<{self.type_text(t[1])}>"
        raise ValueError(t)




def prop_key(p):
    return p.swift_name.lower() if p.swift_name else member_key(p.wire)


def strip_opt(t):
    while t[0] in ("opt", "opt2"):
        t = t[1]
    return t


# ---- YAML

PLAIN_KEY = __import__("re").compile(r"^[A-Za-z_][A-Za-z0-9_\-]*$")
YAML_WORDS = {"y", "n", "yes", "no", "on", "off", "true", "false", "null", "~"}


def yaml_quote(text):
    return json.dumps(text, ensure_ascii=False)


def yaml_key(text):
    if PLAIN_KEY.match(text) and text.lower() not in YAML_WORDS:
        return text
    return yaml_quote(text)


# ---- endpoints, emission and values (methods of Generator, kept apart for reading)

def _param_type(g, place):
    """A type a path, query or header parameter can carry."""
    text_enums = [m for m in g.models if m.kind == "enum" and not m.int_enum]
    singles = ["String", "Int", "Int32", "Int64", "Double", "Bool", "UUID", "Decimal", "Date"]
    if place == "path":
        singles = ["String", "Int", "Int64", "UUID", "Bool"]
    if place == "header":
        singles = ["String", "Int", "Bool", "UUID"]
    if text_enums and g.chance(0.2):
        base = ("model", g.pick(text_enums))
    else:
        base = ("prim", g.pick(singles))
    if place == "query" and g.chance(0.2):
        base = ("list", base)
    if place != "path" and g.chance(0.6):
        return ("opt", base)
    return base


def _field_types(g, count, keys, multipart=False):
    fields = []
    for wire, swift_name in g.member_names(count, keys):
        roll = g.r.random()
        if multipart and roll < 0.3:
            t = ("prim", "File") if g.chance(0.7) else ("list", ("prim", "File"))
        else:
            t = ("prim", g.pick(["String", "Int", "Bool", "Double", "Decimal", "UUID"]))
            if g.chance(0.15) and not multipart:
                objects = [m for m in g.models if m.kind == "object" and m.used_in_form_ok]
                if objects:
                    t = ("model", g.pick(objects))
            if g.chance(0.15):
                t = ("list", t)
        r = g.r.random()
        if r < 0.4:
            t = ("opt", t)
        elif r < 0.5 and t[0] == "prim" and t[1] != "File":
            t = ("opt2", t)
        p = Prop(wire, t)
        p.swift_name = swift_name
        fields.append(p)
    return fields


def build_endpoints(g):
    endpoints = []
    keys = set()
    objects = [m for m in g.models if m.kind == "object"]
    for m in g.models:
        # Models whose properties a form can carry (no JSON, dates, files, unions or nested lists of models).
        m.used_in_form_ok = m.kind == "object" and not m.all_of and all(
            strip_opt(p.type)[0] == "prim" and strip_opt(p.type)[1] in ("String", "Int", "Bool")
            and p.type[0] != "opt2" and not p.default and not p.server_default for p in m.props)
    count = g.r.randint(1, max(2, g.size // 2 + 2))
    for i in range(count):
        for _ in range(20):
            name = g.pick(ENDPOINT_NAMES)
            if g.chance(0.3):
                name += str(g.r.randint(2, 9))
            key = member_key(name)
            pages_key = member_key(name + "Pages")
            if key not in keys and pages_key not in keys and type_key(name) + "body" not in g.type_keys:
                break
        else:
            continue
        keys.add(key)
        keys.add(pages_key)
        e = {"name": name}
        method = g.pick(["GET", "GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "get", "Post"])
        e["method"] = method
        upper = method.upper()
        scope = set()
        segments = [g.pick(["things", "a-b", "v", "caf%C3%A9", "x_y", "items"]) + str(i)]
        params = []
        for wire, swift_name in g.member_names(g.r.randint(0, 2), scope, hostile=0.5):
            if not all(c.isalnum() or c in "_-" for c in wire) or not wire:
                scope.discard(swift_name.lower() if swift_name else member_key(wire))
                continue
            p = Prop(wire, _param_type(g, "path"))
            p.swift_name = swift_name
            params.append(p)
            segments.append("{" + wire + "}")
        if params and params[-1].type == ("prim", "String") and g.chance(0.3):
            params[-1].allow_slashes = True
        e["path"] = "/" + "/".join(segments) + ("?beta=true" if g.chance(0.1) else "")
        e["params"] = params
        e["query"] = []
        paginate = None
        response_model = None
        # Responses
        shape = g.r.choices(["response", "responses", "events", "none", "pages"], [6, 2, 1, 1, 2])[0]
        if upper == "HEAD":
            shape = "none"
        if shape == "pages":
            pageable = [m for m in objects if any(
                p.type[0] == "list" and p.type[1][0] == "model" and p.type[1][1].kind == "object"
                and not p.default for p in m.props) and not m.all_of]
            if pageable:
                response_model = g.pick(pageable)
                items = g.pick([p for p in response_model.props if p.type[0] == "list" and p.type[1][0] == "model"
                                and p.type[1][1].kind == "object" and not p.default])
                style = g.pick(["cursor", "page", "offset"])
                paginate = {"items": items.wire}
                e["response"] = ("model", response_model)
                if style == "cursor":
                    item_model = items.type[1][1]
                    nexts = [p for p in item_model.all_props() if p.type == ("prim", "String") and not p.default]
                    cursors = [p for p in response_model.props if p.type == ("opt", ("prim", "String"))
                               and not p.server_default]
                    if nexts and (not cursors or g.chance(0.5)):
                        paginate["next"] = g.pick(nexts).wire
                    elif cursors:
                        paginate["next_cursor"] = g.pick(cursors).wire
                    else:
                        style = "page"
                paginate_param = g.pick(["cursor", "page", "offset", "after", "starting_after", "p", "arguments"])
                if member_key(paginate_param) in scope:
                    paginate_param += "_x"
                scope.add(member_key(paginate_param))
                paginate[style] = paginate_param
                e["query"].append(Prop(paginate_param, ("opt", ("prim", "String" if style == "cursor" else "Int"))))
                bools = [p for p in response_model.props if p.type == ("prim", "Bool") and not p.default]
                if bools and g.chance(0.5):
                    paginate["has_more"] = g.pick(bools).wire
            else:
                shape = "response"
        # Query and headers (names like the pages walker's locals on purpose)
        for wire, swift_name in g.member_names(g.r.randint(0, 4), scope, hostile=0.5):
            if any(q.wire == wire for q in e["query"]):
                continue  # a wire name the pagination parameter took (a YAML key once per mapping)
            p = Prop(wire, _param_type(g, "query"))
            p.swift_name = swift_name
            if p.type[0] == "opt" and p.type[1][0] == "list" and g.chance(0.5):
                p.style = g.pick(["repeat", "brackets", "comma"])
            if g.chance(0.2) and p.type[0] == "opt" and p.type[1][0] == "prim" and \
                    p.type[1][1] in ("String", "Int", "Bool") and g.chance(0.5):
                p.server_default = g.default_value(p.type[1])
            e["query"].append(p)
        deep = [m for m in objects if m.used_in_form_ok and m.props]
        if deep and g.chance(0.15):
            wire = g.pick(["filter", "where", "self", "options"])
            if member_key(wire) not in scope:
                scope.add(member_key(wire))
                p = Prop(wire, ("opt", ("model", g.pick(deep))))
                p.style = "deepObject"
                e["query"].append(p)
        e["headers"] = []
        for wire, swift_name in g.member_names(g.r.randint(0, 2), scope, header=True):
            p = Prop(wire, _param_type(g, "header"))
            p.swift_name = swift_name
            e["headers"].append(p)
        # Bodies
        e["body"] = None
        if upper not in ("GET", "HEAD") and g.chance(0.7):
            kind = g.r.choices(["model", "type", "fields", "raw", "form", "multipart"], [4, 1, 2, 1, 2, 2])[0]
            if kind == "model" and g.models:
                m = g.pick(g.models)
                e["body"] = ("body", ("model", m))
            elif kind == "type":
                e["body"] = ("body", g.pick([("list", ("model", g.pick(g.models))), ("prim", "JSON"),
                                             ("map", ("prim", "Int"))]))
            elif kind == "raw":
                e["body"] = ("body", ("prim", g.pick(["File", "Data"])))
            elif kind in ("form", "multipart"):
                if kind == "form" and deep and g.chance(0.3):
                    e["body"] = ("form", ("model", g.pick(deep)))
                else:
                    e["body"] = (kind, _field_types(g, g.r.randint(1, 4), set(), multipart=kind == "multipart"))
            else:
                fields = []
                for wire, swift_name in g.member_names(g.r.randint(1, 4), set()):
                    p = Prop(wire, g.random_type(0))
                    p.swift_name = swift_name
                    g.decorate(p)
                    fields.append(p)
                e["body"] = ("body", fields)
        if shape == "response":
            e["response"] = g.pick([("model", g.pick(g.models)), ("list", ("model", g.pick(g.models))),
                                    ("prim", "String"), ("prim", "Data"), ("prim", "JSON"), "none",
                                    ("map", ("model", g.pick(g.models))), ("prim", "Int")])
            if upper == "HEAD":
                e["response"] = "none"
        elif shape == "responses" and upper != "HEAD":
            statuses = g.r.sample([200, 201, 202, 204, 206, 304, 404, 409, 422, 500], g.r.randint(1, 3))
            e["responses"] = [(s, "none" if s in (204, 304) or g.chance(0.2) else ("model", g.pick(g.models)))
                              for s in sorted(statuses)]
        elif shape == "events" and upper != "HEAD":
            e["events"] = ("model", g.pick(g.models))
        e["pagination"] = paginate
        if "events" not in e and g.chance(0.25):
            e["response_headers"] = []
            for wire, swift_name in g.member_names(g.r.randint(1, 3), set(), header=True):
                if swift_name:
                    continue
                e["response_headers"].append(Prop(wire, ("opt", ("prim", g.pick(["String", "Int", "Bool"])))))
        if g.chance(0.2) and objects:
            if g.chance(0.5):
                e["errors"] = ("model", g.pick(objects))
            else:
                e["errors"] = [(s, g.pick(objects)) for s in g.r.sample([400, 404, 422, 500, "default"], 2)]
        if g.chance(0.15):
            e["auth"] = g.pick(["none", "bearer", "basic", "header X-Key", "query api_key", "[basic, bearer]"])
        if g.hosts and g.chance(0.2):
            e["host"] = g.pick(g.hosts)
        if g.chance(0.1):
            e["deprecated"] = True
        if g.chance(0.3):
            e["summary"] = g.pick(["Does a thing.", "Quotes \"and\" \\ slashes.", "Ünïcode */ end", "50% off"])
        endpoints.append(e)
    return endpoints


class Emitter:
    def __init__(self, g):
        self.g, self.lines = g, []

    def line(self, indent, text):
        self.lines.append("  " * indent + text)

    def prop(self, indent, p, kind="property"):
        t = self.g.type_text(p.type)
        extras = []
        if p.description is not None:
            extras.append(("description", yaml_quote(p.description)))
        if p.deprecated:
            extras.append(("deprecated", "true"))
        if p.format:
            extras.append(("format", p.format))
        if p.default:
            extras.append(("default", p.default[0]))
        if p.server_default:
            extras.append(("server_default", p.server_default[0]))
        if p.swift_name:
            extras.append(("swift_name", p.swift_name))
        if p.style:
            extras.append(("style", p.style))
        if p.allow_slashes:
            extras.append(("allow_slashes", "true"))
        if not extras and self.g.chance(0.85):
            self.line(indent, f"{yaml_key(p.wire)}: {yaml_quote(t)}")
        else:
            self.line(indent, f"{yaml_key(p.wire)}:")
            self.line(indent + 1, f"type: {yaml_quote(t)}")
            for key, value in extras:
                self.line(indent + 1, f"{key}: {value}")

    def props(self, indent, key, props):
        if not props:
            self.line(indent, f"{key}: {{}}")
            return
        self.line(indent, f"{key}:")
        for p in props:
            self.prop(indent + 1, p)


def emit(g, endpoints):
    e = Emitter(g)
    e.line(0, f"# Generated by Tests/Generative (seed {g.seed}, spec {g.index}): a random valid spec.")
    e.line(0, "routegen: 1")
    e.line(0, f"name: {g.name}")
    if g.chance(0.3):
        e.line(0, "description: " + yaml_quote("A generated API.\nIts second line says \"hi\" \\ */."))
    if g.chance(0.3):
        e.line(0, "version: " + g.pick(["v1", "api/v2", "2024-01-01"]))
    e.line(0, "environments:")
    envs = ["production"] + (["staging", "self"] if g.chance(0.3) else [])
    for i, env in enumerate(envs):
        e.line(1, f"{env}: {yaml_quote(['https://api.example.com', 'http://localhost:8080/base', 'https://s.example.com'][i])}")
    if g.hosts:
        e.line(0, "hosts:")
        for h in g.hosts:
            e.line(1, f"{h}:")
            for env in envs:
                e.line(2, f"{env}: {yaml_quote('https://' + h + '.' + env + '.example.com')}")
    if g.chance(0.3):
        e.line(0, "headers:")
        e.line(1, "X-Client: " + yaml_quote(g.pick(["routegen", "say \"hi\" \\ bye", "Ünïcode"])))
    if g.chance(0.4):
        e.line(0, "auth: " + g.pick(["bearer", "basic", "header X-Api-Key", "query key", "[basic, bearer]", "none"]))
    objects = [m for m in g.models if m.kind == "object"]
    if objects and g.chance(0.3):
        e.line(0, f"errors: {yaml_quote(g.pick(objects).wire)}")
    if g.dates:
        e.line(0, f"dates: {g.dates}")
    if g.chance(0.3):
        e.line(0, "query_arrays: " + g.pick(["repeat", "brackets", "comma"]))
    if g.envelope:
        e.line(0, "envelope:")
        e.line(1, "payload: " + yaml_quote(g.envelope[0]))
        if g.envelope[1]:
            e.line(1, "metadata: " + yaml_quote(g.envelope[1].wire))
            e.line(1, "metadata_key: " + yaml_quote(g.pick(["meta", "metadata", "$meta"])))
    e.line(0, "models:")
    for m in g.models:
        e.line(1, f"{yaml_key(m.wire)}:")
        if g.chance(0.1):
            e.line(2, "description: " + yaml_quote("A model; \"quoted\" and \\ escaped. */"))
        if m.kind == "object":
            if m.all_of:
                e.line(2, "allOf: [" + ", ".join(yaml_quote(b.wire) for b in m.all_of) + "]")
            e.props(2, "properties", m.props)
        elif m.kind == "enum":
            e.line(2, "enum: [" + ", ".join(str(v) if m.int_enum else yaml_quote(v) for v in m.values) + "]")
        else:
            e.line(2, "oneOf: [" + ", ".join(yaml_quote(v.wire if isinstance(v, Model) else v[1])
                                            for v in m.variants) + "]")
            if m.discriminator:
                e.line(2, "discriminator: " + yaml_quote(m.discriminator))
            if m.mapping:
                e.line(2, "mapping:")
                for key, v in m.mapping.items():
                    e.line(3, f"{yaml_key(key)}: {yaml_quote(v.wire)}")
    e.line(0, "endpoints:")
    for ep in endpoints:
        e.line(1, f"{yaml_key(ep['name'])}:")
        for key in ("summary",):
            if key in ep:
                e.line(2, f"{key}: {yaml_quote(ep[key])}")
        e.line(2, f"method: {ep['method']}")
        e.line(2, f"path: {yaml_quote(ep['path'])}")
        if ep.get("deprecated"):
            e.line(2, "deprecated: true")
        for key in ("params", "query", "headers"):
            if ep.get(key):
                e.props(2, key, ep[key])
        if ep.get("body"):
            kind, value = ep["body"]
            if isinstance(value, list):
                e.props(2, kind, value)
            else:
                e.line(2, f"{kind}: {yaml_quote(g.type_text(value))}")
        if "response" in ep:
            r = ep["response"]
            e.line(2, "response: " + ("none" if r == "none" else yaml_quote(g.type_text(r))))
        if "responses" in ep:
            e.line(2, "responses:")
            for status, r in ep["responses"]:
                e.line(3, f"{status}: " + ("none" if r == "none" else yaml_quote(g.type_text(r))))
        if "events" in ep:
            e.line(2, "events: " + yaml_quote(g.type_text(ep["events"])))
        if ep.get("response_headers"):
            e.props(2, "response_headers", ep["response_headers"])
        if ep.get("pagination"):
            e.line(2, "pagination:")
            for key, value in ep["pagination"].items():
                e.line(3, f"{key}: {yaml_quote(value)}")
        if "errors" in ep:
            errors = ep["errors"]
            if isinstance(errors, tuple):
                e.line(2, "errors: " + yaml_quote(errors[1].wire))
            else:
                e.line(2, "errors:")
                for status, m in errors:
                    e.line(3, f"{status}: {yaml_quote(m.wire)}")
        for key in ("auth", "host"):
            if key in ep:
                e.line(2, f"{key}: {ep[key]}")
    return "\n".join(e.lines) + "\n"


def generate(seed, index):
    g = Generator(seed, index)
    if g.chance(0.15):
        g.hosts = ["uploads"] + (["files-2"] if g.chance(0.5) else [])
    g.build_models()
    g.envelope = None
    endpoints = build_endpoints(g)
    text = emit(g, endpoints)
    return Spec(g.name, text, synthesize_cases(g), seed, index), g


# ---- values: (input, expected) pairs; numbers as Num (exact text in, Decimal expected)

class Num:
    def __init__(self, text):
        self.text = text


class NoValue(Exception):
    pass


MISSING = object()
URLS = ["https://example.com/a?b=c&d=%20e", "http://localhost:8080/", "mailto:x@y.z",
        "https://example.com/a#frag"]
DATE_TIMES = [("2024-02-11T09:48:46Z", "2024-02-11T09:48:46Z"), ("2024-02-11T09:48:46.250Z", "2024-02-11T09:48:46.250Z"),
              ("2024-02-11T11:48:46+02:00", "2024-02-11T09:48:46Z"), ("1970-01-01T00:00:00Z", "1970-01-01T00:00:00Z"),
              ("2000-02-29T23:59:59.500Z", "2000-02-29T23:59:59.500Z"), ("9999-12-31T23:59:59Z", "9999-12-31T23:59:59Z")]
UNIX = [0, 1707644926, 253402300799, 1, 86400]
UNIX_MS = [0, 1707644926250, 1707644926000, 253402300799999, 1]
DAYS = ["2024-02-29", "1970-01-01", "9999-12-31", "2000-01-01", "1900-03-01"]


def synth(g, t, depth, fmt):
    kind = t[0]
    if depth > 12:
        raise NoValue()
    if kind == "prim":
        name = t[1]
        if name == "String":
            s = g.pick(HOSTILE_STRINGS + ["plain", "x" * 40])
            return s, s
        if name in INT_EDGES:
            v = g.pick(INT_EDGES[name])
            return Num(str(v)), Decimal(v)
        if name in ("Double", "Float", "Decimal"):
            v = g.pick({"Double": DOUBLE_EDGES, "Float": FLOAT_EDGES, "Decimal": DECIMAL_EDGES}[name])
            return Num(v), Decimal(v)
        if name == "Bool":
            v = g.chance(0.5)
            return v, v
        if name == "Date":
            if fmt == "unix":
                v = g.pick(UNIX)
                return Num(str(v)), Decimal(v)
            if fmt == "unix-ms":
                v = g.pick(UNIX_MS)
                return Num(str(v)), Decimal(v)
            if fmt == "date":
                v = g.pick(DAYS)
                return v, v
            a, b = g.pick(DATE_TIMES)
            return a, b
        if name == "UUID":
            v = "%08x-%04x-%04x-%04x-%012x" % tuple(g.r.getrandbits(n) for n in (32, 16, 16, 16, 48))
            v = v if g.chance(0.5) else v.upper()
            return v, v.upper()
        if name == "URL":
            v = g.pick(URLS)
            return v, v
        if name == "Data":
            v = base64.b64encode(bytes(g.r.getrandbits(8) for _ in range(g.r.randint(0, 9)))).decode()
            return v, v
        if name == "JSON":
            v = random_json(g, depth)
            return v, to_expected(v)
        raise NoValue()
    if kind == "model":
        m = t[1]
        if m.kind == "enum":
            if g.chance(0.15):
                v = 31337 if m.int_enum else "a-value-this-spec-does-not-list"
            else:
                v = g.pick(m.values)
            return (Num(str(v)), Decimal(v)) if m.int_enum else (v, v)
        if m.kind == "object":
            return synth_object(g, m, depth)
        if m.discriminator:
            if g.chance(0.1):
                value = {m.discriminator: "an-unlisted-variant", "x": Num("1")}
                return value, to_expected(value)
            if m.mapping:
                tag, variant = g.pick(list(m.mapping.items()))
            else:
                variant = g.pick(m.variants)
                tag = variant.wire
            return synth_object(g, variant, depth, {m.discriminator: tag})
        variant = g.pick(m.variants)
        value = synth(g, variant if isinstance(variant, tuple) else ("model", variant), depth + 1, fmt)
        # An object of a closed variant whose keys an earlier closed variant declares too is that variant as well, a
        # value the document's `oneOf` (exactly one) does not allow: the first closed variant's value instead. Any
        # other object of a closed variant has a key the earlier ones do not take, and decodes as its own.
        if isinstance(variant, Model) and variant.closed and isinstance(value[0], dict):
            earlier = [v for v in m.variants[:m.variants.index(variant)] if isinstance(v, Model) and v.closed]
            if any(set(value[0]) <= {p.wire for p in e.all_props()} for e in earlier):
                return synth(g, ("model", earlier[0]), depth + 1, fmt)
        return value
    if kind == "list":
        n = 0 if depth > 4 else g.r.randint(0, 3)
        pairs = [synth(g, t[1], depth + 1, "date-time") for _ in range(n)]
        return [p[0] for p in pairs], [p[1] for p in pairs]
    if kind == "map":
        n = 0 if depth > 4 else g.r.randint(0, 3)
        keys = g.r.sample(HOSTILE_MEMBERS, n)
        pairs = [synth(g, t[1], depth + 1, "date-time") for _ in range(n)]
        return dict(zip(keys, (p[0] for p in pairs))), dict(zip(keys, (p[1] for p in pairs)))
    if kind == "exp":
        if g.chance(0.4):
            v = g.pick(["cus_123", "", "x/y"])
            return v, v
        if t[1] == ("prim", "JSON"):
            v = {"id": "obj_1", "n": Num("2")}
            return v, to_expected(v)
        return synth(g, t[1], depth + 1, fmt)
    raise NoValue()


def synth_object(g, m, depth, fixed=None):
    inp, exp = {}, {}
    for p in m.all_props():
        fmt = p.format or g.dates or "date-time"
        if fixed and p.wire in fixed:
            inp[p.wire] = exp[p.wire] = fixed[p.wire]
            continue
        t = p.type
        deep = depth > 3
        if t[0] == "opt" and p.sends_null:
            # Required and nullable: absent is not a value the document allows, and nil is sent as `null`.
            if deep or g.chance(0.4):
                inp[p.wire] = exp[p.wire] = None
            else:
                inp[p.wire], value = synth(g, t[1], depth + 1, fmt)
                exp[p.wire] = None if inp[p.wire] is None else value
        elif t[0] == "opt":
            choice = "absent" if deep else g.pick(["absent", "null", "value", "value"])
            if choice == "null" and p.server_default:
                choice = "absent"
            if choice == "absent":
                if p.server_default:
                    exp[p.wire] = p.server_default[1]
            elif choice == "null":
                inp[p.wire] = None
            else:
                inp[p.wire], value = synth(g, t[1], depth + 1, fmt)
                # A `JSON?` whose value is JSON's own `null` reads as nil, as any optional reads `null`: left out.
                if inp[p.wire] is not None:
                    exp[p.wire] = value
        elif t[0] == "opt2":
            choice = "absent" if deep else g.pick(["absent", "null", "value"])
            if choice == "null":
                inp[p.wire], exp[p.wire] = None, None
            elif choice == "value":
                inp[p.wire], exp[p.wire] = synth(g, t[1], depth + 1, fmt)
        elif p.default and g.chance(0.5):
            exp[p.wire] = p.default[1]
        else:
            inp[p.wire], exp[p.wire] = synth(g, t, depth + 1, fmt)
    return inp, exp


def random_json(g, depth):
    r = g.r.random()
    if depth > 5 or r < 0.5:
        return g.pick([None, True, False, Num("0"), Num("-7"), Num("2.5"), Num("1e300"), "text", "", "Ünïcode"])
    if r < 0.75:
        return [random_json(g, depth + 1) for _ in range(g.r.randint(0, 3))]
    return {k: random_json(g, depth + 1) for k in g.r.sample(HOSTILE_MEMBERS, g.r.randint(0, 3))}


def to_expected(v):
    if isinstance(v, Num):
        return Decimal(v.text)
    if isinstance(v, list):
        return [to_expected(x) for x in v]
    if isinstance(v, dict):
        return {k: to_expected(x) for k, x in v.items()}
    return v


def dump_json(v):
    if isinstance(v, Num):
        return v.text
    if isinstance(v, dict):
        return "{" + ",".join(json.dumps(k, ensure_ascii=False) + ":" + dump_json(x) for k, x in v.items()) + "}"
    if isinstance(v, list):
        return "[" + ",".join(dump_json(x) for x in v) + "]"
    return json.dumps(v, ensure_ascii=False)


def expected_json(v):
    """The expected value as JSON text (Decimals as numbers), for reports and fixtures."""
    if isinstance(v, Decimal):
        return str(v)
    if isinstance(v, dict):
        return "{" + ",".join(json.dumps(k, ensure_ascii=False) + ":" + expected_json(x) for k, x in v.items()) + "}"
    if isinstance(v, list):
        return "[" + ",".join(expected_json(x) for x in v) + "]"
    return json.dumps(v, ensure_ascii=False)


def synthesize_cases(g):
    cases = {}
    for m in g.models:
        values = []
        for _ in range(3):
            try:
                inp, exp = synth(g, ("model", m), 0, g.dates or "date-time")
            except NoValue:
                continue
            except RecursionError:
                continue
            values.append((dump_json(inp), exp))
        cases[m.wire] = values
    return cases


def same(expected, actual):
    """Whether the encoded value (parsed with Decimal numbers) is what the spec says it must be."""
    if isinstance(expected, bool) or isinstance(actual, bool):
        return expected is actual
    if isinstance(expected, (Decimal, int)) and isinstance(actual, (Decimal, int)):
        return Decimal(expected) == Decimal(actual)
    if isinstance(expected, dict) and isinstance(actual, dict):
        return expected.keys() == actual.keys() and all(same(expected[k], actual[k]) for k in expected)
    if isinstance(expected, list) and isinstance(actual, list):
        return len(expected) == len(actual) and all(same(a, b) for a, b in zip(expected, actual))
    return expected == actual
