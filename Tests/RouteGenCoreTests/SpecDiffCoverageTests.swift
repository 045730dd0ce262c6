import Foundation
import Testing

@testable import RouteGenCore

/// `routegen diff` compares every key of the format: each key the format's JSON schema
/// (`Documentation/routegen-spec.schema.json`, which `SpecSchemaTests` keeps in agreement with the checker) lists
/// has a change below, and that change is reported both ways, each classified. A key added to the format without a
/// change here fails `everyKeyOfTheFormatHasAChange`.
@Suite struct SpecDiffCoverageTests {
    /// A spec that writes every key of the format.
    private static let base = """
        routegen: 1
        name: Shop
        description: A shop.
        version: v1
        environments:
          production: https://api.shop.example
          staging: https://staging.shop.example
        hosts:
          uploads:
            production: https://uploads.shop.example
            staging: https://uploads.staging.shop.example
        headers:
          Accept: application/json
        auth: bearer
        oauth:
          shop:
            description: The shop's sign-in.
            authorization_code:
              authorization_url: https://id.shop.example/authorize
              token_url: https://id.shop.example/token
              refresh_url: https://id.shop.example/refresh
            client_credentials: { token_url: https://id.shop.example/server-token }
            device_authorization: { device_authorization_url: https://id.shop.example/device, token_url: https://id.shop.example/device-token }
            implicit: { authorization_url: https://id.shop.example/implicit }
            password: { token_url: https://id.shop.example/password-token }
            scopes: { orders: Read orders. }
          partner:
            openid_connect: https://partner.example/.well-known/openid-configuration
        errors: Problem
        envelope:
          payload: data
          metadata: Meta
          metadata_key: meta
        dates: date-time
        query_arrays: repeat
        models:
          Problem:
            properties: { message: String }
          Other:
            properties: { detail: String }
          Meta:
            properties: { request_id: String }
          Trace:
            properties: { trace_id: String }
          Named:
            properties: { label: String? }
          Item:
            description: An item.
            allOf: [Named]
            properties:
              id: String
              sku: String
              price: Decimal
              created: { type: Date, format: unix, description: When it was made. }
              note: { type: String?, deprecated: true }
              limit: { type: Int, default: 30 }
              rank: { type: Int?, server_default: 1 }
              plus: { type: Int?, swift_name: plusOne }
              kind: Kind
          Kind:
            enum: [1, 2, 3]
          Shape:
            oneOf: [Circle, Square]
            discriminator: type
            mapping:
              circle: Circle
              square: Square
          Circle:
            properties: { type: String, shape: String, radius: Double }
          Square:
            properties: { type: String, shape: String, side: Double }
          Triangle:
            properties: { type: String, shape: String, base: Double }
          Page:
            properties:
              data: [Item]
              more: [Item]
              has_more: Bool
              next_token: String?
          Receipt:
            properties: { id: String }
            example: { id: r1 }
          CardParams:
            properties: { number: String }
          ItemFilter:
            properties: { color: String? }
        endpoints:
          listItems:
            summary: List items.
            description: Every item.
            method: GET
            path: /items
            query:
              starting_after: String?
              token: String?
              page: Int?
              offset: Int?
              ids: { type: "[Int]?", style: comma }
              filter: { type: ItemFilter?, style: deepObject }
            response: Page
            pagination: { items: data, cursor: starting_after, next: id, has_more: has_more }
          getItem:
            method: GET
            path: /items/{id}
            auth: none
            params: { id: String }
            headers:
              If-None-Match: String?
            responses:
              200: Item
              304: none
            response_headers:
              ETag: String?
            errors:
              404: Problem
              default: Other
          createCharge:
            method: POST
            path: /charges
            form:
              amount: Int
              card: CardParams?
              expand: { type: "[String]?", style: brackets }
            response: Receipt
          uploadDocument:
            method: POST
            path: /files
            host: uploads
            multipart:
              file: File
              purpose: String
            response: Receipt
          putAsset:
            method: PUT
            path: /assets/{path}
            params:
              path: { type: String, allow_slashes: true }
            body: File
          updateItem:
            method: PATCH
            path: /items/{id}
            params: { id: String }
            body: Item
            response: Receipt
            example: { id: r2 }
          chat:
            method: POST
            path: /chat
            body: { prompt: String }
            events: Receipt
          ping:
            method: GET
            path: /ping
            response: String
        """

    /// A change of the base spec: `find` (written once in it) replaced by `replace`, and the kinds of the changes
    /// reported from the base to it (`forward`) and back (`backward`).
    struct Change: CustomTestStringConvertible {
        var key: String
        var find: String
        var replace: String
        var forward: Set<APIChange.Kind>
        var backward: Set<APIChange.Kind>

