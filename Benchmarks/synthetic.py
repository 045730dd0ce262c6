"""The synthetic API of the benchmark, as a RouteGen spec and as the equivalent OpenAPI 3.0 document.

Each resource has a model of 8 properties (string, int64, bool, double, date-time, string enum, optional
nested object, array of strings) and 5 endpoints: list (3 query parameters: a bool, an int and an array),
get by id, create with a JSON body, replace with PUT, delete.
"""


def routegen_spec(resources: int) -> str:
    lines = [
        "routegen: 1",
        "name: Synthetic",
        "version: v1",
        "environments:",
        "  production: https://api.example.com",
        "headers:",
        "  Accept: application/json",
        "auth: bearer",
        "models:",
    ]
    for i in range(resources):
        lines += [
            f"  Resource{i}:",
            "    properties:",
            "      name: String",
            "      count: Int64",
            "      active: Bool",
            "      score: Double",
            "      created_at: Date",
            f"      status: Resource{i}Status",
            f"      detail: Resource{i}Detail?",
            "      tags: [String]",
            f"  Resource{i}Status:",
            "    enum: [draft, published, archived]",
            f"  Resource{i}Detail:",
            "    properties:",
            "      note: String",
        ]
    lines.append("endpoints:")
    for i in range(resources):
        lines += [
            f"  listResource{i}:",
            "    method: GET",
            f"    path: /resource{i}",
            "    query:",
            "      active: Bool?",
            "      limit: Int?",
            '      tags: "[String]?"',
            f"    response: [Resource{i}]",
            f"  getResource{i}:",
            "    method: GET",
            f"    path: /resource{i}/{{id}}",
            "    params: { id: Int64 }",
            f"    response: Resource{i}",
            f"  createResource{i}:",
            "    method: POST",
            f"    path: /resource{i}",
            f"    body: Resource{i}",
            f"    response: Resource{i}",
            f"  replaceResource{i}:",
            "    method: PUT",
            f"    path: /resource{i}/{{id}}",
            "    params: { id: Int64 }",
            f"    body: Resource{i}",
            f"    response: Resource{i}",
            f"  deleteResource{i}:",
            "    method: DELETE",
            f"    path: /resource{i}/{{id}}",
            "    params: { id: Int64 }",
        ]
    return "\n".join(lines) + "\n"


def openapi_document(resources: int) -> str:
    lines = [
        'openapi: "3.0.3"',
        "info: { title: Synthetic, version: v1 }",
        "servers:",
        "  - url: https://api.example.com/v1",
        "paths:",
    ]
    for i in range(resources):
        ref = f"'#/components/schemas/Resource{i}'"
        lines += [
            f"  /resource{i}:",
            "    get:",
            f"      operationId: listResource{i}",
            "      parameters:",
            "        - { name: active, in: query, schema: { type: boolean } }",
            "        - { name: limit, in: query, schema: { type: integer } }",
            "        - { name: tags, in: query, schema: { type: array, items: { type: string } } }",
            "      responses:",
            f"        '200': {{ description: OK, content: {{ application/json: {{ schema: {{ type: array, items: {{ $ref: {ref} }} }} }} }} }}",
            "    post:",
            f"      operationId: createResource{i}",
            f"      requestBody: {{ required: true, content: {{ application/json: {{ schema: {{ $ref: {ref} }} }} }} }}",
            "      responses:",
            f"        '200': {{ description: OK, content: {{ application/json: {{ schema: {{ $ref: {ref} }} }} }} }}",
            f"  /resource{i}/{{id}}:",
            "    parameters:",
            "      - { name: id, in: path, required: true, schema: { type: integer, format: int64 } }",
            "    get:",
            f"      operationId: getResource{i}",
            "      responses:",
            f"        '200': {{ description: OK, content: {{ application/json: {{ schema: {{ $ref: {ref} }} }} }} }}",
            "    put:",
            f"      operationId: replaceResource{i}",
            f"      requestBody: {{ required: true, content: {{ application/json: {{ schema: {{ $ref: {ref} }} }} }} }}",
            "      responses:",
            f"        '200': {{ description: OK, content: {{ application/json: {{ schema: {{ $ref: {ref} }} }} }} }}",
            "    delete:",
            f"      operationId: deleteResource{i}",
            "      responses:",
            "        '204': { description: Deleted }",
        ]
    lines += ["components:", "  schemas:"]
    for i in range(resources):
        lines += [
            f"    Resource{i}:",
            "      type: object",
            "      required: [name, count, active, score, created_at, status, tags]",
            "      properties:",
            "        name: { type: string }",
            "        count: { type: integer, format: int64 }",
            "        active: { type: boolean }",
            "        score: { type: number, format: double }",
            "        created_at: { type: string, format: date-time }",
            f"        status: {{ $ref: '#/components/schemas/Resource{i}Status' }}",
            f"        detail: {{ $ref: '#/components/schemas/Resource{i}Detail' }}",
            "        tags: { type: array, items: { type: string } }",
            f"    Resource{i}Status:",
            "      type: string",
            "      enum: [draft, published, archived]",
            f"    Resource{i}Detail:",
            "      type: object",
            "      required: [note]",
            "      properties:",
            "        note: { type: string }",
        ]
    return "\n".join(lines) + "\n"


