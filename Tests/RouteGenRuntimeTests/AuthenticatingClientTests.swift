import Foundation
import RouteGenRuntime
import RouteGenTestSupport
import RouteGenTesting
import RouteGenToolkit
import Testing

@Suite struct AuthenticatingClientTests {
    /// A stub that accepts only `Bearer <accepted>`.
    private func stub(accepting accepted: String) -> StubTransport {
        let stub = StubTransport()
        stub.register(.get, "/v1/pets") { request in
            request.headers["Authorization"] == "Bearer \(accepted)" ? .json("[]") : .status(401)
        }
        return stub
    }

    @Test func addsABearerToken() async throws {
        let stub = stub(accepting: "t1")
        let (_, response) = try await stub.authenticated { "t1" }.load(Requests.get())
        #expect(response.statusCode == 200)
        #expect(stub.requests.first?.headers["Authorization"] == "Bearer t1")
    }

    @Test func placesTheTokenWhereTheRequestSays() async throws {
        let stub = StubTransport()
        stub.register(.get, "/v1/pets", response: .status(200))
        let client = stub.authenticated { "secret" }
        var header = Requests.get()
        header.authentication = .header("X-API-Key")
        var query = Requests.get(query: [QueryItem(name: "api_key", value: "stale")])
        query.authentication = .query("api_key")
        var none = Requests.get()
        none.authentication = Authentication.none
        for request in [header, query, none] { _ = try await client.load(request) }
        #expect(stub.requests[0].headers["X-API-Key"] == "secret")
        #expect(stub.requests[0].headers["Authorization"] == nil)
        #expect(stub.requests[1].query == [QueryItem(name: "api_key", value: "secret")])
        #expect(stub.requests[2].headers.fields.isEmpty && stub.requests[2].query.isEmpty)
    }

    @Test func refreshesOnceAfterA401AndRetries() async throws {
        let stub = stub(accepting: "fresh")
        let refreshes = Counter()
        let client = stub.authenticated(token: { "stale" }) { rejected in
            #expect(rejected == "stale")
            refreshes.increment()
            return "fresh"
        }
        let (_, response) = try await client.load(Requests.get())
        #expect(response.statusCode == 200)
        #expect(refreshes.count == 1)
        #expect(stub.requests.map { $0.headers["Authorization"] } == ["Bearer stale", "Bearer fresh"])
    }

    @Test func aSecond401IsReturnedNotRetriedForever() async throws {
        let stub = stub(accepting: "never")
        let client = stub.authenticated(token: { "a" }) { _ in "b" }
        let (_, response) = try await client.load(Requests.get())
        #expect(response.statusCode == 401)
        #expect(stub.requests.count == 2)
    }

    @Test func withoutRefreshA401IsReturned() async throws {
        let stub = stub(accepting: "never")
        let (_, response) = try await stub.authenticated { "a" }.load(Requests.get())
        #expect(response.statusCode == 401)
        #expect(stub.requests.count == 1)
    }

