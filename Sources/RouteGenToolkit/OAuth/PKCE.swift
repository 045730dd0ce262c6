import Foundation

/// Proof Key for Code Exchange (RFC 7636): a random verifier kept by the app, and its S256 challenge sent with the
/// sign-in, so a code stolen on its way back to the app is worth nothing without the verifier.
enum PKCE {
    /// A new verifier: 32 bytes of the system's cryptographically secure generator, base64url-encoded (43
    /// characters of `A-Z a-z 0-9 - _`, as RFC 7636 §4.1 recommends).
    static func makeVerifier() -> String {
        randomToken(bytes: 32)
    }

    /// The S256 challenge of `verifier`: BASE64URL(SHA256(ASCII(verifier))), RFC 7636 §4.2.
    static func challenge(for verifier: String) -> String {
        base64URL(SHA256.bytes(Array(verifier.utf8)))
    }

    /// `bytes` random bytes from `SystemRandomNumberGenerator` (the platform's CSPRNG), base64url-encoded.
    static func randomToken(bytes: Int) -> String {
        var generator = SystemRandomNumberGenerator()
        return base64URL((0..<bytes).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
    }

    /// Base64url without padding (RFC 4648 §5).
    static func base64URL(_ bytes: [UInt8]) -> String {
        let base64 = Data(bytes).base64EncodedString()
        return String(base64.compactMap { $0 == "+" ? "-" : $0 == "/" ? "_" : $0 == "=" ? nil : $0 })
    }
}
