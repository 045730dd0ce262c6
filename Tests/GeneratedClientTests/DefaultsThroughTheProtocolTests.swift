import Foundation
import GeneratedClients
import RouteGenRuntime
import RouteGenTesting
import Testing

/// Feature code holds `any Name.RequestHandling`: a call through it leaves out what a call through the handler
/// leaves out, and sends the same request.
@Suite struct DefaultsThroughTheProtocolTests {
    @Test func aCallThroughTheProtocolSendsTheHandlersDefaults() async throws {
        let client = StubTransport()
        client.register(.get, "/charges", response: .json("[]"))
        let handler = Payments.RequestHandler(environment: .init(baseURL: URL(string: "https://api.test")!), client: client)
        let feature: any Payments.RequestHandling = handler

        _ = try await handler.listCharges()
        _ = try await feature.listCharges()
        _ = try await feature.listCharges(limit: 3, risk: ._2)

        let urls = try client.requests.map { try $0.url().absoluteString }
        #expect(urls == ["https://api.test/charges?limit=10", "https://api.test/charges?limit=10", "https://api.test/charges?limit=3&risk=2"])
    }

    @Test func pagesAreReachableThroughTheProtocol() async throws {
        let mock = Payments.MockRequestHandler()
        mock.endpoints.listReactionsByOffset.answer { route in
            guard case .listReactionsByOffset(let offset) = route else { return Payments.ReactionPage(items: []) }
            return Payments.ReactionPage(items: (offset ?? 0) < 2 ? [Payments.Reaction(plusOne: 1, minusOne: 0)] : [])
        }
        let feature: any Payments.RequestHandling = mock
        var count = 0
        for try await _ in feature.listReactionsByOffsetPages().items { count += 1 }
        #expect(count == 2)
        #expect(mock.endpoints.listReactionsByOffset.calls == [.listReactionsByOffset(offset: nil), .listReactionsByOffset(offset: 1), .listReactionsByOffset(offset: 2)])
    }

    /// A type of the app's own implements the requirement that takes the arguments as one value; the calls with
    /// defaults reach it with the defaults filled in.
    @Test func aHandWrittenConformerGetsTheDefaults() async throws {
        let pets = ListingPets()
        let feature: any Petstore.RequestHandling = pets
        _ = try await feature.listPets()
        _ = try await feature.listPets(limit: 5, includeSold: true)
        try await feature.deletePet(petId: 7)
        let received = pets.received.withLock { $0 }
        #expect(received == ["listPets limit=nil tags=nil sold=nil", "listPets limit=5 tags=nil sold=true", "deletePet 7 nil"])
    }
}

/// A `Petstore.RequestHandling` written by hand, as an app's preview or test double would be.
private struct ListingPets: Petstore.RequestHandling {
    let received = Locked<[String]>([])

    func listPets(_ arguments: Petstore.Arguments.ListPets) async throws -> [Petstore.Pet] {
        let limit = arguments.limit.map(String.init) ?? "nil"
        let sold = arguments.includeSold.map { "\($0)" } ?? "nil"
        received.withLock { $0.append("listPets limit=\(limit) tags=\(arguments.tags.map { "\($0)" } ?? "nil") sold=\(sold)") }
        return []
    }

    func getPet(petId: Int64) async throws -> Petstore.Pet { throw CancellationError() }
    func createPet(body: Petstore.NewPet) async throws -> Petstore.Pet { throw CancellationError() }
    func login(body: Petstore.LoginBody) async throws -> Petstore.Session { throw CancellationError() }

    func deletePet(_ arguments: Petstore.Arguments.DeletePet) async throws {
        received.withLock { $0.append("deletePet \(arguments.petId) \(arguments.xRequestID ?? "nil")") }
    }
}
