import Foundation
import OktaClient
import RouteGenToolkit
import RouteGenURLSession
import Testing

/// Okta's users, groups and applications, through the validating server, with each of the document's two schemes:
/// an API token as the whole `Authorization` header (`SSWS …`), or an OAuth 2 access token (`Bearer …`).
@Suite struct OktaWireTests {
    static let user = "00ub0oNGTSWTBKOLGLNR"
    static let group = "00g1emaKYZTWRYYRRTSK"
    static let app = "0oa1gjh63g214q0Hq0g4"

    @Test func usersGroupsAndApplicationsAreValidOnTheWireAndDecode() async throws {
        let (etag, answers) = try await ValidatingServer.run(document: "OktaClient/okta.yaml") { base in
            let api = Okta.RequestHandler(
                environment: Okta.Environment(baseURL: base),
                client: URLSessionClient().authenticated { "SSWS 00QCjAl4MlV-WPXM-ABCDEFGabcdefg1234567890" })
            let profile = Okta.UserProfile(email: "ann@example.com", firstName: "Ann", lastName: "Lee", login: "ann@example.com")
            _ = try await api.createUser(activate: false, body: .init(profile: profile))
            _ = try await api.listUsers(search: "profile.lastName eq \"Lee\"", limit: 20)
            let user = try await api.getUser(id: Self.user)
            _ = try await api.updateUser(id: Self.user, body: .init(profile: Okta.UserProfile(displayName: "Ann L.")))
            _ = try await api.activateUser(id: Self.user, sendEmail: false)
            _ = try await api.addGroup(body: .init(profile: .init(description: "Everyone in sales", name: "Sales")))
            _ = try await api.listGroups(q: "Sal", limit: 10)
            try await api.assignUserToGroup(groupId: Self.group, userId: Self.user)
            _ = try await api.listGroupUsers(groupId: Self.group, limit: 50)
            try await api.uploadApplicationLogo(
                appId: Self.app, body: .init(file: File(data: Data([0x89, 0x50, 0x4E, 0x47]), fileName: "logo.png", contentType: "image/png")))
            try await api.deleteUser(id: Self.user, sendEmail: false)
            return user.headers.etag
        }
        // The user's `ETag` response header, typed.
        #expect(etag == "text")
        expectAllValid(answers, operations: [
            "createUser", "listUsers", "getUser", "updateUser", "activateUser", "addGroup", "listGroups", "assignUserToGroup",
            "listGroupUsers", "uploadApplicationLogo", "deleteUser",
        ])
        // The API token went where `apiToken` says, and is not a bearer token.
        #expect(answers.allSatisfy { $0.security == [["apiToken"]] })
    }

    @Test func anOAuthAccessTokenIsSentAsABearerToken() async throws {
        let (_, answers) = try await ValidatingServer.run(document: "OktaClient/okta.yaml") { base in
            // A client holding an OAuth 2 access token serves the routes' `bearer` alternative alone.
            let api = Okta.RequestHandler(
                environment: Okta.Environment(baseURL: base),
                client: URLSessionClient().authenticated(for: [.bearer]) { "eyJraWQiOiJhY2Nlc3MtdG9rZW4ifQ" })
            _ = try await api.listUsers(limit: 20)
            _ = try await api.getGroup(groupId: Self.group)
            try await api.deleteGroup(groupId: Self.group)
        }
        expectAllValid(answers, operations: ["listUsers", "getGroup", "deleteGroup"])
        // `Authorization: Bearer …` meets `oauth2` (and, as any `Authorization` header does, `apiToken`).
        #expect(answers.allSatisfy { $0.security?.contains(["oauth2"]) == true })
    }
}
