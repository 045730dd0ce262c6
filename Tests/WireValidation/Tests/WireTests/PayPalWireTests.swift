import Foundation
import PayPalClient
import RouteGenToolkit
import RouteGenURLSession
import Testing

/// PayPal's invoices and templates, through the validating server: nested JSON bodies with money as text
/// (`{"currency_code": "USD", "value": "25.00"}`), an `allOf` of a general error and a narrower one for every error
/// body, an OAuth 2 token.
@Suite struct PayPalWireTests {
    static let invoice = "INV2-Z56S-5LLA-Q52L-CPZ5"

    @Test func invoicesAndTemplatesAreValidOnTheWireAndDecode() async throws {
        let (_, answers) = try await ValidatingServer.run(document: "PayPalClient/paypal.json") { base in
            let api = PayPal.RequestHandler(
                environment: PayPal.Environment(baseURL: base),
                client: URLSessionClient().authenticated { "A21AAFEpH4PsADK7qSS7pSRsgzfENtu-Q1ysgEDVDESseMHBYXVJYE8ovjj68elIDy8nF26AwPhfXTIeWAZHSLIsQkSYz9ifg" })
            let number = try await api.invoicingGenerateNextInvoiceNumber()
            let draft = PayPal.Invoice(
                detail: .init(currencyCode: "USD", note: "Thank you for your business.", invoiceNumber: number.invoiceNumber, invoiceDate: "2024-05-01"),
                primaryRecipients: [.init(billingInfo: .init(name: .init(givenName: "Ann", surname: "Lee"), emailAddress: "ann@example.com"))],
                items: [.init(name: "Consulting", quantity: "2", unitAmount: .init(currencyCode: "USD", value: "150.00"))])
            _ = try await api.invoicesCreate(body: draft)
            _ = try await api.invoicesList(page: 1, pageSize: 20, totalRequired: true)
            _ = try await api.invoicesGet(invoiceId: Self.invoice)
            _ = try await api.invoicesUpdate(invoiceId: Self.invoice, sendToRecipient: false, body: draft)
            _ = try await api.invoicesSend(invoiceId: Self.invoice, body: .init(subject: "Your invoice", sendToRecipient: true))
            _ = try await api.invoicesPayments(
                invoiceId: Self.invoice,
                body: .init(paymentDate: "2024-05-10", method: .bankTransfer, amount: .init(currencyCode: "USD", value: "300.00")))
            _ = try await api.invoicesSearchInvoices(pageSize: 10, body: .init(recipientEmail: "ann@example.com", status: [.paid]))
            _ = try await api.templatesCreate(body: .init(name: "Consulting", defaultTemplate: false))
            _ = try await api.templatesList(pageSize: 10)
            try await api.invoicesDelete(invoiceId: Self.invoice)
        }
        expectAllValid(answers, operations: [
            "invoicing.generate-next-invoice-number", "invoices.create", "invoices.list", "invoices.get", "invoices.update",
            "invoices.send", "invoices.payments", "invoices.search-invoices", "templates.create", "templates.list",
            "invoices.delete",
        ])
        #expect(answers.allSatisfy { $0.security == [["Oauth2"]] })
    }
}
