/// The template values of an endpoint's mock: its `MockEndpoint` in `MockEndpoints`, and the statements of its
/// method in `MockRequestHandler`, which records the route the real handler would send and answers it.
extension TemplateContext {
    func mockValues(_ endpoint: Endpoint, values: [AssociatedValue], returnType: String?) -> [String: Any] {
        let name = endpoint.name.escapedSwift
        let routeHead = "let route = APIRoute.\(name)"
        let respond = (returnType == nil ? "" : "return ") + "try await endpoints.\(name).respond"
        return [
            "mockDeclaration": mockDeclaration(endpoint, output: returnType),
            "mockRoute": values.isEmpty
                ? routeHead : SwiftLayout.list(routeHead, values.map { "\($0.label): \($0.value)" }, indent: 12),
            "mockRespond": SwiftLayout.list(respond, ["to: route", "log: callLog"], indent: 12),
        ]
    }

    /// `let name = MockEndpoint<APIRoute, Output>(…)`: answering `()` when there is no response, the spec's example
    /// when there is one (in a raw multi-line string, which any JSON fits in), and nothing otherwise. When the
    /// line would be too long, the generic arguments go on a line of their own, as `swift format` puts them.
    private func mockDeclaration(_ endpoint: Endpoint, output: String?) -> String {
        let access = options.accessLevel.keyword
        let head = "\(access)let \(endpoint.name.escapedSwift) = MockEndpoint"
        let generics = "APIRoute, \(output ?? "Void")"
        let label = SwiftSyntax.stringLiteral("\(api.name.swift).\(endpoint.name.swift)")
        let example = output == exampleType(of: endpoint) && endpoint.responseHeaders == nil ? endpoint.example : nil
        let arguments = output == nil ? label + ", answering: ()" : label
        let oneLine = head + "<" + generics + ">(" + arguments + ")"
        let fits =
            example == nil
            ? 8 + oneLine.count <= SwiftLayout.lineLength
            : 8 + oneLine.count - arguments.count <= SwiftLayout.lineLength
        let declaration = fits ? head + "<" + generics + ">" : head + "<\n            " + generics + "\n        >"
        guard let example else { return declaration + "(" + arguments + ")" }
        let hashes = SwiftSyntax.rawDelimiter(for: example)
        return [
            declaration + "(",
            "            \(label),",
            "            example: \(hashes)\"\"\"",
            "                \(example)",
            "                \"\"\"\(hashes)",
            "        )",
        ].joined(separator: "\n")
    }

    /// The type an endpoint's example is a value of: its JSON or text response.
    private func exampleType(of endpoint: Endpoint) -> String? {
        switch endpoint.result {
        case .body(.json(let type)): type.swiftType
        case .body(.text): "String"
        case .none, .body(.data), .outcomes, .events: nil
        }
    }
}
