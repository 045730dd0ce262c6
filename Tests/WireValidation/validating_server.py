#!/usr/bin/env python3
"""A local HTTP server that checks requests against an OpenAPI document with a validator nobody here wrote.

    python3 Tests/WireValidation/validating_server.py DOCUMENT [--lifetime SECONDS]

Listens on 127.0.0.1 at a free port and prints `port N` once it does. Every request is validated against
DOCUMENT by openapi-core (PyPI), as if the document's servers were this one (their paths kept). A request that
is not valid is answered 400 with the validator's findings as text. A valid one is answered with the status of
the operation's first 2xx response (or its `default`) and a body synthesized from that response's JSON schema,
itself validated by openapi-core before it is sent (500 with the findings if it were not valid). As Stripe does, a
request's `expand[]` paths (`customer`, `data.default_source`, in the query or a form body) are answered with the
object in place of the ID: an "ID or object" union's first object variant.

openapi-core 0.23 cannot deserialize `deepObject` lists in queries nor `deepObject` encodings of form fields
(Stripe uses both: `expand[0]=x`, `address[city]=y`). For those alone, the value is read from its brackets
(`a[b][0]=v` is `{"a": {"b": ["v"]}}`), its text cast to the schema's types, and validated with the same
schema validator openapi-core uses (openapi-schema-validator); everything else is openapi-core's.

openapi-core 0.23 lets any request through an OAuth 2 or OpenID Connect requirement; here such a requirement wants a
bearer token (RFC 6750). Each answer the report lists says which of the operation's security requirements the
request met (`security`: their schemes' names), so a test can tell where a credential went.

A document split over files (Lob's) is read as one: what each `$ref` into another file names is put in its place.
Responses are synthesized from the schemas as the validator reads them: an `allOf` as all its parts at once, a
pattern's shortest match when no plainer text matches it.

A Swagger 2.0 document (`swagger: "2.0"`: Docker Engine's, Slack's) is validated by bravado-core (PyPI) instead, which
reads 2.0 as it is written: every parameter (path, query with its `collectionFormat`, header, form field, JSON body)
against its declaration, `apiKey` requirements, and the synthesized response and its headers. What bravado-core
leaves to the server it runs in is checked here, each in one place: the path is one of the document's under its
`basePath`, a body's media type is one the operation `consumes`, no query item or form field goes undeclared, and
`basic` and `oauth2` requirements want their credentials as for OpenAPI 3.

The server stops when its standard input closes (the test that started it ended) or after --lifetime seconds.
"""
import argparse
import datetime
import io
import json
import logging
import os
import re
import sys
import threading
import traceback
import urllib.parse
import warnings

from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import yaml
from openapi_core import Config, OpenAPI
from openapi_core.datatypes import RequestParameters
from openapi_core.deserializing.exceptions import DeserializeError
from openapi_core.security.exceptions import SecurityProviderError
from openapi_core.security.factories import SecurityProviderFactory
from openapi_core.security.providers import BaseProvider
from openapi_core.templating.paths.finders import APICallPathFinder
from openapi_core.validation.request.exceptions import MissingRequiredParameter
from jsonschema import _keywords as jsonschema_keywords
from openapi_schema_validator import OAS30Validator, OAS31Validator
from openapi_spec_validator.validation.exceptions import OpenAPIValidationError
from referencing.exceptions import PointerToNowhere
from werkzeug.datastructures import Headers, ImmutableMultiDict
from werkzeug.formparser import parse_form_data

import jsonschema
from bravado_core.exception import SwaggerMappingError
from bravado_core.param import unmarshal_param
from bravado_core.response import OutgoingResponse, validate_response, validate_response_headers
from bravado_core.spec import Spec
from bravado_core.validate import validate_security_object
from swagger_spec_validator.common import SwaggerValidationError

METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]


def load(path):
    """The document at `path`, with what its `$ref`s name in other files (Lob's `resources/…`) in their place."""
    return bundled(os.path.abspath(path))


def read(path):
    with open(path, "rb") as file:
        text = file.read()
    if path.endswith(".json"):
        return json.loads(text)
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    return as_json(yaml.load(text, Loader=loader))


def as_json(node):
    """`node` in JSON's data model, the one OpenAPI is written in: every mapping key as text (YAML reads Asana's
    unquoted `200:` response as the number 200, which openapi-core's document check cannot match a pattern against)
    and a date as its text."""
    if isinstance(node, dict):
        return {(json.dumps(key) if isinstance(key, bool) or key is None else str(key)): as_json(value)
                for key, value in node.items()}
    if isinstance(node, list):
        return [as_json(item) for item in node]
    if isinstance(node, (datetime.date, datetime.datetime)):
        return node.isoformat()
    return node


def bundled(root):
    """The document `root` with every `$ref` into another file replaced by the value it names, followed in turn
    relative to that file; `$ref`s within `root` itself are left to openapi-core. The schemas here and openapi-core
    then see one document, as RouteGen's importer does when it follows the same references."""
    files = {}

    def named(target, fragment):
        if target not in files:
            files[target] = read(target)
        node = files[target]
        for token in [token for token in fragment.split("/") if token]:
            token = urllib.parse.unquote(token).replace("~1", "/").replace("~0", "~")
            node = node[int(token)] if isinstance(node, list) else node[token]
        return node

    def walk(node, file, following):
        if isinstance(node, list):
            return [walk(item, file, following) for item in node]
        if not isinstance(node, dict):
            return node
        reference = node.get("$ref")
        if isinstance(reference, str) and not reference.startswith(("http://", "https://")):
            target, _, fragment = reference.partition("#")
            target = os.path.normpath(os.path.join(os.path.dirname(file), target)) if target else file
            if target != root:
                if (target, fragment) in following:
                    raise ValueError(f"{reference} in {file} refers to itself across files, which this server does not bundle")
                return walk(named(target, fragment), target, following | {(target, fragment)})
            if file != root:
                return {"$ref": "#" + fragment}
        return {key: walk(value, file, following) for key, value in node.items()}

    return walk(named(root, ""), root, frozenset())


