import Foundation
import GeneratedClients
import RouteGenRuntime
import RouteGenTestSupport
import RouteGenToolkit
import Testing

/// Petstore's generated client against a real server: every endpoint's request as received, every response
/// as decoded.
@Suite struct PetstoreClientTests {
    static let pet = #"{"id":7,"name":"Rex","tag":null,"status":"pending","photo_urls":["https://img.example.com/rex.png"],"created_at":"2024-02-11T09:48:46Z","attributes":{"color":"brown"},"owner":{"name":"Ann","best_friend":{"name":"Bob"}}}"#

    static func reply(_ received: ReceivedRequest) -> ServerReply {
        switch (received.method, received.path) {
        case ("GET", "/v1/pets"): .json("[\(pet)]")
        case ("GET", "/v1/pets/7"), ("POST", "/v1/pets"): .json(pet)
        case ("GET", "/v1/pets/404"): .json(#"{"code":404,"message":"no such pet"}"#, status: 404)
        case ("POST", "/v1/accounts/login"): .json(#"{"token":"abc","expires_at":"2030-01-01T00:00:00.250Z"}"#)
        case ("DELETE", "/v1/pets/7"): ServerReply(status: 204)
        default: .text("unexpected \(received.method) \(received.path)", status: 500)
        }
    }

    private func handler(_ base: URL, _ transport: Transport) -> Petstore.RequestHandler {
        Petstore.RequestHandler(environment: Petstore.Environment(baseURL: base), client: transport.client().authenticated { "t0k" })
    }

    @Test(arguments: Transport.allCases)
    func listPetsSendsItsQueryAndDecodesTheList(transport: Transport) async throws {
        let (pets, received) = try await withRecordingServer(reply: Self.reply) { base, recorded in
            (try await handler(base, transport).listPets(limit: 10, tags: ["a b", "c&d"], includeSold: false), recorded.last)
        }
        #expect(received?.method == "GET")
        #expect(received?.query == "limit=10&tags=a%20b&tags=c%26d&include_sold=false")
        #expect(received?.headers["authorization"] == "Bearer t0k")
        #expect(received?.headers["accept"] == "application/json")
        let pet = try #require(pets.first)
        #expect(pet.id == 7 && pet.name == "Rex" && pet.tag == nil && pet.status == .pending)
        #expect(pet.photoUrls == [URL(string: "https://img.example.com/rex.png")!])
        #expect(pet.createdAt == Date(timeIntervalSince1970: 1_707_644_926))
        #expect(pet.attributes == ["color": "brown"])
        #expect(pet.owner?.name == "Ann" && pet.owner?.bestFriend?.name == "Bob" && pet.owner?.bestFriend?.bestFriend == nil)
    }

    @Test(arguments: Transport.allCases)
    func optionalQueryParametersAreLeftOut(transport: Transport) async throws {
        let received = try await withRecordingServer(reply: Self.reply) { base, recorded in
            _ = try await handler(base, transport).listPets()
            return recorded.last
        }
        #expect(received?.query == nil)
    }

    @Test(arguments: Transport.allCases)
    func getPetPutsItsParameterInThePath(transport: Transport) async throws {
        let pet = try await withRecordingServer(reply: Self.reply) { base, _ in try await handler(base, transport).getPet(petId: 7) }
        #expect(pet.name == "Rex")
    }

    @Test(arguments: Transport.allCases)
    func createPetSendsItsModelAsJSON(transport: Transport) async throws {
        let received = try await withRecordingServer(reply: Self.reply) { base, recorded in
            _ = try await handler(base, transport).createPet(body: Petstore.NewPet(name: "Rex", tag: "good boy"))
            return recorded.last
        }
        #expect(received?.method == "POST")
        #expect(received?.headers["content-type"] == "application/json")
        #expect(received?.jsonObject == ["name": "Rex", "tag": "good boy"])
    }

    @Test(arguments: Transport.allCases)
    func loginSendsItsInlineBodyWithoutCredentials(transport: Transport) async throws {
        let (session, received) = try await withRecordingServer(reply: Self.reply) { base, recorded in
            (try await handler(base, transport).login(body: Petstore.LoginBody(email: "a@b.c", password: "pw")), recorded.last)
        }
        #expect(received?.headers["authorization"] == nil)
        #expect(received?.jsonObject == ["email": "a@b.c", "password": "pw"])
        #expect(session.token == "abc")
        #expect(session.expiresAt == Date(timeIntervalSince1970: 1_893_456_000.25))
    }

    @Test(arguments: Transport.allCases)
    func deletePetSendsItsHeaderParameterAndExpectsNoBody(transport: Transport) async throws {
        let received = try await withRecordingServer(reply: Self.reply) { base, recorded in
            try await handler(base, transport).deletePet(petId: 7, xRequestID: "req-1")
            return recorded.last
        }
        #expect(received?.method == "DELETE" && received?.path == "/v1/pets/7")
        #expect(received?.headers["x-request-id"] == "req-1")
    }

    @Test(arguments: Transport.allCases)
    func errorsDecodeTheSpecsErrorModel(transport: Transport) async throws {
        try await withRecordingServer(reply: Self.reply) { base, _ in
            await #expect {
                try await handler(base, transport).getPet(petId: 404)
            } throws: { error in
                guard let error = error as? RouteGenError, case .unacceptableStatus(let failure) = error else { return false }
                return error.statusCode == 404 && failure.request.routeName == "Petstore.getPet"
                    && failure.errorBody(as: Petstore.ErrorBody.self) == Petstore.ErrorBody(code: 404, message: "no such pet")
            }
        }
    }

    @Test(arguments: Transport.allCases)
    func aWrongBodyIsADecodingFailureWithItsPath(transport: Transport) async throws {
        try await withRecordingServer(reply: { _ in .json(#"[{"id":"seven"}]"#) }) { base, _ in
            await #expect {
                try await handler(base, transport).listPets()
            } throws: { error in
                guard case .decodingFailed(let failure) = error as? RouteGenError else { return false }
                return failure.codingPath == "[0].id" && failure.request.routeName == "Petstore.listPets"
            }
        }
    }

    @Test func unknownEnumValuesSurviveARoundTrip() throws {
        let decoded = try JSONCoding.makeDecoder().decode([Petstore.PetStatus].self, from: Data(#"["sold","adopted"]"#.utf8))
        #expect(decoded == [.sold, .unknown("adopted")])
        #expect(String(decoding: try JSONEncoder().encode(decoded), as: UTF8.self) == #"["sold","adopted"]"#)
        #expect(Petstore.PetStatus.knownCases == [.available, .pending, .sold])
    }

    @Test func environmentsAndRoutes() throws {
        #expect(Petstore.Environment.default == .production)
        #expect(Petstore.Environment.allCases.map(\.name) == ["production", "staging", "development"])
        #expect(Petstore.Environment.staging.baseURL.absoluteString == "https://staging.petstore.example.com")
        let request = try Petstore.APIRoute.getPet(petId: 42).request(for: .development)
        #expect(try request.url().absoluteString == "http://localhost:8080/v1/pets/42")
        #expect(request.routeName == "Petstore.getPet" && request.authentication == .bearer)
        #expect(request.cURLDescription() == "curl -X GET 'http://localhost:8080/v1/pets/42' \\\n  -H 'Accept: application/json'")
    }
}