    @Test(.timeLimit(.minutes(1)))
    func concurrent401sShareOneRefresh() async throws {
        let rejected = Checkpoint()
        let stub = StubTransport()
        stub.register(.get, "/v1/pets") { request in
            guard request.headers["Authorization"] == "Bearer fresh" else {
                rejected.reach()
                return .status(401)
            }
            return .json("[]")
        }
        let refreshes = Counter()
        let client = stub.authenticated(token: { "stale" }) { _ in
            refreshes.increment()
            // The refresh ends only once every caller has its 401, so all twenty ask for a token during it or after.
            await rejected.wait(for: 20)
            return "fresh"
        }
        let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<20 { group.addTask { try await client.load(Requests.get()).1.statusCode } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(statuses == Array(repeating: 200, count: 20))
        #expect(refreshes.count == 1)
    }

    @Test func aFailedRefreshFailsTheRequestAndALaterOneCanSucceed() async throws {
        struct RefreshFailed: Error {}
        let stub = stub(accepting: "fresh")
        let attempts = Counter()
        let client = stub.authenticated(token: { "stale" }) { _ in
            if attempts.increment() == 1 { throw RefreshFailed() }
            return "fresh"
        }
        await #expect(throws: RefreshFailed.self) { try await client.load(Requests.get()) }
        #expect(try await client.load(Requests.get()).1.statusCode == 200)
    }

    @Test(arguments: [true, false])
    func basicAndBearerRoutesShareOneChainEachWithItsOwnCredential(basicIsInner: Bool) async throws {
        let stub = StubTransport()
        stub.register(.get, "/v1/pets", response: .status(200))
        let basic: @Sendable (any HTTPTransport) -> any HTTPTransport = {
            $0.authenticated(basic: { BasicCredentials(user: "ann", password: "pw") })
        }
        let bearer: @Sendable (any HTTPTransport) -> any HTTPTransport = { $0.authenticated(token: { "t0k3n" }) }
        let client = basicIsInner ? bearer(basic(stub)) : basic(bearer(stub))
        var login = Requests.get()
        login.authentication = .basic
        var pets = Requests.get()
        pets.authentication = .bearer
        var keyed = Requests.get()
        keyed.authentication = .header("X-API-Key")
        for request in [login, pets, keyed] { _ = try await client.load(request) }
        #expect(stub.requests[0].headers["Authorization"] == "Basic \(Data("ann:pw".utf8).base64EncodedString())")
        #expect(stub.requests[1].headers["Authorization"] == "Bearer t0k3n")
        #expect(stub.requests[2].headers["X-API-Key"] == "t0k3n" && stub.requests[2].headers["Authorization"] == nil)
    }

    @Test func aTokenClientNarrowedToSomeSchemesLeavesTheOthers() async throws {
        let stub = StubTransport()
        stub.register(.get, "/v1/pets", response: .status(200))
        let client = stub.authenticated(for: [.header("X-API-Key")], token: { "key" })
            .authenticated(for: [.bearer], token: { "bearer" })
        var keyed = Requests.get()
        keyed.authentication = .header("X-API-Key")
        var pets = Requests.get()
        pets.authentication = .bearer
        var basic = Requests.get()
        basic.authentication = .basic
        for request in [keyed, pets, basic] { _ = try await client.load(request) }
        #expect(stub.requests[0].headers["X-API-Key"] == "key" && stub.requests[0].headers["Authorization"] == nil)
        #expect(stub.requests[1].headers["Authorization"] == "Bearer bearer" && stub.requests[1].headers["X-API-Key"] == nil)
        #expect(stub.requests[2].headers.fields.isEmpty)
    }

    /// A requirement of several schemes at once (Plaid's client ID and secret headers, `.allOf`) gets each scheme's
    /// credential from the client made `for:` it, and a client made without `for:` adds its token to the first scheme
    /// it serves that has none yet (one token is not two credentials); a request without them all lacks a credential.
    @Test func aRequirementOfSeveralSchemesGetsEachFromItsOwnClient() async throws {
        let stub = StubTransport()
        stub.register(.get, "/v1/pets", response: .status(200))
        let both = Authentication.allOf([.header("PLAID-CLIENT-ID"), .header("PLAID-SECRET")])
        var request = Requests.get()
        request.authentication = .anyOf([both, .bearer])
        _ = try await stub.authenticated(for: [.header("PLAID-CLIENT-ID")], token: { "client-1" })
            .authenticated(for: [.header("PLAID-SECRET")], token: { "secret-1" })
            .load(request)
        _ = try await stub.authenticated(token: { "token" }).load(request)
        _ = try await stub.authenticated(token: { "first" }).authenticated(token: { "second" }).load(request)
        let sent = stub.requests[0]
        #expect(sent.headers["PLAID-CLIENT-ID"] == "client-1" && sent.headers["PLAID-SECRET"] == "secret-1")
        #expect(sent.headers["Authorization"] == nil && sent.authentication == both && !sent.lacksCredential)
        let alone = stub.requests[1]
        #expect(alone.headers["PLAID-CLIENT-ID"] == "token" && alone.headers["PLAID-SECRET"] == nil)
        #expect(alone.lacksCredential)
        let chained = stub.requests[2]
        #expect(chained.headers["PLAID-CLIENT-ID"] == "second" && chained.headers["PLAID-SECRET"] == "first")
        #expect(!chained.lacksCredential)
        #expect(both.headerNames == ["PLAID-CLIENT-ID", "PLAID-SECRET"])
    }
}
