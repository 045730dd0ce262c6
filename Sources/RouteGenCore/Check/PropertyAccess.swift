extension Model {
    /// Makes optional what the direction a model travels leaves out (see ``Property/Access``): a read-only property
    /// of a model the client sends (it is then never encoded), a write-only property of one it decodes. Run once the
    /// directions are known (``isEncodeOnly``, ``isReadOnly``).
    mutating func makeOneWayPropertiesOptional() {
        guard case .object(var properties) = kind else { return }
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