def without_empty_content(document):
    """Every response of the document whose `content` is an empty mapping (Okta's `204: {content: {}}`) without it.

    Both say the response has no body, but openapi-core 0.23 reads a `content` key as "a body is expected" and
    refuses the empty body the document describes ("Missing response data")."""
    responses = [r for item in (document.get("paths") or {}).values() if isinstance(item, dict)
                 for operation in item.values() if isinstance(operation, dict)
                 for r in (operation.get("responses") or {}).values()]
    responses += list(((document.get("components") or {}).get("responses") or {}).values())
    for response in responses:
        if isinstance(response, dict) and response.get("content") == {}:
            del response["content"]


def served_here(document, base):
    """Every `servers` list of the document pointed at `base`, each server's path kept."""
    def local(servers):
        result = []
        for server in servers or [{"url": "/"}]:
            url = server["url"]
            for name, variable in (server.get("variables") or {}).items():
                url = url.replace("{" + name + "}", str(variable.get("default", "")))
            path = urllib.parse.urlsplit(url).path if "://" in url else url
            result.append({"url": base + (path if path.startswith("/") else "/" + path).rstrip("/")})
        return result
    document["servers"] = local(document.get("servers"))
    for item in (document.get("paths") or {}).values():
        if "servers" in item:
            item["servers"] = local(item["servers"])
        for method in METHODS:
            if isinstance(item.get(method), dict) and "servers" in item[method]:
                item[method]["servers"] = local(item[method]["servers"])


def binary_type(validator, types, instance, schema):
    """JSON Schema's `type`, which takes the bytes of a file part for a `string` of `format: binary`.

    openapi-core reads a multipart file part as bytes. Its OpenAPI 3.0 validator takes bytes for such a string; its 3.1
    validator does not, so it refuses every file uploaded where a 3.1 document (Mastodon's media, Mistral's files)
    writes `type: string, format: binary`. Here 3.1 takes them as 3.0 does; every other value is checked as before."""
    kinds = types if isinstance(types, list) else [types]
    if isinstance(instance, bytes) and "string" in kinds and schema.get("format") == "binary":
        return
    yield from jsonschema_keywords.type(validator, types, instance, schema)


OAS31Validator.VALIDATORS["type"] = binary_type


def json_media_types(document):
    """The `…+json` media types the document's request bodies and responses name, in lower case."""
    found = set()

    def walk(node):
        if isinstance(node, dict):
            for key, value in node.items():
                if key == "content" and isinstance(value, dict):
                    found.update(name.lower() for name in value if name.lower().split(";")[0].strip().endswith("+json"))
                walk(value)
        elif isinstance(node, list):
            for item in node:
                walk(item)
    walk(document)
    return found


def json_loads(value, **parameters):
    """A `+json` body, read as JSON."""
    return json.loads(value)


def octet_stream_loads(value, **parameters):
    """An `application/octet-stream` body, as text when it is UTF-8 (else as bytes, as openapi-core reads it).

    openapi-core reads such a body as bytes, which its 3.0 validator takes only for a string of `format: binary`:
    Typesense's import of JSON lines, `application/octet-stream` with `{type: string}`, was refused whatever was
    sent. Bytes that are text are that string; bytes that are not are still refused where no `binary` is said."""
    try:
        return value.decode("utf-8")
    except UnicodeDecodeError:
        return value


class BearerTokenProvider(BaseProvider):
    """An OAuth 2 or OpenID Connect access token, which openapi-core 0.23 does not check at all (any request passes):
    here it must be sent as RFC 6750 says a bearer token is, in `Authorization: Bearer …` or the `access_token` query
    parameter, so a client that sends no token, or sends it elsewhere, is refused as it would be."""

    def __call__(self, parameters):
        token = bearer_token(parameters.header, parameters.query)
        if token is None:
            raise SecurityProviderError("Missing bearer access token.")
        return token


def bearer_token(headers, query):
    """The bearer token (RFC 6750) in `Authorization: Bearer …` or the `access_token` query parameter, else None."""
    scheme, _, token = (headers.get("Authorization") or "").partition(" ")
    if scheme.lower() == "bearer" and token.strip():
        return token
    return query.get("access_token") or None


class SecurityProviders(SecurityProviderFactory):
    PROVIDERS = dict(SecurityProviderFactory.PROVIDERS, oauth2=BearerTokenProvider, openIdConnect=BearerTokenProvider)


