import Foundation
import GeneratedClients
import RouteGenRuntime
import Testing

/// Constructs published documents use, as values: what their fixtures under `Tests/Specs` read and write.
@Suite struct ImportedConstructClientTests {
    @Test func aDiscriminatorHeldAsAnyTextPicksItsVariantAndEncodesBack() throws {
        let decoder = JSONCoding.makeDecoder()
        let inputs: [(String, JSONValue)] = [
            (#"{"data_type":"string","name":"plan"}"#, ["data_type": "string", "name": "plan"]),
            (#"{"data_type":"integer","minimum":3}"#, ["data_type": "integer", "minimum": 3]),
            (#"{"data_type":"list","options":["a"]}"#, ["data_type": "list", "options": ["a"]]),
        ]
        var cases: [String] = []
        for (json, expected) in inputs {
            let attribute = try decoder.decode(TextDiscriminators.Attribute.self, from: Data(json.utf8))
            switch attribute {
            case .stringAttribute(let value): cases.append("string \(value.name)")
            case .integerAttribute(let value): cases.append("integer \(value.minimum ?? 0)")
            case .listAttribute(let value): cases.append("list \(value.options)")
            case .unknown: cases.append("unknown")
            }
            #expect(try decoder.decode(JSONValue.self, from: try JSONCoding.makeEncoder().encode(attribute)) == expected)
        }
        #expect(cases == ["string plan", "integer 3", #"list ["a"]"#])
    }

    @Test func namesStartingWithADigitReadTheirTypes() throws {
        let json = #"{"400Detail":{"issue":"x"},"1":{"code":7},"400Details":[{"issue":"y"},{"code":2},[{"issue":"z"}]]}"#
        let problem = try JSONCoding.makeDecoder().decode(Digits.Problem.self, from: Data(json.utf8))
        #expect(problem._400Detail?.issue == "x" && problem._1.code == 7)
        #expect(problem._400Details?.count == 3)
        if case ._1(let one)? = problem._400Details?[1] { #expect(one.code == 2) } else { Issue.record("not `_1`") }
    }
}
