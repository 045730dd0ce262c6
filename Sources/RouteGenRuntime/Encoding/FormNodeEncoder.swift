import Foundation

/// The tree a value encodes to before ``FormEncoder`` flattens it into fields.
enum FormNode {
    /// Nothing encoded (yet).
    case empty
    /// An explicit null.
    case null
    case text(String)
    case file(File)
    /// Keys in the order they were encoded.
    case object([(String, Box)])
    case array([Box])

    /// A node that containers keep writing into after they are handed out.
    final class Box {
        var node: FormNode = .empty
    }
}

/// The `Encoder` behind ``FormEncoder``: builds a ``FormNode`` tree. Single values become text the way query
/// parameters are written (``HTTPParameterValue``); `File` values stay files.
struct FormNodeEncoder: Encoder {
    let box: FormNode.Box
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if case .object = box.node {} else { box.node = .object([]) }
        return KeyedEncodingContainer(KeyedContainer<Key>(box: box, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if case .array = box.node {} else { box.node = .array([]) }
        return UnkeyedContainer(box: box, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleValueContainer(box: box, codingPath: codingPath)
    }

    /// Encodes `value` into `box`: the types with a text form directly, a dictionary by its keys in sorted order
    /// (its own order changes from one process to the next), anything else through its own `encode(to:)`.
    ///
    /// Every integer type is caught here: the standard library's `Int8`, `UInt16`, … `encode(to:)` call the
    /// containers' generic `encode`, which would come straight back here.
    static func encode(_ value: some Encodable, into box: FormNode.Box, codingPath: [any CodingKey]) throws {
        switch value {
        case let integer as any BinaryInteger: box.node = .text(String(describing: integer))
        case let file as File: box.node = .file(file)
        case let date as Date: box.node = .text(date.httpParameterValue)
        case let url as URL: box.node = .text(url.absoluteString)
        case let uuid as UUID: box.node = .text(uuid.uuidString)
        case let decimal as Decimal: box.node = .text(decimal.description)
        case let data as Data: box.node = .text(data.base64EncodedString())
        case let dictionary as [String: any Encodable]:
            var entries: [(String, FormNode.Box)] = []
            for (key, element) in dictionary.sorted(by: { $0.key < $1.key }) {
                let child = FormNode.Box()
                try encode(element, into: child, codingPath: codingPath + [JSONKey(stringValue: key)])
                entries.append((key, child))
            }
            box.node = .object(entries)
        default: try value.encode(to: FormNodeEncoder(box: box, codingPath: codingPath))
        }
    }

    private struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let box: FormNode.Box
        let codingPath: [any CodingKey]

        private func child(_ key: Key) -> FormNode.Box {
            let child = FormNode.Box()
            if case .object(var entries) = box.node {
                entries.append((key.stringValue, child))
                box.node = .object(entries)
            }
            return child
        }

        mutating func encodeNil(forKey key: Key) throws { child(key).node = .null }
        mutating func encode(_ value: Bool, forKey key: Key) throws { child(key).node = .text(value.httpParameterValue) }
        mutating func encode(_ value: String, forKey key: Key) throws { child(key).node = .text(value) }
        mutating func encode(_ value: Double, forKey key: Key) throws { child(key).node = .text(value.httpParameterValue) }
        mutating func encode(_ value: Float, forKey key: Key) throws { child(key).node = .text(value.httpParameterValue) }
        mutating func encode(_ value: Int, forKey key: Key) throws { child(key).node = .text(String(value)) }
        mutating func encode(_ value: Int8, forKey key: Key) throws { child(key).node = .text(String(value)) }
        mutating func encode(_ value: Int16, forKey key: Key) throws { child(key).node = .text(String(value)) }
        mutating func encode(_ value: Int32, forKey key: Key) throws { child(key).node = .text(String(value)) }
        mutating func encode(_ value: Int64, forKey key: Key) throws { child(key).node = .text(String(value)) }
        mutating func encode(_ value: UInt, forKey key: Key) throws { child(key).node = .text(String(value)) }
        mutating func encode(_ value: UInt8, forKey key: Key) throws { child(key).node = .text(String(value)) }
        mutating func encode(_ value: UInt16, forKey key: Key) throws { child(key).node = .text(String(value)) }
        mutating func encode(_ value: UInt32, forKey key: Key) throws { child(key).node = .text(String(value)) }
        mutating func encode(_ value: UInt64, forKey key: Key) throws { child(key).node = .text(String(value)) }
        mutating func encode(_ value: some Encodable, forKey key: Key) throws {
            try FormNodeEncoder.encode(value, into: child(key), codingPath: codingPath + [key])
        }

        mutating func nestedContainer<NestedKey: CodingKey>(
            keyedBy keyType: NestedKey.Type, forKey key: Key
        ) -> KeyedEncodingContainer<NestedKey> {
            FormNodeEncoder(box: child(key), codingPath: codingPath + [key]).container(keyedBy: keyType)
        }

        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            FormNodeEncoder(box: child(key), codingPath: codingPath + [key]).unkeyedContainer()
        }

        mutating func superEncoder() -> any Encoder { FormNodeEncoder(box: box, codingPath: codingPath) }
        mutating func superEncoder(forKey key: Key) -> any Encoder {
            FormNodeEncoder(box: child(key), codingPath: codingPath + [key])
        }
    }

