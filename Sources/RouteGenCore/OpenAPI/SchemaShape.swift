/// What a JSON Schema is, read off its keywords: the questions the translators ask before turning it into a type.
struct SchemaShape {
    /// The schema.
    let schema: DocumentNode

    init(_ schema: DocumentNode) {
        self.schema = schema
    }

    /// The `type` values other than `null` (3.1 allows a list).
    var types: [String] {
        guard let node = schema["type"] else { return [] }
        let all = node.text.map { [$0] } ?? node.items.compactMap(\.text)
        return all.filter { $0 != "null" }
    }

    /// The type the other keywords imply when `type` is not written.
    var impliedType: String? {
        if hasProperties || schema.has("additionalProperties") { return "object" }
        // A list of schemas is JSON Schema's tuple form, which OpenAPI does not have (Slack's `objs_conversation`
        // writes its one object that way): it constrains only what is an array, so it implies no type.
        if schema["items"]?.node.entries != nil { return "array" }
        switch enumKinds {
        case []: return nil
        case ["integer"]: return "integer"
        case ["number"], ["integer", "number"]: return "number"
        case ["boolean"]: return "boolean"
        case ["string"]: return "string"
        default: return nil  // values of several kinds, which no one type holds
        }
    }

    /// The JSON types of the `enum` values (or the `const`) but null: `integer`, `number`, `boolean`, `string`, or
    /// `object`/`array`. More than one (`[1, "a"]`) when no single type holds them all.
    var enumKinds: Set<String> {
        let values = schema["const"].map { [$0] } ?? schema["enum"]?.items ?? []
        return Set(
            values.filter { !$0.node.isNull }.map { value -> String in
                if value.node.entries != nil { return "object" }
                if value.node.items != nil { return "array" }
                guard case .scalar(let text, isPlain: true) = value.node.kind else { return "string" }
                if text == "true" || text == "false" { return "boolean" }
                if Int(text) != nil { return "integer" }
                return Double(text) != nil ? "number" : "string"
            })
    }

    /// The type, written or implied.
    var effectiveType: String? { types.count == 1 ? types[0] : types.isEmpty ? impliedType : nil }

    /// Whether the schema admits only null: a `null` type, an enum of null alone, or a schema that says only that it
    /// is nullable (`{ nullable: true }`, how schemars writes Rust's `Option<T>` beside `T` in an `anyOf`).
    var isNullType: Bool {
        if schema.flag("nullable"), schema.node.entries?.allSatisfy({ Self.annotations.contains($0.key) || $0.key.hasPrefix("x-") }) == true {
            return true
        }
        guard let node = schema["type"] else { return schema["enum"]?.items.allSatisfy(\.node.isNull) ?? false }
        return node.text == "null" || (node.items.count == 1 && node.items[0].text == "null")
    }

    /// Whether null is a value: 3.0 `nullable`, 3.1 `null` in `type`, `null` in `enum` or a `null` variant.
    var isNullable: Bool {
        schema.flag("nullable") || schema["type"]?.items.contains { $0.text == "null" } == true
            || schema["enum"]?.items.contains { $0.node.isNull } == true
            || variants.contains { SchemaShape($0).isNullType }
    }

    /// The `enum` values (or the `const`) other than null, as text, without repeats.
    var enumValues: [String] {
        if let constant = schema["const"]?.text { return [constant] }
        var seen: Set<String> = []
        return (schema["enum"]?.items ?? []).compactMap(\.text).filter { seen.insert($0).inserted }
    }

    /// The `allOf` parts that say what the value is: parts that only annotate it (`{}`, `{ description: … }`,
    /// `{ nullable: false }`, as Box writes) add nothing to its type.
    var allOf: [DocumentNode] { (schema["allOf"]?.items ?? []).filter { !Self.isAnnotationOnly($0) } }

    /// The keywords that describe a value without constraining it.
    private static let annotations: Set<String> = [
        "description", "title", "example", "examples", "deprecated", "readOnly", "writeOnly", "externalDocs", "default",
        "nullable",
    ]

    private static func isAnnotationOnly(_ part: DocumentNode) -> Bool {
        part.node.entries?.allSatisfy { annotations.contains($0.key) || $0.key.hasPrefix("x-") } ?? false
    }

    /// The `oneOf` (or `anyOf`) variants.
    var variants: [DocumentNode] { (schema["oneOf"] ?? schema["anyOf"])?.items ?? [] }

    /// Whether the schema is a `oneOf` or `anyOf`.
    var isUnion: Bool { !variants.isEmpty && !hasProperties && allOf.isEmpty }

    /// Whether it lists properties.
    var hasProperties: Bool { !(schema["properties"]?.entries.isEmpty ?? true) }

    /// Whether it needs a model of its own (unions aside): an object with properties, a composition, an enum.
    var needsModel: Bool {
        if hasProperties || allOf.count > 1 || (!allOf.isEmpty && hasProperties) { return true }
        guard enumValues.count > 1, hasDistinctCaseNames else { return false }
        return effectiveType == "string" || (effectiveType == "integer" && enumValues.allSatisfy { Int($0) != nil })
    }

    /// Whether every enum value gets a Swift case name of its own (`Etc/GMT+1` and `Etc/GMT-1` do not).
    var hasDistinctCaseNames: Bool {
        Set(enumValues.map(SwiftNaming.memberName)).count == enumValues.count
    }

    /// The JSON Schema types of single values: text, numbers, booleans.
    static let singleValueTypes: Set<String> = ["string", "integer", "number", "boolean"]

    /// Whether its values are single values (text, numbers, booleans), which a union may list as variants.
    var isSingleValue: Bool {
        if allOf.count == 1 { return true }
        return Self.singleValueTypes.contains(effectiveType ?? "")
    }

    /// What tells apart two inline variants of a union: their type and a format that changes the Swift type (a
    /// string of `format: int32` is still a `String`).
    var primitiveKey: String {
        let format = schema.text("format") ?? ""
        let typed: Set<String> = effectiveType == "string" ? Self.typedStringFormats : ["int32", "int64", "uint32", "uint64", "float", "decimal", "unix-time", "unix-timestamp"]
        return (effectiveType ?? "") + "/" + (typed.contains(format) ? format : "")
    }

    /// The string formats that give a Swift type of their own.
    static let typedStringFormats: Set<String> = ["date-time", "date", "uuid", "uri", "url", "byte", "binary"]
}
