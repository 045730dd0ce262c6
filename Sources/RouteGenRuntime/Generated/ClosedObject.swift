/// The decoding of a union's variant that is a closed object (a model marked `closed: true`, an OpenAPI
/// document's `additionalProperties: false`): an object carrying a key the variant does not declare is not that
/// variant, so the union tries the next one instead of decoding it as this one and dropping the key's value.
/// The variant's own decoder stays lenient (servers add fields); the check is the union's.
@_spi(Generated) extension SingleValueDecodingContainer {
    /// The value as `type`, when it is an object none of whose keys is outside `keys`; otherwise a `DecodingError`
    /// naming `union` and the least (in Unicode order, so the same every time) of the keys it does not take.
    public func decode<Value: Decodable>(_ type: Value.Type, takingOnly keys: Set<String>, in union: Any.Type) throws
        -> Value
    {
        if let key = try decode(ObjectKeys.self).keys.filter({ !keys.contains($0) }).min() {
            throw DecodingError.dataCorruptedError(
                in: self,
                debugDescription:
                    "an object with the key \"\(key)\" is not a \(union) variant: \(Value.self) takes no keys but its own"
            )
        }
        return try decode(Value.self)
    }
}

/// The keys of a JSON object, in no particular order; none for a value that is not an object.
private struct ObjectKeys: Decodable {
    let keys: [String]

    init(from decoder: any Decoder) throws {
        keys = (try? decoder.container(keyedBy: JSONKey.self))?.allKeys.map(\.stringValue) ?? []
    }
}
