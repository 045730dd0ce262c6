import Foundation
import GeneratedClients
import Testing

/// An untagged union (`oneOf` without a discriminator) of `Shapes.yaml`: `SquareOwner` is a `String`, an `Int` or a `Circle`.
@Suite struct UntaggedUnionTests {
    private func decode(_ json: String) throws -> Shapes.SquareOwner {
        try JSONDecoder().decode(Shapes.SquareOwner.self, from: Data(json.utf8))
    }

    @Test func eachVariantDecodesAndOtherKindsOfValueAreUnknown() throws {
        #expect(try decode(#""ann""#) == .string("ann"))
        #expect(try decode("7") == .int(7))
        #expect(try decode(#"{"kind":"circle","radius":2}"#) == .circle(Shapes.Circle(kind: "circle", radius: 2)))
        #expect(try decode("[1,2]") == .unknown([1, 2]))
        #expect(try decode("true") == .unknown(true))
    }

    @Test func anObjectOnlyACircleCouldBeIsABrokenCircleNotAnUnknownValue() throws {
        #expect {
            try decode(#"{"kind":"circle","radius":"wide"}"#)
        } throws: { error in
            guard case .typeMismatch(_, let context) = error as? DecodingError else { return false }
            return context.codingPath.map(\.stringValue) == ["radius"]
        }
        #expect(throws: DecodingError.self) { try decode(#"{"kind":"circle"}"#) }
    }
}
