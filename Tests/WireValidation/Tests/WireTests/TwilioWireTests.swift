import Foundation
import RouteGenToolkit
import RouteGenURLSession
import Testing
import TwilioClient

/// Twilio's messages and calls, through the validating server: form bodies, comparison filters, Basic auth.
@Suite struct TwilioWireTests {
    static let account = "AC" + String(repeating: "0123456789abcdef", count: 2)
    static let message = "SM" + String(repeating: "0123456789abcdef", count: 2)
    static let call = "CA" + String(repeating: "0123456789abcdef", count: 2)

    @Test func messagesAndCallsAreValidOnTheWireAndDecode() async throws {
        let (status, answers) = try await ValidatingServer.run(document: "TwilioClient/twilio.yaml") { base in
            let api = Twilio.RequestHandler(
                environment: Twilio.Environment(baseURL: base),
                client: URLSessionClient().authenticated(basic: { BasicCredentials(user: Self.account, password: "token") }))
            let sent = try await api.createMessage(
                accountSid: Self.account,
                body: Twilio.CreateMessageBody(to: "+15555550100", from: "+15555550101", body: "Your code is 1234"))
            let since = Date(timeIntervalSince1970: 1_700_000_000)
            _ = try await api.listMessage(accountSid: Self.account, to: "+15555550100", dateSentAfter: since, pageSize: 20)
            _ = try await api.fetchMessage(accountSid: Self.account, sid: Self.message)
            _ = try await api.updateMessage(accountSid: Self.account, sid: Self.message, body: Twilio.UpdateMessageBody(body: ""))
            try await api.deleteMessage(accountSid: Self.account, sid: Self.message)
            _ = try await api.createCall(
                accountSid: Self.account,
                body: Twilio.CreateCallBody(
                    to: "+15555550100", from: "+15555550101", timeout: 30, record: true,
                    url: URL(string: "https://example.com/twiml")))
            _ = try await api.listCall(accountSid: Self.account, status: .completed, startTimeBefore: since, endTimeAfter: since)
            _ = try await api.fetchCall(accountSid: Self.account, sid: Self.call)
            _ = try await api.updateCall(accountSid: Self.account, sid: Self.call, body: Twilio.UpdateCallBody(status: .completed))
            try await api.deleteCall(accountSid: Self.account, sid: Self.call)
            return sent.response.statusCode
        }
        // A created message answers 201 (the typed response keeps the status).
        #expect(status == 201)
        expectAllValid(answers, operations: [
            "CreateMessage", "ListMessage", "FetchMessage", "UpdateMessage", "DeleteMessage", "CreateCall", "ListCall",
            "FetchCall", "UpdateCall", "DeleteCall",
        ])
    }
}
