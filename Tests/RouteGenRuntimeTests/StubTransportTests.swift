import Foundation
import RouteGenRuntime
import RouteGenTesting
import Testing

@Suite struct StubTransportTests {
    struct Pet: Codable, Equatable { var id: Int; var name: String }

    @Test func answersByMethodAndPathPatternAndRecords() async throws {
        let stub = StubTransport()
        stub.register(.get, "/v1/pets/{id}") { request in try .json(Pet(id: Int(request.path.split(separator: "/").last!)!, name: "Rex")) }
        stub.register(.get, "/v1/pets/*/photos", response: .json("[]"))
        let (data, response) = try await stub.load(Requests.get("/v1/pets/7"))
        #expect(response.statusCode == 200 && response.headers["Content-Type"] == "application/json")
        #expect(try JSONDecoder().decode(Pet.self, from: data) == Pet(id: 7, name: "Rex"))
        #expect(try await stub.load(Requests.get("/v1/pets/7/photos")).0 == Data("[]".utf8))
        #expect(stub.requests.map(\.path) == ["/v1/pets/7", "/v1/pets/7/photos"])
    }

    @Test func theLatestRegistrationWins() async throws {
        let stub = StubTransport()
        stub.register(.get, "/v1/pets", response: .status(200))
        stub.register(.get, "/v1/pets", response: .status(503))
        #expect(try await stub.load(Requests.get()).1.statusCode == 503)
    }

    @Test func anUnmatchedRequestListsWhatIsRegistered() async throws {
        let stub = StubTransport()
        stub.register(.get, "/v1/pets/{id}", response: .status(200))
        stub.register(.post, "/v1/pets", response: .status(201))
        await #expect {
            try await stub.load(Requests.get("/v1/owners"))
        } throws: { error in
            "\(error)" == "StubTransport has no response for GET /v1/owners; registered: GET /v1/pets/{id}, POST /v1/pets"
        }
        #expect(stub.requests.count == 1)
    }

    @Test func failuresAndDelaysCanBeInjected() async throws {
        let stub = StubTransport()
        stub.register(.get, "/v1/pets", failure: URLError(.notConnectedToInternet))
        stub.register(.get, "/v1/slow", response: .status(200), delay: .milliseconds(150))
        await #expect(throws: URLError.self) { try await stub.load(Requests.get()) }
        let start = ContinuousClock.now
        _ = try await stub.load(Requests.get("/v1/slow"))
        #expect(start.duration(to: .now) >= .milliseconds(150))
    }

    @Test func fixturesComeFromJSONFiles() async throws {
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/stackexchange-questions.json")
        let stub = StubTransport()
        stub.register(.get, "/2.3/questions", response: try .fixture(fixture))
        let (data, _) = try await stub.load(Requests.get("/2.3/questions"))
        #expect(data == (try Data(contentsOf: fixture)))
    }

    @Test func requestsThatCouldNotBeSentAreRejectedAsATransportWould() async throws {
        let stub = StubTransport()
        stub.register(.get, "/v1/pets", response: .status(200))
        await #expect(throws: RouteGenError.self) { try await stub.load(Requests.get(headers: ["X": "a\nb"])) }
    }
}
