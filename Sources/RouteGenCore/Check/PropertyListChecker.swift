/// Checks a mapping of properties: a model's `properties:`, an endpoint's inline `body:`, `form:` or
/// `multipart:` fields, or its `response_headers:`.
enum PropertyListChecker {
    /// What the properties are for, which decides the types and keys they may use.
    enum Role {
        /// A JSON object (a model or an inline JSON body).
        case json
        /// Fields of a form body: `style:` allowed.
        case form
        /// Fields of a multipart body: `style:` and `File` allowed.
        case multipart
        /// Typed response headers: single text values only.
        case responseHeaders
    }

    /// The properties, and where each is written (by wire name).
    struct Result {
        var properties: [Property] = []
        var locations: [String: SourceLocation] = [:]
    }

    static func check(
        _ node: SyntaxNode, owner: String, role: Role = .json, resolver: TypeResolver, diagnostics: inout Diagnostics
    ) -> Result {
        var result = Result()
        if node.isNull { return result }
        guard let entries = node.entries else {
            diagnostics.error(
                "the properties of \(owner) must be a mapping of names to types, not \(node.kindDescription)",
                at: node.location)
            return result
        }
        var scope = NameScope(what: "property", reserved: resolver.reservingAPIName(NameScope.unusableMemberSuffixes))
        for entry in entries {
            if role == .responseHeaders, !HTTPSyntax.isToken(entry.key) {
                diagnostics.error("`\(entry.key)` is not a valid header name", at: entry.keyLocation)
                continue
            }
            let context = "\(role == .responseHeaders ? "header" : "property") `\(entry.key)` of \(owner)"
            guard
                let value = TypedValueReader.read(
                    entry.value, context: context, owner: entry.keyLocation, resolver: resolver, diagnostics: &diagnostics)
            else {
                _ = scope.claimMember(entry.key, at: entry.keyLocation, diagnostics: &diagnostics)
                continue
            }
            let name =
                value.swiftName.map { scope.claim(wire: entry.key, swift: $0.name, at: $0.location, diagnostics: &diagnostics) }
                ?? scope.claimMember(entry.key, at: entry.keyLocation, diagnostics: &diagnostics)
            // In a form or multipart body, `T??` sends an explicit empty value (`description=`) for `.some(nil)`:
            // what form APIs (Stripe) read as "clear this field".
            if value.type.isNullable, role != .json, role != .form, role != .multipart {
                diagnostics.error(
                    "`\(value.type.swiftType)` (explicit null) is only for JSON properties and form fields, not \(context)",
                    at: value.typeLocation)
                continue
            }
            value.rejectMisplacedKeys(
                styleAllowed: role == .form || role == .multipart, slashesAllowed: false, nullAllowed: role == .json, context: context,
                diagnostics: &diagnostics)
            guard checkType(value.type, role: role, context: context, at: value.typeLocation, resolver: resolver, diagnostics: &diagnostics)
            else { continue }
            var property = Property(
                name: name, type: value.type, description: value.description, isDeprecated: value.isDeprecated,
                style: value.style?.style, format: value.format, defaultValue: value.defaultValue,
                serverDefault: value.serverDefault, sendsNull: value.sendsNull != nil)
            property.access = role == .json ? value.access?.access ?? .readWrite : .readWrite
            result.properties.append(property)
            result.locations[entry.key] = entry.keyLocation
        }
        return result
    }

    private static func checkType(
        _ type: TypeReference, role: Role, context: String, at location: SourceLocation, resolver: TypeResolver,
        diagnostics: inout Diagnostics
    ) -> Bool {
        if !(role == .multipart && type.isFile), let message = resolver.fileMisuse(in: type, place: context) {
            diagnostics.error(message, at: location, hint: role == .json || role == .form ? TypeResolver.fileHint : nil)
            return false
        }
        if role == .responseHeaders, !resolver.isTextValue(type.nonOptional) {
            diagnostics.error(
                "`\(type.swiftType)` cannot be read from a header", at: location,
                hint: "response headers are single text values or string enums")
            return false
        }
        return true
    }
}
