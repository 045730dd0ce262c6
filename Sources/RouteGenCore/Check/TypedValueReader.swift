/// Reads the value of a property or parameter: a type in short form (`tag: String?`) or long form
/// (`owner: { type: Owner?, description: … }`).
enum TypedValueReader {
    struct Value {
        var type: TypeReference
        var description: String?
        var isDeprecated: Bool
        /// Where the type is written, for later diagnostics about it.
        var typeLocation: SourceLocation
        /// `style:`, with where it is written; callers refuse it where it does not apply.
        var style: (style: ParameterStyle, location: SourceLocation)?
        /// `allow_slashes: true`, with where it is written; callers refuse it where it does not apply.
        var allowSlashes: SourceLocation?
        /// `format:` of a `Date`.
        var format: DateFormat?
        /// `swift_name:`, with where it is written.
        var swiftName: (name: String, location: SourceLocation)?
        /// `default:`, checked against the type.
        var defaultValue: LiteralValue?
        /// `server_default:`, checked against the type: what the server assumes when the value is not sent.
        var serverDefault: LiteralValue?
        /// `required: true` on a `T?`, with where it is written: the key is always sent, nil as `null`. Callers refuse
        /// it where it does not apply.
        var sendsNull: SourceLocation?
        /// `read_only: true` (the server sets it: never sent) or `write_only: true` (the server never returns it),
        /// with where it is written. Callers refuse it where it does not apply.
        var access: (access: Property.Access, location: SourceLocation)?
    }

    static let longFormKeys = [
        "type", "description", "deprecated", "style", "allow_slashes", "format", "default", "server_default", "swift_name",
        "required", "read_only", "write_only",
    ]