    private struct UnkeyedContainer: UnkeyedEncodingContainer {
        let box: FormNode.Box
        let codingPath: [any CodingKey]
        var count: Int {
            if case .array(let items) = box.node { return items.count }
            return 0
        }

        private func next() -> FormNode.Box {
            let child = FormNode.Box()
            if case .array(var items) = box.node {
                items.append(child)
                box.node = .array(items)
            }
            return child
        }

        mutating func encodeNil() throws { next().node = .null }
        mutating func encode(_ value: Bool) throws { next().node = .text(value.httpParameterValue) }
        mutating func encode(_ value: String) throws { next().node = .text(value) }
        mutating func encode(_ value: Double) throws { next().node = .text(value.httpParameterValue) }
        mutating func encode(_ value: Float) throws { next().node = .text(value.httpParameterValue) }
        mutating func encode(_ value: Int) throws { next().node = .text(String(value)) }
        mutating func encode(_ value: Int32) throws { next().node = .text(String(value)) }
        mutating func encode(_ value: Int64) throws { next().node = .text(String(value)) }
        mutating func encode(_ value: some Encodable) throws {
            try FormNodeEncoder.encode(value, into: next(), codingPath: codingPath)
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
            FormNodeEncoder(box: next(), codingPath: codingPath).container(keyedBy: keyType)
        }

        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
            FormNodeEncoder(box: next(), codingPath: codingPath).unkeyedContainer()
        }

        mutating func superEncoder() -> any Encoder { FormNodeEncoder(box: next(), codingPath: codingPath) }
    }

    private struct SingleValueContainer: SingleValueEncodingContainer {
        let box: FormNode.Box
        let codingPath: [any CodingKey]

        mutating func encodeNil() throws { box.node = .null }
        mutating func encode(_ value: Bool) throws { box.node = .text(value.httpParameterValue) }
        mutating func encode(_ value: String) throws { box.node = .text(value) }
        mutating func encode(_ value: Double) throws { box.node = .text(value.httpParameterValue) }
        mutating func encode(_ value: Float) throws { box.node = .text(value.httpParameterValue) }
        mutating func encode(_ value: Int) throws { box.node = .text(String(value)) }
        mutating func encode(_ value: Int32) throws { box.node = .text(String(value)) }
        mutating func encode(_ value: Int64) throws { box.node = .text(String(value)) }
        mutating func encode(_ value: some Encodable) throws {
            try FormNodeEncoder.encode(value, into: box, codingPath: codingPath)
        }
    }
}
