import Foundation
import RouteGenRuntime
import RouteGenTestSupport
import RouteGenTesting
import RouteGenToolkit
import Testing

/// "Credentials never leave their origin": redirects and `Link` targets, as a property over generated origins and
/// credential placements, and on the wire over each transport; and a route that accepts several schemes gets the
/// credential the client holds.
@Suite struct CredentialOriginTests {
    private static let origins = [
        "https://api.example.com", "https://api.example.com:443", "https://API.example.com", "http://api.example.com",
        "https://api.example.com:8443", "https://evil.example.net", "http://api.example.com:80", "https://example.com",
    ]

    private static func scheme(using random: inout SeededGenerator) -> Authentication {
        switch Int.random(in: 0..<4, using: &random) {
        case 0: .bearer
        case 1: .basic
        case 2: .header(["X-Api-Key", "x-api-key", "Api-Token", "X-Auth", "Private-Token"].randomElement(using: &random)!)
        default: .query(["api_key", "key", "access_token", "token"].randomElement(using: &random)!)
        }
    }

    private static func authentication(using random: inout SeededGenerator) -> Authentication {
        Bool.random(using: &random) ? scheme(using: &random) : .anyOf([scheme(using: &random), scheme(using: &random)])
    }

    @Test func aRedirectDropsEveryCredentialOfTheRouteExactlyWhenItLeavesTheOrigin() {
        var random = SeededGenerator(seed: 4)
        for round in 0..<2_000 {
            let authentication = Self.authentication(using: &random)
            let from = URL(string: Self.origins.randomElement(using: &random)! + "/v1/start?api_key=a&token=b&key=c&access_token=d&page=2")!
            let target = Self.origins.randomElement(using: &random)! + "/v1/next?api_key=a&token=b&key=c&access_token=d&page=3"
            let status = [301, 302, 303, 307, 308].randomElement(using: &random)!
            guard let redirect = Redirect(from: from, method: "GET", status: status, location: target, authentication: authentication)
            else {
                Issue.record("round \(round): no redirect")
                continue
            }
            let context = "round \(round): \(authentication), \(from) → \(target)"
            let leaves = Self.origin(from) != Self.origin(redirect.url)
            let removed = Set(redirect.removedHeaderNames.map { $0.lowercased() })
            let credentialHeaders = Set(authentication.headerNames.map { $0.lowercased() })
            let query = URLComponents(url: redirect.url, resolvingAgainstBaseURL: false)?.queryItems?.map(\.name) ?? []
            if leaves {
                #expect(credentialHeaders.isSubset(of: removed) && removed.isSuperset(of: ["authorization", "cookie"]), "\(context)")
                #expect(authentication.queryNames.allSatisfy { !query.contains($0) }, "\(context): \(query)")
                #expect(query.contains("page"), "\(context): the rest of the query stays")
            } else {
                #expect(removed.isSubset(of: ["content-type", "content-length", "content-encoding"]), "\(context): \(removed)")
                #expect(query.count == 5, "\(context)")
            }
        }
    }

    @Test func anUpperCaseSchemeIsTheSameScheme() throws {
        let redirect = try #require(Redirect(from: URL(string: "https://api.example.com/a")!, method: "GET", status: 302, location: "HTTPS://api.example.com/b"))
        #expect(redirect.url.absoluteString == "https://api.example.com/b" && redirect.removedHeaderNames.isEmpty)
    }

    /// Scheme, lower-cased host and port with the default written out: what the property compares by.
    private static func origin(_ url: URL) -> String {
        let scheme = url.scheme!.lowercased()
        return "\(scheme)://\(url.host!.lowercased()):\(url.port ?? (scheme == "https" ? 443 : 80))"
    }

