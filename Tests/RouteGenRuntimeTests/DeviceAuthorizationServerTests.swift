import Foundation
import RouteGenRuntime
import RouteGenTestSupport
import RouteGenURLSession
import Testing

@testable import RouteGenToolkit

/// The device authorization grant (RFC 8628) against the real Authlib server (`Fixtures/oauth_server.py`): the
/// client polls while the user, on another device, approves or refuses. The waits between polls go through an
/// injected sleeper, which records them and plays the user's part at a chosen poll: no test sleeps.
@Suite(.enabled(if: OAuthServer.isAvailable, "needs python3 with Authlib: pip install authlib==1.9.10"))
struct DeviceAuthorizationServerTests {
    /// The server's public device client `tv`.
    private static func tv(_ server: OAuthServer) -> OAuthClient {
        var client = OAuthClient(clientID: "tv", tokenEndpoint: server.tokenEndpoint, transport: URLSessionClient())
        client.deviceAuthorizationEndpoint = server.base.appendingPathComponent("device_authorization")
        return client
    }

    /// A sleeper that records each wait and, before the poll that follows wait `n` (from 1), runs `actions[n]`.
    private static func sleeper(
        _ actions: [Int: @Sendable () async throws -> Void]
    ) -> (@Sendable (Duration) async throws -> Void, Locked<[Duration]>) {
        let waits = Locked<[Duration]>([])
        return (
            { duration in
                let count = waits.withLock {
                    $0.append(duration)
                    return $0.count
                }
                try await actions[count]?()
            }, waits
        )
    }

    @Test func theClientPollsWhilePendingAndGetsTokensOnceTheUserApproves() async throws {
        try await OAuthServer.run { server in
            let client = Self.tv(server)
            let device = try await client.authorizeDevice(scopes: ["profile"])
            #expect(device.verificationURI == server.base.appendingPathComponent("device"))
            #expect(device.verificationURIComplete?.query == "user_code=\(device.userCode)")
            #expect(device.interval == .seconds(5) && device.expiresIn == .seconds(1800))
            let (sleep, waits) = Self.sleeper([3: { try await server.approve(userCode: device.userCode) }])
            let tokens = try await client.tokens(for: device, sleep: sleep)
            #expect(waits.withLock { $0 } == [.seconds(5), .seconds(5), .seconds(5)])
            #expect(tokens.scopes == ["profile"] && tokens.refreshToken != nil)
            let session = OAuthSession(client: client, store: MemoryTokenStore(tokens))
            let (data, response) = try await URLSessionClient().authenticated(by: session, onlyTo: server.base).load(
                server.me())
            #expect(response.statusCode == 200 && String(decoding: data, as: UTF8.self).contains("alice"))
            #expect(!"\(device)".contains(device.deviceCode))
        }
    }

    @Test func slowDownAddsFiveSecondsToThisAndEveryLaterWait() async throws {
        try await OAuthServer.run { server in
            let client = Self.tv(server)
            let device = try await client.authorizeDevice()
            let (sleep, waits) = Self.sleeper([
                1: { try await server.device(userCode: device.userCode, "slow-down") },
                3: { try await server.device(userCode: device.userCode, "slow-down") },
                4: { try await server.approve(userCode: device.userCode) },
            ])
            _ = try await client.tokens(for: device, sleep: sleep)
            #expect(waits.withLock { $0 } == [.seconds(5), .seconds(10), .seconds(10), .seconds(15)])
        }
    }

    @Test func aUserWhoRefusesIsAnAccessDeniedError() async throws {
        try await OAuthServer.run { server in
            let client = Self.tv(server)
            let device = try await client.authorizeDevice()
            let (sleep, waits) = Self.sleeper([
                2: { try await server.approve(userCode: device.userCode, consent: "deny") }
            ])
            let error = await #expect(throws: OAuthError.self) { try await client.tokens(for: device, sleep: sleep) }
            guard case .authorizationFailed(let code, _) = error else {
                Issue.record("\(String(describing: error))")
                return
            }
            #expect(code == "access_denied" && waits.withLock { $0.count } == 2)
        }
    }

    @Test func aCodeTheServerSaysExpiredEndsThePolling() async throws {
        try await OAuthServer.run { server in
            let client = Self.tv(server)
            let device = try await client.authorizeDevice()
            let (sleep, waits) = Self.sleeper([2: { try await server.device(userCode: device.userCode, "expire") }])
            await #expect(throws: OAuthError.deviceCodeExpired) { try await client.tokens(for: device, sleep: sleep) }
            #expect(waits.withLock { $0.count } == 2)
        }
    }

    @Test func anUnknownClientIsRefusedAtTheStart() async throws {
        try await OAuthServer.run { server in
            var client = Self.tv(server)
            client.clientID = "nobody"
            let error = await #expect(throws: OAuthError.self) { try await client.authorizeDevice() }
            guard case .tokenRequestRefused(let refusal) = error else {
                Issue.record("\(String(describing: error))")
                return
            }
            #expect(refusal.error == "invalid_client")
        }
    }
}
