import Foundation
import GeneratedClients
import RouteGenRuntime
import RouteGenTestSupport
import RouteGenToolkit
import Testing

/// The client generated from Swagger's Petstore OpenAPI document, as `routegen import` converts it
/// (Tests/Specs/Imported/Petstore3.yaml), against a real server: the bytes each request puts on the wire, and
/// the values each response decodes to.
@Suite struct Petstore3ClientTests {
    static let pet = #"{"id":10,"name":"doggie","category":{"id":1,"name":"Dogs"},"photoUrls":["p.png"],"tags":[{"id":0,"name":"t"}],"status":"available"}"#

    static func reply(_ received: ReceivedRequest) -> ServerReply {
        switch (received.method, received.path) {
        case ("POST", "/api/v3/pet"), ("GET", "/api/v3/pet/10"): .json(pet)
        case ("GET", "/api/v3/pet/findByStatus"): .json("[\(pet)]")
        case ("POST", "/api/v3/pet/10/uploadImage"): .json(#"{"code":200,"type":"ok","message":"stored 3 bytes"}"#)
        case ("GET", "/api/v3/store/inventory"): .json(#"{"available":7,"sold":2}"#)
        case ("GET", "/api/v3/user/login"):
            ServerReply(
                status: 200,
                headers: ["Content-Type": "application/json", "X-Rate-Limit": "100", "X-Expires-After": "2030-01-01T00:00:00Z"],
                body: Data(#""logged in user session:1""#.utf8))
        case ("DELETE", "/api/v3/pet/10"): ServerReply(status: 200)
        default: .text("unexpected \(received.method) \(received.path)", status: 500)
        }
    }

    private func handler(_ base: URL, _ transport: Transport) -> Petstore3.RequestHandler {
        Petstore3.RequestHandler(
            environment: Petstore3.Environment(baseURL: base.appendingPathComponent("api/v3")),
            client: transport.client().authenticated { "t0k" })
    }

    @Test(arguments: Transport.allCases)
    func addPetSendsTheModelWithABearerTokenAndDecodesTheReply(transport: Transport) async throws {
        let (pet, received) = try await withRecordingServer(reply: Self.reply) { base, recorded in
            let new = Petstore3.Pet(name: "doggie", photoUrls: ["p.png"], status: .available)
            return (try await handler(base, transport).addPet(body: new), recorded.last)
        }
        #expect(received?.headers["authorization"] == "Bearer t0k")
        #expect(received?.headers["content-type"] == "application/json")
        #expect(received?.jsonObject == ["name": "doggie", "photoUrls": ["p.png"], "status": "available"])
        #expect(pet.id == 10 && pet.category?.name == "Dogs" && pet.tags?.first?.name == "t" && pet.status == .available)
    }

    /// The document's default status is the server's: not sent unless the caller chooses one.
    @Test(arguments: Transport.allCases)
    func findByStatusSendsOnlyAStatusTheCallerChose(transport: Transport) async throws {
        let (pets, received) = try await withRecordingServer(reply: Self.reply) { base, recorded in
            let pets = try await handler(base, transport).findPetsByStatus()
            _ = try await handler(base, transport).findPetsByStatus(status: .sold)
            return (pets, recorded.withLock { $0 })
        }
        #expect(received.map(\.query) == [nil, "status=sold"])
        #expect(pets.map(\.name) == ["doggie"])
    }

    @Test(arguments: Transport.allCases)
    func getPetByIdSendsItsAPIKeyInTheHeaderTheDocumentNames(transport: Transport) async throws {
        let received = try await withRecordingServer(reply: Self.reply) { base, recorded in
            _ = try await handler(base, transport).getPetById(petId: 10)
            return recorded.last
        }
        #expect(received?.headers["api_key"] == "t0k")
        #expect(received?.headers["authorization"] == nil)
    }

    @Test(arguments: Transport.allCases)
    func uploadFileSendsTheBytesAsTheyAre(transport: Transport) async throws {
        let (reply, received) = try await withRecordingServer(reply: Self.reply) { base, recorded in
            let file = File(data: Data([1, 2, 3]), fileName: "rex.png", contentType: "image/png")
            return (try await handler(base, transport).uploadFile(petId: 10, additionalMetadata: "front view", body: file), recorded.last)
        }
        #expect(received?.query == "additionalMetadata=front%20view")
        #expect(received?.headers["content-type"] == "image/png")
        #expect(received?.body == Data([1, 2, 3]))
        #expect(reply.message == "stored 3 bytes")
    }

    @Test(arguments: Transport.allCases)
    func inventoryDecodesADictionaryOfInt32(transport: Transport) async throws {
        let inventory = try await withRecordingServer(reply: Self.reply) { base, _ in try await handler(base, transport).getInventory() }
        #expect(inventory == ["available": 7, "sold": 2])
    }

    @Test(arguments: Transport.allCases)
    func loginReadsTheJSONStringAndTheTypedResponseHeaders(transport: Transport) async throws {
        let (response, received) = try await withRecordingServer(reply: Self.reply) { base, recorded in
            (try await handler(base, transport).loginUser(username: "ann", password: "p&ss word"), recorded.last)
        }
        #expect(received?.query == "username=ann&password=p%26ss%20word")
        #expect(response.body == "logged in user session:1")
        #expect(response.headers.xRateLimit == 100)
        #expect(response.headers.xExpiresAfter == Date(timeIntervalSince1970: 1_893_456_000))
    }

    @Test(arguments: Transport.allCases)
    func deletePetSendsItsHeaderParameter(transport: Transport) async throws {
        let received = try await withRecordingServer(reply: Self.reply) { base, recorded in
            try await handler(base, transport).deletePet(petId: 10, apiKey: "k-1")
            return recorded.last
        }
        #expect(received?.method == "DELETE" && received?.path == "/api/v3/pet/10")
        #expect(received?.headers["api_key"] == "k-1")
        #expect(received?.headers["authorization"] == "Bearer t0k")
    }
}