    @Test func aLinkIsFollowedAsWrittenAndADefaultPortIsTheSameOrigin() throws {
        let request = APIRequest(method: .get, baseURL: URL(string: "https://api.github.com")!, path: "/search/issues", routeName: "GitHub.search")
        let next = try request.redirected(to: URL(string: "https://api.github.com:443/search/issues?q=addClass+user%3Amozilla&page=2")!)
        #expect(try next.url().absoluteString == "https://api.github.com/search/issues?q=addClass+user%3Amozilla&page=2")
        #expect(next.query.first?.name == "q" && next.query.first?.value == "addClass+user:mozilla")
        #expect(throws: RouteGenError.self) { try request.redirected(to: URL(string: "https://api.github.com:444/search")!) }
        #expect(throws: RouteGenError.self) { try request.redirected(to: URL(string: "http://api.github.com/search")!) }
        // The refusal names the link with its secrets redacted.
        #expect {
            try request.redirected(to: URL(string: "https://cdn.example.com/items?page=2&api_key=SK_LIVE&X-Amz-Signature=SIG")!)
        } throws: { error in
            let text = String(describing: error)
            return !text.contains("SK_LIVE") && !text.contains("SIG&") && !text.hasSuffix("SIG`") && text.contains("page=2")
        }
    }

    @Test(.timeLimit(.minutes(1)), arguments: Transport.allCases)
    func aCrossOriginRedirectReceivesNoneOfTheRoutesCredentials(transport: Transport) async throws {
        let landed = Locked<[ReceivedRequest]>([])
        try await withTestServer(handler: { request in
            landed.withLock { $0.append(request) }
            return .text("landed")
        }) { other in
            try await withTestServer(handler: { request in
                // The API redirects once within its origin, then to another one, echoing the query.
                let target = request.path == "/start" ? "/moved?\(request.query ?? "")" : "\(other.absoluteString)/landing?\(request.query ?? "")"
                return ServerReply(status: 307, headers: ["Location": target])
            }) { api in
                let client = transport.client(timeout: .seconds(10))
                    .authenticated(for: [.header("X-Api-Key"), .query("api_key")]) { "sk_live_secret" }
                let request = APIRequest(
                    method: .get, baseURL: api, path: "/start", query: [QueryItem(name: "page", value: "2")],
                    authentication: .anyOf([.header("X-Api-Key"), .query("api_key")]), routeName: "Keys.start")
                let (body, response) = try await client.load(request)
                #expect(response.statusCode == 200 && String(decoding: body, as: UTF8.self) == "landed")
            }
        }
        let received = try #require(landed.withLock { $0.first })
        #expect(received.path == "/landing")
        #expect(received.headers["x-api-key"] == nil)
        #expect(received.query == "page=2", "the credential's query item is dropped, the rest kept")
    }

    @Test func aRouteAcceptingSeveralSchemesGetsTheCredentialTheClientHolds() async throws {
        let server = StubTransport()
        server.register(.get, "/v1/customers", response: .json("[]"))
        let request = APIRequest(
            method: .get, baseURL: URL(string: "https://api.stripe.com")!, path: "/v1/customers",
            authentication: .anyOf([.basic, .bearer]), routeName: "Stripe.listCustomers")
        _ = try await server.authenticated { "sk_test_bearer" }.load(request)
        _ = try await server.authenticated(basic: { BasicCredentials(user: "sk_test_basic", password: "") }).load(request)
        let sent = server.requests.map { $0.headers["Authorization"] ?? "none" }
        #expect(sent == ["Bearer sk_test_bearer", "Basic \(Data("sk_test_basic:".utf8).base64EncodedString())"])
        #expect(server.requests.allSatisfy { !$0.lacksCredential })
    }

    @Test func aRouteSentWithoutTheCredentialItNeedsIsReported() async throws {
        let (logger, messages) = capturingLogger()
        var request = APIRequest(
            method: .get, baseURL: URL(string: "https://api.stripe.com")!, path: "/v1/customers", query: [QueryItem(name: "api_key", value: "x")],
            authentication: .anyOf([.basic, .bearer]), routeName: "Stripe.listCustomers")
        request.warnIfLackingCredential(logger: logger)
        #expect(request.lacksCredential)
        let logged = messages.withLock { $0 }
        #expect(logged.count == 1 && logged[0].contains("Stripe.listCustomers") && logged[0].contains("basic or bearer"))
        request.headers["Authorization"] = "Bearer t"
        #expect(!request.lacksCredential)
        request.authentication = Authentication.none
        request.headers["Authorization"] = nil
        #expect(!request.lacksCredential)
    }
}
