import Foundation
import IntercomClient
import RouteGenToolkit
import RouteGenURLSession
import Testing

/// Intercom's contacts, conversations and tags, through the validating server: a bearer access token, the
/// `Intercom-Version` header, union bodies (a reply as an admin or a contact; a tag created or applied).
///
/// Not called: `createConversation` (kept in the configuration, so it compiles), whose required `from.id` the document
/// gives `format: uuid` (a `UUID` in Swift, 36 characters) and a length of exactly 24 (Intercom's ids are 24 hex
/// digits): no UUID is valid there.
@Suite struct IntercomWireTests {
    static let contact = "63a07ddf05a32042dffac965"

    @Test func contactsConversationsAndTagsAreValidOnTheWireAndDecode() async throws {
        let (_, answers) = try await ValidatingServer.run(document: "IntercomClient/intercom.yaml") { base in
            let api = Intercom.RequestHandler(
                environment: Intercom.Environment(baseURL: base),
                client: URLSessionClient().authenticated { "dG9rOmFjY2Vzcy10b2tlbg==" })
            _ = try await api.createContact(
                intercomVersion: ._216,
                body: .init(role: "user", externalId: "25", email: "ann@example.com", name: "Ann Lee", customAttributes: ["plan": "pro"]))
            _ = try await api.listContacts(intercomVersion: ._216)
            _ = try await api.showContact(contactId: Self.contact)
            _ = try await api.updateContact(contactId: Self.contact, body: .init(name: "Ann Lee-Smith", unsubscribedFromEmails: true))
            _ = try await api.listConversations(perPage: 20)
            _ = try await api.retrieveConversation(conversationId: 123, displayAs: "plaintext")
            _ = try await api.replyConversation(
                conversationId: "123",
                body: .adminReplyConversationRequest(.init(messageType: .comment, type: "admin", body: "On its way!", adminId: "3156780")))
            _ = try await api.updateConversation(conversationId: 123, body: .init(read: true, title: "Order 6735"))
            _ = try await api.createTag(body: .createOrUpdateTagRequest(.init(name: "VIP")))
            _ = try await api.deleteContact(contactId: Self.contact)
        }
        expectAllValid(answers, operations: [
            "CreateContact", "ListContacts", "ShowContact", "UpdateContact", "listConversations",
            "retrieveConversation", "replyConversation", "updateConversation", "createTag", "DeleteContact",
        ])
        #expect(answers.allSatisfy { $0.security == [["bearerAuth"]] })
    }
}
