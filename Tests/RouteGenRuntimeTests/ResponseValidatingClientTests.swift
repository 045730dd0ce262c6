import Foundation
import RouteGenRuntime
import RouteGenTesting
import RouteGenToolkit
import Testing

@Suite struct ResponseValidatingClientTests {
    @Test func nonSuccessBecomesATypedError() async throws {
        let stub = StubTransport()
        stub.register(.get, "/v1/pets", response: .status(503, body: "down for maintenance"))
        await #expect {
            try await stub.handlingErrors().load(Requests.get())
        } throws: { error in
            guard let error = error as? RouteGenError, case .unacceptableStatus(let failure) = error else { return false }
            return error.statusCode == 503 && failure.request.routeName == "Petstore.listPets"
                && String(decoding: failure.body, as: UTF8.self) == "down for maintenance"
                && error.description == "Petstore.listPets (GET https://api.example.com/v1/pets) failed with status 503: down for maintenance"
        }
    }

    @Test func successPassesThrough() async throws {
        let stub = StubTransport()
        stub.register(.get, "/v1/pets", response: .json("[1]"))
        let (data, response) = try await stub.handlingErrors().load(Requests.get())
        #expect(response.statusCode == 200 && data == Data("[1]".utf8))
    }

    @Test func validatorsCanAcceptFailOrRetry() async throws {
        struct LegacyError: Error, Equatable { var text: String }
        let stub = StubTransport()
        let calls = Counter()
        stub.register(.get, "/v1/pets") { _ in
            calls.increment() == 1 ? .json(#"{"error":"busy"}"#) : .json(#"{"ok":true}"#)
        }
        stub.register(.get, "/legacy", response: .json(#"{"error":"bad input"}"#))
        stub.register(.get, "/teapot", response: .status(418))
        let client = stub.validatingResponses(maxRetries: 2) { request, response, data in
            let text = String(decoding: data, as: UTF8.self)
            if response.statusCode == 418 { return .accept }
            if text.contains("busy") { return .retry(after: .zero) }
            if request.path == "/legacy", text.contains("error") { return .fail(LegacyError(text: text)) }
            return .next
        }
        #expect(try await client.load(Requests.get()).0 == Data(#"{"ok":true}"#.utf8))
        #expect(calls.count == 2)
        await #expect(throws: LegacyError(text: #"{"error":"bad input"}"#)) { try await client.load(Requests.get("/legacy")) }
        #expect(try await client.load(Requests.get("/teapot")).1.statusCode == 418)
    }

    @Test func retriesAreBoundedAndRetryAfterRunsItsWorkFirst() async throws {
        let stub = StubTransport()
        stub.register(.get, "/v1/pets", response: .status(401))
        let refreshes = Counter()
        let client = stub.validatingResponses(maxRetries: 2) { _, response, _ in
            response.statusCode == 401 ? .retryAfter({ refreshes.increment() }) : .next
        }
        await #expect(throws: RouteGenError.self) { try await client.load(Requests.get()) }
        #expect(refreshes.count == 2)
        #expect(stub.requests.count == 3)
    }
}
