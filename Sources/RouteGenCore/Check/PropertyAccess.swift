extension Model {
    /// Makes optional what the direction a model travels leaves out (see ``Property/Access``): a read-only property
    /// of a model the client sends (it is then never encoded), a write-only property of one it decodes. Run once the
    /// directions are known (``isEncodeOnly``, ``isReadOnly``). A property in `discriminators` (wire names, the
    /// discriminators of the unions the model is a variant of) is sent whatever its `read_only` says: the server
    /// tells the variants apart by it.
    mutating func makeOneWayPropertiesOptional(discriminators: Set<String>) {
        guard case .object(var properties) = kind else { return }
        for index in properties.indices where discriminators.contains(properties[index].name.wire) {
            properties[index].access = .readWrite
        }
        for index in properties.indices where !properties[index].type.isOptional {
            let isAbsent =
                switch properties[index].access {
                case .readOnly: !isReadOnly
                case .writeOnly: !isEncodeOnly
                case .readWrite: false
                }
            if isAbsent { properties[index].type = .optional(properties[index].type) }
        }
        kind = .object(properties)
    }
}

extension [Model] {
    /// The discriminators (wire names) of the unions each model (by Swift name) is a variant of.
    var discriminatorsByVariant: [String: Set<String>] {
        var discriminators: [String: Set<String>] = [:]
        for model in self {
            guard case .union(let union) = model.kind, let discriminator = union.discriminator else { continue }
            for variant in union.variants {
                if case .model(let name) = variant.type { discriminators[name, default: []].insert(discriminator) }
            }
        }
        return discriminators
    }
}
