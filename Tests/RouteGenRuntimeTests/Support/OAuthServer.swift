import Foundation
import RouteGenRuntime
import RouteGenURLSession
import Testing

/// `Fixtures/oauth_server.py`, an authorization server built on Authlib: started by a test on a free port of
/// 127.0.0.1, stopped when the test's body ends (its standard input closes), and bounded by a lifetime besides.
/// GeneratedClientTests and Examples' tests use it too, through a symbolic link to this file.
struct OAuthServer {
    /// Whether `python3` with Authlib is here. Without it the OAuth server tests are skipped, and the rest run.
    static let isAvailable: Bool = {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", "import authlib"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }()

    /// The redirect URI of the server's public client `app`: a private-use scheme (RFC 8252), which the transports
    /// do not follow, so its `Location` is read as a browser would hand it to the app.
    static let redirectURI = "com.example.routegen:/oauth/callback"

    /// The server's address.
    let base: URL

    var authorizationEndpoint: URL { base.appendingPathComponent("authorize") }
    var tokenEndpoint: URL { base.appendingPathComponent("token") }
    var revocationEndpoint: URL { base.appendingPathComponent("revoke") }

    /// Starts the server, runs `body` with it, and stops it.
    @discardableResult
    static func run<Result: Sendable>(_ body: @Sendable (OAuthServer) async throws -> Result) async throws -> Result {
        // Other test targets compile this file through a symbolic link: the script is beside the file it points to.
        let script = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath().deletingLastPathComponent()
            .appendingPathComponent("../Fixtures/oauth_server.py").standardized.path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        // The lifetime bounds a server whose test crashed before it could stop it.
        process.arguments = ["python3", script, "--lifetime", "300"]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        defer {
            try? input.fileHandleForWriting.close()
            process.waitUntilExit()
        }
        // A server that never says its port is stopped, which ends the read.
        let watchdog = Task {
            try await Task.sleep(for: .seconds(60))
            process.terminate()
        }
        let line = await firstLine(of: output.fileHandleForReading)
        watchdog.cancel()
        let port = try #require(
            line.flatMap { $0.hasPrefix("port ") ? Int($0.dropFirst(5)) : nil }, "the OAuth server did not start")
        return try await body(OAuthServer(base: URL(string: "http://127.0.0.1:\(port)")!))
    }

    /// The first line `handle` gives, or nil when it ends first; read off the concurrency pool, as it blocks.
    private static func firstLine(of handle: FileHandle) async -> String? {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                var line = Data()
                while true {
                    let chunk = handle.availableData
                    if chunk.isEmpty { return continuation.resume(returning: nil) }
                    line.append(chunk)
                    if let end = line.firstIndex(of: UInt8(ascii: "\n")) {
                        return continuation.resume(returning: String(decoding: line[..<end], as: UTF8.self))
                    }
                }
            }
        }
    }

    /// What a browser does with `authorizationURL`, headless: loads the login and consent page, submits its form
    /// with `username`, `password` and `consent`, and returns the `Location` the server redirects to, unfollowed.
    func signIn(
        at authorizationURL: URL, username: String = "alice", password: String = "wonderland",
        consent: String = "allow",
        transport: any HTTPTransport = URLSessionClient()
    ) async throws -> URL {
        let (page, pageResponse) = try await transport.load(APIRequest(.get, authorizationURL))
        try #require(pageResponse.statusCode == 200, "the authorization page: \(pageResponse.statusCode)")
        let html = String(decoding: page, as: UTF8.self)
        let action = try #require(html.firstMatch(of: /<form method="post" action="([^"]*)">/)?.1, "no form in \(html)")
        let target = try #require(
            URL(string: String(action).replacingOccurrences(of: "&amp;", with: "&"), relativeTo: authorizationURL))
        var post = APIRequest(.post, target.absoluteURL)
        post.setFormBody([
            QueryItem(name: "username", value: username), QueryItem(name: "password", value: password),
            QueryItem(name: "consent", value: consent),
        ])
        let (_, response) = try await transport.load(post)
        try #require(response.statusCode == 302, "the form's answer: \(response.statusCode)")
        return try #require(response.headers["Location"].flatMap(URL.init(string:)))
    }

    /// Makes every access token the server issued so far expired, as time would.
    func expireAccessTokens() async throws {
        let (_, response) = try await URLSessionClient().load(
            APIRequest(.post, base.appendingPathComponent("__test/expire-access-tokens")))
        try #require(response.statusCode == 204)
    }

    /// What the user does on another device with `device`'s user code: signs in at the verification page and
    /// approves (`consent` "allow") or refuses (`"deny"`) the device.
    func approve(userCode: String, consent: String = "allow") async throws {
        var post = APIRequest(.post, base.appendingPathComponent("device"))
        post.setFormBody([
            QueryItem(name: "user_code", value: userCode), QueryItem(name: "username", value: "alice"),
            QueryItem(name: "password", value: "wonderland"), QueryItem(name: "consent", value: consent),
        ])
        let (_, response) = try await URLSessionClient().load(post)
        try #require(response.statusCode == 200)
    }

    /// Makes the server answer the next poll for `userCode` with `slow_down` (`action` "slow-down"), or expire its
    /// device code (`"expire"`), as a busy server or time would.
    func device(userCode: String, _ action: String) async throws {
        var post = APIRequest(.post, base.appendingPathComponent("__test/device"))
        post.setFormBody([QueryItem(name: "user_code", value: userCode), QueryItem(name: "action", value: action)])
        let (_, response) = try await URLSessionClient().load(post)
        try #require(response.statusCode == 204)
    }

    /// The protected resource, `/api/me`.
    func me() -> APIRequest {
        APIRequest(method: .get, baseURL: base, path: "/api/me", routeName: "Test.me")
    }
}

extension APIRequest {
    /// A request to `url`, its path and query as written.
    init(_ method: RequestMethod, _ url: URL) {
        let components = URLComponents(url: url, resolvingAgainstBaseURL: true)!
        let base = URL(string: "\(components.scheme!)://\(components.percentEncodedHost!):\(components.port!)")!
        let query =
            components.percentEncodedQuery.map { $0.split(separator: "&").map(QueryItem.init(percentEncoded:)) } ?? []
        self.init(method: method, baseURL: base, path: components.percentEncodedPath, query: query)
    }
}
