import Foundation
import RouteGenRuntime

/// Adds credentials to every request that needs them and, on a 401, refreshes the token once and retries.
///
/// When many requests get a 401 at once, only one refresh runs; the others wait for its token.
/// Requests whose `APIRequest.authentication` is `.none` pass through untouched.
///
/// Each client serves some schemes and passes every other request on untouched, so one chain can hold several
/// (a Basic login and Bearer everywhere else), each route getting the credential its `auth:` names and never
/// another scheme's:
///
/// ```swift
/// let client = URLSessionClient()
///     .authenticated(basic: { BasicCredentials(user: id, password: secret) })  // `auth: basic` routes
///     .authenticated(token: { await session.accessToken })                     // `auth: bearer` (and keys)
/// ```
///
/// By default a client made with a Basic placement serves `.basic` routes alone, and a token client every
/// other scheme (`.bearer`, `.header`, `.query`); `for:` narrows that, for an API with two token schemes. A route
/// that accepts any of several schemes (`.anyOf`, Stripe's "Basic or Bearer") gets the credential of the first
/// client in the chain that serves one of them. A route that needs several at once (`.allOf`, Plaid's client ID and
/// secret headers) gets one client's credential per scheme: a client made `for:` some of them adds its credential to
/// each of those, and a client made without `for:` to the first it serves that has none yet, as one token is never
/// two schemes' credentials:
///
/// ```swift
/// let client = URLSessionClient()
///     .authenticated(for: [.header("PLAID-CLIENT-ID")]) { clientID }
///     .authenticated(for: [.header("PLAID-SECRET")]) { secret }
/// ```
public struct AuthenticatingClient: HTTPTransport, Decorating {
    package let base: any HTTPTransport
    private let defaultPlacement: Authentication
    private let schemes: Set<Authentication>?
    private let token: @Sendable () async throws -> String
    private let refresher: TokenRefresher?
    /// The only origin this client sends its credential to, when set (`authenticated(by:onlyTo:)`): requests to
    /// another pass through untouched.
    var origin: URL?

    /// - Parameters:
    ///   - base: the client that sends the requests.
    ///   - defaultPlacement: where the token goes when a request does not say (generated routes always say).
    ///   - schemes: the placements this client serves; nil for the default (see above).
    ///   - token: the current access token, asked for before every request.
    ///   - refresh: obtains a new token after the server rejected `rejected` with a 401. Nil: no refresh.
    public init(
        wrapping base: any HTTPTransport, defaultPlacement: Authentication = .bearer, for schemes: Set<Authentication>? = nil,
        token: @escaping @Sendable () async throws -> String,
        refresh: (@Sendable (_ rejected: String) async throws -> String)? = nil
    ) {
        self.base = base
        self.defaultPlacement = defaultPlacement
        self.schemes = schemes
        self.token = token
        self.refresher = refresh.map(TokenRefresher.init)
    }

    public func load(_ request: APIRequest) async throws -> (Data, APIResponse) {
        let base = self.base
        return try await send(request, status: { $0.1.statusCode }) { try await base.load($0) }
    }

    public func stream(_ request: APIRequest) async throws -> (APIResponse, ResponseBodyStream) {
        let base = self.base
        return try await send(request, status: { $0.0.statusCode }) { try await base.stream($0) }
    }

    /// Sends with credentials; after a 401, once more with a refreshed token. The request's deadline bounds the
    /// whole of it: asking for the token, the refresh, and both sends.
    private func send<Result: Sendable>(
        _ request: APIRequest, status: @escaping @Sendable (Result) -> Int,
        _ operation: @escaping @Sendable (APIRequest) async throws -> Result
    ) async throws -> Result {
        let allowed = (request.authentication ?? defaultPlacement).alternatives
        guard let placement = allowed.first(where: serves), isSentToItsOrigin(request) else {
            return try await operation(request)
        }
        return try await CallEnd.within(request) {
            let current = try await token()
            let result = try await operation(authorize(request, with: current, at: placement))
            guard status(result) == 401, let refresher else { return result }
            let fresh = try await refresher.token(replacing: current)
            return try await operation(authorize(request, with: fresh, at: placement))
        }
    }

    /// Whether `request` goes to the origin this client is bound to, or the client is bound to none.
    private func isSentToItsOrigin(_ request: APIRequest) -> Bool {
        guard let origin else { return true }
        guard let target = try? request.url(), let expected = Origin(origin) else { return false }
        return Origin(target) == expected
    }

