import Foundation
import GeneratedClients
import RouteGenRuntime
import Testing

/// The generated `MockRequestHandler`s: answers set per test, the spec's examples otherwise, calls recorded as
/// the routes the real handler would send.
@Suite struct MockRequestHandlerTests {
    static let rex = Petstore.Pet(
        id: 1, name: "Rex", status: .available, photoUrls: [], createdAt: Date(timeIntervalSince1970: 0), attributes: [:])

    @Test func anUnsetEndpointAnswersTheSpecsExample() async throws {
        let mock = Petstore.MockRequestHandler()
        // getPet's own example…
        let pet = try await mock.getPet(petId: 5)
        #expect(pet.id == 42 && pet.name == "Fido" && pet.tag == "dog" && pet.status == .sold)
        #expect(pet.createdAt == Date(timeIntervalSince1970: 1_709_294_400))
        // …and, for listPets, a list of the example of its response's model, Pet.
        let pets = try await mock.listPets(limit: nil, tags: nil, includeSold: nil)
        #expect(pets.map(\.name) == ["Rex"])
        #expect(pets.first?.photoUrls == [URL(string: "https://petstore.example.com/photos/rex.jpg")!])
        #expect(pets.first?.attributes == ["color": "brown"])
    }

    @Test func anEndpointWithoutExampleFailsNamingItself() async throws {
        let mock = Petstore.MockRequestHandler()
        let error = await #expect(throws: MockEndpointError.self) {
            try await mock.login(body: Petstore.LoginBody(email: "a@b.c", password: "pw"))
        }
        #expect(
            error?.description
                == "the mock of Petstore.login was called with no answer set and no `example:` in the spec; set one with "
                + "`mock.endpoints.login.answer(…)` or add an example to the spec")
    }

    @Test func anEndpointWithoutResponseAnswersAtOnce() async throws {
        let mock = Petstore.MockRequestHandler()
        try await mock.deletePet(petId: 3, xRequestID: nil)
        #expect(mock.recordedCalls == [.deletePet(petId: 3)])
    }

    @Test func answersSetPerTestReplaceTheExample() async throws {
        let mock = Petstore.MockRequestHandler()
        mock.endpoints.getPet.answer(Self.rex)
        #expect(try await mock.getPet(petId: 1) == Self.rex)

        mock.endpoints.getPet.fail(URLError(.notConnectedToInternet))
        await #expect(throws: URLError.self) { try await mock.getPet(petId: 1) }

        mock.endpoints.createPet.answer { route in
            guard case .createPet(let body) = route else { throw MockEndpointError.noAnswer(endpoint: "createPet") }
            return Petstore.Pet(
                id: 2, name: body.name, status: .pending, photoUrls: [], createdAt: .distantPast, attributes: [:])
        }
        let created = try await mock.createPet(body: Petstore.NewPet(name: "Bo"))
        #expect(created.id == 2 && created.name == "Bo")

        mock.endpoints.getPet.reset()
        #expect(try await mock.getPet(petId: 1).name == "Fido")
    }

    @Test func aDelayedAnswerWaitsAndCanBeCancelled() async throws {
        let mock = Petstore.MockRequestHandler()
        mock.endpoints.getPet.answer(Self.rex, after: .milliseconds(50))
        let clock = ContinuousClock()
        let start = clock.now
        _ = try await mock.getPet(petId: 1)
        #expect(clock.now - start >= .milliseconds(50))

        mock.endpoints.getPet.answer(Self.rex, after: .seconds(60))
        let task = Task { try await mock.getPet(petId: 1) }
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
    }

    @Test func callsAreRecordedAsRoutesInOrder() async throws {
        let mock = Petstore.MockRequestHandler()
        _ = try await mock.listPets(limit: 10, tags: ["a"], includeSold: nil)
        _ = try await mock.getPet(petId: 7)
        try await mock.deletePet(petId: 7, xRequestID: "r1")
        _ = try await mock.getPet(petId: 8)
        #expect(
            mock.recordedCalls == [
                .listPets(limit: 10, tags: ["a"]), .getPet(petId: 7), .deletePet(petId: 7, xRequestID: "r1"),
                .getPet(petId: 8),
            ])
        #expect(mock.endpoints.getPet.calls == [.getPet(petId: 7), .getPet(petId: 8)])
    }

    @Test func concurrentCallsAreAllRecorded() async throws {
        let mock = Petstore.MockRequestHandler()
        mock.endpoints.getPet.answer(Self.rex)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for id in 0..<100 { group.addTask { _ = try await mock.getPet(petId: Int64(id)) } }
            try await group.waitForAll()
        }
        #expect(Set(mock.recordedCalls) == Set((0..<100).map { Petstore.APIRoute.getPet(petId: Int64($0)) }))
    }

    @Test func anEventStreamIsAnsweredWithTheEventsATestGives() async throws {
        let mock = Shop.MockRequestHandler()
        mock.endpoints.chat.answer(
            try EventStream(replaying: [Shop.ChatChunk(text: "one"), Shop.ChatChunk(text: "two")]))
        var texts: [String] = []
        for try await chunk in try await mock.chat(body: Shop.ChatRequest(prompt: "count")) { texts.append(chunk.text) }
        #expect(texts == ["one", "two"])
    }

    @Test func anExampleThatDoesNotDecodeIsAClearError() async throws {
        let endpoint = MockEndpoint<Petstore.APIRoute, Petstore.Pet>("Petstore.getPet", example: #"{"id":1}"#)
        let error = await #expect(throws: MockEndpointError.self) {
            try await endpoint.respond(to: .getPet(petId: 1), log: MockCallLog())
        }
        #expect(error?.description.hasPrefix("the spec's example for Petstore.getPet does not decode: ") == true)
    }

    /// Every spec's mock is a `RequestHandling` a feature can be given, and answers without a network.
    @Test func everySpecsMockStandsInForItsHandler() async throws {
        let accounts: any Accounts.RequestHandling = Accounts.MockRequestHandler()
        try await accounts.disableAccount(userId: 1)
        let movies = MovieDB.MockRequestHandler()
        movies.endpoints.searchMovies.answer(MovieDB.MoviesPage(page: 1, results: [], totalPages: 0, totalResults: 0))
        let page = try await (movies as any MovieDB.RequestHandling).searchMovies(query: "x")
        #expect(page.page == 1)
        let getir = Getir.MockRequestHandler()
        getir.endpoints.searchProducts.answer([])
        #expect(try await (getir as any Getir.RequestHandling).searchProducts(query: "milk", inStock: true).isEmpty)
        #expect(getir.recordedCalls == [.searchProducts(query: "milk", inStock: true)])
        let tokens = TokenAPI.MockRequestHandler()
        await #expect(throws: MockEndpointError.self) { _ = try await (tokens as any TokenAPI.RequestHandling).token() }
        let users = Users.MockRequestHandler()
        users.endpoints.listUsers.answer([], after: .milliseconds(1))
        #expect(try await (users as any Users.RequestHandling).listUsers(page: 2).isEmpty)
        #expect(users.endpoints.listUsers.calls == [.listUsers(page: 2)])
        let shop: any Shop.RequestHandling = Shop.MockRequestHandler()
        var chunks: [String] = []
        for try await chunk in try await shop.chat(body: Shop.ChatRequest(prompt: "hi")) { chunks.append(chunk.text) }
        #expect(chunks == ["Hello\nthere"])  // the spec's example event
        await #expect(throws: MockEndpointError.self) { _ = try await shop.getTerms() }
        try await shop.putBytes(id: "a", body: Data("x".utf8))
        let payments: any Payments.RequestHandling = Payments.MockRequestHandler()
        await #expect(throws: MockEndpointError.self) {
            _ = try await payments.listCharges()
        }
    }
}
