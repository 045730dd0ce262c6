import Foundation
@_spi(Generated) import RouteGenRuntime
import Testing

/// Form bodies the way Stripe and Rails read them.
@Suite struct FormEncoderTests {
    struct Card: Encodable, Sendable {
        var number: String
        var expMonth: Int
        var cvc: String?

        enum CodingKeys: String, CodingKey {
            case number
            case expMonth = "exp_month"
            case cvc
        }
    }

    struct Item: Encodable, Sendable {
        var price: String
        var quantity: Int
    }

    struct Charge: Encodable, Sendable {
        var amount: Int
        var capture: Bool
        var metadata: [String: String]?
        var card: Card?
        var expand: [String]?
        var items: [Item]
        var description: String??
        var created: Date?

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: JSONKey.self)
            try container.encode(amount, forKey: "amount")
            try container.encode(capture, forKey: "capture")
            try container.encodeIfPresent(metadata, forKey: "metadata")
            try container.encodeIfPresent(card, forKey: "card")
            try container.encodeIfPresent(expand, forKey: "expand")
            try container.encode(items, forKey: "items")
            if let description { try container.encode(description, forKey: "description") }
            try container.encodeIfPresent(created, forKey: "created")
        }
    }

    private func encoded(_ fields: [FormField]) throws -> String {
        try fields.queryItems().map(\.encoded).joined(separator: "&")
    }

    @Test func nestedKeysBracketsAndBooleansAsStripeExpects() throws {
        let charge = Charge(
            amount: 2000, capture: false, metadata: ["order_id": "6735"],
            card: Card(number: "4242 4242", expMonth: 12, cvc: nil), expand: ["customer", "invoice"],
            items: [Item(price: "p_1", quantity: 1), Item(price: "p_2", quantity: 3)], description: .some(nil),
            created: Date(timeIntervalSince1970: 1_707_644_926))
        let fields = try FormEncoder().encode(charge, styles: ["expand": .brackets])
        #expect(
            try encoded(fields)
                == "amount=2000&capture=false&metadata%5Border_id%5D=6735&card%5Bnumber%5D=4242%204242"
                + "&card%5Bexp_month%5D=12&expand%5B%5D=customer&expand%5B%5D=invoice&items%5B0%5D%5Bprice%5D=p_1"
                + "&items%5B0%5D%5Bquantity%5D=1&items%5B1%5D%5Bprice%5D=p_2&items%5B1%5D%5Bquantity%5D=3"
                + "&description=&created=2024-02-11T09%3A48%3A46Z")
    }

    @Test func listStyles() throws {
        struct Query: Encodable { var ids: [Int] }
        let query = Query(ids: [1, 2, 3])
        #expect(try encoded(FormEncoder(arrayStyle: .repeat).encode(query)) == "ids=1&ids=2&ids=3")
        #expect(try encoded(FormEncoder(arrayStyle: .brackets).encode(query)) == "ids%5B%5D=1&ids%5B%5D=2&ids%5B%5D=3")
        #expect(try encoded(FormEncoder(arrayStyle: .comma).encode(query)) == "ids=1%2C2%2C3")
        #expect(try encoded(FormEncoder().encode(query, styles: ["ids": .comma])) == "ids=1%2C2%2C3")
    }

    @Test func aValueUnderANameForDeepObjectQueries() throws {
        let fields = try FormEncoder().encode(["color": "red"], named: "filter")
        #expect(try fields.queryItems() == [QueryItem(name: "filter[color]", value: "red")])
    }

    @Test func filesBecomeMultipartPartsAndAreRefusedInForms() throws {
        struct Upload: Encodable, Sendable {
            var file: File
            var purpose: String
        }
        let upload = Upload(file: File(data: Data([1, 2]), fileName: "a.bin", contentType: "image/png"), purpose: "dispute")
        let fields = try FormEncoder().encode(upload)
        #expect(fields.map(\.name) == ["file", "purpose"])
        #expect(throws: EncodingError.self) { try fields.queryItems() }
        let form = fields.multipartForm(boundary: "B")
        #expect(form.parts.map(\.filename) == ["a.bin", nil])
        #expect(form.parts.first?.contentType == "image/png")
    }

    @Test func aFileCannotBeWrittenIntoJSON() {
        #expect(throws: EncodingError.self) { try JSONEncoder().encode(["f": File(data: Data())]) }
    }

    @Test func aFormMustBeAnObject() {
        #expect(throws: EncodingError.self) { try FormEncoder().encode("text") }
    }
}
