import Foundation
import RouteGenToolkit
import RouteGenURLSession
import StripeClient
import Testing

/// What an app selling subscriptions calls of Stripe (28 operations), through the validating server: form bodies
/// with nested objects and lists (`metadata[k]`, `items[0][price]`), deepObject queries (`created[gte]`),
/// `expand[]` answered with objects in place of IDs, Basic or bearer auth.
@Suite struct StripeWireTests {
    @Test func customersPaymentsSubscriptionsInvoicesAndPricesAreValidOnTheWireAndDecode() async throws {
        let ((customer, customers, intent), answers) = try await ValidatingServer.run(document: "StripeClient/stripe.yaml") { base in
            let api = Stripe.RequestHandler(
                environment: Stripe.Environment(baseURL: base),
                client: URLSessionClient().authenticated(basic: { BasicCredentials(user: "sk_test_123", password: "") }))
            let since = Stripe.GetCustomersCreated.getCustomersCreatedRangeQuerySpecs(.init(gte: 1_700_000_000))

            // Customers.
            let customer = try await api.postCustomers(
                body: Stripe.PostCustomersBody(
                    address: .init(city: "Paris", country: "FR", line1: "1 rue de Rivoli", postalCode: "75001"),
                    description: "A loyal customer", email: "ann@example.com", expand: ["invoice_settings.default_payment_method"],
                    metadata: ["order_id": "6735"], name: "Ann Lee"))
            let customers = try await api.getCustomers(created: since, email: "ann@example.com", expand: ["data.default_source"], limit: 3)
            _ = try await api.getCustomersCustomer(customer: "cus_1")
            _ = try await api.postCustomersCustomer(customer: "cus_1", body: .init(description: "Still loyal", metadata: ["tier": "gold"]))
            // Stripe clears a field sent empty: `metadata=` removes every key.
            _ = try await api.postCustomersCustomer(customer: "cus_1", body: .init(metadata: .some(nil)))
            _ = try await api.getCustomersSearch(limit: 10, query: "email:'ann@example.com'")
            _ = try await api.deleteCustomersCustomer(customer: "cus_1")

            // Products and prices.
            _ = try await api.postProducts(
                body: .init(defaultPriceData: .init(currency: "eur", unitAmount: 1200), description: "Monthly box", name: "Box"))
            _ = try await api.getProducts(active: true, limit: 5)
            _ = try await api.postPrices(
                body: .init(currency: "eur", lookupKey: "box_monthly", product: "prod_1", recurring: .init(interval: .month), unitAmount: 1200))
            _ = try await api.getPrices(active: true, lookupKeys: ["box_monthly"], type: .recurring)
            _ = try await api.getPricesPrice(price: "price_1")

            // Payment intents.
            _ = try await api.postPaymentIntents(
                body: .init(
                    amount: 2000, automaticPaymentMethods: .init(enabled: true), currency: "eur", customer: "cus_1",
                    metadata: ["order_id": "6735"]))
            _ = try await api.getPaymentIntents(customer: "cus_1", limit: 10)
            let intent = try await api.getPaymentIntentsIntent(intent: "pi_1", expand: ["customer"])
            _ = try await api.postPaymentIntentsIntent(intent: "pi_1", body: .init(description: "Order 6735"))
            _ = try await api.postPaymentIntentsIntentConfirm(intent: "pi_1", body: .init(paymentMethod: "pm_card_visa"))
            _ = try await api.postPaymentIntentsIntentCapture(intent: "pi_1", body: .init(amountToCapture: 2000))
            _ = try await api.postPaymentIntentsIntentCancel(intent: "pi_1", body: .init(cancellationReason: .requestedByCustomer))

            // Subscriptions and invoices.
            _ = try await api.postSubscriptions(
                body: .init(customer: "cus_1", items: [.init(price: "price_1", quantity: 2)], metadata: ["plan": "box"]))
            _ = try await api.getSubscriptions(customer: "cus_1", limit: 10, status: .active)
            _ = try await api.getSubscriptionsSubscriptionExposedId(subscriptionExposedId: "sub_1")
            _ = try await api.postSubscriptionsSubscriptionExposedId(subscriptionExposedId: "sub_1", body: .init(cancelAtPeriodEnd: true))
            _ = try await api.deleteSubscriptionsSubscriptionExposedId(subscriptionExposedId: "sub_1", body: .init(invoiceNow: true))
            _ = try await api.postInvoices(body: .init(autoAdvance: false, customer: "cus_1", description: "Extra box"))
            _ = try await api.getInvoices(customer: "cus_1", limit: 10, status: .open)
            _ = try await api.getInvoicesInvoice(invoice: "in_1")
            _ = try await api.postInvoicesInvoiceFinalize(invoice: "in_1", body: .init(autoAdvance: true))
            _ = try await api.postInvoicesInvoicePay(invoice: "in_1", body: .init(paidOutOfBand: true))
            // A list walked page by page (imported `pagination:`): the second request sets `starting_after` to the
            // last customer's `id`. The synthesized pages always say `has_more`, so the loop stops itself.
            var pages = 0
            for try await page in api.getCustomersPages(limit: 1) {
                pages += page.data.isEmpty ? 0 : 1
                if pages == 2 { break }
            }
            #expect(pages == 2)
            return (customer, customers, intent)
        }
        // The synthesized customer: its one-value `object`, and `created` (unix time) read as a date.
        #expect(customer.object == "customer" && customer.created == Date(timeIntervalSince1970: 1))
        // Expanded references arrive as objects: typed where the configuration asks (`PaymentIntent.customer`), as
        // JSON elsewhere (`Customer.default_source`), and an ID where the request did not expand (`invoice`).
        guard case .object(.customer(let expanded))? = intent.customer else {
            Issue.record("the expanded customer is \(String(describing: intent.customer))")
            return
        }
        #expect(expanded.object == "customer")
        #expect(customers.data.first?.defaultSource?.object?["object"] == "bank_account")
        // The next page starts after the last customer of the page before.
        let lastID = customer.id.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
        #expect(answers.suffix(2).map(\.query) == ["limit=1", "limit=1&starting_after=\(lastID)"])
        expectAllValid(answers, operations: [
            "PostCustomers", "GetCustomers", "GetCustomersCustomer", "PostCustomersCustomer", "PostCustomersCustomer", "GetCustomersSearch",
            "DeleteCustomersCustomer", "PostProducts", "GetProducts", "PostPrices", "GetPrices", "GetPricesPrice",
            "PostPaymentIntents", "GetPaymentIntents", "GetPaymentIntentsIntent", "PostPaymentIntentsIntent",
            "PostPaymentIntentsIntentConfirm", "PostPaymentIntentsIntentCapture", "PostPaymentIntentsIntentCancel",
            "PostSubscriptions", "GetSubscriptions", "GetSubscriptionsSubscriptionExposedId",
            "PostSubscriptionsSubscriptionExposedId", "DeleteSubscriptionsSubscriptionExposedId", "PostInvoices", "GetInvoices",
            "GetInvoicesInvoice", "PostInvoicesInvoiceFinalize", "PostInvoicesInvoicePay", "GetCustomers", "GetCustomers",
        ])
    }
}
