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
            case .int, .int32, .int64: (.number, true)
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
