import Foundation
import RouteGenRuntime
import RouteGenTesting
import Testing

@testable import RouteGenToolkit

/// Reading an ID token's claims and the checks of OpenID Connect Core §3.1.3.7 that need no key: what a forged or
/// misdirected token looks like to the client. The server-signed tokens are `OpenIDConnectServerTests`'.
@Suite struct IDTokenClaimsTests {
    private static let now = Date(timeIntervalSince1970: 2_000_000_000)

    /// A compact JWS with `header` and `payload`, and a signature nothing checks here.
    private static func token(header: String = #"{"alg":"RS256","kid":"k1"}"#, _ payload: String) -> String {
        [header, payload].map { PKCE.base64URL(Array($0.utf8)) }.joined(separator: ".") + ".c2ln"
    }

    private static func payload(aud: String = #""app""#, exp: Int = 2_000_000_600, extra: String = "") -> String {
        #"{"iss":"https://id.example.com","sub":"u1","aud":\#(aud),"exp":\#(exp),"iat":2000000000,"nonce":"n1"\#(extra)}"#
    }

    private static func check(_ token: String, nonce: String? = "n1") throws(OAuthError) {
        try IDTokenClaims(token: token).validate(
            issuer: "https://id.example.com", clientID: "app", nonce: nonce, now: now)
    }

