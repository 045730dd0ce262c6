/// The template values of an endpoint's mock: its `MockEndpoint` in `MockEndpoints`, which the mock's one
/// `send(_:reading:)` finds by the route's name and answers with.
extension TemplateContext {
    /// `let name = MockEndpoint<APIRoute, Output>(…)`: answering `()` when there is no response, the spec's example
    /// when there is one (in a raw multi-line string, which any JSON fits in), and nothing otherwise. When the
    /// line would be too long, the generic arguments go on a line of their own (one each when even that is too
    /// long), and the value on the line after the name when even `MockEndpoint<` does not fit, as `swift format`
    /// puts them.
    func mockDeclaration(_ endpoint: Endpoint, output: String?) -> Layout {
        let target = "\(options.accessLevel.keyword)let \(endpoint.name.escapedSwift)"
        let type = "MockEndpoint<APIRoute, \(output ?? "Void")>"
        let label = SwiftSpelling.stringLiteral("\(api.name.swift).\(endpoint.name.swift)")
        let example = endpoint.responseHeaders == nil ? exampleArgument(of: endpoint) : nil
        let arguments = output == nil ? label + ", answering: ()" : label
        return Layout { column in
            let breaksAfterName = column + target.count + " = MockEndpoint<".count > SwiftLayout.lineLength
            let valueColumn = breaksAfterName ? column + 4 : column
            func indented(_ depth: Int) -> String { Layout.lineBreak(at: valueColumn + depth) }
            let start = breaksAfterName ? target + " =" + indented(0) : target + " = "
            let oneLine = type + "(" + (example == nil ? arguments + ")" : "")
            let fits = (breaksAfterName ? valueColumn : column + start.count) + oneLine.count <= SwiftLayout.lineLength
            let declaration = fits ? type : SwiftLayout.brokenType(type, indent: valueColumn)
            guard let example else { return start + declaration + "(" + arguments + ")" }
            let hashes = SwiftSpelling.rawDelimiter(for: example.json)
            return start + declaration + "(" + indented(4) + "\(label)," + indented(4) + "\(example.label): \(hashes)\"\"\""
                + indented(8) + example.json + indented(8) + "\"\"\"\(hashes)" + indented(0) + ")"
        }
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
