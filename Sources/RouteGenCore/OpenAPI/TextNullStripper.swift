import Foundation

/// Takes `required: true` (nil sent as `null`) off the properties of models an endpoint sends as text, which has no
/// `null`: a form body's fields and the models within them, a model in the query (`style: deepObject`), a multipart
/// body's own fields (a model within one is a JSON part, where `null` is sent). The checker refuses it there, as
/// nil was sent as `addr[line2]=`, an empty value the server reads as `""` or refuses for a number. Each is
/// reported: nil is then left out, in JSON too, as one model has one encoding.
struct TextNullStripper {
    let state: TranslationState

    /// `models` with `required` taken off where `endpoints` (name and mapping, as written to the spec) send them as
    /// text.
    func strip(_ models: [ModelRegistry.Entry], sentBy endpoints: [(String, SyntaxNode)]) -> [ModelRegistry.Entry] {
        let byName = Dictionary(models.map { ($0.name, $0.definition) }, uniquingKeysWith: { first, _ in first })
        var reached: [String: (endpoint: String, how: String, transitive: Bool)] = [:]
        for (endpoint, node) in endpoints {
            for entry in node.entries ?? [] {
                switch entry.key {
                case "query":
                    for field in entry.value.entries ?? [] {
                        visit(type(of: field.value), sentBy: endpoint, as: "in the query", throughProperties: true, byName: byName, reached: &reached)
                    }
                case "form":
                    let fields = entry.value.entries.map { $0.map { type(of: $0.value) } } ?? [entry.value.text ?? ""]
                    for field in fields { visit(field, sentBy: endpoint, as: "in a form", throughProperties: true, byName: byName, reached: &reached) }
                case "multipart":
                    visit(
                        entry.value.text ?? "", sentBy: endpoint, as: "as multipart fields", throughProperties: false, byName: byName,
                        reached: &reached)
                default: break
                }
            }
        }
        return models.map { model in
            guard let use = reached[model.name], let definition = model.definition.entries,
                let properties = definition.first(where: { $0.key == "properties" })?.value, let list = properties.entries
            else { return model }
            let stripped = list.map { property -> SyntaxEntry in
                guard let entries = property.value.entries, entries.contains(where: { $0.key == "required" }) else { return property }
                state.diagnostics.warning(
                    "the property `\(property.key)` of `\(model.name)` is required and may be null, but `\(use.endpoint)` sends the model \(use.how), which has no `null`: nil is left out (in JSON too)",
                    at: property.value.location)
                let kept = entries.filter { $0.key != "required" }
                let value = kept.count == 1 && kept[0].key == "type" ? kept[0].value : SyntaxNode(location: property.value.location, kind: .mapping(kept))
                return SyntaxEntry(key: property.key, keyLocation: property.keyLocation, value: value)
            }
            var entry = model
            entry.definition = SyntaxNode(
                location: model.definition.location,
                kind: .mapping(definition.map {
                    $0.key == "properties" ? SyntaxEntry(key: $0.key, keyLocation: $0.keyLocation, value: SyntaxNode(location: properties.location, kind: .mapping(stripped))) : $0
                }))
            return entry
        }
    }

    /// The type a field or property is written with: its text, or the `type` of its mapping.
    private func type(of node: SyntaxNode) -> String {
        node.text ?? node.entries?.first(where: { $0.key == "type" })?.value.text ?? ""
    }

    /// Records the models the type `expression` names and those they include, as sent by `endpoint`; with
    /// `throughProperties`, the models their properties name too.
    private func visit(
        _ expression: String, sentBy endpoint: String, as how: String, throughProperties: Bool, byName: [String: SyntaxNode],
        reached: inout [String: (endpoint: String, how: String, transitive: Bool)]
    ) {
        let names = expression.split { !($0.isLetter || $0.isNumber || $0 == "_") }.map(String.init)
        for name in names where reached[name] == nil || (throughProperties && reached[name]?.transitive == false) {
            guard let definition = byName[name]?.entries else { continue }
            reached[name] = (endpoint, how, throughProperties)
            let properties = throughProperties ? definition.first(where: { $0.key == "properties" })?.value.entries ?? [] : []
            // Included models, and a union's variants (`oneOf: [A, B]`, or a mapping of discriminator values to them).
            let included = ["allOf", "oneOf"].flatMap { key -> [String] in
                guard let parts = definition.first(where: { $0.key == key })?.value else { return [] }
                return (parts.items ?? parts.entries?.map(\.value) ?? []).map(type(of:))
            }
            for part in properties.map({ type(of: $0.value) }) + included {
                visit(part, sentBy: endpoint, as: how, throughProperties: throughProperties, byName: byName, reached: &reached)
            }
        }
    }
}
