"""A seeded generator of random valid OpenAPI 3.0 and 3.1 documents, from the same random models as specgen.py.

`generate(seed, index)` builds specgen's model graph (objects with `allOf`, open enums of text and of integers,
tagged and untagged unions, cycles, hostile names, defaults at the edges of their types), keeps what OpenAPI can say
(an `Expandable` becomes its type, `T??` becomes `T?`, a unix-ms date a unix date, other date formats are the
property's own), and writes it as `components/schemas` with one operation returning each schema, and one that sends
one with parameters, as `application/json` or a `+json` media type. Some documents keep part of their schemas in a
second file beside them, with relative `$ref`s both ways. The values to round-trip are specgen's, synthesized over
the same graph after it is made expressible.

What OpenAPI says that a spec does not (issue 51): properties both required and nullable (sent as `null`, never left
out), untagged unions of two closed objects (`additionalProperties: false`) told apart by their keys, and `allOf`
parts holding properties whose names collide after casing with another part's (`created_at` beside an included
model's `createdAt`, `@id` beside `id`), each an optional text the values leave out.
"""
import json

import specgen
from naming import member_name, model_type_name, type_name

PARTS_FOLDER = "{name}-parts"


class Document:
    def __init__(self, name, yaml_text, files, cases, types, seed, index, write=None, media=None):
        # `files`: path relative to the main document's folder -> text; `types`: model wire name -> Swift type name;
        # `write`: the wire name of the model the `write` operation sends, if the document has that operation, as
        # `media`.
        self.name, self.yaml, self.files, self.cases, self.types = name, yaml_text, files, cases, types
        self.seed, self.index, self.write, self.media = seed, index, write, media

    def swift_type(self, wire):
        return self.types[wire]


def expressible(g):
    """Rewrites the graph's types into what an OpenAPI schema can say (and the importer reads back the same)."""
    def simplify(t):
        kind = t[0]
        if kind == "exp":
            return simplify(t[1])
        if kind == "opt2":
            return ("opt", simplify(t[1]))
        if kind in ("opt", "list", "map"):
            return (kind, simplify(t[1]))
        return t
    for m in g.models:
        for p in m.props:
            p.type = simplify(p.type)
            inner = specgen.strip_opt(p.type)
            if inner == ("prim", "Date"):
                fmt = p.format or g.dates or "date-time"
                p.format = "unix" if fmt in ("unix", "unix-ms") else fmt
            else:
                p.format = None
    g.dates = None
    # A union of one object and text is an expandable reference to OpenAPI readers (Stripe's `customer`), which the
    # importer types `Expandable<JSON>` unless asked to expand it: another variant keeps it a union.
    for m in g.models:
        if m.kind == "union" and not m.discriminator and len(m.variants) == 2 and ("prim", "String") in m.variants \
                and any(isinstance(v, specgen.Model) for v in m.variants):
            m.variants.append(("prim", "Bool"))
    # An `Expandable` in a cycle is what made it finite (an ID): without it, the cycle needs an optional link.
    g.break_required_cycles()
    # Required and nullable: the key is always sent, `null` for nil.
    for m in g.models:
        for p in m.props:
            if m.kind == "object" and p.type[0] == "opt" and p.default is None and p.server_default is None and g.chance(0.25):
                p.sends_null = True
    # Closed variants: an untagged union's object beside another closed object, both taking no other keys. Half the
    # time the document requires none of the first's properties, so only the keys tell an object of the second apart:
    # it must decode as the second, not as the first without the keys the first does not declare.
    objects = [m for m in g.models if m.kind == "object"]
    closable = [m for m in objects if m.props and not m.all_of and not any(m in o.all_of for o in objects)]
    for m in g.models:
        variants = [v for v in m.variants if isinstance(v, specgen.Model)]
        if m.kind != "union" or m.discriminator or len(variants) != 1 or variants[0] not in closable:
            continue
        others = [o for o in closable if o is not variants[0]]
        if others:
            second = g.pick(others)
            m.variants.insert(m.variants.index(variants[0]) + 1, second)
            variants[0].closed = second.closed = True
            # A tagged union's variant keeps its discriminator required.
            tagged = any(variants[0] in u.variants for u in g.models if u.kind == "union" and u.discriminator)
            variants[0].requires_none = not tagged and g.chance(0.5)


