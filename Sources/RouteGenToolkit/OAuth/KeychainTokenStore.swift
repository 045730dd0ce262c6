#if canImport(Security)
import Foundation
import Security

/// Tokens in the Keychain, as a generic password item of `service` and `account`, so a user stays signed in across
/// launches: readable after the device's first unlock, by this device only (never in a backup restored elsewhere).
///
/// ```swift
/// let session = OAuthSession(client: oauth, store: KeychainTokenStore(service: "com.example.app.oauth"))
/// ```
///
/// Untested by RouteGen's tests, which run on Linux, where there is no Keychain: it is a few calls of the
/// Security framework, kept small so it can be read whole.
public struct KeychainTokenStore: OAuthTokenStore {
    /// The item's service (`kSecAttrService`): the app's, or its API's.
    public let service: String
    /// The item's account (`kSecAttrAccount`): one per signed-in user or API.
    public let account: String

    /// A store of the item `service`, `account`.
    public init(service: String, account: String = "default") {
        self.service = service
        self.account = account
    }

    /// A Keychain call that failed: its `OSStatus`.
    public struct Failure: Error, CustomStringConvertible {
        public let status: OSStatus
        public var description: String { "the Keychain refused the call: OSStatus \(status)" }
    }

    public func tokens() throws -> OAuthTokens? {
        var query = self.query
        query[kSecReturnData as String] = true
        query[kSecMatchLimit as String] = kSecMatchLimitOne
        var item: CFTypeRef?
        let status = SecItemCopyMatching(query as CFDictionary, &item)
        if status == errSecItemNotFound { return nil }
        guard status == errSecSuccess, let data = item as? Data else { throw Failure(status: status) }
        return try JSONDecoder().decode(OAuthTokens.self, from: data)
    }

    public func save(_ tokens: OAuthTokens?) throws {
        let deleted = SecItemDelete(query as CFDictionary)
        guard deleted == errSecSuccess || deleted == errSecItemNotFound else { throw Failure(status: deleted) }
        guard let tokens else { return }
        var item = query
        item[kSecValueData as String] = try JSONEncoder().encode(tokens)
        item[kSecAttrAccessible as String] = kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly
        let added = SecItemAdd(item as CFDictionary, nil)
        guard added == errSecSuccess else { throw Failure(status: added) }
    }

    private var query: [String: Any] {
        [
            kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: service,
            kSecAttrAccount as String: account,
        ]
    }
}
#endif
