import Foundation
import RouteGenRuntime

#if canImport(Security)
import Security
#endif

extension OAuthClient {
    /// The claims of `idToken` once checked as OpenID Connect Core §3.1.3.7 says: signed RS256 (no other algorithm,
    /// `none` included, is accepted), issued by ``openID``'s issuer, for this client (in `aud`, and `azp` when the
    /// audience has several), not expired (five minutes of clock difference allowed), and carrying `nonce` (nil: none).
    ///
    /// The signature is verified with the provider's keys (`jwks_uri`) where the platform can: on Apple platforms,
    /// with the Security framework. **On Linux it is not verified**: Foundation has no RSA there and RouteGen takes no
    /// dependency for one. A token from ``exchangeCode(from:for:)`` came straight from the token endpoint over TLS,
    /// which §3.1.3.7 (6) lets stand in for the signature; a token received any other way must not be trusted on
    /// Linux by its claims alone.
    ///
    /// Throws ``OAuthError/idTokenRejected(_:)``.
    public func checkIDToken(_ idToken: String, nonce: String?) async throws -> IDTokenClaims {
        guard let openID else { throw OAuthError.idTokenRejected(.noProvider) }
        let claims = try IDTokenClaims(token: idToken)
        try claims.validate(issuer: openID.issuer, clientID: clientID, nonce: nonce, now: now())
        #if canImport(Security)
        try await verifySignature(of: idToken, keyID: claims.keyID, keys: openID.keysEndpoint)
        #endif
        return claims
    }

    #if canImport(Security)
    /// Verifies the RS256 signature of `token` with the RSA keys of the set at `keys`: the one named `keyID`, or
    /// each when the token names none. Not tested here (Linux has no Security framework).
    private func verifySignature(of token: String, keyID: String?, keys: URL?) async throws {
        guard let keys, let dot = token.lastIndex(of: "."),
            let signature = IDTokenClaims.base64URLDecoded(token[token.index(after: dot)...])
        else { throw OAuthError.idTokenRejected(.signature) }
        let (data, response) = try await OAuthHTTP.send(
            try OAuthHTTP.request(.get, keys, route: "OpenID.keys"), over: transport)
        guard response.statusCode == 200, let set = try? JSONDecoder().decode(KeySet.self, from: data) else {
            throw OAuthError.unexpectedTokenResponse(status: response.statusCode, reason: "not a JSON Web Key Set")
        }
        let signed = Data(token[..<dot].utf8) as CFData
        for key in set.keys where key.kty == "RSA" && (keyID == nil || key.kid == keyID) {
            guard let modulus = key.n.flatMap({ IDTokenClaims.base64URLDecoded(Substring($0)) }),
                let exponent = key.e.flatMap({ IDTokenClaims.base64URLDecoded(Substring($0)) })
            else { continue }
            let der = RSAPublicKeyDER.encode(modulus: modulus, exponent: exponent)
            let attributes = [kSecAttrKeyType: kSecAttrKeyTypeRSA, kSecAttrKeyClass: kSecAttrKeyClassPublic]
            guard let publicKey = SecKeyCreateWithData(Data(der) as CFData, attributes as CFDictionary, nil) else {
                continue
            }
            if SecKeyVerifySignature(
                publicKey, .rsaSignatureMessagePKCS1v15SHA256, signed, signature as CFData, nil)
            {
                return
            }
        }
        throw OAuthError.idTokenRejected(.signature)
    }

    /// A JSON Web Key Set (RFC 7517 §5), the RSA members of its keys.
    private struct KeySet: Decodable {
        struct Key: Decodable {
            var kty: String
            var kid: String?
            var n: String?
            var e: String?
        }
        var keys: [Key]
    }
    #endif
}

/// An RSA public key as PKCS #1 DER (RFC 8017 A.1.1: `RSAPublicKey ::= SEQUENCE { modulus INTEGER, publicExponent
/// INTEGER }`), the form `SecKeyCreateWithData` reads: how a JSON Web Key's `n` and `e` become a key on Apple
/// platforms. Compiled everywhere, so Linux tests it against another implementation's bytes.
enum RSAPublicKeyDER {
    /// The DER of the key with the unsigned big-endian `modulus` and `exponent`.
    static func encode(modulus: Data, exponent: Data) -> [UInt8] {
        element(0x30, element(0x02, integer(modulus)) + element(0x02, integer(exponent)))
    }

    /// A DER element: `tag`, the length of `contents` (X.690 8.1.3), `contents`.
    private static func element(_ tag: UInt8, _ contents: [UInt8]) -> [UInt8] {
        guard contents.count >= 0x80 else { return [tag, UInt8(contents.count)] + contents }
        var length: [UInt8] = []
        var count = contents.count
        while count > 0 {
            length.insert(UInt8(count & 0xff), at: 0)
            count >>= 8
        }
        return [tag, 0x80 | UInt8(length.count)] + length + contents
    }

    /// The contents of a DER INTEGER holding the unsigned big-endian `bytes`: without leading zeros, and with one
    /// zero byte before a first byte whose high bit would make it negative.
    private static func integer(_ bytes: Data) -> [UInt8] {
        let digits = Array(bytes.drop { $0 == 0 })
        return digits.first.map { $0 & 0x80 == 0 ? digits : [0] + digits } ?? [0]
    }
}
