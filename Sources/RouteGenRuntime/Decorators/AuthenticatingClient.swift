import Foundation

/// Adds credentials to every request that needs them and, on a 401, refreshes the token once and retries.
///
/// When many requests get a 401 at once, only one refresh runs; the others wait for its token.
/// Requests whose ``HTTPRequest/authentication`` is `.none` pass through untouched.
public struct AuthenticatingClient: HTTPClient {
    private let base: any HTTPClient
    private let defaultPlacement: Authentication
    private let token: @Sendable () async throws -> String
    private let refresher: TokenRefresher?

    /// - Parameters:
    ///   - base: the client that sends the requests.
    ///   - defaultPlacement: where the token goes when a request does not say (generated routes always say).
    ///   - token: the current access token, asked for before every request.
    ///   - refresh: obtains a new token after the server rejected `rejected` with a 401. Nil: no refresh.
    public init(
        wrapping base: any HTTPClient, defaultPlacement: Authentication = .bearer,
        token: @escaping @Sendable () async throws -> String,
        refresh: (@Sendable (_ rejected: String) async throws -> String)? = nil
    ) {
        self.base = base
        self.defaultPlacement = defaultPlacement
        self.token = token
        self.refresher = refresh.map(TokenRefresher.init)
    }

    public func load(_ request: HTTPRequest) async throws -> (Data, HTTPResponse) {
        let placement = request.authentication ?? defaultPlacement
        guard placement != .none else { return try await base.load(request) }
        let current = try await token()
        let (data, response) = try await base.load(Self.authorize(request, with: current, at: placement))
        guard response.statusCode == 401, let refresher else { return (data, response) }
        let fresh = try await refresher.token(replacing: current)
        return try await base.load(Self.authorize(request, with: fresh, at: placement))
    }

    private static func authorize(_ request: HTTPRequest, with token: String, at placement: Authentication) -> HTTPRequest {
        var authorized = request
        authorized.authentication = placement
        switch placement {
        case .none: break
        case .bearer: authorized.headers["Authorization"] = "Bearer \(token)"
        case .header(let name): authorized.headers[name] = token
        case .query(let name):
            authorized.query.removeAll { $0.name == name }
            authorized.query.append(QueryItem(name: name, value: token))
        }
        return authorized
    }
}

/// Runs at most one token refresh at a time; callers that arrive during a refresh, or with a token that
/// was already replaced, get the new token without refreshing again.
actor TokenRefresher {
    private let refresh: @Sendable (String) async throws -> String
    private var inFlight: Task<String, any Error>?
    private var replaced: (old: String, new: String)?

    init(refresh: @escaping @Sendable (String) async throws -> String) {
        self.refresh = refresh
    }

    func token(replacing rejected: String) async throws -> String {
        if let replaced, replaced.old == rejected { return replaced.new }
        if let inFlight { return try await inFlight.value }
        let task = Task { try await refresh(rejected) }
        inFlight = task
        defer { inFlight = nil }
        let fresh = try await task.value
        replaced = (rejected, fresh)
        return fresh
    }
}

extension HTTPClient {
    /// Adds credentials from `token`, refreshing them with `refresh` after a 401. See ``AuthenticatingClient``.
    public func authenticated(
        defaultPlacement: Authentication = .bearer, token: @escaping @Sendable () async throws -> String,
        refresh: (@Sendable (_ rejected: String) async throws -> String)? = nil
    ) -> AuthenticatingClient {
        AuthenticatingClient(wrapping: self, defaultPlacement: defaultPlacement, token: token, refresh: refresh)
    }
}
