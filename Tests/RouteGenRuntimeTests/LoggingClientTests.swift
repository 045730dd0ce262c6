import Foundation
import RouteGenRuntime
import RouteGenTestSupport
import RouteGenTesting
import RouteGenToolkit
import Testing

@Suite struct LoggingClientTests {
    @Test func logsRequestAndResponseWithSecretsRedacted() async throws {
        let stub = StubTransport()
        stub.register(.post, "/v1/login", response: .json(#"{"access_token":"abc.def","user":{"name":"Rex"}}"#))
        let (logger, messages) = capturingLogger()
        var request = Requests.get("/v1/login", query: [QueryItem(name: "api_key", value: "k3y"), QueryItem(name: "page", value: "2")])
        request.method = .post
        request.headers = ["Authorization": "Bearer s3cret", "Cookie": "session=abc", "X-Trace": "t-1"]
        request.body = .data(Data(#"{"email":"a@b.c","password":"hunter2"}"#.utf8))
        _ = try await stub.logging(to: logger).load(request)

        let logged = messages.withLock { $0 }
        #expect(logged.count == 2)
        let all = logged.joined(separator: "\n")
        for secret in ["s3cret", "session=abc", "k3y", "hunter2", "abc.def"] {
            #expect(!all.contains(secret), "\(secret) leaked into the log")
        }
        #expect(logged[0].hasPrefix("→ POST https://api.example.com/v1/login?api_key=<redacted>&page=2 [Petstore.listPets]"))
        #expect(logged[0].contains("  Authorization: <redacted>"))
        #expect(logged[0].contains("  X-Trace: t-1"))
        #expect(logged[0].contains(#""email" : "a@b.c""#))
        #expect(logged[1].hasPrefix("← 200 POST https://api.example.com/v1/login?api_key=<redacted>&page=2 ("))
        #expect(logged[1].contains(" ms)"))
        #expect(logged[1].contains(#""name" : "Rex""#))
    }

    @Test func responseCookiesAreRedacted() async throws {
        let stub = StubTransport()
        stub.register(.get, "/v1/pets", response: StubResponse(headers: ["Set-Cookie": "session=s3cr3t; HttpOnly", "ETag": "\"v1\""]))
        let (logger, messages) = capturingLogger()
        _ = try await stub.logging(to: logger).load(Requests.get())
        let response = try #require(messages.withLock { $0.last })
        #expect(response.contains("  Set-Cookie: <redacted>"))
        #expect(response.contains("  ETag: \"v1\""))
        #expect(!response.contains("s3cr3t"))
    }

    @Test func longBodiesAreCut() async throws {
        let stub = StubTransport()
        stub.register(.get, "/v1/pets", response: StubResponse(body: Data(String(repeating: "x", count: 10_000).utf8)))
        let (logger, messages) = capturingLogger()
        _ = try await stub.logging(to: logger, bodyLimit: 100).load(Requests.get())
        let response = try #require(messages.withLock { $0.last })
        #expect(response.hasSuffix(String(repeating: "x", count: 100) + "… (9900 more bytes)"))
    }

    @Test func failuresAreLoggedAndRethrown() async throws {
        let stub = StubTransport()
        let (logger, messages) = capturingLogger()
        await #expect(throws: StubTransport.UnmatchedRequest.self) { try await stub.logging(to: logger).load(Requests.get()) }
        #expect(messages.withLock { $0.last }?.hasPrefix("✗ GET https://api.example.com/v1/pets failed after") == true)
    }

    @Test func theAuthenticationHeaderNamedByTheRequestIsRedacted() async throws {
        let stub = StubTransport()
        stub.register(.get, "/v1/pets", response: .status(200))
        let (logger, messages) = capturingLogger()
        var request = Requests.get()
        request.authentication = .header("X-Custom-Credential")
        _ = try await stub.authenticated { "tok" }.logging(to: logger).load(request)
        #expect(stub.requests.first?.headers["X-Custom-Credential"] == "tok")
        #expect(messages.withLock { $0.first }?.contains("X-Custom-Credential") == false)
        let outer = StubTransport()
        outer.register(.get, "/v1/pets", response: .status(200))
        let (innerLogger, innerMessages) = capturingLogger()
        _ = try await outer.logging(to: innerLogger).authenticated { "tok" }.load(request)
        let line = try #require(innerMessages.withLock { $0.first })
        #expect(line.contains("X-Custom-Credential: <redacted>") && !line.contains(": tok"))
    }
}
