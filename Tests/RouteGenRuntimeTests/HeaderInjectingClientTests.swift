import Foundation
import RouteGenRuntime
import RouteGenTesting
import RouteGenToolkit
import Testing

@Suite struct HeaderInjectingClientTests {
    @Test func staticHeadersReplaceThoseOfTheSameName() async throws {
        let stub = StubTransport()
        stub.register(.get, "/v1/pets", response: .status(200))
        _ = try await stub.injecting(headers: ["Accept": "application/json", "X-App": "1.0"])
            .load(Requests.get(headers: ["accept": "text/html", "X-Other": "kept"]))
        let sent = try #require(stub.requests.first?.headers)
        #expect(sent["Accept"] == "application/json")
        #expect(sent["X-Other"] == "kept")
        #expect(sent["X-App"] == "1.0")
        #expect(sent.fields.filter { $0.name.lowercased() == "accept" }.count == 1)
    }

    @Test func aProviderIsAskedForEveryRequest() async throws {
        let stub = StubTransport()
        stub.register(.get, "/v1/pets", response: .status(200))
        let counter = Counter()
        let client = stub.injectingHeaders { request in
            ["X-Request-Number": "\(counter.increment())", "X-Route": request.routeName ?? ""]
        }
        for _ in 0..<3 { _ = try await client.load(Requests.get()) }
        #expect(stub.requests.map { $0.headers["X-Request-Number"] } == ["1", "2", "3"])
        #expect(stub.requests.first?.headers["X-Route"] == "Petstore.listPets")
    }
}