class SchemaWriter:
    def __init__(self, g, document_version):
        self.g = g
        self.version = document_version
        self.external = set()      # wire names of the schemas kept in the parts file

    def ref(self, m, from_parts=False):
        if from_parts:
            # From the parts file, every schema is named through the main document's components.
            return {"$ref": f"../{self.g.name}.yaml#/components/schemas/{pointer(m.wire)}"}
        return {"$ref": f"#/components/schemas/{pointer(m.wire)}"}

    def nullable(self, schema):
        if self.version.startswith("3.1"):
            if "$ref" in schema:
                return {"anyOf": [schema, {"type": "null"}]}
            if isinstance(schema.get("type"), str):
                return {**schema, "type": [schema["type"], "null"]}
            return {"anyOf": [schema, {"type": "null"}]}
        if "$ref" in schema:
            return {"allOf": [schema], "nullable": True}
        return {**schema, "nullable": True}

    def type_schema(self, t, fmt=None, parts=False):
        kind = t[0]
        if kind == "prim":
            return primitive(t[1], fmt)
        if kind == "model":
            return self.ref(t[1], parts)
        if kind == "list":
            return {"type": "array", "items": self.type_schema(t[1], parts=parts)}
        if kind == "map":
            return {"type": "object", "additionalProperties": self.type_schema(t[1], parts=parts)}
        if kind == "opt":
            return self.type_schema(t[1], fmt, parts)
        raise ValueError(t)

    def property_schema(self, p, parts):
        schema = self.type_schema(p.type, p.format, parts)
        # An optional value may also be `null`: both read as nil.
        if p.sends_null or (p.type[0] == "opt" and p.server_default is None and self.g.chance(0.3)):
            schema = self.nullable(schema)
        default = p.default or p.server_default
        if default is not None or p.description or p.deprecated:
            if "$ref" in schema:
                schema = {"allOf": [schema]}
            if default is not None:
                schema["default"] = Raw(default[0])
            if p.description:
                schema["description"] = p.description
            if p.deprecated:
                schema["deprecated"] = True
        return schema

    def model_schema(self, m, parts=False):
        if m.kind == "enum":
            return {"type": "integer" if m.int_enum else "string", "enum": list(m.values)}
        if m.kind == "union":
            if m.discriminator:
                schema = {"oneOf": [self.ref(v, parts) for v in m.variants],
                          "discriminator": {"propertyName": m.discriminator}}
                if m.mapping:
                    schema["discriminator"]["mapping"] = {
                        tag: self.ref(v, parts)["$ref"] for tag, v in m.mapping.items()}
                return schema
            variants = []
            for v in m.variants:
                variants.append(primitive(v[1]) if isinstance(v, tuple) else self.ref(v, parts))
            return {"oneOf": variants}
        properties, required = {}, []
        for p in m.props:
            properties[p.wire] = self.property_schema(p, parts)
            # A default makes a property optional half the time (the importer's `server_default`) and leaves it
            # required the other half (a `default`): both decode an absent key as the default.
            if p.sends_null or p.type[0] != "opt" and (p.default is None or self.g.chance(0.5)) and not m.requires_none:
                required.append(p.wire)
        own = {"type": "object", "properties": properties}
        if required:
            own["required"] = required
        if m.closed:
            own["additionalProperties"] = False
            return own
        twins = self.casing_twins(m)
        if m.all_of or twins:
            extra = [{"type": "object", "properties": {twin: {"type": "string"} for twin in twins}}] if twins else []
            return {"allOf": [self.ref(b, parts) for b in m.all_of] + [own] + extra}
        return own

    def casing_twins(self, m):
        """Wire names that become the Swift name of a property of `m` (its included models' too) and are none of
        them: `created_at` for `createdAt`, `@id` for `id`. The importer gives each a `swift_name` of its own."""
        taken = {p.wire for p in m.all_props()}
        twins = []
        for p in m.all_props():
            if not self.g.chance(0.3):
                continue
            name = member_name(p.wire)
            candidates = [c for c in (p.wire.upper(), "@" + p.wire, p.wire + "_", snake_case(p.wire), p.wire.replace("_", "-"))
                          if c not in taken and member_name(c) == name]
            if candidates:
                twin = self.g.pick(candidates)
                taken.add(twin)
                twins.append(twin)
        return twins


def snake_case(wire):
    return "".join("_" + c.lower() if c.isupper() and i else c.lower() for i, c in enumerate(wire))


def primitive(name, fmt=None):
    if name == "String":
        return {"type": "string"}
    if name == "Int":
        return {"type": "integer"}
    if name in ("Int32", "Int64"):
        return {"type": "integer", "format": name.lower()}
    if name == "Double":
        return {"type": "number", "format": "double"}
    if name == "Float":
        return {"type": "number", "format": "float"}
    if name == "Decimal":
        return {"type": "number", "format": "decimal"}
    if name == "Bool":
        return {"type": "boolean"}
    if name == "Date":
        if fmt == "unix":
            return {"type": "integer", "format": "unix-time"}
        return {"type": "string", "format": "date" if fmt == "date" else "date-time"}
    if name == "UUID":
        return {"type": "string", "format": "uuid"}
    if name == "URL":
        return {"type": "string", "format": "uri"}
    if name == "Data":
        return {"type": "string", "format": "byte"}
    if name == "JSON":
        return {}
    raise ValueError(name)


