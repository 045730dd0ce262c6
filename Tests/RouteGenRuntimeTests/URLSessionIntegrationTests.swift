import Foundation
import Logging
import RouteGenRuntime
import RouteGenTestSupport
import RouteGenURLSession
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What only `URLSessionClient` has, against a real HTTP server on 127.0.0.1: its session's lifetime, the app's
/// session delegate, a caller's session. What every transport does is in ``TransportIntegrationTests``.
@Suite struct URLSessionIntegrationTests {
    private func request(_ base: URL, _ path: String, method: RequestMethod = .get, query: [QueryItem] = []) -> APIRequest {
        APIRequest(method: method, baseURL: base, path: path, query: query, routeName: "Tests.\(path)")
    }

    @Test func aClientIsReleasedWithItsSessionOnceItsWorkIsDone() async throws {
        let released = try await withTestServer(handler: TransportIntegrationTests.echo) { base in
            var client: URLSessionClient? = URLSessionClient()
            _ = try await client?.load(request(base, "/once"))
            weak let watcher = client
            client = nil
            return watcher == nil
        }
        #expect(released)
    }

    @Test func aBasicChallengeThroughACallersSessionEndsWithItsStatusAndBody() async throws {
        try await withTestServer(timeout: .seconds(20), handler: TransportIntegrationTests.basicRealm) { base in
            let client = URLSessionClient(session: URLSession(configuration: .ephemeral), timeout: .seconds(30))
            try await TransportIntegrationTests.expectChallengeResponse(from: client, request: request(base, "/basic-auth"))
        }
    }

    /// An app delegate that answers HTTP authentication challenges: with a credential, or never.
    final class ChallengeAnswerer: NSObject, URLSessionTaskDelegate, Sendable {
        let credential: URLCredential?
        let challenges = Counter()
        init(credential: URLCredential?) { self.credential = credential }

        func urlSession(
            _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
            completionHandler: @escaping (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
        ) {
            challenges.increment()
            guard let credential else { return }  // never answers: only the client's idle limit ends the task
            completionHandler(.useCredential, credential)
        }
    }

    @Test func theAppsDelegateAnswersChallengesOnEveryPath() async throws {
        let answerer = ChallengeAnswerer(credential: URLCredential(user: "ann", password: "pw", persistence: .none))
        try await withTestServer(timeout: .seconds(20), handler: TransportIntegrationTests.basicRealm) { base in
            let client = URLSessionClient(timeout: .seconds(30), delegate: answerer)
            let (body, response) = try await client.load(request(base, "/basic-auth"))
            #expect(response.statusCode == 200 && body == Data(#"{"authenticated":true}"#.utf8))
            let (head, stream) = try await client.stream(request(base, "/basic-auth"))
            #expect(head.statusCode == 200)
            #expect(try await stream.collect() == Data(#"{"authenticated":true}"#.utf8))

            let callers = URLSession(configuration: .ephemeral, delegate: answerer, delegateQueue: nil)
            defer { callers.finishTasksAndInvalidate() }
            let (streamed, _) = try await URLSessionClient(session: callers).stream(request(base, "/basic-auth"))
            #expect(streamed.statusCode == 200)
        }
        #expect(answerer.challenges.count == 3)
    }

    @Test func aTransportThatNeverAnswersIsEndedByTheIdleLimit() async throws {
        let silent = ChallengeAnswerer(credential: nil)
        try await withTestServer(timeout: .seconds(20), handler: TransportIntegrationTests.basicRealm) { base in
            var stuck = request(base, "/basic-auth")
            // Long enough for the 401 and its challenge to arrive first on a loaded machine.
            stuck.timeout = .seconds(5)
            await #expect {
                try await URLSessionClient(delegate: silent).load(stuck)
            } throws: { error in
                guard case .transportFailed(let failure) = error as? RouteGenError else { return false }
                return failure.code == .timedOut && failure.request.routeName == "Tests./basic-auth"
            }
        }
        #expect(silent.challenges.count == 1)
    }

    @Test func aCallersSessionKeepsItsConfiguredTimeout() {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 7.5
        let session = URLSession(configuration: configuration)
        defer { session.finishTasksAndInvalidate() }
        #expect(URLSessionClient(session: session).timeout == .milliseconds(7_500))
        #expect(URLSessionClient(session: session, timeout: .seconds(3)).timeout == .seconds(3))
    }
}
