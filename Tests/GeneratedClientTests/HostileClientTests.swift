import Foundation
import GeneratedClients
import RouteGenRuntime
import RouteGenTestSupport
import RouteGenToolkit
import Testing

/// The client generated from a spec of hostile names still sends exactly what the spec says.
@Suite struct HostileClientTests {
    @Test(arguments: Transport.allCases)
    func keywordNamedEndpointSendsEverythingOnTheWire(transport: Transport) async throws {
        let (error, received) = try await withRecordingServer(reply: { _ in
            .json(##"{"default":"d","self":1,"class":true,"2fa":false,"$ref":"#/x","Ünïcode":"ü","first-name":"Ann","protocol":{"a":[1]},"Type":"t"}"##)
        }) { base, recorded in
            let api = Hostile.RequestHandler(environment: .init(baseURL: base), client: transport.client().authenticated { "k" })
            let result = try await api.default(
                self_: "../x?y", in: .inProgress, class: [.none_, .unknown("new")], where: true,
                type: Date(timeIntervalSince1970: 0), body_: UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"),
                xCase: "a\"b", xCase2: 2)
            return (result, recorded.last)
        }
        #expect(error.default == "d" && error.self_ == 1 && error.class && error._2fa == false)
        #expect(error.ref == "#/x" && error.unicode == "ü" && error.firstName == "Ann" && error.protocol == ["a": [1]])
        #expect(error.type == "t")
        #expect(received?.path == "/api/v2/default/..%2Fx%3Fy/in-progress")
        #expect(received?.query == "class=none&class=new&where=true&type=1970-01-01T00%3A00%3A00Z&body=E621E1F8-C36C-495A-93FC-0C247A3E6E5F")
        #expect(received?.headers["x-case"] == "a\"b" && received?.headers["x-case-2"] == "2")
        #expect(received?.headers["x-quote"] == #"say "hi" \ bye"#)
        #expect(received?.headers["x-api-key"] == "k")
    }

    @Test(arguments: Transport.allCases)
    func recursiveModelsAndInlineKeywordBodies(transport: Transport) async throws {
        let tree = #"{"value":1,"children":[{"value":2,"children":[],"parent":null}],"sibling":{"node":{"value":3,"children":[]}}}"#
        let (node, received) = try await withRecordingServer(reply: { request in
            request.path.hasSuffix("/tree") ? .json(tree) : ServerReply(status: 204)
        }) { base, recorded in
            let api = Hostile.RequestHandler(environment: .init(baseURL: base), client: transport.client())
            try await api.self_(body: Hostile.SelfBody(default: "x", return: 5))
            let feature: any Hostile.RequestHandling = api
            try await feature.type()
            try await feature.type(arguments: 3)
            let node = try await api.tree(body: [Hostile.Node(value: 9, children: [])])
            return (node, recorded.withLock { $0 })
        }
        #expect(node.value == 1 && node.children.first?.value == 2 && node.sibling?.node?.value == 3 && node.parent == nil)
        #expect(received.first?.method == "PUT" && received.first?.jsonObject == ["default": "x", "return": 5])
        // `type` (its arguments struct cannot be named `Type`) with a parameter named `arguments`, through the protocol.
        #expect(received.dropFirst().prefix(2).map { "\($0.path)?\($0.query ?? "")" } == ["/api/v2/type?", "/api/v2/type?arguments=3"])
        #expect(received.last?.method == "PATCH")
    }

    /// `logsPages(…)` walks the offset and sends the caller's `cursor`, `page` and `current` as they are, though its
    /// own closures name their parameters so.
    @Test(arguments: Transport.allCases)
    func pagesSendArgumentsNamedLikeTheirClosuresParameters(transport: Transport) async throws {
        let received = try await withRecordingServer(reply: { request in
            .json((request.query ?? "").hasPrefix("offset=") ? #"{"items":[]}"# : #"{"items":[{},{}]}"#)
        }) { base, recorded in
            let api = Hostile.RequestHandler(environment: .init(baseURL: base), client: transport.client())
            var count = 0
            for try await _ in api.logsPages(cursor: 42, page: "p", current: true).items { count += 1 }
            #expect(count == 2)
            return recorded.withLock { $0 }
        }
        #expect(received.map { $0.query ?? "" } == ["cursor=42&page=p&current=true", "offset=2&cursor=42&page=p&current=true"])
    }

    @Test func modelsEncodeAndDecodeTheirWireKeys() throws {
        let leaf = Hostile.Node(value: 2, children: [])
        let node = Hostile.Node(value: 1, parent: leaf, children: [leaf], sibling: Hostile.Partner(node: leaf))
        let encoded = try JSONSerialization.jsonObject(with: JSONEncoder().encode(node)) as? NSDictionary
        let leafObject: NSDictionary = ["value": 2, "children": []]
        #expect(encoded == ["value": 1, "parent": leafObject, "children": [leafObject], "sibling": ["node": leafObject]])
        #expect(try JSONDecoder().decode(Hostile.Node.self, from: JSONEncoder().encode(node)) == node)

        let keywords = Hostile.SelfBody(default: "x", return: 5)
        let keywordsObject = try JSONSerialization.jsonObject(with: JSONEncoder().encode(keywords)) as? NSDictionary
        #expect(keywordsObject == ["default": "x", "return": 5])

        #expect(String(decoding: try JSONEncoder().encode(Hostile.Empty()), as: UTF8.self) == "{}")
        #expect(try JSONDecoder().decode(Hostile.Empty.self, from: Data(#"{"extra":1}"#.utf8)) == Hostile.Empty())
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Hostile.Empty.self, from: Data("[]".utf8)) }
        let missing = #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(Hostile.Node.self, from: Data(#"{"value":1}"#.utf8))
        }
        guard case .keyNotFound(let key, _) = missing else {
            Issue.record("expected keyNotFound, got \(String(describing: missing))")
            return
        }
        #expect(key.stringValue == "children")
    }

    @Test func hostileEnumValues() {
        // Only query parameters use `Status`, so it is only ever sent: no decoder, read by raw value.
        #expect(!(Hostile.Status.self is any Decodable.Type))
        let values = ["none", "self", "default", "1", "in-progress", "unknown", "init", "rawValue", "known_cases",
                      "http_parameter_value", "é", "a\"b", "zzz"].map(Hostile.Status.init(rawValue:))
        #expect(values == [
            .none_, .self_, .default, ._1, .inProgress, .unknown_, .init_, .rawValue_, .knownCases_, .httpParameterValue_, .e, .aB,
            .unknown("zzz"),
        ])
        #expect(Hostile.Status.knownCases.count == 12 && Hostile.Status.knownCases_.httpParameterValue == "known_cases")
        #expect(Hostile.Environment.allCases.map(\.name) == ["default", "self"])
        #expect(Hostile.Environment.default_.baseURL.absoluteString == "https://hostile.example.com/base")
    }
}
