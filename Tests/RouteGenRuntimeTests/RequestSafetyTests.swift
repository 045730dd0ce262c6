import Foundation
import RouteGenRuntime
import RouteGenToolkit
import Testing

/// Multi-segment path values, Basic credentials and typed response headers.
@Suite struct RequestSafetyTests {
    @Test func multiSegmentValuesKeepSlashesButCannotClimbOut() throws {
        #expect(PercentEncoding.encodePathSegments("docs/guide intro.md") == "docs/guide%20intro.md")
        #expect(PercentEncoding.encodePathSegments("a?b/c#d") == "a%3Fb/c%23d")
        for value in ["../secrets", "docs/../../admin", ".", "a/./b", "a//b"] {
            let request = Requests.get("/repos/o/r/contents/" + PercentEncoding.encodePathSegments(value))
            #expect(throws: RouteGenError.self, "\(value)") { try request.validate() }
        }
        try Requests.get("/repos/o/r/contents/" + PercentEncoding.encodePathSegments("src/main.swift")).validate()
        try Requests.get("/pets/").validate()
        try Requests.get("/pets/" + PercentEncoding.encodePathSegment("..")).validate()
    }

    /// The guarantee "a path value cannot change the path", for values left empty: whichever encoder writes one and
    /// wherever its segment is (inside the path or last, where an empty value would send the request to the parent
    /// path), the request is refused before anything is sent; the same place with a value goes.
    @Test(arguments: ["segment", "list", "list of an empty value", "segments"])
    func anEmptyPathValueIsRefusedWhereverItIs(encoder: String) throws {
        func encode(_ text: String) -> String {
            switch encoder {
            case "segment": PercentEncoding.encodePathSegment(text)
            case "list": PercentEncoding.encodePathList(text.isEmpty ? [] : [text])
            case "list of an empty value": PercentEncoding.encodePathList([text])
            default: PercentEncoding.encodePathSegments(text)
            }
        }
        for (prefix, suffix) in [("/pets/", ""), ("/pets/", "/photos"), ("/", ""), ("/v1/", "/_search")] {
            let empty = Requests.get(prefix + encode("") + suffix)
            #expect(throws: RouteGenError.self, "\(encoder): \(empty.path)") { try empty.validate() }
            try Requests.get(prefix + encode("7") + suffix).validate()
        }
    }

    @Test func basicCredentialsAreBase64OfUserColonPassword() async throws {
        let stub = RecordingClient()
        let client = stub.authenticated(basic: { BasicCredentials(user: "sk_test_123", password: "") })
        var request = Requests.get()
        request.authentication = .basic
        _ = try await client.load(request)
        #expect(stub.last?.headers["Authorization"] == "Basic c2tfdGVzdF8xMjM6")
        let invalid = stub.authenticated(basic: { BasicCredentials(user: "a:b", password: "c") })
        await #expect(throws: BasicCredentials.InvalidUser.self) { try await invalid.load(request) }
    }

    @Test func typedResponseHeaders() throws {
        let response = APIResponse(
            statusCode: 200,
            headers: ["X-RateLimit-Remaining": "42", "Last-Modified": "Sun, 06 Nov 1994 08:49:37 GMT", "X-Flag": "TRUE", "X-Bad": "many"])
        #expect(try response.header("x-ratelimit-remaining", as: Int.self) == 42)
        #expect(try response.header("Last-Modified", as: Date.self) == Date(timeIntervalSince1970: 784_111_777))
        #expect(try response.header("X-Flag", as: Bool.self) == true)
        #expect(try response.header("X-Missing", as: Int.self) == nil)
        #expect(throws: HeaderValueError.self) { try response.header("X-Bad", as: Int.self) }
        #expect {
            try response.requiredHeader("X-Request-Id", as: String.self)
        } throws: { error in
            (error as? HeaderValueError)?.description == "the required header `X-Request-Id` is missing"
        }
    }
}

/// Answers 200 to everything and keeps the last request.
final class RecordingClient: HTTPTransport {
    private let requests = Locked<[APIRequest]>([])

    var last: APIRequest? { requests.withLock { $0.last } }

    func load(_ request: APIRequest) async throws -> (Data, APIResponse) {
        requests.withLock { $0.append(request) }
        return (Data(), APIResponse(statusCode: 200))
    }
}
