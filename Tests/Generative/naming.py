"""A port of RouteGen's naming rules (Sources/RouteGenCore/Naming/SwiftNaming.swift), so the generator can keep
the Swift names of one scope apart (two wire names that become one Swift name are an error of the format) and
find the Swift type of each model in the generated code."""
import unicodedata

KEYWORDS = {
    "associatedtype", "borrowing", "class", "consuming", "deinit", "enum", "extension", "fileprivate", "func",
    "import", "init", "inout", "internal", "let", "nonisolated", "open", "operator", "private",
    "precedencegroup", "protocol", "public", "rethrows", "static", "struct", "subscript", "typealias", "var",
    "break", "case", "catch", "continue", "default", "defer", "do", "else", "fallthrough", "for", "guard",
    "if", "in", "repeat", "return", "throw", "switch", "where", "while", "Any", "as", "await", "false", "is",
    "nil", "self", "Self", "super", "throws", "true", "try", "_",
}

# Sources/RouteGenCore/Naming/GeneratedVocabulary.swift: names a model cannot take as they are (it gets `Model`).
GENERATED_TYPES = {
    "Environment", "APIRoute", "RequestHandling", "RouteSending", "RequestHandler", "MockRequestHandler",
    "MockEndpoints", "Expandable", "Arguments",
}
EXTERNAL_TYPES = {
    "APIErrorBody", "Authentication", "CursorPages", "EndpointExchange", "Enveloped", "ErrorBodies", "EventStream",
    "File", "FormEncoder", "HTTPTransport", "HeaderFields", "RequestMethod", "HTTPParameterValue", "APIRequest",
    "APIResponse", "HeaderValueError", "Indirect", "JSONCoding", "JSONKey", "JSONValue", "MockEndpoint",
    "MockEndpointError", "MockStorage", "PercentEncoding", "QueryItem", "ResponseReader", "RouteDescriptor",
    "RouteGenError", "TypedResponse",
    "Any", "CancellationError", "Codable", "CodingKey", "Decodable", "Decoder", "Encodable", "Encoder", "Hashable",
    "Hasher", "JSONDecoder", "JSONEncoder", "Optional", "RawRepresentable", "Result", "Self", "Sendable", "Set",
    "Type", "Void", "Foundation", "RouteGenRuntime", "Swift",
}
UNUSABLE_TYPES = {"Any", "Self", "Type", "Protocol"}
RESERVED_TYPES = GENERATED_TYPES | EXTERNAL_TYPES | UNUSABLE_TYPES
CODING_LOCALS = {"container", "encoder", "decoder"}


def _is_ascii_alnum(ch):
    return ch.isascii() and (ch.isalpha() or ch.isdigit())


def words(wire):
    if all(ord(c) < 0x80 for c in wire):
        folded = wire
    else:
        folded = "".join(c for c in unicodedata.normalize("NFD", wire) if unicodedata.category(c) != "Mn")
    result, current = [], ""
    for ch in folded:
        if _is_ascii_alnum(ch):
            current += ch
        elif current:
            result.append(current)
            current = ""
    if current:
        result.append(current)
    if len(result) > 1 and not any(c.islower() for c in folded):
        return [w.lower() for w in result]
    return result


def _cap(word):
    return word[:1].upper() + word[1:]


def _lower_leading(word):
    run = 0
    for ch in word:
        if ch.isupper():
            run += 1
        else:
            break
    if run == 0:
        return word
    if run == len(word):
        return word.lower()
    if run == 1:
        return word[0].lower() + word[1:]
    return word[: run - 1].lower() + word[run - 1:]


def _validated(name):
    return "_" + name if name[:1].isdigit() else name


def _fallback(wire):
    return "_" + "_".join(format(ord(c), "x") for c in wire)


def member_name(wire):
    if wire == "":
        return "empty"
    ws = words(wire)
    if not ws:
        return _fallback(wire)
    return _validated(_lower_leading(ws[0]) + "".join(_cap(w) for w in ws[1:]))


def type_name(wire):
    if wire == "":
        return "Empty"
    ws = words(wire)
    if not ws:
        return _fallback(wire).upper()
    return _validated("".join(_cap(w) for w in ws))


def model_type_name(wire):
    """The Swift type of a model named `wire` (reserved names get `Model`)."""
    name = type_name(wire)
    return name + "Model" if name in RESERVED_TYPES else name


def member_key(wire):
    """What must differ between two members of one scope: the Swift name without the suffixes RouteGen adds, in
    lower case (so `self` and `self_`, `userID` and `userId` count as one: the generator is safe, not exact)."""
    return member_name(wire).rstrip("_").lower()


def type_key(wire):
    return type_name(wire).lower()
