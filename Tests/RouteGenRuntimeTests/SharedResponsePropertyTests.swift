import Foundation
import Logging
import RouteGenTestSupport
import RouteGenURLSession
import Testing

@testable import RouteGenRuntime
@testable import RouteGenToolkit

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The cache and the coalescer hand one request's response to another only when the server could not tell the two
/// requests apart: as properties over generated pairs of requests (a credential in any placement the route's
/// `Authentication` names, in each scheme of `.anyOf` and `.allOf`; a cookie; the body; the method), and on the
/// wire over each transport.
@Suite struct SharedResponsePropertyTests {
    /// A GET with a credential at every scheme of a generated placement, and what tells it apart from another.
    struct Pair: CustomStringConvertible {
        var first: APIRequest
        var second: APIRequest
        var difference: String?

        var description: String { difference ?? "identical" }
    }

    /// A scheme of a generated placement, with a header name no rule of the redactor knows.
    private static func scheme(using random: inout SeededGenerator) -> Authentication {
        let name = "X-Tenant-\(String(random.next() % 10_000, radix: 36))"
        switch random.next() % 4 {
        case 0: return .bearer
        case 1: return .basic
        case 2: return .header(name)
        default: return .query(name.lowercased())
        }
    }

    private static func placement(using random: inout SeededGenerator) -> Authentication {
        switch random.next() % 4 {
        case 0: return scheme(using: &random)
        case 1: return .anyOf((0..<2).map { _ in scheme(using: &random) })
        case 2: return .allOf((0..<3).map { _ in scheme(using: &random) })
        default: return .anyOf([.allOf([scheme(using: &random), scheme(using: &random)]), scheme(using: &random)])
        }
    }

    /// `request` with `value` as the credential at `scheme`.
    private static func placing(_ value: String, at scheme: Authentication, in request: APIRequest) -> APIRequest {
        var request = request
        switch scheme {
        case .bearer: request.headers["Authorization"] = "Bearer \(value)"
        case .basic: request.headers["Authorization"] = "Basic \(Data("\(value):".utf8).base64EncodedString())"
        case .header(let name): request.headers[name] = value
        case .query(let name):
            request.query.removeAll { $0.name == name }
            request.query.append(QueryItem(name: name, value: value))
        case .none, .anyOf, .allOf: break
        }
        return request
    }

