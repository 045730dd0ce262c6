/// The template values of an endpoint's mock: its `MockEndpoint` in `MockEndpoints`, which the mock's one
/// `send(_:reading:)` finds by the route's name and answers with.
extension TemplateContext {
    /// An endpoint's `MockEndpoint<APIRoute, Output>` (`mock`): its `output` (`Void` when there is no response,
    /// which it then answers, `answersVoid`), and the spec's example it answers until told otherwise (`example`:
    /// its `label`, the `json` and the `rawDelimiter` of the raw multi-line string it goes in, which any JSON fits
    /// in).
    func mock(_ endpoint: Endpoint) -> TemplateValues {
        let output = returnType(of: endpoint, spellingGenerics: printer.genericType)
        var mock: TemplateValues = [.output: output ?? "Void", .answersVoid: output == nil]
        if endpoint.responseHeaders == nil, let example = exampleArgument(of: endpoint) {
            mock[.example] = [.label: example.label, .json: example.json, .rawDelimiter: SwiftSpelling.rawDelimiter(for: example.json)] as TemplateValues
        }
        return mock
    }

    /// The spec's example as the mock's argument: `example:` for a JSON or text response, `exampleEvent:` for an
    /// event stream.
    private func exampleArgument(of endpoint: Endpoint) -> (label: String, json: String)? {
        guard let json = endpoint.example else { return nil }
        switch endpoint.result {
        case .body(.json), .body(.text): return ("example", json)
        case .events: return ("exampleEvent", json)
        case .none, .body(.data), .outcomes: return nil
        }
    }
}
