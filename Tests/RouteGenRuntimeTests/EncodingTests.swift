import Foundation
import RouteGenRuntime
import Testing

@Suite struct EncodingTests {
    @Test func queryValuesThatWouldChangeTheQueryAreEncoded() throws {
        var query: [QueryItem] = []
        query.append("q", "a+b & c=d #e f/é?")
        query.append("include_adult", true)
        query.append("safe", false)
        query.append("missing", Optional<Int>.none)
        query.append("tags", ["x", "y z"])
        let url = try Requests.get(query: query).url()
        #expect(url.absoluteString == "https://api.example.com/v1/pets?q=a%2Bb%20%26%20c%3Dd%20%23e%20f%2F%C3%A9%3F&include_adult=true&safe=false&tags=x&tags=y%20z")
    }

    @Test func pathParametersCannotLeaveTheirSegment() {
        #expect(PercentEncoding.encodePathSegment("../admin?x=1") == "..%2Fadmin%3Fx%3D1")
        #expect(PercentEncoding.encodePathSegment("..") == "%2E%2E")
        #expect(PercentEncoding.encodePathSegment(".") == "%2E")
        #expect(PercentEncoding.encodePathSegment("a b#c") == "a%20b%23c")
        #expect(PercentEncoding.encodePathSegment("日本") == "%E6%97%A5%E6%9C%AC")
    }

    @Test func parameterValuesHaveOneTextForm() throws {
        #expect(true.httpParameterValue == "true")
        #expect(Int64(-42).httpParameterValue == "-42")
        #expect(1.5.httpParameterValue == "1.5")
        #expect(UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!.httpParameterValue == "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")
        #expect(Date(timeIntervalSince1970: 1_707_644_926).httpParameterValue == "2024-02-11T09:48:46Z")
        #expect(Date(timeIntervalSince1970: 1_707_644_926.25).httpParameterValue == "2024-02-11T09:48:46.250Z")
        enum Region: String, HTTPParameterValue { case italy = "IT" }
        #expect(Region.italy.httpParameterValue == "IT")
    }

    @Test func urlsJoinTheBasePathAndThePath() throws {
        let request = APIRequest(method: .get, baseURL: URL(string: "https://api.themoviedb.org/3/")!, path: "/search/movie")
        #expect(try request.url().absoluteString == "https://api.themoviedb.org/3/search/movie")
    }

