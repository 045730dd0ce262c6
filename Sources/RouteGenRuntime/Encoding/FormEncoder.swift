import Foundation

/// One field of a form body or query: a name with nested keys already bracketed (`card[number]`), and its text
/// or, in a multipart form, a file.
public struct FormField: Hashable, Sendable {
    /// What a field holds.
    public enum Value: Hashable, Sendable {
        /// Text.
        case text(String)
        /// A file, for multipart forms.
        case file(File)
    }

    /// The field name, like `metadata[order_id]` or `expand[]`.
    public var name: String
    /// The value.
    public var value: Value
}

/// Encodes an `Encodable` value as the fields of an `application/x-www-form-urlencoded` or `multipart/form-data`
/// body, the way Rails, PHP and Stripe read them:
///
/// - nested objects and dictionaries as bracketed keys: `metadata[order_id]=6735`, `card[exp_month]=12`;
/// - lists of text as the ``ArrayStyle`` says (`tags=a&tags=b`, `expand[]=a`, `ids=1,2`), lists of objects
///   indexed: `items[0][price]=p_1&items[1][price]=p_2`;
/// - booleans `true` / `false`, dates as RFC 3339, a `nil` written explicitly as an empty value (`description=`,
///   which Stripe reads as "clear this field"); optionals left out are not written at all.
public struct FormEncoder: Sendable {
    /// The style of lists that ``encode(_:styles:)`` is not told otherwise about.
    public var arrayStyle: ArrayStyle

    /// Creates an encoder.
    public init(arrayStyle: ArrayStyle = .repeat) {
        self.arrayStyle = arrayStyle
    }

    /// The fields of `value`, which must encode as an object (a struct or a dictionary). `styles` overrides the
    /// list style of top-level fields by name.
    public func encode(_ value: some Encodable, styles: [String: ArrayStyle] = [:]) throws -> [FormField] {
        let root = FormNode.Box()
        try value.encode(to: FormNodeEncoder(box: root, codingPath: []))
        guard case .object(let entries) = root.node else {
            throw EncodingError.invalidValue(
                value, EncodingError.Context(codingPath: [], debugDescription: "a form body must be an object"))
        }
        var fields: [FormField] = []
        for (key, box) in entries {
            flatten(box.node, name: key, style: styles[key] ?? arrayStyle, into: &fields)
        }
        return fields
    }

    /// The fields of `value` under the name `name`: one field for a single value, nested keys for an object,
    /// the list style for a list. For query parameters that hold a model (`style: deepObject`) or a list.
    public func encode(_ value: some Encodable, named name: String, style: ArrayStyle? = nil) throws -> [FormField] {
        let root = FormNode.Box()
        try value.encode(to: FormNodeEncoder(box: root, codingPath: []))
        var fields: [FormField] = []
        flatten(root.node, name: name, style: style ?? arrayStyle, into: &fields)
        return fields
    }

    func flatten(_ node: FormNode, name: String, style: ArrayStyle, into fields: inout [FormField]) {
        switch node {
        case .empty:
            break
        case .null:
            fields.append(FormField(name: name, value: .text("")))
        case .text(let text):
            fields.append(FormField(name: name, value: .text(text)))
        case .file(let file):
            fields.append(FormField(name: name, value: .file(file)))
        case .object(let entries):
            for (key, box) in entries {
                flatten(box.node, name: "\(name)[\(key)]", style: arrayStyle, into: &fields)
            }
        case .array(let items):
            let texts = items.compactMap { box -> String? in
                if case .text(let text) = box.node { return text }
                return nil
            }
            if texts.count == items.count {
                switch style {
                case .repeat: fields += texts.map { FormField(name: name, value: .text($0)) }
                case .brackets: fields += texts.map { FormField(name: name + "[]", value: .text($0)) }
                case .comma: if !texts.isEmpty { fields.append(FormField(name: name, value: .text(texts.joined(separator: ",")))) }
                }
            } else if items.allSatisfy({ if case .file = $0.node { true } else { false } }) {
                for item in items { flatten(item.node, name: name, style: style, into: &fields) }
            } else {
                for (index, item) in items.enumerated() {
                    flatten(item.node, name: "\(name)[\(index)]", style: arrayStyle, into: &fields)
                }
            }
        }
    }
}

extension Array where Element == FormField {
    /// The fields as query items; a file field is an encoding error, since only multipart forms carry files.
    public func queryItems() throws -> [QueryItem] {
        try map { field in
            guard case .text(let text) = field.value else {
                throw EncodingError.invalidValue(
                    field.name,
                    EncodingError.Context(codingPath: [], debugDescription: "`\(field.name)` is a file: send it in a multipart body"))
            }
            return QueryItem(name: field.name, value: text)
        }
    }

    /// The fields as a multipart form, in order.
    public func multipartForm(boundary: String = "RouteGen-\(UUID().uuidString)") -> MultipartFormData {
        var form = MultipartFormData(boundary: boundary)
        form.append(self)
        return form
    }
}

extension MultipartFormData {
    /// Adds each field as a part, in order: text as text, a file as a file part.
    mutating func append(_ fields: [FormField]) {
        for field in fields {
            switch field.value {
            case .text(let text): append(text, name: field.name)
            case .file(let file): append(file, name: field.name)
            }
        }
    }
}
