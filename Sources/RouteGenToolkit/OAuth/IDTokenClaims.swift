import Foundation
import RouteGenRuntime

/// What an OpenID Connect ID token says about the user who signed in (OpenID Connect Core §2): its payload, read as
/// data. ``OAuthClient/exchangeCode(from:for:)`` checks the ID token of a sign-in that asked for `openid` before it
/// returns; ``OAuthTokens/idTokenClaims()`` reads the claims of tokens an app holds.
///
/// Its description shows the issuer and the subject, never the token.
public struct IDTokenClaims: Hashable, Sendable, CustomStringConvertible {
    /// `iss`: who issued the token.
    public var issuer: String
    /// `sub`: the user, as the issuer identifies them; stable for one issuer.
    public var subject: String
    /// `aud`: the clients the token is for (a single string in the token is one element here).
    public var audience: [String]
    /// `exp`: when the token expires.
    public var expiresAt: Date
    /// `iat`: when it was issued.
    public var issuedAt: Date
    /// `nonce`: the value the sign-in sent, when it sent one.
    public var nonce: String?
    /// `azp`: the client the token was issued to, when the audience has several.
    public var authorizedParty: String?
    /// Every claim, the ones above included: `name`, `email`, a provider's own.
    public var all: [String: JSONValue]

    /// The JWS algorithm the token names in its header (`alg`).
    let algorithm: String
    /// The key the token names (`kid`), if it names one.
    let keyID: String?

    public var description: String { "IDTokenClaims(iss: \(issuer), sub: \(subject))" }
}

/// Why an ID token is refused.
public enum IDTokenRejection: Hashable, Sendable, CustomStringConvertible {
    /// A sign-in that asked for `openid` got no ID token.
    case missing
    /// Not a JWS in compact form with a JSON payload holding `iss`, `sub`, `aud`, `exp` and `iat`: what is wrong.
    case malformed(String)
    /// Signed with an algorithm other than RS256, the one the client accepts (`none` included).
    case unsupportedAlgorithm(String)
    /// `iss` is not the issuer the client knows.
    case issuer(expected: String, found: String)
    /// The client is not in `aud`, or the audience has several and `azp` is not the client.
    case audience([String])
    /// `exp` has passed.
    case expired(Date)
    /// `nonce` is not the one the sign-in sent, or is missing: a token made for another sign-in, or replayed.
    case nonceMismatch
    /// The signature does not verify with any of the issuer's keys (`jwks_uri`).
    case signature
    /// A refresh's ID token is for another user than the session's.
    case subject(expected: String, found: String)
    /// The client knows no OpenID provider (``OAuthClient/openID``) to check the token against.
    case noProvider

    public var description: String {
        switch self {
        case .missing: "the sign-in asked for `openid` and the token response has no ID token"
        case .malformed(let reason): "it is not a well-formed ID token: \(reason)"
        case .unsupportedAlgorithm(let algorithm): "it is signed with `\(algorithm)`; only RS256 is accepted"
        case .issuer(let expected, let found): "it was issued by `\(found)`, not `\(expected)`"
        case .audience(let audience): "it is for \(audience.map { "`\($0)`" }.joined(separator: ", ")), not this client"
        case .expired(let date): "it expired at \(date.formatted(.iso8601))"
        case .nonceMismatch: "its `nonce` is not the sign-in's"
        case .signature: "its signature does not verify with the issuer's keys"
        case .subject(let expected, let found): "it is for `\(found)`, not `\(expected)`, whom the session signed in"
        case .noProvider: "the client knows no OpenID provider to check it against"
        }
    }
}

extension IDTokenClaims {
    /// How far the clocks of the client and the issuer may disagree about `exp`.
    static let leeway: TimeInterval = 300

