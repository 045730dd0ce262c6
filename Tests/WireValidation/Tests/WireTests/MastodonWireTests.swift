import Foundation
import MastodonClient
import RouteGenToolkit
import RouteGenURLSession
import Testing

/// Mastodon's statuses, media and timelines, through the validating server: a union body (a text, media or poll
/// status), a multipart media upload, rate-limit and `Link` response headers, an OAuth 2 token on the operations
/// that need one and none on the public ones.
@Suite struct MastodonWireTests {
    static let status = "109382159165398564"
    static let account = "109382123456789012"

    @Test func statusesMediaAndTimelinesAreValidOnTheWireAndDecode() async throws {
        let (limit, answers) = try await ValidatingServer.run(document: "MastodonClient/mastodon.json") { base in
            let api = Mastodon.RequestHandler(
                environment: Mastodon.Environment(baseURL: base),
                client: URLSessionClient().authenticated { "ZA-Yj3aBD8U8Cm7lKUp-lm9O9BmDgdhHzDeqsY8tlL0" })
            _ = try await api.createMediaV2(
                body: .init(
                    file: File(data: Data([0xFF, 0xD8, 0xFF, 0xE0]), fileName: "cat.jpg", contentType: "image/jpeg"),
                    description: "A cat asleep on a keyboard", focus: "0.0,0.5"))
            _ = try await api.updateMedia(id: "22345792", body: .init(description: "A cat, asleep"))
            _ = try await api.createStatus(
                body: .textStatus(.init(language: "en", sensitive: false, visibility: .unlisted, status: "Hello, fediverse!")))
            let timeline = try await api.getTimelineHome(limit: 20, maxId: Self.status)
            _ = try await api.getStatus(id: Self.status)
            _ = try await api.updateStatus(id: Self.status, body: .init(spoilerText: "cats", status: "Hello again, fediverse!"))
            _ = try await api.postStatusFavourite(id: Self.status)
            _ = try await api.getAccount(id: Self.account)
            _ = try await api.getSearchV2(q: "cats", limit: 5, resolve: false, type: "statuses")
            _ = try await api.deleteStatus(id: Self.status, deleteMedia: true)
            return timeline.headers.xRateLimitLimit
        }
        // The synthesized rate-limit header, typed.
        #expect(limit == 1)
        expectAllValid(answers, operations: [
            "createMediaV2", "updateMedia", "createStatus", "getTimelineHome", "getStatus", "updateStatus", "postStatusFavourite",
            "getAccount", "getSearchV2", "deleteStatus",
        ])
        // The token went to the operations that need it; `getAccount` is public (`security: []`).
        #expect(answers.filter { $0.operation != "getAccount" }.allSatisfy { $0.security == [["OAuth2"]] })
        #expect(answers.first { $0.operation == "getAccount" }?.security == [])
    }
}
