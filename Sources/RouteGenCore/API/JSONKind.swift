/// The kind of JSON value a type decodes from: what tells apart the variants of an untagged union, and two
/// declarations of one property that no value satisfies both.
enum JSONKind: Hashable, Sendable {
    case string, number, bool, array, object
}

extension TypeReference {
    /// The one kind of JSON value the type decodes from (an optional, from its wrapped type's), and whether a value
    /// of that kind can still fail to decode (`"abc"` as a `UUID`, `1.5` as an `Int`); nil when it is not one known
    /// kind (`JSON`, a union, an expandable reference, a date whose format may be a number). `modelKind` gives a
    /// model's kind by its Swift name.
    func jsonKind(modelKind: (String) -> Model.Kind?) -> (kind: JSONKind, canFail: Bool)? {
        switch self {
        case .optional(let wrapped): wrapped.jsonKind(modelKind: modelKind)
        case .expandable: nil
        case .array: (.array, true)
        case .dictionary: (.object, true)
        case .primitive(let primitive):
            switch primitive {
            case .string: (.string, false)
            case .uuid, .url, .data: (.string, true)
            case .bool: (.bool, false)
            case .int, .int32, .int64, .uint32, .uint64: (.number, true)
            case .double, .float, .decimal: (.number, false)
            case .date, .json, .file: nil
            }
        case .model(let name):
            switch modelKind(name) {
            case .object, .responseHeaders: (.object, true)
            case .stringEnum: (.string, false)
            case .integerEnum: (.number, true)
            case .union, .outcomes, nil: nil
            }
        }
    }
}

extension Union {
    /// The variants of an untagged union that are the only one taking some kind of JSON value and can fail to decode
    /// one: a value of that kind that no variant decodes is a broken value of that variant (the client reports its
    /// error), not a new one (`unknown`). Empty when a variant's kind is not known (`JSON`, a nested union, a date
    /// whose format may be a number).
    func soleVariantsByJSONKind(modelKind: (String) -> Model.Kind?) -> [(kind: JSONKind, variant: Variant)] {
        var kinds: [(kind: JSONKind, canFail: Bool)] = []
        for variant in variants {
            guard let kind = variant.type.jsonKind(modelKind: modelKind) else { return [] }
            kinds.append(kind)
        }
        return zip(variants, kinds).compactMap { variant, kind in
            guard kind.canFail, kinds.filter({ $0.kind == kind.kind }).count == 1 else { return nil }
            return (kind.kind, variant)
        }
    }
}