        init(_ key: String, _ find: String, _ replace: String, _ forward: Set<APIChange.Kind>, _ backward: Set<APIChange.Kind>? = nil) {
            self.key = key
            self.find = find
            self.replace = replace
            self.forward = forward
            self.backward = backward ?? forward
        }

        var testDescription: String { "\(key): `\(find)` → `\(replace)`" }
    }

    /// Keys no valid change of can be written.
    static let unchangeable: Set<String> = ["routegen"]  // the format version: only `1`

    static let changes: [Change] = [
        Change("name", "name: Shop", "name: Store", [.breaking]),
        Change("description", "description: A shop.", "description: A store.", [.documentation]),
        Change("version", "version: v1", "version: v2", [.behaviour]),
        Change("environments", "production: https://api.shop.example", "production: https://api2.shop.example", [.behaviour]),
        Change(
            "environments", "  production: https://api.shop.example\n  staging: https://staging.shop.example",
            "  staging: https://staging.shop.example\n  production: https://api.shop.example", [.behaviour]),
        Change("hosts", "production: https://uploads.shop.example", "production: https://files.shop.example", [.behaviour]),
        Change("headers", "Accept: application/json", "Accept: application/xml", [.behaviour]),
        Change("headers", "  Accept: application/json\n", "  Accept: application/json\n  X-Client: shop\n", [.behaviour]),
        Change("auth", "auth: bearer", "auth: basic", [.behaviour]),
        Change("auth", "auth: bearer", "auth: oauth shop orders", [.behaviour]),
        Change("oauth", "  partner:\n    openid_connect: https://partner.example/.well-known/openid-configuration\n", "", [.breaking], [.additive]),
        Change("oauthScheme.description", "description: The shop's sign-in.", "description: The shop's login.", [.documentation]),
        Change(
            "oauthScheme.authorization_code",
            "    authorization_code:\n      authorization_url: https://id.shop.example/authorize\n      token_url: https://id.shop.example/token\n"
                + "      refresh_url: https://id.shop.example/refresh\n", "", [.behaviour]),
        Change("oauthScheme.client_credentials", "    client_credentials: { token_url: https://id.shop.example/server-token }\n", "", [.behaviour]),
        Change("oauthScheme.device_authorization", "token_url: https://id.shop.example/device-token", "token_url: https://id.shop.example/pair-token", [.behaviour]),
        Change("oauthScheme.implicit", "    implicit: { authorization_url: https://id.shop.example/implicit }\n", "", [.behaviour]),
        Change("oauthScheme.password", "    password: { token_url: https://id.shop.example/password-token }\n", "", [.behaviour]),
        Change("oauthScheme.openid_connect", "https://partner.example/.well-known", "https://id.partner.example/.well-known", [.behaviour]),
        Change("oauthScheme.scopes", "scopes: { orders: Read orders. }", "scopes: { orders: Read orders., refunds: Refund orders. }", [.additive], [.breaking]),
        Change("oauthScheme.scopes", "orders: Read orders.", "orders: Read your orders.", [.documentation]),
        Change("oauthFlow.authorization_url", "authorization_url: https://id.shop.example/authorize", "authorization_url: https://id.shop.example/sign-in", [.behaviour]),
        Change("oauthFlow.token_url", "token_url: https://id.shop.example/token\n", "token_url: https://id.shop.example/tokens\n", [.behaviour]),
        Change("oauthFlow.refresh_url", "refresh_url: https://id.shop.example/refresh", "refresh_url: https://id.shop.example/renew", [.behaviour]),
        Change("oauthFlow.device_authorization_url", "device_authorization_url: https://id.shop.example/device,", "device_authorization_url: /device,", [.behaviour]),
        Change("errors", "errors: Problem", "errors: Other", [.behaviour]),
        Change("errors", "errors: Problem\n", "", [.behaviour]),
        Change("envelope", "envelope:\n  payload: data\n  metadata: Meta\n  metadata_key: meta\n", "", [.breaking], [.behaviour]),
        Change("envelope.payload", "payload: data", "payload: result", [.behaviour]),
        Change("envelope.metadata", "metadata: Meta", "metadata: Trace", [.breaking]),
        Change("envelope.metadata_key", "metadata_key: meta", "metadata_key: info", [.behaviour]),
        Change("dates", "dates: date-time", "dates: unix", [.behaviour]),
        Change("query_arrays", "query_arrays: repeat", "query_arrays: brackets", [.behaviour]),
        Change("models", "  Trace:\n    properties: { trace_id: String }\n", "", [.breaking], [.additive]),
        Change("endpoints", "  ping:\n    method: GET\n    path: /ping\n    response: String", "", [.breaking], [.additive]),

        Change("model.description", "description: An item.", "description: A thing.", [.documentation]),
        Change("model.deprecated", "  Item:\n", "  Item:\n    deprecated: true\n", [.documentation]),
        Change("model.properties", "{ number: String }", "{ number: String, cvc: String? }", [.additive], [.breaking]),
        Change("model.allOf", "    allOf: [Named]\n", "", [.breaking], [.additive]),
        Change("model.enum", "enum: [1, 2, 3]", "enum: [1, 2, 3, 4]", [.breaking]),
        // The new variant is picked by its name too.
        Change("model.oneOf", "oneOf: [Circle, Square]", "oneOf: [Circle, Square, Triangle]", [.breaking, .behaviour]),
        Change("model.discriminator", "discriminator: type", "discriminator: shape", [.behaviour]),
        Change("model.mapping", "circle: Circle", "round: Circle", [.behaviour]),
        Change("model.example", "example: { id: r1 }", "example: { id: r9 }", [.documentation]),
        Change("model.closed", "    properties: { trace_id: String }\n", "    properties: { trace_id: String }\n    closed: true\n", [.behaviour]),

        Change("longForm.type", "{ type: Int?, swift_name: plusOne }", "{ type: Int64?, swift_name: plusOne }", [.breaking]),
        Change("longForm.description", "description: When it was made.", "description: Creation time.", [.documentation]),
        Change("longForm.deprecated", "{ type: String?, deprecated: true }", "{ type: String? }", [.documentation]),
        Change("longForm.style", "style: comma", "style: repeat", [.behaviour]),
        Change("longForm.allow_slashes", "{ type: String, allow_slashes: true }", "{ type: String }", [.behaviour]),
        Change("longForm.format", "format: unix,", "format: unix-ms,", [.behaviour]),
        Change("longForm.default", "default: 30", "default: 40", [.behaviour]),
        Change("longForm.server_default", "server_default: 1", "server_default: 2", [.behaviour]),
        Change(
            "longForm.required", "{ type: String?, deprecated: true }", "{ type: String?, deprecated: true, required: true }",
            [.breaking], [.behaviour]),
        // Sent and received to received only: optional, and never sent, in a model the client sends.
        Change("longForm.read_only", "{ type: String?, deprecated: true }", "{ type: String?, deprecated: true, read_only: true }", [.behaviour]),
        Change("longForm.write_only", "{ type: String?, deprecated: true }", "{ type: String?, deprecated: true, write_only: true }", [.behaviour]),
        Change("longForm.swift_name", "swift_name: plusOne", "swift_name: plusOneCount", [.breaking]),

        Change("endpoint.summary", "summary: List items.", "summary: Lists items.", [.documentation]),
        Change("endpoint.description", "description: Every item.", "description: All items.", [.documentation]),
        Change("endpoint.method", "method: PUT", "method: POST", [.behaviour]),
        // A GET that sends the body it had as a PATCH.
        Change("endpoint.allow_body", "method: PATCH", "method: GET\n    allow_body: true", [.behaviour]),
        Change("endpoint.path", "path: /charges", "path: /v2/charges", [.behaviour]),
        Change("endpoint.deprecated", "  getItem:\n", "  getItem:\n    deprecated: true\n", [.documentation]),
        Change("endpoint.auth", "    auth: none\n", "    auth: basic\n", [.behaviour]),
        Change("endpoint.host", "    host: uploads\n", "", [.behaviour]),
        Change("endpoint.content_type", "    body: Item\n", "    body: Item\n    content_type: application/merge-patch+json\n", [.behaviour]),
        Change("endpoint.group", "    host: uploads\n", "    host: uploads\n    group: files\n", [.breaking]),
        Change("endpoint.params", "    params: { id: String }\n    headers:", "    params: { id: Int }\n    headers:", [.breaking]),
        Change("endpoint.query", "      token: String?\n", "", [.breaking], [.additive]),
        Change("endpoint.headers", "If-None-Match: String?", "If-None-Match: String", [.breaking], [.additive]),
        Change("endpoint.body", "body: Item", "form: Item", [.behaviour]),
        Change("endpoint.body", "body: { prompt: String }", "body: { prompt: String, n: Int? }", [.additive], [.breaking]),
        Change("endpoint.form", "amount: Int", "amount: Int64", [.breaking]),
        Change("endpoint.multipart", "purpose: String", "purpose: String?", [.breaking]),
        Change("endpoint.response", "response: String", "response: Data", [.breaking]),
        Change("endpoint.responses", "304: none", "304: Problem", [.breaking]),
        Change("endpoint.events", "events: Receipt", "events: Item", [.breaking]),
        Change("endpoint.response_headers", "ETag: String?", "ETag: Int?", [.breaking]),
        Change("endpoint.response_headers", "    response_headers:\n      ETag: String?\n", "", [.breaking]),
        Change("endpoint.pagination", "\n    pagination: { items: data, cursor: starting_after, next: id, has_more: has_more }", "", [.breaking], [.additive]),
        Change("endpoint.pagination.items", "items: data", "items: more", [.behaviour]),
        Change("endpoint.pagination.cursor", "cursor: starting_after", "cursor: token", [.behaviour]),
        Change("endpoint.pagination.next", "next: id", "next: sku", [.behaviour]),
        Change("endpoint.pagination.next_cursor", "next: id", "next_cursor: next_token", [.behaviour]),
        Change("endpoint.pagination.page", "cursor: starting_after, next: id", "page: page", [.behaviour]),
        Change("endpoint.pagination.offset", "cursor: starting_after, next: id", "offset: offset", [.behaviour]),
        Change("endpoint.pagination.has_more", ", has_more: has_more", "", [.behaviour]),
        Change("endpoint.errors", "404: Problem", "404: Other", [.behaviour]),
        Change("endpoint.errors", "      default: Other\n", "", [.behaviour]),
        Change("endpoint.example", "example: { id: r2 }", "example: { id: r3 }", [.documentation]),
    ]

