import Foundation
import RouteGenRuntime
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
            Page.self, from: Self.stackExchange, response: HTTPResponse(statusCode: 200), for: Requests.get(),
            decoder: JSONCoding.makeDecoder())
        #expect(!page.items.isEmpty)
        #expect(page.items.allSatisfy { $0.question_id > 0 && !$0.title.isEmpty })
    }

    @Test func aMismatchSaysWhereAndWhat() throws {
        struct StrictQuestion: Decodable { var question_id: String }
        struct StrictPage: Decodable { var items: [StrictQuestion] }
        #expect {
            try ResponseDecoding.decode(
                StrictPage.self, from: Self.stackExchange, response: HTTPResponse(statusCode: 200), for: Requests.get(),
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
                Needs.self, from: Data(#"{"id": 1}"#.utf8), response: HTTPResponse(statusCode: 200), for: Requests.get(),
                decoder: JSONDecoder())
        } throws: { error in
            guard case .decodingFailed(let failure) = error as? RouteGenError else { return false }
            return failure.codingPath == "name" && failure.reason == "the required key `name` is missing"
        }
    }

    @Test func nonSuccessCarriesStatusBodyAndTheDecodedErrorModel() {
        struct ErrorBody: Decodable, Sendable { var message: String }
        let body = Data(#"{"message":"no such pet"}"#.utf8)
        #expect {
            try ResponseDecoding.requireSuccess(HTTPResponse(statusCode: 404), body: body, for: Requests.get("/v1/pets/9")) {
                try? JSONDecoder().decode(ErrorBody.self, from: $0)
            }
        } throws: { error in
            guard let error = error as? RouteGenError, case .unacceptableStatus(let failure) = error else { return false }
            return error.statusCode == 404 && failure.body == body
                && failure.errorBody(as: ErrorBody.self)?.message == "no such pet"
                && error.description.hasPrefix("Petstore.listPets (GET https://api.example.com/v1/pets/9) failed with status 404")
        }
        #expect(throws: Never.self) { try ResponseDecoding.requireSuccess(HTTPResponse(statusCode: 201), body: Data(), for: Requests.get()) }
    }
}
