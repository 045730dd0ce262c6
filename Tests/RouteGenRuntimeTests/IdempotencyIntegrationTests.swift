#if canImport(Glibc)
    import Foundation
    import RouteGenRuntime
    import RouteGenTestSupport
    import RouteGenToolkit
    import Testing

    /// A POST whose connection is cut before any answer, twice, over the wire: retried with the same idempotency key
    /// each time when the chain adds keys, and never sent again when it does not.
    @Suite struct IdempotencyIntegrationTests {
        private func post(_ base: URL, id: String) -> APIRequest {
            APIRequest(
                method: .post, baseURL: base, path: "/fault/reset-twice", headers: ["X-Call-Id": id],
                body: .data(Data(#"{"amount":1}"#.utf8)), routeName: "Tests.charge")
        }

        @Test(.timeLimit(.minutes(1)), arguments: Transport.allCases)
        func aPOSTIsRetriedAfterADroppedConnectionWithTheSameKeyEachTime(transport: Transport) async throws {
            let server = try FaultServer()
            defer { server.stop() }
            let client = transport.client(timeout: .seconds(10))
                .retrying(RetryPolicy(maxAttempts: 3, baseDelay: .milliseconds(5)))
                .addingIdempotencyKeys()
            for id in ["first", "second"] {
                let (_, response) = try await client.load(post(server.baseURL, id: id))
                #expect(response.statusCode == 200)
            }
            let keys = server.idempotencyKeysSeen
            #expect(keys["first"]?.count == 3 && keys["second"]?.count == 3)
            #expect(Set(keys["first"] ?? []).count == 1 && keys["first"]?.first! != nil)
            #expect(Set(keys["second"] ?? []).count == 1 && keys["second"]?.first! != nil)
            #expect(keys["first"]?.first != keys["second"]?.first)
        }

        @Test(.timeLimit(.minutes(1)), arguments: Transport.allCases)
        func withoutAKeyThePOSTIsSentOnceAndFails(transport: Transport) async throws {
            let server = try FaultServer()
            defer { server.stop() }
            let client = transport.client(timeout: .seconds(10)).retrying(RetryPolicy(maxAttempts: 3, baseDelay: .milliseconds(5)))
            await #expect {
                try await client.load(post(server.baseURL, id: "unkeyed"))
            } throws: { error in
                guard case .transportFailed(let failure) = error as? RouteGenError else { return false }
                return failure.request.routeName == "Tests.charge"
            }
            #expect(server.callsSeen["unkeyed"] == ["POST"])
            #expect(server.idempotencyKeysSeen["unkeyed"] == [nil])
        }
    }
#endif
