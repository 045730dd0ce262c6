import Foundation
import RouteGenRuntime

/// A device sign-in under way (RFC 8628): what the device shows its user (``userCode`` and ``verificationURI``, or
/// ``verificationURIComplete`` as a QR code) while it waits for tokens with
/// ``OAuthClient/tokens(for:sleep:)``.
///
/// ```swift
/// let device = try await oauth.authorizeDevice(scopes: ["profile"])
/// show("Go to \(device.verificationURI) and enter \(device.userCode)")
/// let tokens = try await oauth.tokens(for: device)
/// ```
///
/// Its description, debug description and mirror show no device code.
public struct DeviceAuthorization: Hashable, Sendable, CustomStringConvertible, CustomDebugStringConvertible,
    CustomReflectable
{
    /// The code the user enters at ``verificationURI``.
    public let userCode: String
    /// Where the user goes, on another device, to approve this one.
    public let verificationURI: URL
    /// ``verificationURI`` with the user code in it, when the server gave one: for a QR code.
    public let verificationURIComplete: URL?
    /// How long the codes stay valid.
    public let expiresIn: Duration
    /// How long to wait between two polls of the token endpoint (5 seconds unless the server said).
    public let interval: Duration
    /// The device code: a secret sent only to the token endpoint.
    let deviceCode: String

    public var description: String {
        "DeviceAuthorization(user code \(userCode) at \(SecretRedactor.default.redactedURL(verificationURI)))"
    }

    public var debugDescription: String { description }

    public var customMirror: Mirror { Mirror(self, children: ["description": description], displayStyle: .struct) }
}

/// A device authorization response's JSON (RFC 8628 §3.2).
private struct DeviceAuthorizationResponse: Decodable {
    var device_code: String
    var user_code: String
    var verification_uri: URL
    var verification_uri_complete: URL?
    var expires_in: Double
    var interval: Double?
}

extension OAuthClient {
    /// Starts a device sign-in (RFC 8628 §3.1) at ``deviceAuthorizationEndpoint``: a device code for the client and
    /// a user code for its user.
    ///
    /// Throws ``OAuthError/missingEndpoint(_:)`` when the client knows no device authorization endpoint,
    /// ``OAuthError/tokenRequestRefused(_:)`` when the server refuses, and
    /// ``OAuthError/unexpectedTokenResponse(status:reason:)`` when the answer is not RFC 8628's.
    public func authorizeDevice(scopes: [String] = []) async throws -> DeviceAuthorization {
        guard let endpoint = deviceAuthorizationEndpoint else {
            throw OAuthError.missingEndpoint("device_authorization_endpoint")
        }
        let (data, response) = try await post(Self.scope(scopes), to: endpoint, route: "OAuth.deviceAuthorization")
        guard response.statusCode == 200 else { throw Self.refusal(data, response) }
        guard let answer = try? JSONDecoder().decode(DeviceAuthorizationResponse.self, from: data),
            answer.expires_in > 0, (answer.interval ?? 5) >= 0
        else {
            throw OAuthError.unexpectedTokenResponse(
                status: response.statusCode, reason: "the body is not a device authorization response's JSON")
        }
        // A server's number of seconds is bounded before it becomes a Duration, which traps beyond 2^127
        // attoseconds: a device code lives minutes, and a day bounds what a server may say.
        let day = 86_400.0
        return DeviceAuthorization(
            userCode: answer.user_code, verificationURI: answer.verification_uri,
            verificationURIComplete: answer.verification_uri_complete, expiresIn: .seconds(min(answer.expires_in, day)),
            interval: .seconds(min(answer.interval ?? 5, day)), deviceCode: answer.device_code)
    }

    /// Polls the token endpoint until the user approves `device` (RFC 8628 §3.4, §3.5): waits `interval` with
    /// `sleep` before each poll, goes on while the answer is `authorization_pending`, and waits 5 seconds longer
    /// from each `slow_down` on.
    ///
    /// Throws ``OAuthError/authorizationFailed(error:description:)`` (`access_denied`) when the user says no,
    /// ``OAuthError/deviceCodeExpired`` when the server says the code expired (`expired_token`) or the waits add up
    /// to its lifetime, and ``OAuthError/tokenRequestRefused(_:)`` for another refusal. Cancelling the task stops
    /// the polling (the default `sleep` throws `CancellationError`).
    ///
    /// - Parameters:
    ///   - device: the sign-in ``authorizeDevice(scopes:)`` started.
    ///   - sleep: waits the given time; `Task.sleep` unless a test gives another.
    public func tokens(
        for device: DeviceAuthorization,
        sleep: @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
    ) async throws -> OAuthTokens {
        var interval = device.interval
        var waited = Duration.zero
        while true {
            guard waited + interval < device.expiresIn else { throw OAuthError.deviceCodeExpired }
            try await sleep(interval)
            waited += interval
            do {
                return try await requestTokens([
                    ("grant_type", "urn:ietf:params:oauth:grant-type:device_code"), ("device_code", device.deviceCode),
                ])
            } catch OAuthError.tokenRequestRefused(let refusal) {
                switch refusal.error {
                case "authorization_pending": continue
                case "slow_down": interval += .seconds(5)
                case "expired_token": throw OAuthError.deviceCodeExpired
                case "access_denied":
                    throw OAuthError.authorizationFailed(error: refusal.error, description: refusal.errorDescription)
                default: throw OAuthError.tokenRequestRefused(refusal)
                }
            }
        }
    }
}