class Schemas:
    """The document's schemas: `$ref`s followed, values synthesized, texts cast, values validated."""

    def __init__(self, document):
        self.document = document
        self.validator = OAS31Validator if str(document.get("openapi", "")).startswith("3.1") else OAS30Validator

    def resolve(self, node):
        seen = 0
        while isinstance(node, dict) and "$ref" in node and seen < 64:
            target = self.document
            for token in node["$ref"].lstrip("#/").split("/"):
                token = urllib.parse.unquote(token).replace("~1", "/").replace("~0", "~")
                # A pointer may pass through a list (PagerDuty's `#/components/schemas/Incident/allOf/1`).
                target = target[int(token)] if isinstance(target, list) else target[token]
            node, seen = target, seen + 1
        return node

    # Synthesis: the smallest value the schema allows, null wherever null is allowed.

    def synthesize(self, schema, depth=0, nullable=True):
        schema = self.resolve(schema)
        if not isinstance(schema, dict) or depth > 24:
            return None if depth > 24 else {}
        if nullable and self.allows_null(schema):
            return None
        if "const" in schema:
            return schema["const"]
        if schema.get("enum"):
            return next((value for value in schema["enum"] if value is not None), schema["enum"][0])
        if "allOf" in schema:
            # A part that allows null still describes the object the other parts describe.
            return self.synthesize(self.flattened(schema), depth + 1, nullable=False)
        for key in ("oneOf", "anyOf"):
            if key in schema:
                variants = [v for v in schema[key] if not self.is_null(self.resolve(v))]
                if variants:
                    own = {k: v for k, v in schema.items() if k not in (key, "discriminator")}
                    if own.get("properties") or own.get("required"):
                        # An object whose variants only add requirements (Lob's address: `name` or `company`): its
                        # own properties, with those its first variant requires.
                        value = self.synthesize(self.flattened({"allOf": [own, variants[0]]}), depth + 1, nullable=False)
                    else:
                        value = self.synthesize(variants[0], depth + 1)
                    discriminator = schema.get("discriminator")
                    if isinstance(value, dict) and discriminator:
                        name = discriminator["propertyName"]
                        target = variants[0].get("$ref", "")
                        for tag, reference in (discriminator.get("mapping") or {}).items():
                            if reference == target:
                                value[name] = tag
                        value.setdefault(name, target.split("/")[-1])
                    return value
        kind = self.kind(schema)
        if kind == "object" or "properties" in schema:
            properties = schema.get("properties") or {}
            return {name: self.synthesize(properties.get(name, {}), depth + 1) for name in schema.get("required", [])}
        if kind == "array":
            count = max(1, schema.get("minItems", 1)) if schema.get("maxItems", 1) > 0 else 0
            return [self.synthesize(schema.get("items", {}), depth + 1) for _ in range(count)]
        if kind == "integer":
            return int(self.number(schema, 1))
        if kind == "number":
            return float(self.number(schema, 1.5))
        if kind == "boolean":
            return True
        if kind == "string":
            return self.text(schema)
        return {}

    def flattened(self, schema, depth=0):
        """An `allOf` as one schema: every part's properties (one declared in several parts is the `allOf` of its
        declarations, so Lob's `object: {type: string}` and `object: {enum: [address]}` give `address`), every part's
        `required`, and the other keywords of the last part that has them."""
        parts = [self.resolve(part) for part in schema.get("allOf", [])] + [{k: v for k, v in schema.items() if k != "allOf"}]
        result, properties, required = {}, {}, []
        for part in parts:
            if not isinstance(part, dict):
                continue
            if "allOf" in part and depth < 24:
                part = self.flattened(part, depth + 1)
            for name, declared in (part.get("properties") or {}).items():
                properties.setdefault(name, []).append(declared)
            required += [name for name in part.get("required", []) if name not in required]
            result.update({k: v for k, v in part.items()
                           if k not in ("properties", "required", "nullable", "x-nullable", "title", "description")})
        if isinstance(result.get("type"), list):
            result["type"] = [kind for kind in result["type"] if kind != "null"] or result["type"]
        if properties:
            result["properties"] = {name: found[0] if len(found) == 1 else {"allOf": found} for name, found in properties.items()}
        if required:
            result["required"] = required
        return result

    def expand(self, value, schema, path):
        """`value` with the ID-or-object at `path` (`["data", "customer"]`) replaced by an object."""
        schema = self.resolve(schema)
        if isinstance(value, list):
            return [self.expand(item, schema.get("items", {}), path) for item in value]
        if not isinstance(value, dict) or not isinstance(schema, dict):
            return value
        declared = (schema.get("properties") or {}).get(path[0])
        if declared is None:
            return value
        declared = self.resolve(declared)
        if len(path) > 1:
            if value.get(path[0]) is not None:
                value[path[0]] = self.expand(value[path[0]], declared, path[1:])
            return value
        variants = [self.resolve(v) for v in declared.get("anyOf", []) + declared.get("oneOf", [])]
        objects = [v for v in variants if self.kind(v) == "object" or "properties" in v]
        if objects:
            value[path[0]] = self.synthesize(objects[0], 1, nullable=False)
        return value

    def is_null(self, schema):
        return isinstance(schema, dict) and (schema.get("type") == "null" or schema.get("enum") == [None])

    def allows_null(self, schema):
        if schema.get("enum") and None not in schema["enum"]:
            # OpenAPI 3.0.3: `nullable` does not add null to an `enum` that lists no null (Plaid's `AccountSubtype`).
            return False
        if schema.get("nullable") is True or schema.get("x-nullable") is True:
            return True
        kinds = schema.get("type")
        if isinstance(kinds, list) and "null" in kinds:
            return True
        return any(self.is_null(self.resolve(v)) for v in schema.get("oneOf", []) + schema.get("anyOf", []))

    def kind(self, schema):
        kinds = schema.get("type")
        if isinstance(kinds, list):
            kinds = next((k for k in kinds if k != "null"), None)
        return kinds

    def number(self, schema, fallback):
        if "minimum" in schema:
            value = schema["minimum"]
        elif isinstance(schema.get("exclusiveMinimum"), (int, float)):
            value = schema["exclusiveMinimum"] + 1
        else:
            value = fallback
        if "maximum" in schema and value > schema["maximum"]:
            value = schema["maximum"]
        step = schema.get("multipleOf")
        if step:
            value = step * max(1, round(value / step))
        return value

    def text(self, schema):
        formats = {"date-time": "2024-01-02T03:04:05Z", "date": "2024-01-02", "uuid": "123e4567-e89b-12d3-a456-426614174000",
                   "uri": "https://example.com/a", "url": "https://example.com/a", "email": "someone@example.com",
                   "byte": "AAAA", "binary": "data", "ipv4": "127.0.0.1", "hostname": "example.com"}
        candidates = [formats.get(schema.get("format"), "text")]
        example = schema.get("example")
        if isinstance(example, str):
            candidates.insert(0, example)
        candidates += ["1", "a", "A", "abc", "a1", "ABC123", "2024-01-02", "a@b.co", "#ffffff", "+15555550100"]
        pattern = schema.get("pattern")
        if pattern:
            # The literal start of an anchored pattern (Stripe's `^/v1/customers`) often matches on its own.
            literal = re.match(r"\^((?:\\.|[^\\.^$*+?()\[\]{}|])*)", pattern)
            if literal and literal.group(1):
                candidates.insert(0, re.sub(r"\\(.)", r"\1", literal.group(1)))
            # Else the shortest text the whole pattern matches (Lob's `^psc_[a-zA-Z0-9]+$`, its asset URLs).
            written = shortest_match(pattern)
            if written is not None:
                candidates.append(written)
        low, high = schema.get("minLength", 0), schema.get("maxLength", 1 << 30)
        for candidate in candidates:
            candidate = (candidate * (1 + low // max(1, len(candidate))))[:max(low, min(high, len(candidate) + low))]
            if low <= len(candidate) <= high and (not pattern or re.search(pattern, candidate)):
                return candidate
        return candidates[0]

    # Casting: the texts of a query or form, as the schema's types.

    def cast(self, value, schema, depth=0):
        schema = self.resolve(schema)
        if not isinstance(schema, dict) or depth > 32:
            return value
        for key in ("anyOf", "oneOf"):
            for variant in schema.get(key, []):
                cast = self.cast(value, variant, depth + 1)
                if not self.errors_against(cast, variant):
                    return cast
        if "allOf" in schema:
            for part in schema["allOf"]:
                value = self.cast(value, part, depth + 1)
        kind = self.kind(schema)
        if isinstance(value, dict) and kind == "array" and all(k.isdigit() for k in value):
            value = [value[k] for k in sorted(value, key=int)]
        if isinstance(value, list) and kind == "array":
            return [self.cast(item, schema.get("items", {}), depth + 1) for item in value]
        if isinstance(value, dict):
            properties = schema.get("properties") or {}
            extra = schema.get("additionalProperties")
            return {k: self.cast(v, properties.get(k, extra if isinstance(extra, dict) else {}), depth + 1) for k, v in value.items()}
        if isinstance(value, str):
            try:
                if kind == "integer":
                    return int(value)
                if kind == "number":
                    return float(value)
            except ValueError:
                return value
            if kind == "boolean" and value in ("true", "false"):
                return value == "true"
        return value

    def errors_against(self, value, schema):
        schema = self.resolve(schema)
        if not isinstance(schema, dict):
            return []
        root = dict(self.document)
        root.update(schema)
        return list(self.validator(root).iter_errors(value))


def shortest_match(pattern):
    """The shortest text `pattern` matches, written from Python's parse of it (`^psc_[a-zA-Z0-9]+$` gives `psc_a`), or
    None for a construct this does not write (a lookaround, a backreference) or a pattern Python cannot parse."""
    try:
        from re import _parser as parser
    except ImportError:  # before Python 3.11
        import sre_parse as parser
    classes = {"CATEGORY_DIGIT": "0", "CATEGORY_WORD": "a", "CATEGORY_SPACE": " ", "CATEGORY_NOT_DIGIT": "a",
               "CATEGORY_NOT_WORD": "-", "CATEGORY_NOT_SPACE": "a"}

    def member(items):
        if items and str(items[0][0]) == "NEGATE":
            return next(c for c in "a0-_ .A" if not any(str(op) == "LITERAL" and arg == ord(c) or str(op) == "RANGE"
                                                       and arg[0] <= ord(c) <= arg[1] for op, arg in items[1:]))
        op, arg = items[0]
        return {"LITERAL": lambda: chr(arg), "RANGE": lambda: chr(arg[0]), "CATEGORY": lambda: classes[str(arg)]}[str(op)]()

    def write(items):
        text = ""
        for op, arg in items:
            name = str(op)
            if name == "LITERAL":
                text += chr(arg)
            elif name == "NOT_LITERAL":
                text += "b" if chr(arg) == "a" else "a"
            elif name == "ANY":
                text += "a"
            elif name == "IN":
                text += member(arg)
            elif name in ("MAX_REPEAT", "MIN_REPEAT", "POSSESSIVE_REPEAT"):
                text += write(arg[2]) * arg[0]
            elif name == "SUBPATTERN":
                text += write(arg[-1])
            elif name == "BRANCH":
                text += write(arg[1][0])
            elif name == "ATOMIC_GROUP":
                text += write(arg)
            elif name != "AT":
                raise ValueError(name)
        return text

    try:
        return write(parser.parse(pattern))
    except Exception:
        return None


def brackets(pairs):
    """`a[b][0]=v` pairs as nested values: `{"a": {"b": {"0": "v"}}}` (lists are made by the schema's cast)."""
    result = {}
    for key, value in pairs:
        names = re.findall(r"[^\[\]]+|\[\]", key)
        node = result
        for index, name in enumerate(names):
            last = index == len(names) - 1
            if name == "[]":
                name = str(len(node))
            if last:
                node[name] = value
            else:
                node = node.setdefault(name, {})
    return result


class WireRequest:
    """A request as it came off the wire, for openapi-core: header names exactly as sent (a WSGI server would turn
    `api_key` into `Api-Key`), the query as written."""

    def __init__(self, base, method, target, headers, body):
        parts = urllib.parse.urlsplit(target)
        self.host_url = base
        self.path = self.url_path = parts.path
        self.full_url = base + parts.path
        self.query_string = parts.query
        self.method = method.lower()
        self.body = body
        # The media type in lower case, its parameters as sent: a multipart boundary is case-sensitive.
        media_type, _, parameters = (headers.get("Content-Type") or "").partition(";")
        self.content_type = media_type.strip().lower() + (";" + parameters if parameters else "")
        cookies = [tuple(c.strip().split("=", 1)) for c in (headers.get("Cookie") or "").split(";") if "=" in c]
        self.parameters = RequestParameters(
            query=ImmutableMultiDict(urllib.parse.parse_qsl(parts.query, keep_blank_values=True)),
            header=Headers(list(headers.items())), cookie=ImmutableMultiDict(cookies))


class WireResponse:
    """A synthesized response, for openapi-core."""

    def __init__(self, status, content_type, body, headers):
        self.status_code = status
        self.content_type = content_type or ""
        self.data = body
        self.headers = Headers(list(headers.items()) + ([("Content-Type", content_type)] if content_type else []))


class Reporting:
    """What a validator answered, request by request, which a test reads at `/__routegen/report`: each request's
    method, path and query (`url_path`, `query_string`), the operation it matched, the status, the findings of a
    refusal, the security requirements met and, where the validator says, each parameter's value as it read it."""

    def __init__(self):
        self.report = []
        self.lock = threading.Lock()

    def reported(self, target):
        """The answer to a request for the report, or None for any other request."""
        if target != "/__routegen/report":
            return None
        with self.lock:
            return 200, {"Content-Type": "application/json"}, json.dumps(self.report).encode()

    def record(self, request, operation, status, findings=None, security=None, parameters=None):
        entry = {"method": request.method.upper(), "path": request.url_path, "query": request.query_string, "status": status,
                 "operation": operation.get("operationId") if operation is not None else None}
        if findings:
            entry["findings"] = findings
        if security is not None:
            entry["security"] = security
        if parameters is not None:
            entry["parameters"] = parameters
        with self.lock:
            self.report.append(entry)

    def refuse(self, request, operation, status, findings):
        self.record(request, operation, status, findings)
        return status, {"Content-Type": "text/plain"}, "\n".join(findings).encode()


class Validator(Reporting):
    """openapi-core on one OpenAPI 3 document, and what it answered."""

    def __init__(self, document, base):
        super().__init__()
        served_here(document, base)
        without_empty_content(document)
        self.base = base
        self.schemas = Schemas(document)
        self.providers = SecurityProviders()
        # openapi-core 0.23 reads `application/json` alone as JSON: a `+json` media type the document names
        # (`application/merge-patch+json`, `application/vnd.api+json`) reached its validator as bytes, refused
        # whatever was sent.
        deserializers = {name: json_loads for name in json_media_types(document)}
        deserializers["application/octet-stream"] = octet_stream_loads
        self.configuration = {"security_provider_factory": self.providers, "extra_media_type_deserializers": deserializers}
        try:
            self.openapi = OpenAPI.from_dict(document, config=Config(**self.configuration))
        except (OpenAPIValidationError, PointerToNowhere) as error:
            # A published document can break a rule of OpenAPI's own schema where it says nothing about requests
            # (PagerDuty's `default: '20 - incident_summary'` of an integer parameter: a default is the server's, never
            # sent), or hold a `$ref` that leads nowhere where no request goes (Mistral's `#/$defs/…` inside a speech
            # stream's schema). The document is still what its owner publishes and what clients are generated from:
            # say so, and validate every request and response against it as before, only without that check of the
            # document.
            message = getattr(error, "message", None) or str(error)[:200]
            print(f"the document is not valid OpenAPI ({message}); validating requests anyway", file=sys.stderr)
            config = Config(**self.configuration, spec_validator_cls=None)
            self.openapi = OpenAPI.from_dict(document, config=config)
        self.finder = APICallPathFinder(self.openapi.spec)

    def handle(self, method, target, headers, body):
        """The status, headers and body to answer a request with."""
        reported = self.reported(target)
        if reported:
            return reported
        request = WireRequest(self.base, method, target, headers, body)
        try:
            found = self.finder.find(request.method, request.full_url)
        except Exception as error:
            return self.refuse(request, None, 400, [f"no operation: {error}"])
        operation = found.operation.read_value()
        findings = []
        exploded = list(self.exploded_objects(operation, found.path.read_value()))
        for error in self.openapi.iter_request_errors(request):
            if isinstance(error, MissingRequiredParameter) and any(p["name"] == error.name for p, _ in exploded):
                continue  # sent as its properties, checked below
            findings += self.check_unsupported(error, request, operation, found.path.read_value()) if self.is_unsupported(error) else [self.describe(error)]
        findings += self.check_exploded(request, exploded)
        if findings:
            return self.refuse(request, operation, 400, findings)
        status, content_type, data, response_headers = self.response(operation, self.expansions(request))
        response = WireResponse(status, content_type, data, response_headers)
        problems = [self.describe(e) for e in self.openapi.iter_response_errors(request, response)]
        if problems:
            return self.refuse(request, operation, 500, ["the synthesized response is not valid:"] + problems)
        self.record(request, operation, status, security=self.satisfied(request, operation))
        if content_type:
            response_headers["Content-Type"] = content_type
        return status, response_headers, data

    def satisfied(self, request, operation):
        """The requirements of the operation's `security` (else the document's) that the request meets, each as the
        names of its schemes (`[]` for the empty requirement), so a test can tell which credential went where."""
        security = operation.get("security", self.schemas.document.get("security")) or []
        met = []
        for requirement in security:
            try:
                for name in requirement:
                    self.providers.create(self.openapi.spec / "components" / "securitySchemes" / name)(request.parameters)
            except SecurityProviderError:
                continue
            met.append(sorted(requirement))
        return met

    @staticmethod
    def describe(error):
        text = str(error)
        cause = error.__cause__
        while cause is not None:
            text += f": {cause}"
            details = getattr(cause, "schema_errors", None)
            if details:
                text += " (" + "; ".join(e.message for e in details) + ")"
            cause = cause.__cause__
        return text

    @staticmethod
    def is_unsupported(error):
        cause = error.__cause__
        return isinstance(cause, DeserializeError) and cause.args and cause.args[0] == "deepObject"

    def check_unsupported(self, error, request, operation, path_item):
        """A deepObject query parameter or form body openapi-core cannot read: read here, validated by its schema."""
        name = error.__cause__.args[1]
        if "Request body" in str(error):
            content = self.schemas.resolve(operation["requestBody"])["content"]
            media = next(key for key in content if key.startswith("application/x-www-form-urlencoded"))
            schema = content[media]["schema"]
            pairs = urllib.parse.parse_qsl((request.body or b"").decode(), keep_blank_values=True)
            value = self.schemas.cast(brackets(pairs), schema)
            return [f"form body: {e.message}" for e in self.schemas.errors_against(value, schema)]
        for parameter in (path_item.get("parameters") or []) + (operation.get("parameters") or []):
            parameter = self.schemas.resolve(parameter)
            if parameter.get("in") == "query" and parameter.get("name") == name:
                pairs = [(k, v) for k, v in urllib.parse.parse_qsl(request.query_string, keep_blank_values=True)
                         if k == name or k.startswith(name + "[")]
                if not pairs:
                    return [f"query parameter {name} is required"] if parameter.get("required") else []
                schema = parameter.get("schema", {})
                value = self.schemas.cast(brackets(pairs)[name], schema)
                return [f"query parameter {name}: {e.message}" for e in self.schemas.errors_against(value, schema)]
        return [self.describe(error)]

    def exploded_objects(self, operation, path_item):
        """The operation's query parameters that are objects in the `form` style, exploded (OpenAPI's default), with
        their schemas: each property is a query item of its own (Typesense's `searchParameters`: `?q=…&query_by=…`).
        openapi-core 0.23 looks for one item named like the parameter instead: it refuses a required one as missing,
        and checks nothing of an optional one."""
        for parameter in (path_item.get("parameters") or []) + (operation.get("parameters") or []):
            parameter = self.schemas.resolve(parameter)
            if parameter.get("in") != "query" or parameter.get("style", "form") != "form" or not parameter.get("explode", True):
                continue
            schema = self.schemas.resolve(parameter.get("schema", {}))
            if isinstance(schema, dict) and schema.get("properties") and self.schemas.kind(schema) in ("object", None):
                yield parameter, schema

    def check_exploded(self, request, exploded):
        """Findings on the exploded object parameters: their properties read from the query, cast to the schema's
        types and validated against it, as the `deepObject` ones are."""
        findings = []
        pairs = urllib.parse.parse_qsl(request.query_string, keep_blank_values=True)
        for parameter, schema in exploded:
            items = {}
            for key, value in pairs:
                if key in schema["properties"]:
                    items.setdefault(key, []).append(value)
            if not items:
                if parameter.get("required"):
                    findings.append(f"query parameter {parameter['name']} is required (as its properties)")
                continue
            value = {key: values if self.schemas.kind(self.schemas.resolve(schema["properties"][key])) == "array" else values[-1]
                     for key, values in items.items()}
            value = self.schemas.cast(value, schema)
            findings += [f"query parameter {parameter['name']}: {e.message}" for e in self.schemas.errors_against(value, schema)]
        return findings

    @staticmethod
    def expansions(request):
        """The `expand[]` paths of a request (`expand[]=x`, `expand[0]=x`, `expand=x`), split at their dots."""
        pairs = urllib.parse.parse_qsl(request.query_string, keep_blank_values=True)
        if request.content_type.startswith("application/x-www-form-urlencoded"):
            pairs += urllib.parse.parse_qsl((request.body or b"").decode(), keep_blank_values=True)
        return [value.split(".") for key, value in pairs if re.fullmatch(r"expand(\[\d*\])?", key)]

    def response(self, operation, expansions=()):
        responses = operation.get("responses") or {}
        statuses = sorted(s for s in responses if str(s).isdigit() and 200 <= int(s) < 300)
        status = statuses[0] if statuses else "default"
        response = self.schemas.resolve(responses.get(status) or {})
        code = int(status) if str(status).isdigit() else 200
        headers = {}
        for name, header in (response.get("headers") or {}).items():
            header = self.schemas.resolve(header)
            value = self.schemas.synthesize(header.get("schema", {}))
            if value is not None and name.lower() != "content-type":
                headers[name] = json.dumps(value) if isinstance(value, (dict, list)) else str(value).lower() if isinstance(value, bool) else str(value)
        content = response.get("content") or {}
        media = next((m for m in content if m.split(";")[0].strip() == "application/json" or m.endswith("+json")), None)
        if code in (204, 304) or not content:
            return code, None, b"", headers
        if media is None:
            # Text or bytes (a download): a few bytes of the first media type.
            media = next(iter(content))
            return code, media, b"RouteGen wire check", headers
        schema = content[media].get("schema", {})
        value = self.schemas.synthesize(schema)
        for path in expansions:
            value = self.schemas.expand(value, schema, path)
        return code, media, json.dumps(value).encode(), headers


class SwaggerRequest:
    """A request as it came off the wire, for bravado-core (its `IncomingRequest`): `path` the path parameters (set
    once the operation is found), `query` and `form` each name's value (a list for a name sent more than once, as a
    `multi` parameter is), `headers` as sent (read without regard to case), `files` the multipart file parts."""

    def __init__(self, method, target, headers, body):
        parts = urllib.parse.urlsplit(target)
        self.method = method.lower()
        self.url_path = parts.path
        self.query_string = parts.query
        self.headers = headers
        self.body = body or b""
        self.path = {}
        self.query = by_name(urllib.parse.parse_qsl(parts.query, keep_blank_values=True))
        self.media_type = (headers.get("Content-Type") or "").split(";")[0].strip().lower()
        self.form, self.files = {}, {}
        if self.media_type == "application/x-www-form-urlencoded":
            self.form = by_name(urllib.parse.parse_qsl(self.body.decode(), keep_blank_values=True))
        elif self.media_type == "multipart/form-data":
            environ = {"wsgi.input": io.BytesIO(self.body), "CONTENT_LENGTH": str(len(self.body)),
                       "CONTENT_TYPE": headers.get("Content-Type"), "REQUEST_METHOD": "POST"}
            _, form, files = parse_form_data(environ)
            self.form = by_name(form.items(multi=True))
            self.files = {name: file.read() for name, file in files.items()}

    def json(self, **kwargs):
        return json.loads(self.body)


def by_name(pairs):
    """Pairs as a mapping of each name to its value, or to its values when it came more than once."""
    values = {}
    for name, value in pairs:
        values.setdefault(name, []).append(value)
    return {name: found[0] if len(found) == 1 else found for name, found in values.items()}


class SwaggerResponse(OutgoingResponse):
    """A synthesized response, for bravado-core: its headers typed as the document declares them (bravado-core checks
    the values, not their text)."""

    def __init__(self, content_type, body, headers):
        self.content_type = content_type or ""
        self.raw_bytes = body
        self.text = body.decode("utf-8", "replace")
        self.headers = headers

    def json(self, **kwargs):
        return json.loads(self.raw_bytes)


class OneDocumentSpec(Spec):
    """bravado-core's `Spec`, its references looked up in the document alone.

    bravado-core looks for models in every schema its reference resolver holds, and jsonschema's resolver starts
    with the meta-schemas of every validator registered, openapi-schema-validator's OpenAPI 3.1 dialect among them,
    whose own references lead off this machine (`https://spec.openapis.org/oas/3.1/meta/base`). A Swagger 2.0
    document refers to none of them."""

    def _validate_spec(self):
        super()._validate_spec()
        for address in [address for address in self.resolver.store if address != self.origin_url]:
            del self.resolver.store[address]


class SwaggerValidator(Reporting):
    """bravado-core on one Swagger 2.0 document, and what it answered."""

    def __init__(self, document, base):
        super().__init__()
        self.schemas = Schemas(document)
        self.base_path = (document.get("basePath") or "").rstrip("/")
        # bravado-core warns of each model named twice (Slack's "Default error template"): not the test's concern.
        logging.getLogger("bravado_core").setLevel(logging.ERROR)
        # Nor is each format bravado-core does not know (Docker Engine's `ip-address`), which it leaves unchecked.
        warnings.filterwarnings("ignore", message=".* format is not registered with bravado-core")
        config = {"validate_requests": True, "validate_responses": True, "use_models": False}
        # The document's own address, never fetched: without one, its `#/…` references would be looked up under the
        # empty address, where jsonschema keeps the OpenAPI 3 meta-schema openapi-schema-validator registers.
        origin = base + "/__routegen/document"
        try:
            self.spec = OneDocumentSpec.from_dict(document, origin_url=origin, config=config)
        except SwaggerValidationError as error:
            # As for OpenAPI 3: a document that breaks a rule of Swagger's own schema is still what is published.
            print(f"the document is not valid Swagger 2.0 ({str(error)[:200]}); validating requests anyway", file=sys.stderr)
            self.spec = OneDocumentSpec.from_dict(document, origin_url=origin, config=dict(config, validate_swagger_spec=False))
        # Each path as a pattern, the paths with fewer parameters first (`/images/search` before `/images/{name}`).
        self.paths = sorted(((re.compile(re.sub(r"\\\{[^}]*\\\}", "([^/]+)", re.escape(path)) + "$"), path,
                              re.findall(r"\{([^}]*)\}", path)) for path in document.get("paths") or {}),
                            key=lambda found: (len(found[2]), found[1]))

    def handle(self, method, target, headers, body):
        """The status, headers and body to answer a request with."""
        reported = self.reported(target)
        if reported:
            return reported
        request = SwaggerRequest(method, target, headers, body)
        operation = self.operation(request)
        if operation is None:
            return self.refuse(request, None, 400, [f"no operation: {request.method.upper()} {request.url_path}"])
        findings, values = self.request_findings(request, operation)
        if findings:
            return self.refuse(request, operation.op_spec, 400, findings)
        status, response_spec, response = self.response(operation)
        try:
            if response.content_type.startswith("text/") or response.content_type in ("", "application/json"):
                validate_response(response_spec, operation, response)
            else:
                # Bytes (a download) are any bytes; bravado-core checks JSON and text bodies only.
                validate_response_headers(operation, response_spec, response)
        except (jsonschema.ValidationError, SwaggerMappingError) as error:
            return self.refuse(request, operation.op_spec, 500, ["the synthesized response is not valid:", str(error)])
        # Each parameter sent, as bravado-core read it (the JSON body under its parameter's name; bytes as text).
        sent = json.loads(json.dumps({name: value for name, value in values.items() if value is not None},
                                     default=lambda value: value.decode("utf-8", "replace") if isinstance(value, bytes) else str(value)))
        self.record(request, operation.op_spec, status, security=self.satisfied(request, operation), parameters=sent)
        wire_headers = {name: json.dumps(value) if isinstance(value, bool) else str(value)
                        for name, value in response.headers.items()}
        if response.content_type:
            wire_headers["Content-Type"] = response.content_type
        return status, wire_headers, response.raw_bytes

    def operation(self, request):
        """The operation at the request's method and path under `basePath`, its path parameters set, or None."""
        path = request.url_path
        if not path.startswith(self.base_path + "/"):
            return None
        path = path[len(self.base_path):]
        for pattern, template, names in self.paths:
            match = pattern.match(path)
            if match:
                try:
                    operation = self.spec.get_op_for_request(request.method, self.base_path + template)
                except SwaggerMappingError:
                    operation = None
                if operation is not None:
                    request.path = {name: urllib.parse.unquote(value) for name, value in zip(names, match.groups())}
                    return operation
        return None

    def request_findings(self, request, operation):
        """What is wrong with the request, and each parameter's value: each parameter as bravado-core reads and
        validates it, its `apiKey` requirements as bravado-core checks them, and what bravado-core leaves to the
        server."""
        findings, values = [], {}
        for parameter in operation.params.values():
            try:
                values[parameter.name] = unmarshal_param(parameter, request)
            except (jsonschema.ValidationError, SwaggerMappingError, ValueError) as error:
                findings.append(f"{parameter.location} parameter {parameter.name}: {getattr(error, 'message', error)}")
        if not findings:
            try:
                validate_security_object(operation, values)
            except SwaggerMappingError as error:
                findings.append(str(error))
        declared = {(parameter.location, parameter.name) for parameter in operation.params.values()}
        findings += [f"query parameter {name} is not declared" for name in request.query if ("query", name) not in declared]
        findings += [f"form field {name} is not declared" for name in list(request.form) + list(request.files)
                     if ("formData", name) not in declared]
        takes_body = any(location in ("body", "formData") for location, _ in declared)
        if request.body and not takes_body:
            findings.append("a body was sent to an operation that takes none")
        elif request.body and request.media_type not in [media.split(";")[0].strip().lower() for media in operation.consumes]:
            findings.append(f"the body's media type {request.media_type or '(none)'} is not one the operation consumes "
                            f"({', '.join(operation.consumes)})")
        if operation.security_specs and not self.satisfied(request, operation):
            findings.append("Security not found: no security requirement of the operation is met")
        return findings, values

    def satisfied(self, request, operation):
        """The requirements of the operation's `security` (else the document's) that the request meets, each as the
        names of its schemes (`[]` for the empty requirement): an `apiKey` sent where it says, `basic` as an
        `Authorization: Basic` header, `oauth2` as a bearer token."""
        def met(definition):
            if definition.type == "apiKey":
                sent = request.headers if definition.location == "header" else request.query
                return bool(sent.get(definition.name))
            if definition.type == "basic":
                return (request.headers.get("Authorization") or "").lower().startswith("basic ")
            return bearer_token(request.headers, request.query) is not None
        return [sorted(requirement.security_definitions) for requirement in operation.security_requirements
                if all(met(definition) for definition in requirement)]

    def response(self, operation):
        """The status, the response's declaration and the response of the operation's first 2xx response (or its
        `default`): its headers and body synthesized from their schemas."""
        responses = self.schemas.resolve(operation.op_spec.get("responses") or {})
        statuses = sorted(s for s in responses if str(s).isdigit() and 200 <= int(s) < 300)
        status = statuses[0] if statuses else "default"
        declared = self.schemas.resolve(responses[status])
        code = int(status) if str(status).isdigit() else 200
        headers = {name: self.schemas.synthesize(header, nullable=False)
                   for name, header in (declared.get("headers") or {}).items()}
        schema = self.schemas.resolve(declared.get("schema")) if "schema" in declared else None
        if schema is None or code in (204, 304):
            return code, declared, SwaggerResponse(None, b"", headers)
        produces = operation.produces or ["application/json"]
        media = next((m for m in produces if m.split(";")[0].strip() == "application/json"), produces[0])
        if media == "application/json" and schema.get("type") != "file":
            body = json.dumps(self.schemas.synthesize(schema)).encode()
        elif media.startswith("text/") and schema.get("type") == "string":
            body = self.schemas.synthesize(schema, nullable=False).encode()
        else:
            body = b"RouteGen wire check"
        return code, declared, SwaggerResponse(media, body, headers)


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    validator = None

    def answer(self):
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if length else None
        try:
            status, headers, data = self.validator.handle(self.command, self.path, self.headers, body)
        except Exception as error:  # a bug of this tool: say so rather than hang the client
            traceback.print_exc()
            status, headers, data = 500, {"Content-Type": "text/plain"}, f"validating server failed: {error!r}".encode()
        self.send_response(status)
        for name, value in headers.items():
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(data)

    do_GET = do_POST = do_PUT = do_PATCH = do_DELETE = do_HEAD = do_OPTIONS = answer

    def log_message(self, format, *args):
        pass


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("document")
    parser.add_argument("--lifetime", type=float, default=600, help="seconds after which the server stops anyway")
    arguments = parser.parse_args()
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    document = load(arguments.document)
    validating = SwaggerValidator if str(document.get("swagger", "")).startswith("2.") else Validator
    Handler.validator = validating(document, f"http://127.0.0.1:{server.server_port}")
    threading.Thread(target=server.serve_forever, daemon=True).start()
    print(f"port {server.server_port}", flush=True)
    stopped = threading.Event()
    threading.Thread(target=lambda: (sys.stdin.read(), stopped.set()), daemon=True).start()
    stopped.wait(arguments.lifetime)
    os._exit(0)


if __name__ == "__main__":
    main()
