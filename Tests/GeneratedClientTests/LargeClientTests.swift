import Foundation
import GeneratedClients
import RouteGenRuntime
import RouteGenTesting
import Testing

/// `Tests/Specs/Large.yaml` has 150 endpoints and 90 models, so its routes and models are spread over three files
/// each (`routegen generate --split`), the route switches of the later ones in extensions.
@Suite struct LargeClientTests {
    @Test func routesInEveryChunkBuildTheirRequests() throws {
        let first = try Large.APIRoute.deleteResource0(id: 1).request(for: .default)
        let last = try Large.APIRoute.listResource29(active: true, limit: 3, tags: ["a", "b"]).request(for: .default)
        #expect(first.method == .delete && first.path == "/v1/resource0/1" && first.routeName == "Large.deleteResource0")
        #expect(last.method == .get && last.path == "/v1/resource29")
        #expect(try last.url().absoluteString == "https://api.example.com/v1/resource29?active=true&limit=3&tags=a&tags=b")
        #expect(last.headers["Accept"] == "application/json" && last.authentication == .bearer)
    }

    @Test func aHandlerCallInTheLastChunk() async throws {
        let stub = StubTransport()
        stub.register(.get, "/v1/resource29/{id}") { _ in
            .json(#"{"name":"n","count":1,"active":true,"score":0.5,"created_at":"2024-02-11T09:48:46Z","status":"draft","tags":[]}"#)
        }
        let resource = try await Large.RequestHandler(client: stub).getResource29(id: 42)
        #expect(resource.status == .draft && resource.detail == nil)
        #expect(stub.requests.map(\.path) == ["/v1/resource29/42"])
    }
}