def handwritten_swift(resources: int) -> dict:
    """The same API written by hand the way a careful iOS engineer would, as the floor the generated code is measured
    against: models with synthesized `Codable` and `Hashable` (a `CodingKeys` enum where a wire name differs), a
    route enum per resource, one async method per endpoint on a client, query items and percent-encoded path
    segments, a bearer token. One file per resource and one for the client. Returns {file name: Swift source}."""
    client = '''import Foundation
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What went wrong with a call.
public enum APIError: Error, Sendable {
    case invalidURL(String)
    case unacceptableStatus(Int, Data)
}

/// A route: what the client needs to build its request.
public protocol Route: Sendable {
    var method: String { get }
    var path: String { get }
    var queryItems: [URLQueryItem] { get }
    var body: (any Encodable & Sendable)? { get }
}

/// Sends routes to the API and decodes the responses.
public struct APIClient: Sendable {
    public let baseURL: URL
    public let session: URLSession
    public let token: @Sendable () async throws -> String

    public init(baseURL: URL, session: URLSession = .shared, token: @escaping @Sendable () async throws -> String) {
        self.baseURL = baseURL
        self.session = session
        self.token = token
    }

    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }()

    static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }()

    func data(for route: some Route) async throws -> Data {
        guard var components = URLComponents(url: baseURL.appendingPathComponent("v1" + route.path), resolvingAgainstBaseURL: false)
        else { throw APIError.invalidURL(route.path) }
        if !route.queryItems.isEmpty { components.queryItems = route.queryItems }
        guard let url = components.url else { throw APIError.invalidURL(route.path) }
        var request = URLRequest(url: url)
        request.httpMethod = route.method
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        request.setValue("Bearer \\(try await token())", forHTTPHeaderField: "Authorization")
        if let body = route.body {
            request.httpBody = try Self.encoder.encode(body)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        let (data, response) = try await session.data(for: request)
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        guard (200..<300).contains(status) else { throw APIError.unacceptableStatus(status, data) }
        return data
    }

    func send<Response: Decodable>(_ route: some Route, as type: Response.Type) async throws -> Response {
        try Self.decoder.decode(type, from: try await data(for: route))
    }

    func send(_ route: some Route) async throws {
        _ = try await data(for: route)
    }
}

extension String {
    /// The string as one path segment: a `/` or `?` in it cannot change the path.
    var pathSegment: String {
        addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(CharacterSet(charactersIn: "/?"))) ?? self
    }
}
'''
    files = {"APIClient.swift": client}
    for i in range(resources):
        r = f"Resource{i}"
        files[f"{r}.swift"] = f'''import Foundation

public struct {r}: Codable, Hashable, Sendable {{
    public var name: String
    public var count: Int64
    public var active: Bool
    public var score: Double
    public var createdAt: Date
    public var status: {r}Status
    public var detail: {r}Detail?
    public var tags: [String]

    enum CodingKeys: String, CodingKey {{
        case name, count, active, score, status, detail, tags
        case createdAt = "created_at"
    }}
}}

public enum {r}Status: String, Codable, Hashable, Sendable {{
    case draft, published, archived
}}

public struct {r}Detail: Codable, Hashable, Sendable {{
    public var note: String
}}

enum {r}Route: Route {{
    case list(active: Bool?, limit: Int?, tags: [String]?)
    case get(id: Int64)
    case create({r})
    case replace(id: Int64, {r})
    case delete(id: Int64)

    var method: String {{
        switch self {{
        case .list, .get: "GET"
        case .create: "POST"
        case .replace: "PUT"
        case .delete: "DELETE"
        }}
    }}

    var path: String {{
        switch self {{
        case .list, .create: "/resource{i}"
        case .get(let id), .replace(let id, _), .delete(let id): "/resource{i}/" + String(id).pathSegment
        }}
    }}

    var queryItems: [URLQueryItem] {{
        guard case .list(let active, let limit, let tags) = self else {{ return [] }}
        var items: [URLQueryItem] = []
        if let active {{ items.append(URLQueryItem(name: "active", value: String(active))) }}
        if let limit {{ items.append(URLQueryItem(name: "limit", value: String(limit))) }}
        for tag in tags ?? [] {{ items.append(URLQueryItem(name: "tags", value: tag)) }}
        return items
    }}

    var body: (any Encodable & Sendable)? {{
        switch self {{
        case .create(let body), .replace(_, let body): body
        case .list, .get, .delete: nil
        }}
    }}
}}

extension APIClient {{
    public func listResource{i}(active: Bool? = nil, limit: Int? = nil, tags: [String]? = nil) async throws -> [{r}] {{
        try await send({r}Route.list(active: active, limit: limit, tags: tags), as: [{r}].self)
    }}

    public func getResource{i}(id: Int64) async throws -> {r} {{
        try await send({r}Route.get(id: id), as: {r}.self)
    }}

    public func createResource{i}(_ body: {r}) async throws -> {r} {{
        try await send({r}Route.create(body), as: {r}.self)
    }}

    public func replaceResource{i}(id: Int64, _ body: {r}) async throws -> {r} {{
        try await send({r}Route.replace(id: id, body), as: {r}.self)
    }}

    public func deleteResource{i}(id: Int64) async throws {{
        try await send({r}Route.delete(id: id))
    }}
}}
'''
    return files
