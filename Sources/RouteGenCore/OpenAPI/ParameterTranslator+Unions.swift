/// A parameter typed by a union (Elasticsearch's `string` or `[string]`, `boolean` or a field list), typed so that each
/// variant is sent as it would be sent alone.
extension ParameterTranslator {
    /// The type of a parameter whose schema is a union, such that each variant is sent as it would be sent alone:
    /// `String` when every variant is a value written as text (`anyOf: [{ format: uuid }, string]`, `[integer,
    /// string]`: the text of any of them); when some variants are lists of such values, the list of the one value
    /// they all hold (`anyOf: [Status, [Status]]`: one value is a list of one), else `[String]` (`oneOf: [boolean,
    /// string, [Field]]`: `true` is a list of one text); nil when a variant is neither (null aside). Nested unions and
    /// an `allOf` of one part are read through.
    func unionType(of schema: DocumentNode, name: String) -> TranslatedType? {
        guard let outer = state.quietlyResolved(schema) else { return nil }
        // Elasticsearch wraps its unions in an `allOf` of one part, beside a `default`.
        var resolved = outer
        for _ in 0..<8 {
            let wrapper = SchemaShape(resolved)
            guard wrapper.allOf.count == 1, !wrapper.hasProperties, wrapper.variants.isEmpty,
                let part = state.quietlyResolved(wrapper.allOf[0])
            else { break }
            resolved = part
        }
        let shape = SchemaShape(resolved)
        let variants = shape.variants.filter { variant in state.quietlyResolved(variant).map { !SchemaShape($0).isNullType } ?? true }
        // One variant beside null is that variant, optional, as any schema's union of one is.
        guard variants.count > 1, !shape.hasProperties, let leaves = leaves(of: variants) else { return nil }
        let lists = leaves.compactMap { leaf -> (variant: DocumentNode, items: [DocumentNode])? in
            if case .list(let variant, let items) = leaf { return (variant, items) }
            return nil
        }
        var type = TranslatedType(expression: lists.isEmpty ? "String" : "[String]", description: outer.prose() ?? resolved.prose())
        if !lists.isEmpty {
            let values = leaves.flatMap { leaf -> [DocumentNode] in
                switch leaf {
                case .value(let value): [value]
                case .list(_, let items): items
                }
            }
            if lists.count == 1, Set(values.map(valueKey)).count == 1 { type = schemas.type(of: lists[0].variant, name: name) }
        }
        type.isNullable = shape.isNullable || SchemaShape(outer).isNullable
        return type
    }

    /// What a union sends: one value, or a list of values.
    private enum Leaf {
        case value(DocumentNode)
        case list(variant: DocumentNode, items: [DocumentNode])
    }

    /// The values and lists of values `variants` send, nulls aside; nil when one sends something else (an object).
    private func leaves(of variants: [DocumentNode], depth: Int = 0) -> [Leaf]? {
        guard depth < 8 else { return nil }
        var found: [Leaf] = []
        for variant in variants {
            guard let resolved = state.quietlyResolved(variant) else { return nil }
            let shape = SchemaShape(resolved)
            if shape.isNullType { continue }
            if shape.isUnion || (shape.allOf.count == 1 && !shape.hasProperties) {
                guard let nested = leaves(of: shape.isUnion ? shape.variants : shape.allOf, depth: depth + 1) else { return nil }
                found += nested
            } else if shape.effectiveType.map(SchemaShape.singleValueTypes.contains) == true && !shape.hasProperties {
                found.append(.value(variant))
            } else if shape.effectiveType == "array", let items = resolved["items"],
                let itemLeaves = leaves(of: [items], depth: depth + 1)
            {
                var values: [DocumentNode] = []
                for leaf in itemLeaves {
                    guard case .value(let value) = leaf else { return nil }
                    values.append(value)
                }
                found.append(.list(variant: variant, items: values))
            } else {
                return nil
            }
        }
        return found
    }

    /// What tells two values of a union apart: the schema a `$ref` names, an enum's values, or the Swift type.
    private func valueKey(_ value: DocumentNode) -> String {
        if let reference = value.text("$ref") { return "$ref " + reference }
        guard let resolved = state.quietlyResolved(value) else { return value.identity }
        let shape = SchemaShape(resolved)
        return shape.enumValues.isEmpty ? shape.primitiveKey : "enum " + shape.enumValues.joined(separator: "\u{0}")
    }
}
