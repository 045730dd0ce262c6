import Foundation
@_spi(Generated) import RouteGenRuntime
import RouteGenTestSupport
import Testing

/// `decode(_:takingOnly:in:)`, how a generated union decodes a closed variant, as a property over random objects: an
/// object none of whose keys is outside the variant's decodes exactly as the variant's own (lenient) decoder reads
/// it; any other throws a `DecodingError` naming the union and a key the variant does not take, so the union tries
/// its next variant instead of dropping that key's value (issue 51, bug 4).
@Suite struct ClosedObjectDecodingTests {
    /// A generated model: it ignores keys it does not declare.
    struct Card: Decodable, Equatable {
        var last4: String?
        var brand: String?
    }

    /// Stands for the union whose variant `Card` is.
    enum PaymentMethod {}

    /// What the union's decoder does with a closed `Card`.
    struct ClosedCard: Decodable {
        var card: Card

        init(from decoder: any Decoder) throws {
            card = try decoder.singleValueContainer().decode(
                Card.self, takingOnly: ["last4", "brand"], in: PaymentMethod.self)
        }
    }

    static let keys = ["last4", "brand", "iban", "holder", "", "Last4", "brand ", "last4\u{301}"]

    @Test func anObjectIsTheClosedVariantExactlyWhenItHasNoOtherKey() throws {
        var random = SeededGenerator(seed: 51)
        for _ in 0..<300 {
            let chosen = Self.keys.filter { _ in Bool.random(using: &random) }
            let object = Dictionary(
                uniqueKeysWithValues: chosen.map { ($0, "v\(Int.random(in: 0..<10, using: &random))") })
            let data = try JSONSerialization.data(withJSONObject: object)
            let others = Set(chosen).subtracting(["last4", "brand"])
            if others.isEmpty {
                let decoded = try JSONDecoder().decode(ClosedCard.self, from: data).card
                #expect(decoded == (try JSONDecoder().decode(Card.self, from: data)), "\(object)")
            } else {
                #expect("\(object)") {
                    try JSONDecoder().decode(ClosedCard.self, from: data)
                } throws: { error in
                    guard case .dataCorrupted(let context) = error as? DecodingError else { return false }
                    return context.debugDescription.contains("PaymentMethod")
                        && context.debugDescription.contains("the key \"\(others.min() ?? "")\"")
                }
            }
        }
    }

    /// A value that is not an object fails as the variant's own decoder fails on it.
    @Test(arguments: [#""4242""#, "[]", "7", "null"])
    func aValueThatIsNotAnObjectFailsAsTheVariant(json: String) {
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(ClosedCard.self, from: Data(json.utf8)) }
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Card.self, from: Data(json.utf8)) }
    }
}