    static func read(
        _ node: SyntaxNode, context: String, owner: SourceLocation, resolver: TypeResolver,
        diagnostics: inout Diagnostics
    ) -> Value? {
        guard node.entries != nil else {
            return resolver.resolve(node, diagnostics: &diagnostics).map {
                Value(type: $0, description: nil, isDeprecated: false, typeLocation: node.location)
            }
        }
        guard
            let mapping = MappingReader(
                node, context: context, known: longFormKeys, required: ["type"], owner: owner, diagnostics: &diagnostics)
        else { return nil }
        let description = mapping.text("description", context: context, diagnostics: &diagnostics)
        let isDeprecated = mapping.flag("deprecated", context: context, diagnostics: &diagnostics)
        let style = mapping["style"].flatMap { entry -> (ParameterStyle, SourceLocation)? in
            let names = ParameterStyle.allCases.map(\.rawValue)
            guard let text = entry.value.text, let style = ParameterStyle(rawValue: text) else {
                let written = entry.value.text ?? ""
                diagnostics.error(
                    "unknown style `\(written)`" + (Suggestion.didYouMean(written, among: names).map { "; \($0)" } ?? ""),
                    at: entry.value.textStart, hint: "use one of \(names.joined(separator: ", "))")
                return nil
            }
            return (style, entry.keyLocation)
        }
        let allowSlashes =
            mapping.flag("allow_slashes", context: context, diagnostics: &diagnostics) ? mapping["allow_slashes"]?.keyLocation : nil
        let swiftName = mapping["swift_name"].flatMap { entry -> (String, SourceLocation)? in
            guard let text = entry.value.text, SwiftNaming.isPlainIdentifier(text) else {
                diagnostics.error(
                    "`swift_name` must be a Swift identifier, not `\(entry.value.text ?? entry.value.kindDescription)`",
                    at: entry.value.textStart, hint: "letters, digits and `_`, not starting with a digit")
                return nil
            }
            // A member named like a type hides the type inside its model: `self.String = try container.decode(String.self, …)`.
            let isTypeName = !GeneratedVocabulary.isFreeTypeName(text) || resolver.models.values.contains { $0.swiftName == text }
            guard !isTypeName else {
                diagnostics.error(
                    "`swift_name` `\(text)` is the name of a type the generated code uses, which a member of that name would hide",
                    at: entry.value.textStart, hint: "start it with a lower-case letter: `\(text.prefix(1).lowercased() + text.dropFirst())`")
                return nil
            }
            return (text, entry.value.textStart)
        }
        guard let typeNode = mapping["type"]?.value, let type = resolver.resolve(typeNode, diagnostics: &diagnostics) else {
            return nil
        }
        let format = mapping["format"].flatMap { entry -> DateFormat? in
            guard let format = DateFormatReader.read(entry.value, diagnostics: &diagnostics) else { return nil }
            guard type.nonOptional.nonOptional == .primitive(.date) else {
                diagnostics.error("`format` applies only to `Date`, not `\(type.swiftType)`", at: entry.keyLocation)
                return nil
            }
            return format
        }
        let defaultValue = mapping["default"].flatMap {
            DefaultValueReader(resolver: resolver).read($0.value, as: type, diagnostics: &diagnostics)
        }
        let serverDefault = mapping["server_default"].flatMap { entry -> LiteralValue? in
            if mapping["default"] != nil {
                diagnostics.error(
                    "a value has either `default` (sent) or `server_default` (not sent), not both", at: entry.keyLocation)
                return nil
            }
            guard type.isOptional, !type.isNullable else {
                diagnostics.error(
                    "`server_default` is for an optional value, not `\(type.swiftType)`: what is not sent must be able to be nil",
                    at: entry.keyLocation,
                    hint: "write the type `\((type.isNullable ? type.nonOptional.nonOptional : type.nonOptional).swiftType)?`, or use `default` for a value always sent")
                return nil
            }
            return DefaultValueReader(resolver: resolver).read(entry.value, as: type.nonOptional, diagnostics: &diagnostics)
        }
        let sendsNull = mapping.flag("required", context: context, diagnostics: &diagnostics) ? mapping["required"]?.keyLocation : nil
        if let sendsNull {
            if !type.isOptional || type.isNullable {
                diagnostics.error(
                    "`required` is for an optional value (`T?`), whose nil it sends as `null`, not `\(type.swiftType)`",
                    at: sendsNull,
                    hint: type.isNullable
                        ? "`T??` leaves the key out when nil: write `T?` for a key always sent" : "a value without `?` is always sent: remove `required`")
            } else if mapping["server_default"] != nil {
                diagnostics.error(
                    "a value has either `required` (always sent) or `server_default` (not sent when nil), not both", at: sendsNull)
            }
        }
        var access: (Property.Access, SourceLocation)?
        for (key, kind) in [("read_only", Property.Access.readOnly), ("write_only", .writeOnly)]
        where mapping.flag(key, context: context, diagnostics: &diagnostics) {
            guard let entry = mapping[key] else { continue }
            if access != nil {
                diagnostics.error("a value is `read_only` or `write_only`, not both", at: entry.keyLocation)
            } else {
                access = (kind, entry.keyLocation)
            }
        }
        return Value(
            type: type, description: description, isDeprecated: isDeprecated, typeLocation: typeNode.location,
            style: style, allowSlashes: allowSlashes, format: format, swiftName: swiftName, defaultValue: defaultValue,
            serverDefault: serverDefault, sendsNull: sendsNull, access: access)
    }
}

extension TypedValueReader.Value {
    /// Reports `style:`, `allow_slashes:`, `required:`, `read_only:` and `write_only:` written where they do not
    /// apply.
    func rejectMisplacedKeys(
        styleAllowed: Bool, slashesAllowed: Bool, nullAllowed: Bool = false, context: String, diagnostics: inout Diagnostics
    ) {
        if let sendsNull, !nullAllowed {
            diagnostics.error(
                "`required` (send nil as `null`) applies only to JSON properties and body fields, not to \(context)", at: sendsNull,
                hint: "only JSON can carry `null`")
        }
        if let access, !nullAllowed {
            diagnostics.error(
                "`\(access.access.rawValue)` applies only to JSON properties, not to \(context)", at: access.location,
                hint: "a parameter or form field is only ever sent")
        }
        if let style, !styleAllowed {
            diagnostics.error(
                "`style` applies only to query parameters and form or multipart fields, not to \(context)", at: style.location)
        }
        if let allowSlashes, !slashesAllowed {
            diagnostics.error(
                "`allow_slashes` applies only to a `String` path parameter, not to \(context)", at: allowSlashes,
                hint: "remove it, or use it on a `params:` entry of type `String`")
        }
    }
}
