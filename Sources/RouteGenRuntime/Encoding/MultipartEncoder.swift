import Foundation

/// Encodes an `Encodable` body as `multipart/form-data` the way OpenAPI describes it: a text value as a text part,
/// a ``File`` as a file part, a list of either as one part per item, and an object (or a list holding objects) as
/// one `application/json` part written by the API's JSON encoder, as Box's upload reads its `attributes`.
struct MultipartEncoder {
    /// Writes text fields and their list styles.
    var formEncoder: FormEncoder
    /// Writes the JSON parts.
    var jsonEncoder: JSONEncoder

    /// The form of `value`, which must encode as an object; `styles` overrides the list style of fields by name.
    func encode(_ value: some Encodable, styles: [String: ArrayStyle] = [:]) throws -> MultipartFormData {
        let root = FormNode.Box()
        try value.encode(to: FormNodeEncoder(box: root, codingPath: []))
        guard case .object(let entries) = root.node else {
            throw EncodingError.invalidValue(
                value, EncodingError.Context(codingPath: [], debugDescription: "a multipart body must be an object"))
        }
        // The values of the fields that go as JSON, encoded again only when there are any.
        var structured: [String: any Encodable] = [:]
        if entries.contains(where: { Self.isStructured($0.1.node) }) {
            let capture = FieldCapture()
            try value.encode(to: capture)
            structured = capture.fields
        }
        var form = MultipartFormData()
        for (key, box) in entries {
            if Self.isStructured(box.node), let field = structured[key] {
                form.append(json: try jsonEncoder.encode(AnyEncodable(field)), name: key)
            } else {
                var fields: [FormField] = []
                formEncoder.flatten(box.node, name: key, style: styles[key] ?? formEncoder.arrayStyle, into: &fields)
                form.append(fields)
            }
        }
        return form
    }

    /// Whether a field holds an object, or a list with an object or a list in it: what text parts cannot carry.
    private static func isStructured(_ node: FormNode) -> Bool {
        switch node {
        case .object: true
        case .array(let items): items.contains { if case .object = $0.node { true } else if case .array = $0.node { true } else { false } }
        case .empty, .null, .text, .file: false
        }
    }
}

/// An encodable value whose type is known only at run time.
private struct AnyEncodable: Encodable {
    let value: any Encodable
    init(_ value: any Encodable) { self.value = value }
    func encode(to encoder: any Encoder) throws { try value.encode(to: encoder) }
}

/// An `Encoder` that keeps the values of an object's top-level keys as they are, to encode some of them again as
/// JSON. Anything below the top level is ignored.
private final class FieldCapture: Encoder {
    var fields: [String: any Encodable] = [:]
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(Container<Key>(capture: self))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer { Ignored() }
    func singleValueContainer() -> any SingleValueEncodingContainer { Ignored() }

    private struct Container<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let capture: FieldCapture
        var codingPath: [any CodingKey] { [] }

        mutating func encodeNil(forKey key: Key) throws {}
        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { capture.fields[key.stringValue] = value }
        mutating func nestedContainer<NestedKey: CodingKey>(
            keyedBy keyType: NestedKey.Type, forKey key: Key
        ) -> KeyedEncodingContainer<NestedKey> {
            KeyedEncodingContainer(Container<NestedKey>(capture: FieldCapture()))
        }
        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer { Ignored() }
        mutating func superEncoder() -> any Encoder { FieldCapture() }
        mutating func superEncoder(forKey key: Key) -> any Encoder { FieldCapture() }
    }

    /// Containers below the top level, whose values are not needed.
    private struct Ignored: UnkeyedEncodingContainer, SingleValueEncodingContainer {
        var codingPath: [any CodingKey] { [] }
        var count: Int { 0 }
        mutating func encodeNil() throws {}
        mutating func encode<T: Encodable>(_ value: T) throws {}
        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
            KeyedEncodingContainer(Container<NestedKey>(capture: FieldCapture()))
        }
        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { Ignored() }
        mutating func superEncoder() -> any Encoder { FieldCapture() }
    }
}