    @Test func jsonDatesAreISO8601WithOrWithoutFractions() throws {
        struct Stamp: Codable, Equatable { var at: Date }
        let decoder = JSONCoding.makeDecoder()
        let plain = try decoder.decode(Stamp.self, from: Data(#"{"at":"2024-02-11T09:48:46Z"}"#.utf8))
        let fractional = try decoder.decode(Stamp.self, from: Data(#"{"at":"2024-02-11T09:48:46.500Z"}"#.utf8))
        #expect(plain.at == Date(timeIntervalSince1970: 1_707_644_926))
        #expect(fractional.at == Date(timeIntervalSince1970: 1_707_644_926.5))
        let encoded = try JSONCoding.makeEncoder().encode(plain)
        #expect(String(decoding: encoded, as: UTF8.self) == #"{"at":"2024-02-11T09:48:46Z"}"#)
        #expect(throws: DecodingError.self) { try decoder.decode(Stamp.self, from: Data(#"{"at":"yesterday"}"#.utf8)) }
    }

    /// The same value always encodes to the same bytes, whatever its keys and however often it is encoded (Foundation
    /// on Linux writes an object's keys in a different order from one encoding to the next): the toolkit's cache and
    /// coalescer key a GET with a body by its bytes, so two encodings of one search are one request.
    @Test func aJSONValueEncodesToTheSameBytesEveryTime() throws {
        var random = SystemRandomNumberGenerator()
        for _ in 1...50 {
            let count = Int.random(in: 2...12, using: &random)
            let keys = (0..<count).map { "k\($0)_\(Int.random(in: 0...999, using: &random))" }
            let value = ["outer": Dictionary(uniqueKeysWithValues: keys.map { ($0, $0.count) })]
            let first = try JSONCoding.makeEncoder().encode(value)
            for _ in 1...20 {
                #expect(try JSONCoding.makeEncoder().encode(value) == first, "\(keys)")
            }
        }
    }

    @Test func formBodies() throws {
        var request = Requests.get()
        request.setFormBody([QueryItem(name: "user name", value: "a&b=c"), QueryItem(name: "remember", value: "true")])
        #expect(request.headers["content-type"] == "application/x-www-form-urlencoded")
        #expect(request.body == .data(Data("user%20name=a%26b%3Dc&remember=true".utf8)))
    }

    @Test func multipartBodies() throws {
        var form = MultipartFormData(boundary: "XYZ")
        form.append("Rex", name: "name")
        form.append(Data([0xFF, 0x00]), name: "photo", filename: "rex\".png", contentType: "image/png")
        var request = Requests.get()
        request.setMultipartBody(form)
        #expect(request.headers["Content-Type"] == "multipart/form-data; boundary=XYZ")
        var expected = Data("--XYZ\r\nContent-Disposition: form-data; name=\"name\"\r\n\r\nRex\r\n".utf8)
        expected.append(Data("--XYZ\r\nContent-Disposition: form-data; name=\"photo\"; filename=\"rex%22.png\"\r\nContent-Type: image/png\r\n\r\n".utf8))
        expected.append(Data([0xFF, 0x00]))
        expected.append(Data("\r\n--XYZ--\r\n".utf8))
        #expect(try form.encoded() == expected)
        #expect(request.body == .multipart(form))
    }

    @Test func multipartFilePartsAreReadFromDiskOnlyWhenWritten() throws {
        let directory = FileManager.default.temporaryDirectory
        let file = directory.appendingPathComponent("routegen-\(UUID().uuidString).txt")
        let output = directory.appendingPathComponent("routegen-\(UUID().uuidString).body")
        try Data("hello".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        defer { try? FileManager.default.removeItem(at: output) }
        var form = MultipartFormData(boundary: "B")
        form.append(fileAt: file, name: "doc", contentType: "text/plain")
        #expect(form.parts.first?.filename == file.lastPathComponent)
        #expect(form.parts.first?.contents == .url(file))
        #expect(form.hasFileParts)
        try Data("hello, world".utf8).write(to: file)
        try form.write(to: output)
        let expected = "--B\r\nContent-Disposition: form-data; name=\"doc\"; filename=\"\(file.lastPathComponent)\"\r\n"
            + "Content-Type: text/plain\r\n\r\nhello, world\r\n--B--\r\n"
        #expect(try Data(contentsOf: output) == Data(expected.utf8))
        #expect(try form.encoded() == Data(expected.utf8))
    }

    @Test func headersAreCaseInsensitiveAndOrdered() {
        var headers: HeaderFields = ["Accept": "application/json", "X-A": "1"]
        headers["accept"] = "text/plain"
        headers.add(name: "X-A", value: "2")
        #expect(headers.fields.map(\.name) == ["Accept", "X-A", "X-A"])
        #expect(headers["ACCEPT"] == "text/plain")
        headers["x-a"] = "3"
        #expect(headers.fields.map { "\($0.name)=\($0.value)" } == ["Accept=text/plain", "X-A=3"])
        headers["X-A"] = nil
        #expect(headers.fields.count == 1)
    }

    @Test func headerValuesWithLineBreaksAreRejected() {
        let request = Requests.get(headers: ["X-Name": "a\r\nX-Injected: evil"])
        #expect {
            try request.validate()
        } throws: { error in
            guard case .invalidRequest(let failure) = error as? RouteGenError else { return false }
            return failure.reason == "header `X-Name` has a CR, LF or other control character in its value"
                && failure.request.routeName == "Petstore.listPets"
        }
        #expect(throws: RouteGenError.self) { try Requests.get(headers: ["Bad Name": "x"]).validate() }
    }

    @Test func statusHelpers() {
        #expect(APIResponse(statusCode: 204).isSuccess)
        #expect(APIResponse(statusCode: 101).isInformational)
        #expect(APIResponse(statusCode: 304).isRedirection)
        #expect(APIResponse(statusCode: 404).isClientError && APIResponse(statusCode: 404).isError)
        #expect(APIResponse(statusCode: 503).isServerError && !APIResponse(statusCode: 503).isSuccess)
    }
}