    static func pair(using random: inout SeededGenerator) -> Pair {
        let placement = placement(using: &random)
        var first = APIRequest(
            method: .get, baseURL: URL(string: "https://api.example.com")!, path: "/v1/search",
            query: [QueryItem(name: "q", value: "pets")], authentication: placement, routeName: "Tests.search")
        for (index, scheme) in placement.schemes.enumerated() { first = placing("user-a-\(index)", at: scheme, in: first) }
        if Bool.random(using: &random) { first.headers["Cookie"] = "session=a" }
        if Bool.random(using: &random) { first.body = .data(Data(#"{"filter":"dogs"}"#.utf8)) }
        var second = first
        let difference: String?
        switch random.next() % 7 {
        case 0:
            let scheme = placement.schemes.randomElement(using: &random)!
            second = placing("user-b", at: scheme, in: second)
            difference = "the credential at \(scheme) of \(placement)"
        case 1:
            second.headers["Cookie"] = first.headers["Cookie"] == nil ? "session=b" : "session=b; theme=dark"
            difference = "the cookie"
        case 2:
            second.body = .data(Data(#"{"filter":"cats"}"#.utf8))
            difference = "the body"
        case 3:
            second.method = .head
            difference = "the method"
        case 4:
            // A credential a header injector adds, under a name neither the redactor nor the route knows.
            let name = "X-Tenant-\(String(random.next() % 10_000, radix: 36))-Ident"
            first.headers[name] = "a"
            second = first
            second.headers[name] = "b"
            difference = "the injected header \(name)"
        default:
            difference = nil
        }
        return Pair(first: first, second: second, difference: difference)
    }

    /// A server that answers every request with a body of its own, cacheable for ten minutes, once `gate` lets it.
    struct CountingServer: HTTPTransport {
        let served = Counter()
        var gate: (@Sendable () async -> Void)?

        func load(_ request: APIRequest) async throws -> (Data, APIResponse) {
            let number = served.increment()
            await gate?()
            return (Data("answer \(number)".utf8), APIResponse(statusCode: 200, headers: ["Cache-Control": "private, max-age=600"]))
        }
    }

    @Test func theCacheServesAResponseOnlyToARequestTheServerCouldNotTellApart() async throws {
        var random = SeededGenerator(seed: 57)
        for round in 0..<400 {
            let pair = Self.pair(using: &random)
            let server = CountingServer()
            let client = server.caching(HTTPCache())
            let first = try await client.load(pair.first)
            let second = try await client.load(pair.second)
            if pair.difference == nil {
                #expect(server.served.count == 1 && second.0 == first.0, "round \(round): identical requests were not shared")
            } else {
                #expect(server.served.count == 2 && second.0 != first.0, "round \(round): requests differing in \(pair) shared a response")
            }
        }
    }

    @Test(.timeLimit(.minutes(1)))
    func theCoalescerSharesAFlightOnlyBetweenRequestsTheServerCouldNotTellApart() async throws {
        var random = SeededGenerator(seed: 58)
        for round in 0..<200 {
            let pair = Self.pair(using: &random)
            // Every answer waits until both callers are in: the second never finds the first flight landed.
            let joined = Checkpoint()
            let server = CountingServer(gate: { await joined.wait(for: 2) })
            let client = CoalescingClient(wrapping: server, onJoin: { joined.reach() })
            async let first = client.load(pair.first)
            async let second = client.load(pair.second)
            let (a, b) = try await (first, second)
            if pair.difference == nil {
                #expect(server.served.count == 1 && a.0 == b.0, "round \(round): identical requests flew twice")
            } else {
                #expect(server.served.count == 2 && a.0 != b.0, "round \(round): requests differing in \(pair) shared a flight")
            }
        }
        // An idle timeout is the transport's to apply to one request: callers with different ones do not share it.
        let joined = Checkpoint()
        let server = CountingServer(gate: { await joined.wait(for: 2) })
        let client = CoalescingClient(wrapping: server, onJoin: { joined.reach() })
        var patient = Self.pair(using: &random).first
        patient.timeout = .seconds(60)
        var hasty = patient
        hasty.timeout = .milliseconds(500)
        async let first = client.load(patient)
        async let second = client.load(hasty)
        _ = try await (first, second)
        #expect(server.served.count == 2)
    }

    /// The review's case on the wire: an API key in a header, two users, one cache.
    @Test(.timeLimit(.minutes(1)), arguments: Transport.allCases)
    func twoUsersOfAnAPIKeyHeaderEachGetTheirOwnResponse(transport: Transport) async throws {
        let served = Counter()
        try await withTestServer(handler: { request in
            served.increment()
            return .text("profile of \(request.headers["x-api-key"] ?? "nobody")", headers: ["Cache-Control": "private, max-age=600"])
        }) { base in
            let cached = transport.client().caching(HTTPCache())
            var request = APIRequest(method: .get, baseURL: base, path: "/me", routeName: "Tests.me")
            request.authentication = .header("X-API-Key")
            var bodies: [String] = []
            for user in ["ann", "bob", "ann", "bob"] {
                let client = cached.authenticated(for: [.header("X-API-Key")]) { "key-of-\(user)" }
                bodies.append(String(decoding: try await client.load(request).0, as: UTF8.self))
            }
            #expect(bodies == ["profile of key-of-ann", "profile of key-of-bob", "profile of key-of-ann", "profile of key-of-bob"])
            #expect(served.count == 2)
        }
    }

    /// A GET whose JSON query is in its body, as search APIs take: two searches in flight at once are two requests.
    /// (Over the transports that send a GET's body: Linux's URLSession refuses to.)
    @Test(.timeLimit(.minutes(1)), arguments: Transport.sendingGETBodies)
    func twoSearchesInFlightDifferingInTheirBodyEachGetTheirResults(transport: Transport) async throws {
        let joined = Checkpoint()
        try await withTestServer(handler: { request in
            await joined.wait(for: 2)
            return .json(#"{"results":\#(request.bodyText)}"#)
        }) { base in
            let client = CoalescingClient(wrapping: transport.client(), onJoin: { joined.reach() })
            var dogs = APIRequest(method: .get, baseURL: base, path: "/search", routeName: "Tests.search")
            dogs.body = .data(Data(#"{"q":"dogs"}"#.utf8))
            var cats = dogs
            cats.body = .data(Data(#"{"q":"cats"}"#.utf8))
            async let first = client.load(dogs)
            async let second = client.load(cats)
            let (a, b) = try await (first, second)
            #expect(String(decoding: a.0, as: UTF8.self) == #"{"results":{"q":"dogs"}}"#)
            #expect(String(decoding: b.0, as: UTF8.self) == #"{"results":{"q":"cats"}}"#)
        }
    }

    /// The attack's cases: a response that sets cookies (a login) makes the cache forget its origin, so the next
    /// request goes out with the new cookie; and callers sharing one request through `.coalescing()` each learn that it
    /// went out with the transport's own cookies, so none of their caches stores the answer.
    @Test(.timeLimit(.minutes(1)))
    func aLoginThroughTheChainAndSharedRequestsKeepCookieUsersApart() async throws {
        let joined = Checkpoint()
        try await withTestServer(handler: { request in
            if request.path == "/login" {
                return ServerReply(status: 200, headers: ["Set-Cookie": "sid=\(request.query?.dropFirst("user=".count) ?? "")"])
            }
            if request.query == "shared=1" { await joined.wait(for: 2) }
            return .text("page for \(request.headers["cookie"] ?? "nobody")", headers: ["Cache-Control": "private, max-age=600"])
        }) { base in
            let configuration = URLSessionConfiguration.ephemeral
            let transport = URLSessionClient(configuration: configuration)
            let client = CoalescingClient(wrapping: transport, onJoin: { joined.reach() }).caching(HTTPCache())
            func get(_ path: String, _ query: (String, String)? = nil) async throws -> String {
                let request = APIRequest(
                    method: .get, baseURL: base, path: path, query: query.map { [QueryItem(name: $0.0, value: $0.1)] } ?? [],
                    routeName: "Tests.me")
                return String(decoding: try await client.load(request).0, as: UTF8.self)
            }
            #expect(try await get("/me") == "page for nobody")
            _ = try await get("/login", ("user", "ann"))
            #expect(try await get("/me") == "page for sid=ann")
            async let first = get("/me", ("shared", "1"))
            async let second = get("/me", ("shared", "1"))
            #expect(try await [first, second] == ["page for sid=ann", "page for sid=ann"])
            _ = try await get("/login", ("user", "bob"))
            #expect(try await get("/me", ("shared", "1")) == "page for sid=bob")
        }
    }

    /// Cookies URLSession adds from its own store are a credential the request does not show: the transport tells the
    /// cache of them (`storedCookies(for:)`, forwarded by every decorator), and responses are kept under them: a user's
    /// page is served again to that user alone; a login by a redirect (the transport follows it, the cache never sees
    /// its `Set-Cookie`) is no anonymous page's; a load balancer's cookie on every response, with cookies off, wipes
    /// nothing.
    @Test(.timeLimit(.minutes(1)))
    func responsesAreKeptUnderTheCookiesTheTransportAdds() async throws {
        let served = Counter()
        try await withTestServer(handler: { request in
            served.increment()
            switch request.path {
            case "/login": return ServerReply(status: 303, headers: ["Set-Cookie": "sid=ann; Path=/", "Location": "/home"])
            case "/home": return .text("home")
            case "/page":
                return .text("page", headers: ["Cache-Control": "private, max-age=600", "Set-Cookie": "AWSALB=\(served.count); Path=/"])
            default:
                return .text("page for \(request.headers["cookie"] ?? "nobody")", headers: ["Cache-Control": "private, max-age=600"])
            }
        }) { base in
            let configuration = URLSessionConfiguration.ephemeral
            let store = try #require(configuration.httpCookieStorage)
            let client = URLSessionClient(configuration: configuration).caching(HTTPCache())
            func get(_ path: String, _ method: RequestMethod = .get) async throws -> String {
                String(decoding: try await client.load(APIRequest(method: method, baseURL: base, path: path, routeName: "Tests.me")).0, as: UTF8.self)
            }
            // With cookies off, a cookie on every response changes nothing: the second page comes from the cache.
            let cookieless = URLSessionConfiguration.ephemeral
            cookieless.httpShouldSetCookies = false
            let balanced = URLSessionClient(configuration: cookieless).caching(HTTPCache())
            let page = APIRequest(method: .get, baseURL: base, path: "/page", routeName: "Tests.page")
            _ = try await balanced.load(page)
            _ = try await balanced.load(page)
            #expect(served.count == 1)

            #expect(try await get("/me") == "page for nobody")
            #expect(try await get("/me") == "page for nobody")
            let anonymous = served.count
            _ = try await get("/login", .post)
            #expect(try await get("/me") == "page for sid=ann")
            #expect(try await get("/me") == "page for sid=ann")
            // The login and its redirect, then one request for ann's page: her second came from the cache, and so had
            // the second anonymous one.
            #expect(anonymous == 2 && served.count == anonymous + 3)
            store.setCookie(try #require(HTTPCookie(properties: [.name: "sid", .value: "bob", .domain: base.host!, .path: "/"])))
            #expect(try await get("/me") == "page for sid=bob")
        }
    }

    /// Every decorator of the toolkit passes the question of the transport's cookies to the client it wraps.
    @Test func everyDecoratorForwardsTheTransportsCookies() {
        struct Jar: HTTPTransport {
            func load(_ request: APIRequest) async throws -> (Data, APIResponse) { (Data(), APIResponse(statusCode: 200)) }
            func storedCookies(for request: APIRequest) -> String? { "sid=ann" }
        }
        let request = APIRequest(method: .get, baseURL: URL(string: "https://api.example.com")!)
        let decorated: [any HTTPTransport] = [
            Jar().authenticated { "t" }, Jar().caching(), Jar().coalescing(), Jar().limitingCalls(to: .seconds(1)),
            Jar().injecting(headers: ["X-A": "b"]), Jar().addingIdempotencyKeys(), Jar().logging(to: Logger(label: "t")),
            Jar().handlingErrors(), Jar().retrying(),
        ]
        for client in decorated {
            #expect(client.storedCookies(for: request) == "sid=ann", "\(type(of: client))")
        }
    }
}

extension Transport {
    /// The transports that send the body of a GET (swift-corelibs-foundation's URLSession fails such a request).
    static var sendingGETBodies: [Transport] {
        #if canImport(FoundationNetworking)
            allCases.filter { $0 != .urlSession }
        #else
            allCases
        #endif
    }
}