    /// Every key the schema lists, named by where it is: `envelope.payload` at the top level, `model.mapping`,
    /// `longForm.default` and `endpoint.pagination.cursor` under the definition (`$defs`) that holds them.
    static func schemaKeys() throws -> Set<String> {
        let data = try Data(contentsOf: URL(fileURLWithPath: SpecSchemaTests.schema))
        let schema = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let definitions = schema["$defs"] as? [String: Any] ?? [:]
        var keys: Set<String> = []
        var visited: Set<String> = []
        func walk(_ node: Any, place: String) {
            if let list = node as? [Any] { return list.forEach { walk($0, place: place) } }
            guard let object = node as? [String: Any] else { return }
            if let reference = object["$ref"] as? String, let name = reference.split(separator: "/").last.map(String.init),
                let definition = definitions[name], visited.insert(name).inserted
            {
                walk(definition, place: name)
            }
            for (key, value) in object["properties"] as? [String: Any] ?? [:] {
                let path = place.isEmpty ? key : "\(place).\(key)"
                keys.insert(path)
                walk(value, place: path)
            }
            for (key, value) in object where ["additionalProperties", "items", "anyOf", "oneOf", "allOf"].contains(key) {
                walk(value, place: place)
            }
            (object["patternProperties"] as? [String: Any])?.values.forEach { walk($0, place: place) }
        }
        walk(schema, place: "")
        return keys
    }

