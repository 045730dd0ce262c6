import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import RouteGenURLSession
import SlackClient
import Testing

/// Slack's Web API (a Swagger 2.0 document), through the validating server, which checks it with bravado-core: form
/// bodies, the OAuth 2 token as a bearer token, and each method's `token` parameter where the document puts it.
@Suite struct SlackWireTests {
    static let token = "xoxb-17653672481-19874698323-pdFZKVeTuE8sk7oOcBrzbqgy"

    @Test func messagesConversationsUsersAndFilesAreValidOnTheWireAndDecode() async throws {
        let (posted, answers) = try await ValidatingServer.run(document: "SlackClient/slack-web.json") { base in
            let api = Slack.RequestHandler(
                environment: Slack.Environment(baseURL: base.appendingPathComponent("api")),
                client: URLSessionClient().authenticated { Self.token })
            let me = try await api.authTest(token: Self.token)
            let posted = try await api.chatPostMessage(
                token: Self.token,
                body: Slack.ChatPostMessageBody(channel: "C0123456789", mrkdwn: true, text: "Deploy *finished* & green", unfurlLinks: false))
            _ = try await api.chatUpdate(token: Self.token, body: Slack.ChatUpdateBody(channel: "C0123456789", text: "Deploy finished", ts: "1503435956.000247"))
            _ = try await api.reactionsAdd(
                token: Self.token, body: Slack.ReactionsAddBody(channel: "C0123456789", name: "tada", timestamp: "1503435956.000247"))
            _ = try await api.conversationsList(token: Self.token, excludeArchived: true, types: "public_channel,private_channel", limit: 200)
            _ = try await api.conversationsHistory(channel: "C0123456789", oldest: 1_503_435_000.5, inclusive: true, limit: 50)
            _ = try await api.usersInfo(token: Self.token, includeLocale: true, user: me.userId)
            _ = try await api.filesUpload(
                body: Slack.FilesUploadBody(
                    token: Self.token, content: "id,total\n1,9.99\n", filetype: "csv", filename: "orders.csv", channels: "C0123456789"))
            return posted
        }
        expectAllValid(answers, operations: [
            "auth_test", "chat_postMessage", "chat_update", "reactions_add", "conversations_list", "conversations_history",
            "users_info", "files_upload",
        ])
        #expect(posted.ok == true)
        // The OAuth 2 token went as a bearer token, with every call.
        #expect(answers.allSatisfy { $0.security == [["slackAuth"]] })
        // Each method's `token` where the document says: a header, the query, a form field; or not at all.
        let sent = answers.map { $0.parameters ?? [:] }
        #expect(sent.map { $0["token"] } == [
            .string(Self.token), .string(Self.token), .string(Self.token), .string(Self.token), .string(Self.token), nil,
            .string(Self.token), .string(Self.token),
        ])
        #expect(answers[4].query == "token=\(Self.token)&exclude_archived=true&types=public_channel%2Cprivate_channel&limit=200")
        #expect(answers[5].query == "channel=C0123456789&oldest=1503435000.5&inclusive=true&limit=50")
        // Form bodies, as bravado-core read them: texts and booleans.
        #expect(sent[1] == ["token": .string(Self.token), "channel": "C0123456789", "mrkdwn": true, "text": "Deploy *finished* & green", "unfurl_links": false])
        #expect(sent[7]["content"] == "id,total\n1,9.99\n")
        #expect(sent[7]["filename"] == "orders.csv")
    }

    /// The validator is live: a call without the OAuth 2 token is refused (bravado-core does not check OAuth 2
    /// requirements; the server does), and so is a form body missing a required field or with a field of the wrong type.
    @Test func whatTheDocumentDoesNotAllowIsRefused() async throws {
        let (statuses, answers) = try await ValidatingServer.run(document: "SlackClient/slack-web.json") { base in
            let url = try #require(URL(string: base.absoluteString + "/api/chat.postMessage"))
            var anonymous = URLRequest(url: url)
            anonymous.httpMethod = "POST"
            anonymous.setValue(Self.token, forHTTPHeaderField: "token")
            anonymous.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
            anonymous.httpBody = Data("channel=C0123456789&text=hi".utf8)
            var malformed = anonymous
            malformed.setValue("Bearer \(Self.token)", forHTTPHeaderField: "Authorization")
            malformed.httpBody = Data("text=hi&mrkdwn=yes".utf8)
            var statuses: [Int?] = []
            for request in [anonymous, malformed] {
                let (_, response) = try await URLSession.shared.data(for: request)
                statuses.append((response as? HTTPURLResponse)?.statusCode)
            }
            return statuses
        }
        #expect(statuses == [400, 400])
        #expect(answers[0].findings == ["Security not found: no security requirement of the operation is met"])
        #expect(answers[1].findings == [
            "formData parameter channel: channel is a required parameter.", "formData parameter mrkdwn: 'yes' is not of type 'boolean'",
        ])
    }
}
