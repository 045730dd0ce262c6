import Foundation
import GeneratedClients
import RouteGenRuntime
import RouteGenTestSupport
import Testing

/// The generated client of `Specs/Payments.yaml` (unions, composition, JSON, decimals, integer enums, mixed
/// date formats, defaults, explicit null, Swift names, query styles) against a real server, with
/// Stripe-shaped payloads; and the real Stack Exchange response decoded and encoded back.
@Suite struct PaymentsClientTests {
    /// A charge as Stripe sends one: unix `created`, milliseconds, a calendar date, an RFC 3339 date, an exact
    /// amount, arbitrary metadata, an unexpanded customer, a SCREAMING_CASE status and an integer enum; and one
    /// whose customer and invoice were expanded.
    static let charge = """
        {"id":"ch_1","amount":19.99,"currency":"eur","customer":"cus_9","created":1707644926,\
        "captured_at":1707644926250,"refund_by":"2024-03-01","updated":"2024-02-11T10:48:46+01:00",\
        "metadata":{"order":6735,"gift":true,"note":null},"status":"FAILED_PERMANENTLY","risk_level":2}
        """
    static let expandedCharge = """
        {"id":"ch_2","amount":0.1,"currency":"eur","customer":{"id":"cus_9","email":"a@b.c"},"created":0,\
        "invoice":{"id":"in_1","object":"invoice","lines":[]},\
        "updated":"1970-01-01T00:00:00Z","metadata":[],"status":"","risk_level":7}
        """

    private static func payments(_ base: URL, _ transport: Transport) -> Payments.RequestHandler {
        Payments.RequestHandler(environment: .init(baseURL: base), client: transport.client())
    }