    private static func checked(_ text: String, path: String) throws -> SpecPipeline.CheckedSpec {
        var diagnostics = Diagnostics()
        let spec = SpecPipeline().checkedSpec(SpecSource(path: path, text: text), diagnostics: &diagnostics)
        #expect(diagnostics.all.filter { $0.severity == .error }.isEmpty, "\(path): \(diagnostics.all.map(\.description))")
        return try #require(spec)
    }

    @Test func everyKeyOfTheFormatHasAChange() throws {
        let keys = try Self.schemaKeys()
        #expect(keys.count > 50)
        let covered = Set(Self.changes.map(\.key)).union(Self.unchangeable)
        #expect(keys.subtracting(covered).sorted() == [], "keys of the format without a change in `changes`")
        #expect(covered.subtracting(keys).sorted() == [], "changes of keys the format does not have")
    }

    @Test func theBaseSpecDoesNotDifferFromItself() throws {
        let base = try Self.checked(Self.base, path: "base.yaml")
        #expect(SpecDiff().changes(from: base, to: base).map(\.description) == [])
    }

    @Test(arguments: changes) func aChangeOfEachKeyIsReportedBothWays(_ change: Change) throws {
        let parts = Self.base.components(separatedBy: change.find)
        try #require(parts.count == 2, "`\(change.find)` is not written exactly once in the base spec")
        let base = try Self.checked(Self.base, path: "base.yaml")
        let changed = try Self.checked(parts.joined(separator: change.replace), path: "changed.yaml")
        let forward = SpecDiff().changes(from: base, to: changed)
        #expect(!forward.isEmpty && Set(forward.map(\.kind)) == change.forward, "\(forward.map(\.description))")
        let backward = SpecDiff().changes(from: changed, to: base)
        #expect(!backward.isEmpty && Set(backward.map(\.kind)) == change.backward, "\(backward.map(\.description))")
    }
}