    /// Whether this client puts its credential at `placement`, or at one of the schemes a requirement of several
    /// names: a Basic password is never sent as a token, nor a token as a Basic password.
    private func serves(_ placement: Authentication) -> Bool {
        if case .allOf(let parts) = placement { return parts.contains(where: serves) }
        if placement == .none { return false }
        if let schemes { return schemes.contains(placement) }
        return (placement == .basic) == (defaultPlacement == .basic)
    }

    /// `request` with the credential at `placement`, which it then names (so the clients after this one in the chain
    /// serve the same alternative): at each scheme of a requirement of several that this client was made `for:`, or
    /// at the first it serves that carries no credential yet when it was made without.
    private func authorize(_ request: APIRequest, with token: String, at placement: Authentication) -> APIRequest {
        guard case .allOf(let parts) = placement else { return Self.authorize(request, with: token, at: placement) }
        var authorized = request
        let served = parts.filter(serves)
        let unfilled = served.filter { request.carriesNoCredential(at: $0) }
        for part in schemes == nil ? Array((unfilled.isEmpty ? served : unfilled).prefix(1)) : served {
            authorized = Self.authorize(authorized, with: token, at: part)
        }
        authorized.authentication = placement
        return authorized
    }

    private static func authorize(_ request: APIRequest, with token: String, at placement: Authentication) -> APIRequest {
        var authorized = request
        authorized.authentication = placement
        switch placement {
        case .none, .anyOf, .allOf: break
        case .bearer: authorized.headers["Authorization"] = "Bearer \(token)"
        case .basic: authorized.headers["Authorization"] = "Basic \(Data(token.utf8).base64EncodedString())"
        case .header(let name): authorized.headers[name] = token
        case .query(let name):
            authorized.query.removeAll { $0.name == name }
            authorized.query.append(QueryItem(name: name, value: token))
        }
        return authorized
    }
}

/// Runs at most one token refresh at a time; callers that arrive during a refresh, or with a token that
/// was already replaced, get the new token without refreshing again. Its mirror is empty: it remembers the last
/// token it replaced and the one it replaced it with, which `dump` of a session or a client must not show.
actor TokenRefresher: CustomReflectable {
    private let refresh: @Sendable (String) async throws -> String
    private var inFlight: Task<String, any Error>?
    private var replaced: (old: String, new: String)?

    init(refresh: @escaping @Sendable (String) async throws -> String) {
        self.refresh = refresh
    }

    func token(replacing rejected: String) async throws -> String {
        if let replaced, replaced.old == rejected { return replaced.new }
        if let inFlight { return try await inFlight.value }
        // The refresh is every waiting caller's: it keeps to no one caller's deadline (each waits within its own).
        let task = Task { try await CallEnd.$current.withValue(nil) { try await refresh(rejected) } }
        inFlight = task
        defer { inFlight = nil }
        let fresh = try await task.value
        replaced = (rejected, fresh)
        return fresh
    }

    nonisolated var customMirror: Mirror { Mirror(self, children: [:], displayStyle: .class) }
}

extension HTTPTransport {
    /// Adds credentials from `token`, refreshing them with `refresh` after a 401, to the requests whose scheme is
    /// in `schemes` (by default every scheme but Basic). See ``AuthenticatingClient``.
    public func authenticated(
        defaultPlacement: Authentication = .bearer, for schemes: Set<Authentication>? = nil,
        token: @escaping @Sendable () async throws -> String,
        refresh: (@Sendable (_ rejected: String) async throws -> String)? = nil
    ) -> AuthenticatingClient {
        AuthenticatingClient(wrapping: self, defaultPlacement: defaultPlacement, for: schemes, token: token, refresh: refresh)
    }

    /// Adds `Authorization: Basic` from the user and password `credentials` returns, asked for before every
    /// request (so a changed password is used at once), to the routes whose `auth` is `basic` and to requests that
    /// name no scheme. A user containing `:` is refused, as RFC 7617 says.
    public func authenticated(basic credentials: @escaping @Sendable () async throws -> BasicCredentials) -> AuthenticatingClient {
        AuthenticatingClient(wrapping: self, defaultPlacement: .basic, for: [.basic]) {
            let credentials = try await credentials()
            guard !credentials.user.contains(":") else { throw BasicCredentials.InvalidUser() }
            return credentials.token
        }
    }
}

extension BasicCredentials {
    /// A Basic user id containing `:`, which the server would split in the wrong place.
    public struct InvalidUser: Error, CustomStringConvertible {
        public var description: String { "a Basic authentication user cannot contain `:` (RFC 7617)" }
    }
}
