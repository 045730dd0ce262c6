/// Turns a checked ``API`` into the values templates render: every name escaped, every type spelled, every
/// expression and pattern written, every ordering decided, so an overriding template only arranges text.
///
/// The keys are documented in `Templates/README.md`. Endpoints and routes are in `TemplateContext+Endpoints.swift`,
/// models in `TemplateContext+Models.swift`.
struct TemplateContext {
    let api: API
    let options: GenerationOptions

    /// The context of every template of this API.
    func make() -> [String: Any] {
        var context: [String: Any] = [
            "sourceFile": api.sourceFile.split(separator: "/").last.map(String.init) ?? api.sourceFile,
            "namespace": api.name.swift,
            "access": options.accessLevel.keyword,
            "doc": SwiftSyntax.documentation(api.description),
            "errorBodyArgument": api.errorModel.map { ", errorBody: \($0).self" } ?? "",
            "hasHosts": !api.hosts.isEmpty,
            "requestCall": requestCall(),
            "endpoints": api.endpoints.map(endpoint),
            "models": api.models.map { model($0, errorModels: errorModels) },
        ]
        context.merge(environments()) { $1 }
        context.merge(routeMembers()) { $1 }
        if let envelope = api.envelope { context["envelope"] = self.envelope(envelope) }
        return context
    }

    /// The `Environment` statics.
    private func environments() -> [String: Any] {
        let access = options.accessLevel.keyword
        let entries: [[String: Any]] = api.environments.enumerated().map { index, environment in
            var arguments = [
                "name: \(SwiftSyntax.stringLiteral(environment.name.wire))",
                "baseURL: URL(string: \(SwiftSyntax.stringLiteral(environment.baseURL)))!",
            ]
            if !api.hosts.isEmpty {
                let hosts = api.hosts.map {
                    "\(SwiftSyntax.stringLiteral($0.name)): URL(string: \(SwiftSyntax.stringLiteral($0.baseURLs[index])))!"
                }
                arguments.append(SwiftLayout.list("hosts: ", hosts, indent: 12, open: "[", close: "]"))
            }
            return [
                "name": environment.name.escapedSwift,
                "declaration": SwiftLayout.list(
                    "\(access)static let \(environment.name.escapedSwift) = Environment", arguments, indent: 8),
            ]
        }
        let names = api.environments.map { "." + $0.name.escapedSwift }
        return [
            "environments": entries,
            "defaultEnvironment": api.environments.first?.name.escapedSwift ?? "",
            "allCasesDeclaration": SwiftLayout.list(
                "\(access)static let allCases: [Environment] = ", names, indent: 8, open: "[", close: "]"),
        ]
    }

    /// The `APIRoute` members: the request signature, the fixed headers and the descriptor switch, split into
    /// chunks of ``chunkSize`` cases when the API is large (the compiler checks a 2,000-case switch too slowly).
    private func routeMembers() -> [String: Any] {
        let access = options.accessLevel.keyword
        let headerLiterals = api.headers.map {
            "\(SwiftSyntax.stringLiteral($0.name)): \(SwiftSyntax.stringLiteral($0.value))"
        }
        let requestParameters = ["for environment: Environment", "encoder: JSONEncoder = JSONCoding.makeEncoder()"]
        let cases = api.endpoints.map(descriptorCase)
        let chunks = stride(from: 0, to: cases.count, by: Self.chunkSize).map { start in
            ["index": start / Self.chunkSize, "cases": Array(cases[start..<min(start + Self.chunkSize, cases.count)])] as [String: Any]
        }
        return [
            "hasStaticHeaders": !headerLiterals.isEmpty,
            "staticHeadersDeclaration": SwiftLayout.list(
                "private static let staticHeaders: HTTPHeaders = ", headerLiterals, indent: 8, open: "[", close: "]"),
            "requestSignature": SwiftLayout.list(
                "\(access)func request", requestParameters, " throws -> HTTPRequest {", indent: 8),
            "isChunked": cases.count > Self.chunkSize,
            "descriptorCases": cases,
            "chunks": chunks,
        ]
    }

    /// The `request(for:encoder:)` body's call: on the endpoint's host when the spec has `hosts`, with a form
    /// encoder of the API's `query_arrays` when it is not the default.
    private func requestCall() -> String {
        var arguments = [api.hosts.isEmpty ? "baseURL: environment.baseURL" : "baseURL: environment.baseURL(forHost: descriptor.host)"]
        arguments.append("encoder: encoder")
        if api.queryArrays != .repeat { arguments.append("formEncoder: FormEncoder(arrayStyle: .\(api.queryArrays.rawValue))") }
        return SwiftLayout.list(api.hosts.isEmpty ? "try descriptor.request" : "return try descriptor.request", arguments, indent: 12)
    }

    /// The most cases one generated switch holds.
    static let chunkSize = 100

    private func envelope(_ envelope: Envelope) -> [String: Any] {
        [
            "payloadKey": SwiftSyntax.stringLiteral(envelope.payloadKey),
            "metadataKey": SwiftSyntax.stringLiteral(envelope.metadataKey),
            "metadataType": envelope.metadataModel ?? "",
            "hasMetadata": envelope.metadataModel != nil,
        ]
    }
}
