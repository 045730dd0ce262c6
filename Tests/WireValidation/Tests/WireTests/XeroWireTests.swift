import Foundation
import RouteGenToolkit
import RouteGenURLSession
import Testing
import XeroClient

/// Xero's contacts, invoices and items, through the validating server: the organisation in the `xero-tenant-id`
/// header, `If-Modified-Since` and `Idempotency-Key`, lists of UUIDs in a comma-separated query, an OAuth 2 token.
///
/// `getContact` (kept in the configuration) is not called: its path, `/Contacts/{ContactID}`, is the document's
/// `/Contacts/{ContactNumber}` too, so no server can tell which of the two a request is.
@Suite struct XeroWireTests {
    static let tenant = "9d2a3f4e-8c1b-4d5e-a6f7-0b1c2d3e4f50"
    static let contact = UUID(uuidString: "3e8c1e8d-2f4b-4a57-9a0f-6a1a8c0f2b11")!
    static let invoice = UUID(uuidString: "7f5b9a1c-4d2e-4c3b-8e6f-1a2b3c4d5e6f")!
    static let item = UUID(uuidString: "0c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f")!

    @Test func contactsInvoicesAndItemsAreValidOnTheWireAndDecode() async throws {
        let (_, answers) = try await ValidatingServer.run(document: "XeroClient/xero.yaml") { base in
            let api = Xero.RequestHandler(
                environment: Xero.Environment(baseURL: base.appendingPathComponent("api.xro/2.0")),
                client: URLSessionClient().authenticated { "eyJhbGciOiJSUzI1NiJ9.xero-access-token" })
            let ann = Xero.Contact(name: "Ann Lee", firstName: "Ann", lastName: "Lee", emailAddress: "ann@example.com")
            _ = try await api.createContacts(xeroTenantId: Self.tenant, idempotencyKey: "contact-6735", body: .init(contacts: [ann]))
            _ = try await api.getContacts(
                where: "ContactStatus==\"ACTIVE\"", iDs: [Self.contact], page: 1, xeroTenantId: Self.tenant,
                ifModifiedSince: Date(timeIntervalSince1970: 1_700_000_000))
            _ = try await api.updateContact(
                contactID: Self.contact, xeroTenantId: Self.tenant, body: .init(contacts: [.init(emailAddress: "ann.lee@example.com")]))
            let invoice = Xero.Invoice(
                type: .accrec, contact: .init(contactID: Self.contact),
                lineItems: [.init(description: "Consulting", quantity: 2, unitAmount: 150, accountCode: "200")],
                date: "2024-05-01", dueDate: "2024-05-31", lineAmountTypes: .exclusive, reference: "Order 6735", status: .draft)
            _ = try await api.createInvoices(xeroTenantId: Self.tenant, body: .init(invoices: [invoice]))
            _ = try await api.getInvoices(statuses: ["DRAFT", "AUTHORISED"], page: 1, xeroTenantId: Self.tenant)
            _ = try await api.getInvoice(invoiceID: Self.invoice, xeroTenantId: Self.tenant)
            _ = try await api.updateInvoice(
                invoiceID: Self.invoice, xeroTenantId: Self.tenant, body: .init(invoices: [.init(status: .authorised)]))
            _ = try await api.createItems(
                xeroTenantId: Self.tenant, body: .init(items: [.init(code: "CONSULT", name: "Consulting", isSold: true)]))
            _ = try await api.getItem(itemID: Self.item, xeroTenantId: Self.tenant)
            try await api.deleteItem(itemID: Self.item, xeroTenantId: Self.tenant)
        }
        expectAllValid(answers, operations: [
            "createContacts", "getContacts", "updateContact", "createInvoices", "getInvoices", "getInvoice",
            "updateInvoice", "createItems", "getItem", "deleteItem",
        ])
        #expect(answers.allSatisfy { $0.security == [["OAuth2"]] })
    }
}