    @Test(arguments: Transport.allCases)
    func stripeShapedChargesDecodeExactlyAndRoundTrip(transport: Transport) async throws {
        let received = try await withRecordingServer(reply: { _ in .json("[\(Self.charge),\(Self.expandedCharge)]") }) { base, recorded in
            let charges = try await Self.payments(base, transport).listCharges(
                expand: ["customer", "invoice"], ids: ["ch_1", "ch_2"], tags: ["a", "b"],
                created: Date(timeIntervalSince1970: 1_707_644_926),
                filter: .init(status: .succeeded, minAmount: 500), risk: ._1)
            let first = try #require(charges.first)
            #expect(first.amount == Decimal(string: "19.99"))
            // `fee_rate` is absent: its exact server default, `0.029`.
            #expect(first.feeRate == Decimal(string: "0.029"))
            #expect(first.customer == .id("cus_9") && first.customer.id == "cus_9" && first.invoice == nil)
            #expect(first.created == Date(timeIntervalSince1970: 1_707_644_926))
            #expect(first.capturedAt == Date(timeIntervalSince1970: 1_707_644_926.25))
            #expect(first.refundBy == Date(timeIntervalSince1970: 1_709_251_200))
            #expect(first.updated == Date(timeIntervalSince1970: 1_707_644_926))
            #expect(first.metadata == ["order": 6735, "gift": true, "note": nil])
            #expect(first.status == .failedPermanently && first.riskLevel == ._2)
            let second = charges[1]
            #expect(second.customer == .object(Payments.Customer(id: "cus_9", email: "a@b.c")))
            #expect(second.invoice?.object?["object"] == "invoice" && second.invoice?.id == nil)
            #expect(second.status == .empty && second.riskLevel == .unknown(7) && second.metadata == [])
            #expect(second.capturedAt == nil)

            let encoder = JSONCoding.makeEncoder()
            let again = try JSONCoding.makeDecoder().decode([Payments.Charge].self, from: try encoder.encode(charges))
            #expect(again == charges)
            let object = try #require(try JSONSerialization.jsonObject(with: try encoder.encode(first)) as? NSDictionary)
            let original = try #require(try JSONSerialization.jsonObject(with: Data(Self.charge.utf8)) as? NSDictionary)
            #expect(object["created"] as? Int == 1_707_644_926 && object["captured_at"] as? Int == 1_707_644_926_250)
            #expect(object["refund_by"] as? String == "2024-03-01" && object["updated"] as? String == "2024-02-11T09:48:46Z")
            #expect(object["amount"] as? NSNumber == original["amount"] as? NSNumber)
            return recorded.withLock { $0 }
        }
        #expect(
            received.first?.query
                == "limit=10&expand%5B%5D=customer&expand%5B%5D=invoice&ids=ch_1%2Cch_2&tags=a&tags=b&created=1707644926"
                + "&filter%5Bstatus%5D=succeeded&filter%5Bmin_amount%5D=500&risk=1")
    }

    /// Stripe's cursor pagination as a sequence: each request sets `starting_after` to the last customer's `id`
    /// until `has_more` is false; leaving the loop requests no more; the mock pages the same way.
    @Test(arguments: Transport.allCases)
    func cursorPagesAreRequestedOneAtATime(transport: Transport) async throws {
        let pages = ["": (["cus_1", "cus_2"], true), "cus_2": (["cus_3", "cus_4"], true), "cus_4": (["cus_5"], false)]
        try await withRecordingServer(reply: { request in
            let cursor = request.query?.components(separatedBy: "starting_after=").dropFirst().first ?? ""
            let (ids, more) = pages[cursor] ?? ([], false)
            let data = ids.map { #"{"id":"\#($0)"}"# }.joined(separator: ",")
            return .json(#"{"data":[\#(data)],"has_more":\#(more),"url":"/customers"}"#)
        }) { base, recorded in
            let payments = Self.payments(base, transport)
            var ids: [String] = []
            for try await customer in payments.listCustomersPages(limit: 2).items { ids.append(customer.id) }
            #expect(ids == ["cus_1", "cus_2", "cus_3", "cus_4", "cus_5"])
            #expect(recorded.withLock { $0.map { $0.query ?? "" } } == ["limit=2", "limit=2&starting_after=cus_2", "limit=2&starting_after=cus_4"])

            for try await page in payments.listCustomersPages(email: "a@b.c") {
                #expect(page.data.count == 2)
                break
            }
            #expect(recorded.withLock { $0.count } == 4)
        }

        let mock = Payments.MockRequestHandler()
        mock.endpoints.listCustomers.answer { route in
            guard case .listCustomers(_, _, let cursor) = route else { return Payments.CustomerList(data: [], hasMore: false, url: "") }
            let next = cursor == nil ? "cus_1" : "cus_2"
            return Payments.CustomerList(data: [Payments.Customer(id: next)], hasMore: cursor == nil, url: "/customers")
        }
        var mocked: [String] = []
        for try await customer in mock.listCustomersPages().items { mocked.append(customer.id) }
        #expect(mocked == ["cus_1", "cus_2"])
    }

    /// A next-page token in the response, page numbers and offsets: each ends where the spec says.
    @Test(arguments: Transport.allCases)
    func tokenPageNumberAndOffsetPagination(transport: Transport) async throws {
        try await withRecordingServer(reply: { request in
            let query = request.query ?? ""
            switch request.path {
            case "/customers/search":
                let last = query.contains("page=t2")
                let next = last ? "null" : query.contains("page=t1") ? #""t2""# : #""t1""#
                return .json(#"{"data":[{"id":"c\#(query.count)"}],"has_more":\#(!last),"next_page":\#(next)}"#)
            default:
                // Two pages of two reactions, then an empty page.
                let position = Int(query.components(separatedBy: "=").last ?? "") ?? 0
                let isEmpty = request.path == "/reactions" ? position > 2 : position >= 4
                return .json(isEmpty ? #"{"items":[]}"# : #"{"items":[{"+1":1,"-1":0},{"+1":2,"-1":0}]}"#)
            }
        }) { base, recorded in
            let payments = Self.payments(base, transport)
            var found = 0
            for try await _ in payments.searchCustomersPages(query: "ann").items { found += 1 }
            #expect(found == 3)
            var reactions = 0
            for try await _ in payments.listReactionsPages().items { reactions += 1 }
            for try await _ in payments.listReactionsByOffsetPages().items { reactions += 1 }
            #expect(reactions == 8)
            #expect(recorded.withLock { $0.map { $0.path + "?" + ($0.query ?? "") } } == [
                "/customers/search?query=ann", "/customers/search?query=ann&page=t1", "/customers/search?query=ann&page=t2",
                "/reactions?", "/reactions?page=2", "/reactions?page=3",
                "/reactions/all?", "/reactions/all?offset=2", "/reactions/all?offset=4",
            ])
        }
    }

    @Test(arguments: Transport.allCases)
    func formsUseTheAPIsListStyleAndPatchesTellNullFromAbsent(transport: Transport) async throws {
        let received = try await withRecordingServer(reply: { _ in .json(Self.charge) }) { base, recorded in
            let payments = Self.payments(base, transport)
            _ = try await payments.updateCharge(
                id: "ch_1", body: .init(description: "Gift", metadata: ["order": "1"], expand: ["customer"], tags: ["a", "b"]))
            _ = try await payments.patchCharge(id: "ch_1", body: .init(description: .some(nil)))
            _ = try await payments.patchCharge(id: "ch_1", body: .init(description: "New", metadata: ["k": [1, 2]]))
            _ = try await payments.patchCharge(id: "ch_1", body: .init())
            return recorded.withLock { $0 }
        }
        #expect(received[0].headers["content-type"] == "application/x-www-form-urlencoded")
        #expect(received[0].bodyText == "description=Gift&metadata%5Border%5D=1&expand%5B%5D=customer&tags=a%2Cb")
        #expect(received[1].bodyText == #"{"description":null}"#)
        #expect(received[2].jsonObject == ["description": "New", "metadata": ["k": [1, 2]]])
        #expect(received[3].bodyText == "{}")
    }

    @Test(arguments: Transport.allCases)
    func eventsDecodeByTheirDiscriminatorAndKeepUnknownOnes(transport: Transport) async throws {
        let events = """
            [{"id":"evt_1","type":"charge.succeeded","charge":\(Self.charge)},\
            {"id":"evt_2","type":"charge.refunded","livemode":true,"amount":5.5},\
            {"id":"evt_3","type":"payout.paid","amount":1}]
            """
        try await withRecordingServer(reply: { _ in .json(events) }) { base, _ in
            let decoded = try await Self.payments(base, transport).listEvents()
            guard case .chargeEvent(let succeeded) = decoded[0] else {
                Issue.record("not a charge event: \(decoded[0])")
                return
            }
            #expect(succeeded.charge.id == "ch_1" && succeeded.livemode == false)
            #expect(decoded[1] == .refundEvent(Payments.RefundEvent(id: "evt_2", type: "charge.refunded", livemode: true, amount: 5.5)))
            #expect(decoded[2] == .unknown(["id": "evt_3", "type": "payout.paid", "amount": 1]))
            let encoder = JSONCoding.makeEncoder()
            encoder.outputFormatting = .sortedKeys
            #expect(String(decoding: try encoder.encode(decoded[2]), as: UTF8.self) == #"{"amount":1,"id":"evt_3","type":"payout.paid"}"#)
            #expect(try JSONCoding.makeDecoder().decode([Payments.Event].self, from: try encoder.encode(decoded)) == decoded)
        }
    }

    @Test(arguments: Transport.allCases)
    func modelsOnlySentAreEncodableAndGoOutAsTheirVariant(transport: Transport) async throws {
        // Requests alone reach the union, its card and the inline body: the client never decodes them.
        #expect(!(Payments.PaymentSource.self is any Decodable.Type) && !(Payments.CardDetails.self is any Decodable.Type))
        #expect(!(Payments.AttachSourceBody.self is any Decodable.Type))
        #expect(Payments.Customer.self is any Decodable.Type && Payments.ChargeStatus.self is any Decodable.Type)
        let received = try await withRecordingServer(reply: { _ in .json(#"{"id":"cus_1"}"#) }) { base, recorded in
            let payments = Self.payments(base, transport)
            _ = try await payments.attachSource(id: "cus_1", body: .init(source: .cardDetails(.init(number: "4242", expMonth: 12))))
            let customer = try await payments.attachSource(id: "cus_1", body: .init(source: .string("src_9")))
            #expect(customer == Payments.Customer(id: "cus_1"))
            return recorded.withLock { $0 }
        }
        #expect(received.map { "\($0.method) \($0.path)" } == ["POST /customers/cus_1/sources", "POST /customers/cus_1/sources"])
        #expect(received[0].jsonObject == ["source": ["number": "4242", "exp_month": 12]])
        #expect(received[1].bodyText == #"{"source":"src_9"}"#)
    }

    @Test(arguments: Transport.allCases)
    func swiftNamesAndDefaults(transport: Transport) async throws {
        let received = try await withRecordingServer(reply: { _ in .json(#"{"+1":3,"-1":1}"#) }) { base, recorded in
            let reaction = try await Self.payments(base, transport).react(body: .init(plusOne: 2, minusOne: 0))
            #expect(reaction == Payments.Reaction(plusOne: 3, minusOne: 1, laugh: 0))
            return recorded.withLock { $0 }
        }
        #expect(received.first?.jsonObject == ["+1": 2, "-1": 0, "laugh": 0])
    }

    @Test(arguments: Transport.allCases)
    func aRealStackExchangeResponseDecodesAndEncodesBack(transport: Transport) async throws {
        let fixture = try Data(contentsOf: SpecFiles.repositoryRoot.appendingPathComponent("Tests/RouteGenRuntimeTests/Fixtures/stackexchange-questions.json"))
        let received = try await withRecordingServer(reply: { _ in ServerReply(headers: ["Content-Type": "application/json"], body: fixture) }) { base, recorded in
            let api = StackExchange.RequestHandler(environment: .init(baseURL: base), client: transport.client())
            let page = try await api.questions(fromdate: Date(timeIntervalSince1970: 1_691_000_000), sort: "activity")
            #expect(page.items.count == 10 && page.hasMore && page.quotaRemaining == 128)
            let first = try #require(page.items.first)
            #expect(first.owner.displayName == "Иван Болдырев" && first.owner.userType == .registered)
            #expect(first.lastActivityDate == Date(timeIntervalSince1970: 1_691_915_283))
            #expect(page.items.contains { $0.score < 0 })
            let encoded = try JSONCoding.makeEncoder().encode(page)
            let again = try #require(try JSONSerialization.jsonObject(with: encoded) as? NSDictionary)
            let original = try #require(try JSONSerialization.jsonObject(with: fixture) as? NSDictionary)
            #expect(again == original)
            return recorded.withLock { $0 }
        }
        #expect(received.first?.query == "site=stackoverflow&fromdate=1691000000&page=1&sort=activity")
    }
}

/// Where the repository is, from this file's path.
enum SpecFiles {
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
}
