/// Refuses `required: true` (nil sent as `null`) on a property of a model sent as text: a form body's fields, or a
/// model in the query (`style: deepObject`) or in a form field, which a form or a query writes as
/// `addr[line2]=…`. Text has no `null`: nil was sent as `addr[line2]=`, an empty value a server reads as `""`, or
/// refuses for a number. A multipart body's own fields are refused where its model is read (`multipartBodies`);
/// a model within one is a JSON part, where `null` is sent.
enum TextNullChecker {
    static func check(_ models: [ModelChecker.Checked], endpoints: [Endpoint], diagnostics: inout Diagnostics) {
        let byName = Dictionary(models.map { ($0.model.name.swift, $0) }, uniquingKeysWith: { first, _ in first })
        var reported: Set<String> = []
        for endpoint in endpoints {
            var reached: [String: String] = [:]  // model → how the endpoint sends it
            for parameter in endpoint.query {
                visit(parameter.type, as: "in the query", byName: byName, reached: &reached)
            }
            if case .form(let type)? = endpoint.body { visit(type, as: "in a form", byName: byName, reached: &reached) }
            // An inline body's own fields are refused where they are read.
            for (name, how) in reached.sorted(by: { $0.key < $1.key }) {
                guard let model = byName[name], model.model.inlineBodyOf == nil else { continue }
                for property in model.model.properties where property.sendsNull {
                    guard let location = model.propertyLocations[property.name.wire],
                        reported.insert(name + "." + property.name.wire).inserted
                    else { continue }
                    diagnostics.error(
                        "property `\(property.name.wire)` of model `\(model.model.name.wire)` has `required: true` (nil sent as `null`), but endpoint `\(endpoint.name.wire)` sends the model \(how), which has no `null`",
                        at: location, hint: "remove `required` (nil is then left out), or send the model as JSON")
                }
            }
        }
    }

    /// Records the model `type` names, and those its properties and a union's variants name, as sent `how`.
    private static func visit(_ type: TypeReference, as how: String, byName: [String: ModelChecker.Checked], reached: inout [String: String]) {
        guard let name = type.innermostModelName, reached[name] == nil, let model = byName[name] else { return }
        reached[name] = how
        for property in model.model.properties { visit(property.type, as: how, byName: byName, reached: &reached) }
        if case .union(let union) = model.model.kind {
            for variant in union.variants { visit(variant.type, as: how, byName: byName, reached: &reached) }
        }
    }
}