    /// The claims of `token`, a JWS in compact serialization (`header.payload.signature`), without checking anything
    /// but its form.
    init(token: String) throws(OAuthError) {
        func fail(_ reason: String) -> OAuthError { .idTokenRejected(.malformed(reason)) }
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3 else { throw fail("\(parts.count) parts, not 3") }
        guard let headerData = Self.base64URLDecoded(parts[0]), let payloadData = Self.base64URLDecoded(parts[1]) else {
            throw fail("a part is not base64url")
        }
        guard case .object(let header)? = try? JSONDecoder().decode(JSONValue.self, from: headerData),
            case .string(let algorithm)? = header["alg"]
        else { throw fail("the header is not a JSON object with `alg`") }
        guard case .object(let claims)? = try? JSONDecoder().decode(JSONValue.self, from: payloadData) else {
            throw fail("the payload is not a JSON object")
        }
        guard case .string(let issuer)? = claims["iss"], case .string(let subject)? = claims["sub"] else {
            throw fail("`iss` or `sub` is missing or not a string")
        }
        let audience: [String]
        switch claims["aud"] {
        case .string(let one)?: audience = [one]
        case .array(let many)? where !many.isEmpty:
            audience = many.compactMap { if case .string(let value) = $0 { value } else { nil } }
            guard audience.count == many.count else { throw fail("`aud` holds something other than strings") }
        default: throw fail("`aud` is missing")
        }
        guard let expiresAt = Self.date(claims["exp"]), let issuedAt = Self.date(claims["iat"]) else {
            throw fail("`exp` or `iat` is missing or not a number of seconds")
        }
        func string(_ name: String) throws(OAuthError) -> String? {
            switch claims[name] {
            case nil, .null?: return nil
            case .string(let value)?: return value
            default: throw fail("`\(name)` is not a string")
            }
        }
        self.init(
            issuer: issuer, subject: subject, audience: audience, expiresAt: expiresAt, issuedAt: issuedAt,
            nonce: try string("nonce"), authorizedParty: try string("azp"), all: claims, algorithm: algorithm,
            keyID: { if case .string(let kid)? = header["kid"] { kid } else { nil } }())
    }

    /// Checks the claims as OpenID Connect Core §3.1.3.7 says a client does: RS256, the issuer, the client in the
    /// audience (and `azp` when it has several), not expired at `now` (with ``leeway``), and the sign-in's `nonce`.
    func validate(issuer: String, clientID: String, nonce: String?, now: Date) throws(OAuthError) {
        guard algorithm == "RS256" else { throw .idTokenRejected(.unsupportedAlgorithm(algorithm)) }
        guard self.issuer == issuer else { throw .idTokenRejected(.issuer(expected: issuer, found: self.issuer)) }
        guard audience.contains(clientID), audience.count == 1 || authorizedParty == clientID else {
            throw .idTokenRejected(.audience(audience))
        }
        guard now.timeIntervalSince(expiresAt) < Self.leeway else { throw .idTokenRejected(.expired(expiresAt)) }
        guard self.nonce == nonce else { throw .idTokenRejected(.nonceMismatch) }
    }

    /// A NumericDate (RFC 7519 §2): seconds since 1970.
    private static func date(_ value: JSONValue?) -> Date? {
        switch value {
        case .integer(let seconds)?: Date(timeIntervalSince1970: TimeInterval(seconds))
        case .double(let seconds)? where seconds.isFinite: Date(timeIntervalSince1970: seconds)
        case .number(let seconds)?: Date(timeIntervalSince1970: NSDecimalNumber(decimal: seconds).doubleValue)
        default: nil
        }
    }

    /// The bytes of base64url text without padding (RFC 7515 §2).
    static func base64URLDecoded(_ text: Substring) -> Data? {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        guard !base64.contains("=") else { return nil }
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        return Data(base64Encoded: base64)
    }
}

extension OAuthTokens {
    /// The claims of the ID token, read as data, nil when there is none. Reads only: the ID token was checked when
    /// it came, by ``OAuthClient/exchangeCode(from:for:)`` or ``OAuthClient/refresh(_:scopes:)``, when the client
    /// knew its OpenID provider.
    public func idTokenClaims() throws(OAuthError) -> IDTokenClaims? {
        try idToken.map { token throws(OAuthError) in try IDTokenClaims(token: token) }
    }
}
