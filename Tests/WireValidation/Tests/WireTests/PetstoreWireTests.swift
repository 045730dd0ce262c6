import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import PetstoreClient
import RouteGenToolkit
import RouteGenURLSession
import Testing

/// Every operation of Swagger's Petstore, through the validating server.
@Suite struct PetstoreWireTests {
    @Test func everyOperationIsValidOnTheWireAndDecodes() async throws {
        let (pets, answers) = try await ValidatingServer.run(document: "PetstoreClient/petstore3.yaml") { base in
            let api = Petstore.RequestHandler(
                environment: Petstore.Environment(baseURL: base.appendingPathComponent("api/v3")),
                client: URLSessionClient().authenticated { "special-key" })
            let rex = Petstore.Pet(
                id: 10, name: "Rex", category: Petstore.Category(id: 1, name: "Dogs"), photoUrls: ["https://example.com/rex.png"],
                tags: [Petstore.Tag(id: 2, name: "good")], status: .available)
            var pets = [try await api.addPet(body: rex), try await api.updatePet(body: rex)]
            pets += try await api.findPetsByStatus(status: .sold)
            pets += try await api.findPetsByTags(tags: ["good", "small"])
            pets.append(try await api.getPetById(petId: 10))
            pets.append(try await api.updatePetWithForm(petId: 10, name: "Rex II", status: "sold"))
            try await api.deletePet(petId: 10, apiKey: "special-key")
            _ = try await api.uploadFile(
                petId: 10, additionalMetadata: "front view",
                body: File(data: Data([0x89, 0x50, 0x4E, 0x47]), fileName: "rex.png", contentType: "application/octet-stream"))
            _ = try await api.getInventory()
            let order = Petstore.Order(id: 5, petId: 10, quantity: 1, shipDate: Date(timeIntervalSince1970: 1_700_000_000), status: .placed, complete: false)
            _ = try await api.placeOrder(body: order)
            _ = try await api.getOrderById(orderId: 5)
            try await api.deleteOrder(orderId: 5)
            let user = Petstore.User(id: 1, username: "ann", firstName: "Ann", lastName: "Lee", email: "ann@example.com", password: "pw", phone: "555", userStatus: 1)
            _ = try await api.createUser(body: user)
            _ = try await api.createUsersWithListInput(body: [user])
            _ = try await api.loginUser(username: "ann", password: "pw")
            try await api.logoutUser()
            _ = try await api.getUserByName(username: "ann")
            try await api.updateUser(username: "ann", body: user)
            try await api.deleteUser(username: "ann")
            return pets
        }
        #expect(pets.allSatisfy { !$0.name.isEmpty })
        expectAllValid(answers, operations: [
            "addPet", "updatePet", "findPetsByStatus", "findPetsByTags", "getPetById", "updatePetWithForm", "deletePet",
            "uploadFile", "getInventory", "placeOrder", "getOrderById", "deleteOrder", "createUser", "createUsersWithListInput",
            "loginUser", "logoutUser", "getUserByName", "updateUser", "deleteUser",
        ])
    }

    /// The validator is live: what the document does not allow is refused, with its finding; a request without the
    /// OAuth 2 token the operation requires is refused too (openapi-core alone lets it through).
    @Test func whatTheDocumentDoesNotAllowIsRefused() async throws {
        let (statuses, answers) = try await ValidatingServer.run(document: "PetstoreClient/petstore3.yaml") { base in
            let url = try #require(URL(string: base.absoluteString + "/api/v3/pet/findByStatus?status=bogus"))
            var request = URLRequest(url: url)
            request.setValue("Bearer special-key", forHTTPHeaderField: "Authorization")
            let (_, bogus) = try await URLSession.shared.data(for: request)
            let sold = try #require(URL(string: base.absoluteString + "/api/v3/pet/findByStatus?status=sold"))
            let (_, anonymous) = try await URLSession.shared.data(from: sold)
            return [bogus, anonymous].map { ($0 as? HTTPURLResponse)?.statusCode }
        }
        #expect(statuses == [400, 400])
        #expect(answers.count == 2)
        #expect(answers.first?.findings?.contains { $0.contains("'bogus' is not one of") } == true)
        #expect(answers.last?.findings?.contains { $0.contains("Security not found") } == true)
    }
}
