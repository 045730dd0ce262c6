import Foundation
import PlaidClient
import RouteGenToolkit
import RouteGenURLSession
import Testing

/// Plaid's Link, items, accounts and transactions, through the validating server: RPC-style JSON bodies, and the one
/// security requirement of three schemes at once (the client ID, the secret and the API version headers), each
/// sent by the authenticating client that holds it.
@Suite struct PlaidWireTests {
    static let accessToken = "access-sandbox-de3ce8ef-33f8-452c-a685-8671031fc0f6"

    @Test func linkItemsAccountsAndTransactionsAreValidOnTheWireAndDecode() async throws {
        let (_, answers) = try await ValidatingServer.run(document: "PlaidClient/plaid.yml") { base in
            let client = URLSessionClient()
                .authenticated(for: [.header("PLAID-CLIENT-ID")]) { "5e4b1a2c3d4e5f6a7b8c9d0e" }
                .authenticated(for: [.header("PLAID-SECRET")]) { "0123456789abcdef0123456789abcd" }
                .authenticated(for: [.header("Plaid-Version")]) { "2020-09-14" }
            let api = Plaid.RequestHandler(environment: Plaid.Environment(baseURL: base), client: client)
            _ = try await api.linkTokenCreate(
                body: .init(
                    clientName: "Budget", language: "en", countryCodes: [.us], user: .init(clientUserId: "user-6735"),
                    products: [.transactions]))
            _ = try await api.sandboxPublicTokenCreate(body: .init(institutionId: "ins_109508", initialProducts: [.transactions]))
            _ = try await api.itemPublicTokenExchange(body: .init(publicToken: "public-sandbox-b0e2c4ee-a763-4df5-bfe9-46a46bce993d"))
            _ = try await api.accountsGet(body: .init(accessToken: Self.accessToken))
            _ = try await api.transactionsSync(body: .init(accessToken: Self.accessToken, count: 100))
            _ = try await api.itemGet(body: .init(accessToken: Self.accessToken))
            _ = try await api.itemWebhookUpdate(
                body: .init(accessToken: Self.accessToken, webhook: URL(string: "https://example.com/plaid-webhook")))
            _ = try await api.institutionsGetById(body: .init(institutionId: "ins_109508", countryCodes: [.us]))
            _ = try await api.categoriesGet(body: [:])
            _ = try await api.itemRemove(body: .init(accessToken: Self.accessToken))
        }
        expectAllValid(answers, operations: [
            "linkTokenCreate", "sandboxPublicTokenCreate", "itemPublicTokenExchange", "accountsGet", "transactionsSync",
            "itemGet", "itemWebhookUpdate", "institutionsGetById", "categoriesGet", "itemRemove",
        ])
        // Every call met the requirement of all three headers; the categories, `security: []`, need none.
        #expect(answers.filter { $0.operation != "categoriesGet" }.allSatisfy { $0.security == [["clientId", "plaidVersion", "secret"]] })
        #expect(answers.first { $0.operation == "categoriesGet" }?.security == [])
    }
}
