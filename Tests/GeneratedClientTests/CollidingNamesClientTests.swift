import Foundation
import GeneratedClients
import RouteGenRuntime
import RouteGenTestSupport
import Testing

/// A spec whose names are the generated code's own (runtime and standard-library types, coding locals, endpoints named
/// like their parameters or like the arguments value) generates a client that compiles with warnings as errors (the
/// `GeneratedClients` target), sends what the spec says, and round-trips its values.
@Suite struct CollidingNamesClientTests {
    @Test(arguments: Transport.allCases)
    func endpointsNamedLikeTheirParametersSendTheirArguments(transport: Transport) async throws {
        let received = try await withRecordingServer(reply: { request in
            switch request.path {
            case "/v1/search": .json(#"{"data":[{"container":"c","encoder":"e","decoder":1,"metadata":{"a":[1,null]}}]}"#)
            case "/v1/arguments": .json(#"{"data":{"name":"j"}}"#)
            default: .json(#"{"data":{"name":"n","value":null}}"#)
            }
        }) { base, recorded in
            let api: any CollidingNames.RequestHandling = CollidingNames.RequestHandler(
                environment: .init(baseURL: base), client: transport.client())
            let found = try await api.search(search: "s", limit: 2)
            #expect(found.first?.container == "c" && found.first?.encoder == "e" && found.first?.decoder == 1)
            // A model named `JSONValue` does not change how `JSON` properties decode.
            #expect(found.first?.metadata == ["a": [1, nil]])
            let item: CollidingNames.QueryItemModel = try await api.user(user: "u", expand: true)
            #expect(item.name == "n")
            let echoed: CollidingNames.JSONValueModel = try await api.arguments(body: found[0])
            #expect(echoed.name == "j")
            return recorded.withLock { $0.map { "\($0.method) \($0.path)?\($0.query ?? "") \($0.bodyText)" } }
        }
        #expect(received.count == 3)
        #expect(received[0] == "GET /v1/search?search=s&limit=2 ")
        #expect(received[1] == "GET /v1/users/u?expand=true ")
        #expect(received[2].hasPrefix("POST /v1/arguments? "))
        let sent = try JSONDecoder().decode(JSONValue.self, from: Data(received[2].dropFirst("POST /v1/arguments? ".count).utf8))
        #expect(sent == ["container": "c", "encoder": "e", "decoder": 1, "metadata": ["a": [1, nil]]])
    }

    @Test func modelsNamedLikeCodingLocalsRoundTrip() throws {
        let value = CollidingNames.Container(
            container: "c", encoder: "e", decoder: 3, description: "d", metadata: ["k": true], self_: "s", hash: 7)
        let decoded = try JSONDecoder().decode(CollidingNames.Container.self, from: try JSONEncoder().encode(value))
        #expect(decoded == value)
    }

    /// An envelope's metadata model named `Payload` is that model, not the envelope's generic payload (found by an
    /// attack: `var metadata: Payload` meant the endpoint's response type), and decodes as it.
    @Test func anEnvelopesMetadataNamedPayloadIsThatModel() throws {
        let body = Data(#"{"data": {"method": "m"}, "metadata": {"guard": "h"}}"#.utf8)
        let decoded = try JSONCoding.makeDecoder().decode(Vocabulary.Enveloped<Vocabulary.Members>.self, from: body)
        let metadata: Vocabulary.Payload = decoded.metadata
        #expect(metadata.guard == "h")
        #expect(decoded.payload.method == "m")
    }
}
