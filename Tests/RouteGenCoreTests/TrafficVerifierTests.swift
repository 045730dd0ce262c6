import Foundation
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
import RouteGenTestSupport
import Testing

@testable import RouteGenCore

/// `routegen verify`: traffic recorded from a real local server as a HAR file, clean, then edited to drift in
/// each way; every drift is reported at the line of `Specs/Petstore.yaml` it concerns.
@Suite(.timeLimit(.minutes(1))) struct TrafficVerifierTests {
    private static let spec = SpecTesting.repositoryRoot.appendingPathComponent("Specs/Petstore.yaml").path
    private static let pet = #"{"id":42,"name":"Rex","status":"available","photo_urls":[],"created_at":"2024-03-01T12:00:00Z","attributes":{}}"#

    /// The local server's answers: a list, a pet, a created pet, and a 404 with the API's error body.
    private static func reply(_ request: ReceivedRequest) -> ServerReply {
        switch (request.method, request.path) {
        case ("GET", "/pets"): .json("[\(pet)]")
        case ("GET", "/pets/42"), ("POST", "/pets"): .json(pet)
        default: .json(#"{"code":404,"message":"No such pet"}"#, status: 404)
        }
    }

    /// Sends the requests an app makes and records each exchange as a HAR entry, as devtools would.
    private static func record() async throws -> (entries: [[String: Any]], base: String) {
        let recorded = try await withTestServer(handler: { reply($0) }) { base in
            var entries: [Data] = []
            let calls: [(String, String, String?)] = [
                ("GET", "pets?limit=2", nil), ("GET", "pets/42", nil), ("POST", "pets", #"{"name":"Rex"}"#), ("GET", "pets/7", nil),
            ]
            for (method, path, body) in calls {
                var request = URLRequest(url: URL(string: base.absoluteString + "/" + path)!)
                request.httpMethod = method
                request.httpBody = body.map { Data($0.utf8) }
                let (data, response) = try await URLSession.shared.data(for: request)
                let status = (response as? HTTPURLResponse)?.statusCode ?? 0
                var entry: [String: Any] = [
                    "request": ["method": method, "url": request.url!.absoluteString, "headers": []] as [String: Any],
                    "response": ["status": status, "content": ["mimeType": "application/json", "text": String(decoding: data, as: UTF8.self)]],
                ]
                if let body { entry["request"] = ["method": method, "url": request.url!.absoluteString, "postData": ["mimeType": "application/json", "text": body]] }
                entries.append(try JSONSerialization.data(withJSONObject: entry))
            }
            return (entries, base.absoluteString)
        }
        return (try recorded.0.map { try #require(try JSONSerialization.jsonObject(with: $0) as? [String: Any]) }, recorded.1)
    }

    private func verify(_ entries: [[String: Any]], base: String) throws -> TrafficVerifier.Report {
        let har = try JSONSerialization.data(withJSONObject: ["log": ["version": "1.2", "entries": entries]])
        var diagnostics = Diagnostics()
        let spec = try #require(SpecPipeline().checkedSpec(try SpecSource(contentsOf: Self.spec), diagnostics: &diagnostics))
        return TrafficVerifier(otherBaseURLs: [base]).verify(try HARCapture(json: har), against: spec)
    }

    /// `entries` with the response text of entry `index` edited.
    private func editing(_ entries: [[String: Any]], _ index: Int, status: Int? = nil, _ edit: (String) -> String) -> [[String: Any]] {
        var entries = entries
        var response = entries[index]["response"] as! [String: Any]
        var content = response["content"] as! [String: Any]
        content["text"] = edit(content["text"] as! String)
        response["content"] = content
        if let status { response["status"] = status }
        entries[index]["response"] = response
        return entries
    }

    private func findings(_ report: TrafficVerifier.Report) -> [String] {
        report.diagnostics.sorted.map { "\($0.location.line): \($0.severity.rawValue): \($0.message)" }
    }

    @Test func aCleanCaptureMatchesEveryEndpointAndEachPlantedDriftIsReportedAtItsLine() async throws {
        let (entries, base) = try await Self.record()
        let clean = try verify(entries, base: base)
        #expect(clean.diagnostics.all.isEmpty)
        #expect(clean.exchanges == 4 && clean.matched == 4 && clean.endpoints == ["listPets", "getPet", "createPet"])

        let drifted = [
            editing(entries, 0) { $0.replacingOccurrences(of: #""available""#, with: #""adopted""#) },
            editing(entries, 1) { $0.replacingOccurrences(of: #""name":"Rex","#, with: "") },
            editing(entries, 2) { $0.replacingOccurrences(of: #""id":42"#, with: #""id":"42""#) },
            editing(entries, 3, status: 500) { _ in #"{"error":"boom"}"# },
        ]
        #expect(try findings(verify(drifted[0], base: base)) == [
            "65: warning: `[0].status` in the response of HAR entry 0 (GET /pets) is the text `\"adopted\"`, not one of `available`, `pending`, `sold`: it decodes as `unknown`",
        ])
        #expect(try findings(verify(drifted[1], base: base)) == [
            "71: error: the response of HAR entry 1 (GET /pets/42) lacks `name`, which `Pet` requires",
        ])
        #expect(try findings(verify(drifted[2], base: base)) == [
            "77: error: `id` in the response of HAR entry 2 (POST /pets) is the text `\"42\"`, not of type `Int64`",
        ])
        #expect(try findings(verify(drifted[3], base: base)) == [
            "13: warning: the 500 error body of HAR entry 3 (GET /pets/7) has `error`, which is not a property of `ErrorBody`: the client ignores it",
            "13: error: the 500 error body of HAR entry 3 (GET /pets/7) lacks `code`, which `ErrorBody` requires",
            "13: error: the 500 error body of HAR entry 3 (GET /pets/7) lacks `message`, which `ErrorBody` requires",
        ])
    }

    @Test func requestsAreCheckedAndUnknownRoutesReported() async throws {
        let (entries, base) = try await Self.record()
        var request = entries[0]["request"] as! [String: Any]
        request["url"] = base + "/pets?limit=2&color=red"
        var unknown = entries[1]
        unknown["request"] = ["method": "GET", "url": base + "/owners/1"]
        var edited = entries
        edited[0]["request"] = request
        edited.append(unknown)
        #expect(try findings(verify(edited, base: base)) == [
            "56: warning: HAR entry 4 (GET /owners/1) matches no endpoint of the spec",
            "57: warning: HAR entry 0 (GET /pets) sends query parameter `color`, which the spec does not declare",
        ])
    }

    /// Parameters of the wrong type, a required query parameter not sent, statuses the spec does not declare.
    @Test func parametersAndStatusesTheSpecDoesNotAllow() throws {
        let text = """
            routegen: 1
            name: Orders
            environments:
              production: https://orders.example.com
            endpoints:
              getOrder:
                method: GET
                path: /orders/{id}
                params: { id: Int }
                query: { expand: String }
              cancel:
                method: POST
                path: /orders/{id}/cancel
                params: { id: Int }
                responses:
                  200: none
                  202: none
            """
        var diagnostics = Diagnostics()
        let spec = try #require(SpecPipeline().checkedSpec(SpecSource(path: "orders.yaml", text: text), diagnostics: &diagnostics))
        func entry(_ method: String, _ path: String, status: Int) -> [String: Any] {
            ["request": ["method": method, "url": "https://orders.example.com" + path], "response": ["status": status, "content": [:] as [String: Any]]]
        }
        let har = try JSONSerialization.data(withJSONObject: ["log": ["entries": [
            entry("GET", "/orders/abc", status: 200), entry("GET", "/orders/1?expand=lines", status: 410),
            entry("POST", "/orders/1/cancel", status: 204),
        ]]])
        let report = TrafficVerifier().verify(try HARCapture(json: har), against: spec)
        #expect(findings(report) == [
            "6: warning: HAR entry 1 (GET /orders/1) got status 410, for which the spec declares no error body",
            "9: error: HAR entry 0 (GET /orders/abc) sends path parameter `id` as `abc`, which is not of type `Int`",
            "10: error: HAR entry 0 (GET /orders/abc) does not send the required query parameter `expand`",
            "15: error: HAR entry 2 (POST /orders/1/cancel) got status 204, which is not one of the endpoint's `responses`",
        ])
    }

    /// A server's JSON is read as the client decodes it: its strings and numbers are not interchangeable (`"1"` is
    /// not an integer enum's `1`, nor `"1.5"` a `Decimal`, nor `1` a string enum's), and each date is written in
    /// its property's format (`format:`, else `dates:`), RFC 3339 everywhere else.
    @Test(arguments: [
        (#"{"level":1,"kind":"a","price":1.5,"at":1700000000,"day":"2024-02-29","stamp":"2024-02-11T09:48:46+0100","log":["2024-02-11T09:48:46Z"]}"#, []),
        (#"{"level":"1"}"#, ["`level` in the response of HAR entry 0 (GET /e) is the text `\"1\"`, not one of `1`, `2`"]),
        (#"{"kind":1}"#, ["`kind` in the response of HAR entry 0 (GET /e) is `1`, not one of `a`, `b`"]),
        (#"{"price":"1.5"}"#, ["`price` in the response of HAR entry 0 (GET /e) is the text `\"1.5\"`, not of type `Decimal`"]),
        (#"{"at":"1700000000"}"#, ["`at` in the response of HAR entry 0 (GET /e) is the text `\"1700000000\"`, not a `unix` date"]),
        (#"{"day":"2024-02-30"}"#, ["`day` in the response of HAR entry 0 (GET /e) is the text `\"2024-02-30\"`, not a `date` date"]),
        (#"{"stamp":"2024-02-11"}"#, ["`stamp` in the response of HAR entry 0 (GET /e) is the text `\"2024-02-11\"`, not a `date-time` date"]),
        (#"{"log":[1700000000]}"#, ["`log[0]` in the response of HAR entry 0 (GET /e) is `1700000000`, not a `date-time` date"]),
        (#"{"count":1.0,"small":340282356779733661637539395458142568447,"tiny":0.0}"#, []),
        (#"{"count":4611686018427387904.5}"#, ["`count` in the response of HAR entry 0 (GET /e) is `4611686018427387904.5`, not of type `Int`"]),
        (#"{"small":1e-50}"#, ["`small` in the response of HAR entry 0 (GET /e) is `1e-50`, not of type `Float`"]),
        (#"{"tiny":1e-400}"#, ["`tiny` in the response of HAR entry 0 (GET /e) is `1e-400`, not of type `Double`"]),
        // Past 2^53 a whole number decodes as an `Int` however it is written, when its magnitude fits.
        (#"{"count":1.5e18}"#, []),
        (#"{"count":9007199254740993.0}"#, []),
        (#"{"count":1e19}"#, ["`count` in the response of HAR entry 0 (GET /e) is `1e19`, not of type `Int`"]),
        (#"{"count":-9223372036854775808.0}"#, ["`count` in the response of HAR entry 0 (GET /e) is `-9223372036854775808.0`, not of type `Int`"]),
        (#"{"at":1e-400}"#, ["`at` in the response of HAR entry 0 (GET /e) is `1e-400`, not a `unix` date"]),
        // JSON the YAML reader refused: a surrogate pair (any emoji `json.dumps` writes), a key written twice (the
        // client reads the first).
        (#"{"count":"\ud83d\ude00"}"#, ["`count` in the response of HAR entry 0 (GET /e) is the text `\"😀\"`, not of type `Int`"]),
        (#"{"count":1,"count":"x"}"#, []),
        (#"{"count":"x","count":1}"#, ["`count` in the response of HAR entry 0 (GET /e) is the text `\"x\"`, not of type `Int`"]),
    ] as [(String, [String])])
    func valuesAreReadAsTheClientDecodesThem(body: String, errors: [String]) throws {
        let text = """
            routegen: 1
            name: Events
            environments:
              production: https://events.example.com
            dates: unix
            models:
              Level: { enum: [1, 2] }
              Kind: { enum: [a, b] }
              Event:
                properties:
                  level: Level?
                  kind: Kind?
                  price: Decimal?
                  at: Date?
                  day: { type: Date?, format: date }
                  stamp: { type: Date?, format: date-time }
                  log: "[Date]?"
                  count: Int?
                  small: Float?
                  tiny: Double?
            endpoints:
              e: { method: GET, path: /e, response: Event }
            """
        var diagnostics = Diagnostics()
        let spec = try #require(SpecPipeline().checkedSpec(SpecSource(path: "events.yaml", text: text), diagnostics: &diagnostics))
        let har = try JSONSerialization.data(withJSONObject: ["log": ["entries": [
            ["request": ["method": "GET", "url": "https://events.example.com/e"], "response": ["status": 200, "content": ["text": body]]]
        ]]])
        let report = TrafficVerifier().verify(try HARCapture(json: har), against: spec)
        #expect(report.diagnostics.all.filter { $0.severity == .error }.map(\.message) == errors)
    }

    /// Shapes the client reads in its own way, read the same: a 2xx body inside the envelope, a union by its
    /// discriminator (another or none is `unknown`), an untagged union's `unknown` and its one variant of a kind, an
    /// ID that is text, a `Float`'s range, `null` for a property with a default, a `responses:` status's own body, and
    /// JSON as JSON (not YAML).
    @Test(arguments: [
        (200, #"{"data":{"pet":{"type":"cat","meow":true},"id":"cus_1","ratio":1.5,"size":null},"meta":{"page":1}}"#, [String](), 0),
        (200, #"{"pet":{"type":"cat","meow":true}}"#, ["the 200 response of HAR entry 0 (GET /p) lacks `data`, which `Enveloped<Box>` requires", "the 200 response of HAR entry 0 (GET /p) lacks `meta`, which `Enveloped<Box>` requires"], 1),
        (200, #"{"data":{"pet":{"type":"cat","bark":true}},"meta":{"page":1}}"#, ["`data.pet` in the 200 response of HAR entry 0 (GET /p) lacks `meow`, which `Cat` requires"], 1),
        (200, #"{"data":{"pet":{"type":"cow"},"either":true},"meta":{"page":1}}"#, [], 2),
        (200, #"{"data":{"either":{"x":1}},"meta":{"page":1}}"#, ["`data.either` in the 200 response of HAR entry 0 (GET /p) lacks `type`, which `Cat` requires", "`data.either` in the 200 response of HAR entry 0 (GET /p) lacks `meow`, which `Cat` requires"], 1),
        (200, #"{"data":{"id":123,"ratio":1e39},"meta":{"page":1}}"#, ["`data.id` in the 200 response of HAR entry 0 (GET /p) is `123`, not a mapping of the properties of `Customer`", "`data.ratio` in the 200 response of HAR entry 0 (GET /p) is `1e39`, not of type `Float`"], 0),
        (404, #"{"reason":"gone"}"#, [], 0),
        (404, #"{"code":1}"#, ["the 404 response of HAR entry 0 (GET /p) lacks `reason`, which `Missing` requires"], 1),
        (200, "{data: 1}", ["HAR entry 0 (GET /p): the 200 response is not JSON"], 0),
    ] as [(Int, String, [String], Int)])
    func shapesAreReadAsTheClientReadsThem(status: Int, body: String, errors: [String], warnings: Int) throws {
        let text = """
            routegen: 1
            name: Boxes
            environments:
              production: https://boxes.example.com
            envelope: { payload: data, metadata: Meta, metadata_key: meta }
            models:
              Meta: { properties: { page: Int } }
              Cat: { properties: { type: String, meow: Bool } }
              Dog: { properties: { type: String, bark: Bool } }
              Pet: { oneOf: [Cat, Dog], discriminator: type, mapping: { cat: Cat, dog: Dog } }
              CatOrText: { oneOf: [Cat, String] }
              Customer: { properties: { id: String } }
              Missing: { properties: { reason: String } }
              Box:
                properties:
                  pet: Pet?
                  either: CatOrText?
                  id: Expandable<Customer>?
                  ratio: Float?
                  size: { type: Int, default: 3 }
            endpoints:
              p: { method: GET, path: /p, responses: { 200: Box, 404: Missing } }
            """
        var diagnostics = Diagnostics()
        let spec = try #require(SpecPipeline().checkedSpec(SpecSource(path: "boxes.yaml", text: text), diagnostics: &diagnostics), "\(diagnostics.all)")
        let har = try JSONSerialization.data(withJSONObject: ["log": ["entries": [
            ["request": ["method": "GET", "url": "https://boxes.example.com/p"], "response": ["status": status, "content": ["text": body]]]
        ]]])
        let report = TrafficVerifier().verify(try HARCapture(json: har), against: spec)
        #expect(report.diagnostics.all.filter { $0.severity == .error }.map(\.message) == errors)
        #expect(report.diagnostics.all.filter { $0.severity == .warning }.count == warnings, "\(report.diagnostics.all)")
    }

    /// Found by an attack on `verify`, each checked against a generated client reading the same bytes: a literal
    /// path is its own endpoint's even when a templated one comes first; a declared query name with brackets is
    /// one name; a body is read as the client's decoder reads bytes (base64 with line breaks, UTF-16; bytes that
    /// are not UTF-8 are no JSON); a status below 200 makes the call throw; and what the check does not read
    /// (typed headers, events, text) is counted rather than passed in silence.
    @Test func exchangesAreMatchedAndReadAsTheClientSendsAndReadsThem() throws {
        let text = """
            routegen: 1
            name: Users
            environments:
              production: https://users.example.com
            models:
              User: { properties: { id: Int } }
              Me: { properties: { email: String } }
            endpoints:
              getUser: { method: GET, path: "/users/{id}", params: { id: Int }, response: User }
              getMe: { method: GET, path: /users/me, response: Me }
              list: { method: GET, path: /users, query: { "page[size]": Int }, response: "[User]" }
              motto: { method: GET, path: /motto, response: String }
              limits: { method: GET, path: /limits, response: User, response_headers: { X-Limit: Int } }
            """
        var diagnostics = Diagnostics()
        let spec = try #require(SpecPipeline().checkedSpec(SpecSource(path: "users.yaml", text: text), diagnostics: &diagnostics), "\(diagnostics.all)")
        func entry(_ path: String, status: Int = 200, _ content: [String: Any]) -> [String: Any] {
            ["request": ["method": "GET", "url": "https://users.example.com" + path], "response": ["status": status, "content": content]]
        }
        let wrapped = Data(#"{"email": "a@example.com", "note": "\#(String(repeating: "a", count: 80))"}"#.utf8)
            .base64EncodedString(options: .lineLength76Characters)
        let utf16 = try #require(#"{"email": "é"}"#.data(using: .utf16))
        let har = try JSONSerialization.data(withJSONObject: ["log": ["entries": [
            entry("/users/me", ["text": #"{"email": "a@example.com"}"#]),
            entry("/users?page%5Bsize%5D=5", ["text": "[]"]),
            entry("/users/me", ["text": wrapped, "encoding": "base64"]),
            entry("/users/me", ["text": utf16.base64EncodedString(), "encoding": "base64"]),
            entry("/users/me", ["text": Data([0x7B, 0x22, 0x65, 0x22, 0x3A, 0x22, 0xFF, 0x22, 0x7D]).base64EncodedString(), "encoding": "base64"]),
            entry("/users/1", status: 101, ["text": ""]),
            entry("/motto", ["text": "hello"]),
            entry("/limits", ["text": #"{"id": 1}"#]),
        ]]])
        let report = TrafficVerifier().verify(try HARCapture(json: har), against: spec)
        #expect(findings(report) == [
            "9: error: HAR entry 5 (GET /users/1) got status 101, which the client does not take for a response: the call throws",
            "10: warning: the response of HAR entry 2 (GET /users/me) has `note`, which is not a property of `Me`: the client ignores it",
            "10: error: HAR entry 4 (GET /users/me): the response is not JSON",
        ])
        #expect(report.endpoints == ["getUser", "getMe", "list", "motto", "limits"])
        #expect(report.partlyRead == 2)
    }

    /// Found by a second attack on `verify`, each against what the generated client sends and reads: query values
    /// and path dates are read as their types; an empty required list sends nothing; an endpoint with `host:` is
    /// matched on its host only; the credential of `auth: query` is the client's; a redirect is followed to the
    /// entry at its location; a parameter ends where a literal of its segment starts; origins compare as origins
    /// (case, default port), a fragment is not sent; the `version` and the path's fixed query items are always sent;
    /// keys Swift takes for one string are one key.
    @Test func requestsAreReadAsTheClientWritesThemAndRedirectsAreFollowed() throws {
        let text = """
            routegen: 1
            name: Shop
            version: v2
            environments:
              production: https://API.example.com
            hosts:
              files: { production: https://files.example.com }
            auth: query api_key
            models:
              Item: { properties: { id: Int, café: Int } }
              FileStatus: { properties: { bytes: Int } }
            endpoints:
              search:
                method: GET
                path: /items?preview=true
                query: { ids: "[Int]", limit: Int, verbose: Bool, since: { type: Date, format: unix } }
                response: "[Item]"
              getDay: { method: GET, path: "/days/{day}", params: { day: Date }, response: Item }
              getDoc: { method: GET, path: "/docs/{id}.json", params: { id: Int }, response: Item }
              status: { method: GET, path: /status, response: Item }
              fileStatus: { method: GET, path: /status, host: files, response: FileStatus }
              create: { method: POST, path: /items, body: Item, response: Item }
            """
        var diagnostics = Diagnostics()
        let spec = try #require(SpecPipeline().checkedSpec(SpecSource(path: "shop.yaml", text: text), diagnostics: &diagnostics), "\(diagnostics.all)")
        func entry(_ url: String, method: String = "GET", status: Int = 200, _ body: String, location: String? = nil) -> [String: Any] {
            let headers = location.map { [["name": "Location", "value": $0]] } ?? []
            return ["request": ["method": method, "url": url],
                    "response": ["status": status, "headers": headers, "content": ["text": body]]]
        }
        let api = "https://api.example.com:443/v2"
        let har = try JSONSerialization.data(withJSONObject: ["log": ["entries": [
            entry(api + "/items?preview=true&limit=abc&verbose=1&since=2024-01-01T00:00:00Z&api_key=k", "[]"),
            entry(api + "/items?preview=true&limit=5&verbose=true&since=1700000000#top", "[]"),
            entry(api + "/items?limit=5&verbose=true&since=1", "[]"),
            entry("https://api.example.com/items?preview=true&limit=5&verbose=true&since=1", "[]"),
            entry(api + "/days/yesterday", #"{"id": 1, "café": 1}"#),
            entry(api + "/docs/5.json", #"{"id": "five", "café": 1}"#),
            entry("https://files.example.com/v2/status", #"{"bytes": 5}"#),
            entry("https://files.example.com/v2/status", #"{"ok": true}"#),
            entry(api + "/status", status: 302, "Found", location: "https://cdn.example.com/status.json"),
            entry("https://cdn.example.com/status.json", #"{"id": "one", "café": 1}"#),
            entry(api + "/status", #"{"id": 1, "caf\u00e9": 1, "cafe\u0301": "x"}"#),
            entry(api + "/items", method: "POST", #"{"id": 2, "café": 2}"#),
        ]]])
        let report = TrafficVerifier().verify(try HARCapture(json: har), against: spec)
        #expect(findings(report) == [
            "12: warning: HAR entry 3 (GET /items) matches no endpoint of the spec",
            "15: error: HAR entry 2 (GET /v2/items) does not send `preview=true`, which the endpoint's path fixes",
            "16: error: HAR entry 0 (GET /v2/items) sends query parameter `limit` as `abc`, which is not of type `Int`",
            "16: error: HAR entry 0 (GET /v2/items) sends query parameter `verbose` as `1`, which is not of type `Bool`",
            "16: error: HAR entry 0 (GET /v2/items) sends query parameter `since` as `2024-01-01T00:00:00Z`, which is not of type `Date`",
            "18: error: HAR entry 4 (GET /v2/days/yesterday) sends path parameter `day` as `yesterday`, which is not of type `Date`",
            "19: error: `id` in the response of HAR entry 5 (GET /v2/docs/5.json) is the text `\"five\"`, not of type `Int`",
            "20: error: `id` in the response of HAR entry 9 (GET /status.json) is the text `\"one\"`, not of type `Int`",
            "21: warning: the response of HAR entry 7 (GET /v2/status) has `ok`, which is not a property of `FileStatus`: the client ignores it",
            "21: error: the response of HAR entry 7 (GET /v2/status) lacks `bytes`, which `FileStatus` requires",
            "22: warning: HAR entry 11 (POST /v2/items) has no request body, which the client always sends (or the capture did not record it)",
        ])
        #expect(report.matched == 10)
        #expect(report.redirected == 1)
        #expect(report.endpoints == ["search", "getDay", "getDoc", "status", "fileStatus", "create"])
    }

    /// A file that is not HAR says why, and which entry.
    @Test func aMalformedCaptureSaysWhatIsWrongWhere() {
        func error(_ text: String) -> String {
            do {
                _ = try HARCapture(json: Data(text.utf8))
                return "read"
            } catch {
                return "\(error)"
            }
        }
        #expect(error(#"{"log": {"entries": ["#).hasPrefix("not a HAR file: it is not JSON ("))
        #expect(error(#"{"log": {"entries": [1]}}"#) == "entry 0 is not an object")
        #expect(error(#"{"log": {"entries": [{"request": {"method": "GET", "url": "https://a.example"}, "response": {"status": true}}]}}"#)
            == "entry 0 has no request method, URL or response status")
        #expect(error(#"{"log": {"entries": [{"request": {"method": "GET", "url": "https://a.example"}, "response": {"status": 0}}]}}"#) == "read")
    }

    /// HAR lets a response's `content.text` be left out: such a body is not checked, and is counted, by the report
    /// and in the command's summary; so is a request that got no response (status 0).
    @Test func unrecordedResponseBodiesAreCountedNotChecked() async throws {
        let (entries, base) = try await Self.record()
        var unrecorded = entries
        // A pet without a text, and the 404's error body as an empty text of some size: recorders write both.
        for (index, content) in [(1, ["mimeType": "application/json", "size": 0] as [String: Any]), (3, ["mimeType": "application/json", "size": 57, "text": ""])] {
            var response = unrecorded[index]["response"] as! [String: Any]
            response["content"] = content
            unrecorded[index]["response"] = response
        }
        // A request that got no response (blocked, failed, cancelled): HAR's status 0, with a body that fits nothing.
        var unanswered = entries[2]
        unanswered["response"] = ["status": 0, "content": ["mimeType": "application/json", "text": "{}"]] as [String: Any]
        unrecorded.append(unanswered)
        let report = try verify(unrecorded, base: base)
        #expect(findings(report) == [])
        #expect(report.matched == 5 && report.unrecordedBodies == 2 && report.unanswered == 1)

        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("routegen-verify-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let har = folder.appendingPathComponent("unrecorded.har")
        try JSONSerialization.data(withJSONObject: ["log": ["entries": unrecorded]]).write(to: har)
        let run = try RouteGenProcess.run("verify", Self.spec, "--har", har.path, "--base-url", base)
        #expect(run.status == 0)
        #expect(
            run.stdout == "\(har.path): 5 exchanges, 5 matched to 3 endpoints; 2 response bodies not recorded, 1 request with no response (status 0), not checked; 0 errors, 0 warnings\n")
    }

    @Test func theCommandExitsWithTheDriftItFound() async throws {
        let (entries, base) = try await Self.record()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("routegen-verify-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let clean = folder.appendingPathComponent("clean.har"), drifted = folder.appendingPathComponent("drifted.har")
        try JSONSerialization.data(withJSONObject: ["log": ["entries": entries]]).write(to: clean)
        let edited = editing(entries, 1) { $0.replacingOccurrences(of: #""name":"Rex","#, with: "") }
        try JSONSerialization.data(withJSONObject: ["log": ["entries": edited]]).write(to: drifted)
        let passing = try RouteGenProcess.run("verify", Self.spec, "--har", clean.path, "--base-url", base)
        #expect(passing.status == 0)
        #expect(passing.stdout == "\(clean.path): 4 exchanges, 4 matched to 3 endpoints; 0 errors, 0 warnings\n")
        let failing = try RouteGenProcess.run("verify", Self.spec, "--har", drifted.path, "--base-url", base)
        #expect(failing.status == 1)
        #expect(failing.stderr.contains("Petstore.yaml:71:5: error: the response of HAR entry 1 (GET /pets/42) lacks `name`"))
    }
}
