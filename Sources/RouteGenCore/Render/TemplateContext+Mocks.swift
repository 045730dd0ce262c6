/// The template values of an endpoint's mock: its `MockEndpoint` in `MockEndpoints`, which the mock's one
/// `send(_:reading:)` finds by the route's name and answers with.
extension TemplateContext {
    /// `let name = MockEndpoint<APIRoute, Output>(…)`: answering `()` when there is no response, the spec's example
    /// when there is one (in a raw multi-line string, which any JSON fits in), and nothing otherwise. When the
    /// line would be too long, the generic arguments go on a line of their own, as `swift format` puts them.
    func mockDeclaration(_ endpoint: Endpoint, output: String?) -> Layout {
        let access = options.accessLevel.keyword
        let head = "\(access)let \(endpoint.name.escapedSwift) = MockEndpoint"
        let generics = "APIRoute, \(output ?? "Void")"
        let label = SwiftSyntax.stringLiteral("\(api.name.swift).\(endpoint.name.swift)")
        let example = endpoint.responseHeaders == nil ? exampleArgument(of: endpoint) : nil
        let arguments = output == nil ? label + ", answering: ()" : label
        let oneLine = head + "<" + generics + ">(" + arguments + ")"
        return Layout { column in
            func indented(_ depth: Int) -> String { Layout.lineBreak(at: column + depth) }
            let fits =
                example == nil
                ? column + oneLine.count <= SwiftLayout.lineLength
                : column + oneLine.count - arguments.count <= SwiftLayout.lineLength
            let declaration = fits ? head + "<" + generics + ">" : head + "<" + indented(4) + generics + indented(0) + ">"
            guard let example else { return declaration + "(" + arguments + ")" }
            let hashes = SwiftSyntax.rawDelimiter(for: example.json)
            return declaration + "(" + indented(4) + "\(label)," + indented(4) + "\(example.label): \(hashes)\"\"\""
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
