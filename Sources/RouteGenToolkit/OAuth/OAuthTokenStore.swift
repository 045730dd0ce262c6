import Foundation

/// Where an ``OAuthSession`` keeps its tokens: in memory by default; an app that keeps the user signed in across
/// launches stores them in the Keychain (`KeychainTokenStore`, on Apple platforms).
public protocol OAuthTokenStore: Sendable {
    /// The stored tokens, nil when the user is signed out.
    func tokens() async throws -> OAuthTokens?
    /// Stores `tokens`, replacing what was stored; nil removes them.
    func save(_ tokens: OAuthTokens?) async throws
}

/// Tokens in memory, gone when the process ends.
public actor MemoryTokenStore: OAuthTokenStore {
    private var stored: OAuthTokens?

    /// A store holding `tokens`, by default none.
    public init(_ tokens: OAuthTokens? = nil) {
        stored = tokens
    }

    public func tokens() -> OAuthTokens? { stored }

    public func save(_ tokens: OAuthTokens?) { stored = tokens }
}