def pointer(name):
    return name.replace("~", "~0").replace("/", "~1")


def operations(g, writer):
    """The paths, and the model the `write` operation sends with its media type (nil when there is none)."""
    paths = {}
    for i, m in enumerate(g.models):
        paths[f"/r{i}"] = {"get": {
            "operationId": f"read{i}",
            "responses": {"200": {"description": "OK", "content": {"application/json": {"schema": writer.ref(m)}}}},
        }}
    objects = [m for m in g.models if m.kind == "object"]
    if objects:
        target = g.pick(objects)
        parameters = [
            {"name": "id", "in": "path", "required": True, "schema": {"type": "string"}},
            {"name": "limit", "in": "query", "schema": {"type": "integer", "format": "int32", "default": 20}},
            {"name": "tags", "in": "query", "schema": {"type": "array", "items": {"type": "string"}}},
            {"name": "X-Request-ID", "in": "header", "schema": {"type": "string", "format": "uuid"}},
        ]
        enums = [m for m in g.models if m.kind == "enum"]
        if enums:
            parameters.append({"name": "kind", "in": "query", "schema": writer.ref(g.pick(enums))})
        media = g.pick(["application/json", "application/merge-patch+json", "application/vnd.api+json"])
        paths["/w/{id}"] = {"post": {
            "operationId": "write",
            "parameters": parameters,
            "requestBody": {"required": True, "content": {media: {"schema": writer.ref(target)}}},
            "responses": {"201": {"description": "Made", "content": {"application/json": {"schema": writer.ref(target)}}},
                          "default": {"description": "No"}},
        }}
        return paths, (target, media)
    return paths, (None, None)


def generate(seed, index):
    g = specgen.Generator(seed, index)
    g.build_models()
    expressible(g)
    version = g.pick(["3.0.3", "3.1.0"])
    writer = SchemaWriter(g, version)
    split = len(g.models) > 2 and g.chance(0.3)
    if split:
        writer.external = {m.wire for m in g.models if g.chance(0.5)}
    schemas, parts = {}, {}
    for m in g.models:
        if m.wire in writer.external:
            parts[m.wire] = writer.model_schema(m, parts=True)
            schemas[m.wire] = {"$ref": f"{PARTS_FOLDER.format(name=g.name)}/models.yaml#/schemas/{pointer(m.wire)}"}
        else:
            schemas[m.wire] = writer.model_schema(m)
    paths, (write, media) = operations(g, writer)
    document = {
        "openapi": version,
        "info": {"title": g.name, "version": "1"},
        "servers": [{"url": f"https://{g.name.lower()}.example.com/v1"}],
        "paths": paths,
        "components": {"schemas": schemas},
    }
    files = {}
    if parts:
        files[f"{PARTS_FOLDER.format(name=g.name)}/models.yaml"] = yaml_text({"schemas": parts})
    cases = specgen.synthesize_cases(g)
    types = {m.wire: imported_type_name(m.wire, g.name) for m in g.models}
    return Document(g.name, yaml_text(document), files, cases, types, seed, index, write.wire if write else None, media)


def imported_type_name(wire, api):
    """The Swift type the importer names a component schema `wire` (a reserved or the API's name gets `Model`)."""
    name = model_type_name(wire)
    return name + "Model" if name == type_name(api) else name


# ---- YAML: block mappings and sequences, scalars as JSON (a subset of YAML)

def yaml_text(value):
    lines = []
    emit(value, 0, lines)
    return "\n".join(lines) + "\n"


def emit(value, indent, lines, prefix=None):
    pad = " " * indent
    if isinstance(value, dict) and value:
        first = True
        for key, item in value.items():
            head = (prefix if first and prefix is not None else pad) + specgen.yaml_key(key) + ":"
            first = False
            if isinstance(item, (dict, list)) and item:
                lines.append(head)
                emit(item, indent + 2, lines)
            else:
                lines.append(head + " " + scalar(item))
    elif isinstance(value, list) and value:
        for item in value:
            if isinstance(item, dict) and item:
                emit(item, indent + 2, lines, prefix=pad + "- ")
            elif isinstance(item, list) and item:
                lines.append(pad + "-")
                emit(item, indent + 2, lines)
            else:
                lines.append(pad + "- " + scalar(item))
    else:
        lines.append(pad + scalar(value))


class Raw:
    """YAML text written as it is (specgen's defaults: numbers keep their digits)."""
    def __init__(self, text):
        self.text = text


def scalar(value):
    if isinstance(value, Raw):
        return value.text
    if isinstance(value, dict):
        return "{}"
    if isinstance(value, list):
        return "[]"
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    return json.dumps(value, ensure_ascii=False)
