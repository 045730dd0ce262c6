import Foundation
import RouteGenRuntime
import RouteGenTesting
import Testing

@Suite struct ResponseDecodingTests {
    struct Question: Decodable {
        var question_id: Int
        var title: String
        var owner: Owner
        struct Owner: Decodable { var display_name: String }
    }

    struct Page: Decodable {
        var items: [Question]
        var has_more: Bool
    }

    static let stackExchange: Data = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/stackexchange-questions.json")
        return (try? Data(contentsOf: url)) ?? Data()
    }()

    @Test func decodesRealData() throws {
        let page = try ResponseDecoding.decode(
            Page.self, from: Self.stackExchange, response: APIResponse(statusCode: 200), for: Requests.get(),
            decoder: JSONCoding.makeDecoder())
        #expect(!page.items.isEmpty)
        #expect(page.items.allSatisfy { $0.question_id > 0 && !$0.title.isEmpty })
    }

    @Test func aMismatchSaysWhereAndWhat() throws {
        struct StrictQuestion: Decodable { var question_id: String }
        struct StrictPage: Decodable { var items: [StrictQuestion] }
        #expect {
            try ResponseDecoding.decode(
                StrictPage.self, from: Self.stackExchange, response: APIResponse(statusCode: 200), for: Requests.get(),
                decoder: JSONCoding.makeDecoder())
        } throws: { error in
            guard case .decodingFailed(let failure) = error as? RouteGenError else { return false }
            return failure.codingPath == "items[0].question_id" && failure.expectedType == "StrictPage"
                && failure.reason.hasPrefix("expected String") && failure.request.routeName == "Petstore.listPets"
        }
    }

    @Test func aMissingKeyIsNamed() {
        struct Needs: Decodable { var id: Int; var name: String }
        #expect {
            try ResponseDecoding.decode(
                Needs.self, from: Data(#"{"id": 1}"#.utf8), response: APIResponse(statusCode: 200), for: Requests.get(),
                decoder: JSONDecoder())
        } throws: { error in
            guard case .decodingFailed(let failure) = error as? RouteGenError else { return false }
            return failure.codingPath == "name" && failure.reason == "the required key `name` is missing"
        }
    }

    @Test func unexpectedStatusesCarryStatusBodyAndTheModelOfTheirStatus() async throws {
        struct NotFound: Decodable, Sendable { var message: String }
        struct Other: Decodable, Sendable { var error: String }
        let errors = ErrorBodies([404: NotFound.self], default: Other.self)
        let notFound = Data(#"{"message":"no such pet"}"#.utf8)
        let stub = StubTransport()
        stub.register(.get, "/v1/pets/9", response: StubResponse(statusCode: 404, body: notFound))
        stub.register(.get, "/v1/pets/8", response: .json(#"{"error":"down"}"#, status: 503))
        stub.register(.get, "/v1/pets/7", response: .status(201))
        await #expect {
            try await stub.send(Requests.get("/v1/pets/9"), reading: .none, decoder: JSONDecoder(), errors: errors)
        } throws: { error in
            guard let error = error as? RouteGenError, case .unacceptableStatus(let failure) = error else { return false }
            return error.statusCode == 404 && failure.body == notFound
                && error.errorBody(as: NotFound.self)?.message == "no such pet" && error.errorBody(as: Other.self) == nil
                && error.description.hasPrefix("Petstore.listPets (GET https://api.example.com/v1/pets/9) failed with status 404")
        }
        await #expect {
            try await stub.send(Requests.get("/v1/pets/8"), reading: .none, decoder: JSONDecoder(), errors: errors)
        } throws: { error in
            (error as? RouteGenError)?.errorBody(as: Other.self)?.error == "down"
        }
        try await stub.send(Requests.get("/v1/pets/7"), reading: .none, decoder: JSONDecoder(), errors: errors)
    }

    @Test func rawBodiesAndText() async throws {
        let stub = StubTransport()
        stub.register(.get, "/bytes", response: StubResponse(headers: ["Content-Type": "image/png"], body: Data([0x89, 0x50])))
        stub.register(.get, "/text", response: StubResponse(headers: ["Content-Type": "text/plain"], body: Data("Terms…".utf8)))
        stub.register(.get, "/json-text", response: .json(#""quoted \u00e9""#))
        stub.register(.get, "/binary", response: StubResponse(headers: ["Content-Type": "text/plain"], body: Data([0xFF, 0xFE])))
        let decoder = JSONDecoder()
        #expect(try await stub.send(Requests.get("/bytes"), reading: .data, decoder: decoder) == Data([0x89, 0x50]))
        #expect(try await stub.send(Requests.get("/text"), reading: .text, decoder: decoder) == "Terms…")
        #expect(try await stub.send(Requests.get("/json-text"), reading: .text, decoder: decoder) == "quoted é")
        await #expect(throws: RouteGenError.self) { try await stub.send(Requests.get("/binary"), reading: .text, decoder: decoder) }
    }
}
