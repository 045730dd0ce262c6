import DiscordClient
import Foundation
import RouteGenToolkit
import RouteGenURLSession
import Testing

/// Discord channels and their messages, through the validating server.
@Suite struct DiscordWireTests {
    static let channel = "1234567890123456789"
    static let message = "2234567890123456789"

    @Test func channelsAndMessagesAreValidOnTheWireAndDecode() async throws {
        let (posted, answers) = try await ValidatingServer.run(document: "DiscordClient/discord.json") { base in
            let api = Discord.RequestHandler(
                environment: Discord.Environment(baseURL: base.appendingPathComponent("api/v10")),
                client: URLSessionClient().authenticated(defaultPlacement: .header("Authorization")) { "Bot discord-token" })
            _ = try await api.getChannel(channelId: Self.channel)
            _ = try await api.updateChannel(
                channelId: Self.channel, body: .updateGroupDMRequestPartial(.init(name: "Weekend plans")))
            let posted = try await api.createMessage(channelId: Self.channel, body: Discord.MessageCreateRequest(content: "Hello")).body
            _ = try await api.listMessages(channelId: Self.channel, before: Self.message, limit: 50)
            _ = try await api.getMessage(channelId: Self.channel, messageId: Self.message)
            _ = try await api.updateMessage(
                channelId: Self.channel, messageId: Self.message, body: Discord.MessageEditRequestPartial(content: "Hello again"))
            _ = try await api.listPins(channelId: Self.channel, limit: 10)
            _ = try await api.bulkDeleteMessages(channelId: Self.channel, body: .init(messages: [Self.message, "3234567890123456789"]))
            _ = try await api.deleteMessage(channelId: Self.channel, messageId: Self.message)
            _ = try await api.deleteChannel(channelId: Self.channel)
            return posted
        }
        #expect(!posted.id.isEmpty)
        expectAllValid(answers, operations: [
            "get_channel", "update_channel", "create_message", "list_messages", "get_message", "update_message", "list_pins",
            "bulk_delete_messages", "delete_message", "delete_channel",
        ])
    }
}