    @Test func claimsAreReadAsData() throws {
        let claims = try IDTokenClaims(token: Self.token(Self.payload(extra: #","email":"u1@example.com","n":[1]"#)))
        #expect(claims.issuer == "https://id.example.com" && claims.subject == "u1" && claims.audience == ["app"])
        #expect(claims.expiresAt == Date(timeIntervalSince1970: 2_000_000_600) && claims.issuedAt == Self.now)
        #expect(claims.nonce == "n1" && claims.keyID == "k1" && claims.all["email"] == "u1@example.com")
        #expect(claims.all["n"] == [1])
        #expect(throws: Never.self) { try Self.check(Self.token(Self.payload())) }
    }

    @Test func aRefreshsIDTokenIsCheckedAndMustBeForTheSameUser() async throws {
        let stub = StubTransport()
        let provider = OpenIDConfiguration(
            issuer: "https://id.example.com", authorizationEndpoint: URL(string: "https://id.example.com/authorize")!,
            tokenEndpoint: URL(string: "https://id.example.com/token")!)
        var client = provider.client(clientID: "app", transport: stub)
        client.now = { Self.now }
        let signedIn = OAuthTokens(accessToken: "A", refreshToken: "R", idToken: Self.token(Self.payload()))
        let withoutNonce = Self.payload().replacingOccurrences(of: #","nonce":"n1""#, with: "")
        let answers: [(String, IDTokenRejection?)] = [
            (Self.token(withoutNonce), nil),
            (Self.token(Self.payload()), nil),
            (
                Self.token(withoutNonce.replacingOccurrences(of: #""sub":"u1""#, with: #""sub":"u2""#)),
                .subject(expected: "u1", found: "u2")
            ),
            (Self.token(Self.payload().replacingOccurrences(of: #""n1""#, with: #""n2""#)), .nonceMismatch),
            (Self.token(header: #"{"alg":"none"}"#, withoutNonce), .unsupportedAlgorithm("none")),
            (
                Self.token(withoutNonce.replacingOccurrences(of: #""aud":"app""#, with: #""aud":"other""#)),
                .audience(["other"])
            ),
        ]
        for (idToken, rejection) in answers {
            stub.register(.post, "/token") { _ in
                StubResponse(
                    statusCode: 200, headers: ["Content-Type": "application/json"],
                    body: Data(#"{"access_token":"A2","token_type":"Bearer","id_token":"\#(idToken)"}"#.utf8))
            }
            if let rejection {
                await #expect(throws: OAuthError.idTokenRejected(rejection)) { try await client.refresh(signedIn) }
            } else {
                #expect(try await client.refresh(signedIn).idToken == idToken)
            }
        }
    }

    /// The PKCS #1 DER that Apple platforms read a JSON Web Key's `n` and `e` from, checked on Linux against the
    /// bytes of Python's `cryptography` for the same key (`public_bytes(DER, PKCS1)`), and for a 2048-bit modulus
    /// whose lengths take two bytes.
    @Test func aJSONWebKeyBecomesThePKCS1DERApplePlatformsRead() throws {
        let modulus =
            "yQh7Zr7nE4roRh_eaz_J2aspE2RVM_2OaT0-GfX1g80xTtgOVDYCAXyhyY_g0p7kMbUYmxmpWw2goNWyXnnNW2uyFbFqW2IveWKEU7ESc0aMJQ"
            + "NOx14qRDYa9zZIVqznFEPz-mXS9_elQIer_CYwx86hgQbx6nvfcYXEWOczyiM"
        let expected =
            "MIGJAoGBAMkIe2a+5xOK6EYf3ms/ydmrKRNkVTP9jmk9Phn19YPNMU7YDlQ2AgF8ocmP4NKe5DG1GJsZqVsNoKDVsl55zVtrshWxaltiL3lih"
            + "FOxEnNGjCUDTsdeKkQ2Gvc2SFas5xRD8/pl0vf3pUCHq/wmMMfOoYEG8ep733GFxFjnM8ojAgMBAAE="
        let n = try #require(IDTokenClaims.base64URLDecoded(Substring(modulus)))
        let e = try #require(IDTokenClaims.base64URLDecoded("AQAB"))
        #expect(Data(RSAPublicKeyDER.encode(modulus: n, exponent: e)).base64EncodedString() == expected)

        let wide = Data([0xC1] + Array(repeating: 0x5A, count: 255))
        let der = RSAPublicKeyDER.encode(modulus: Data([0, 0]) + wide, exponent: e)
        #expect(der.count == 270 && der.prefix(9) == [0x30, 0x82, 0x01, 0x0A, 0x02, 0x82, 0x01, 0x01, 0x00])
        #expect(der.suffix(5) == [0x02, 0x03, 0x01, 0x00, 0x01])
    }

    @Test func whatTheClientMustRefuseIsRefusedWithItsReason() {
        let cases: [(String, String?, IDTokenRejection)] = [
            (Self.token(header: #"{"alg":"none"}"#, Self.payload()), "n1", .unsupportedAlgorithm("none")),
            (Self.token(header: #"{"alg":"HS256"}"#, Self.payload()), "n1", .unsupportedAlgorithm("HS256")),
            (Self.token(Self.payload(aud: #""other""#)), "n1", .audience(["other"])),
            // Several audiences: the client must be the authorized party.
            (Self.token(Self.payload(aud: #"["app","other"]"#)), "n1", .audience(["app", "other"])),
            (
                Self.token(Self.payload(exp: 2_000_000_000 - 300)), "n1",
                .expired(Date(timeIntervalSince1970: 1_999_999_700))
            ),
            (Self.token(Self.payload()), "n2", .nonceMismatch),
            (Self.token(Self.payload()), nil, .nonceMismatch),
            (
                Self.token(
                    Self.payload().replacingOccurrences(of: "https://id.example.com", with: "https://evil.example")),
                "n1",
                .issuer(expected: "https://id.example.com", found: "https://evil.example")
            ),
            ("a.b", "n1", .malformed("2 parts, not 3")),
            (
                Self.token(#"{"iss":"https://id.example.com","sub":"u1","exp":1,"iat":1}"#), "n1",
                .malformed("`aud` is missing")
            ),
            (Self.token(Self.payload(extra: #","azp":7"#)), "n1", .malformed("`azp` is not a string")),
            ("e30.e30.x=", "n1", .malformed("the header is not a JSON object with `alg`")),
            ("!!.e30.x", "n1", .malformed("a part is not base64url")),
        ]
        for (token, nonce, rejection) in cases {
            #expect(throws: OAuthError.idTokenRejected(rejection), "\(rejection)") {
                try Self.check(token, nonce: nonce)
            }
        }
        // Several audiences with the client as the authorized party, and a clock a little behind the issuer's.
        #expect(throws: Never.self) {
            try Self.check(
                Self.token(Self.payload(aud: #"["app","other"]"#, exp: 2_000_000_000 - 299, extra: #","azp":"app""#)))
        }
    }
}
