// Runtime overhead of the generated client against the same work written by hand with URLSession types and
// JSONDecoder. Built in release by Benchmarks/benchmark.py inside a scratch package, next to the generated
// code of the 10-resource synthetic API (module `API`). Prints one JSON object of medians, in milliseconds.
import API
import Foundation
import RouteGenRuntime

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

let iterations = 100_000
let repetitions = 9

/// Milliseconds since `start`.
func milliseconds(since start: ContinuousClock.Instant) -> Double {
    let (seconds, attoseconds) = start.duration(to: .now).components
    return Double(seconds) * 1_000 + Double(attoseconds) / 1e15
}

/// A transport that turns each request into a `URLRequest`, as `URLSessionClient` does, then answers with the
/// same body without sending anything, so only client-side work is measured.
struct ConstantClient: HTTPTransport {
    let body: Data
    func load(_ request: APIRequest) async throws -> (Data, APIResponse) {
        var urlRequest = URLRequest(url: try request.url())
        urlRequest.httpMethod = request.method.rawValue
        for field in request.headers { urlRequest.addValue(field.value, forHTTPHeaderField: field.name) }
        return (urlRequest.url == nil ? Data() : body, APIResponse(statusCode: 200))
    }
}

let body = Data(
    #"{"name":"Widget","count":42,"active":true,"score":4.5,"created_at":"2024-02-11T09:48:46Z","status":"published","detail":{"note":"n"},"tags":["a","b","c"]}"#
        .utf8)
let base = URL(string: "https://api.example.com")!
let environment = Synthetic.Environment.production
let encoder = JSONCoding.makeEncoder()
let foundationDates = JSONDecoder()
foundationDates.dateDecodingStrategy = .iso8601
/// What the generated handler decodes with, to tell its own overhead from its faster date reading.
let routeGenDates = JSONCoding.makeDecoder()

// 1. Building requests: route → APIRequest → URLRequest (what URLSessionClient does), against URLComponents.
func generatedBuild() throws -> Int {
    var sink = 0
    for index in 0..<iterations {
        let request = try Synthetic.APIRoute.listResource3(active: true, limit: index, tags: ["a", "b"])
            .request(for: environment, encoder: encoder)
        var urlRequest = URLRequest(url: try request.url())
        urlRequest.httpMethod = request.method.rawValue
        for field in request.headers { urlRequest.addValue(field.value, forHTTPHeaderField: field.name) }
        urlRequest.addValue("Bearer token", forHTTPHeaderField: "Authorization")
        sink &+= urlRequest.url?.absoluteString.utf8.count ?? 0
    }
    return sink
}

func handBuild() -> Int {
    var sink = 0
    for index in 0..<iterations {
        var components = URLComponents(string: "https://api.example.com/v1/resource3")!
        components.queryItems = [
            URLQueryItem(name: "active", value: "true"), URLQueryItem(name: "limit", value: String(index)),
            URLQueryItem(name: "tags", value: "a"), URLQueryItem(name: "tags", value: "b"),
        ]
        var urlRequest = URLRequest(url: components.url!)
        urlRequest.httpMethod = "GET"
        urlRequest.addValue("application/json", forHTTPHeaderField: "Accept")
        urlRequest.addValue("Bearer token", forHTTPHeaderField: "Authorization")
        sink &+= urlRequest.url?.absoluteString.utf8.count ?? 0
    }
    return sink
}

// 2. A whole call: build the request, turn it into a URLRequest, check the status, decode; against building a
// URLRequest and decoding with JSONDecoder (`.iso8601` dates) by hand; and by hand again with the decoder the
// handler uses, which isolates the handler's own overhead from its faster date reading. The generated calls run
// in a nonisolated async function, as a feature calling the client would: from the main actor (where top-level
// code runs) each call would also time two thread hops, which any async transport costs.
func generatedCalls(_ handler: Synthetic.RequestHandler) async throws -> Int {
    var sink = 0
    for index in 0..<iterations {
        sink &+= Int(try await handler.getResource3(id: Int64(index)).count)
    }
    return sink
}

func handCalls(decoder: JSONDecoder) throws -> Int {
    var sink = 0
    for index in 0..<iterations {
        var urlRequest = URLRequest(url: base.appendingPathComponent("v1/resource3/\(index)"))
        urlRequest.httpMethod = "GET"
        urlRequest.addValue("application/json", forHTTPHeaderField: "Accept")
        let resource = try decoder.decode(HandResource.self, from: body)
        sink &+= Int(resource.count) + (urlRequest.url?.path.count ?? 0)
    }
    return sink
}

// The workloads take turns in every repetition, so a slower stretch of a shared machine hits all of them.
let handler = Synthetic.RequestHandler(client: ConstantClient(body: body))
var samples: [String: [Double]] = [:]
var sink = 0

/// Runs `work` once, adding its time to the samples of `key`.
@MainActor func measure(_ key: String, _ work: () async throws -> Int) async rethrows {
    let start = ContinuousClock.now
    sink &+= try await work()
    samples[key, default: []].append(milliseconds(since: start))
}

for _ in 0..<repetitions {
    try await measure("generated_request_building_ms") { try generatedBuild() }
    await measure("hand_request_building_ms") { handBuild() }
    try await measure("generated_call_and_decode_ms") { try await generatedCalls(handler) }
    try await measure("hand_call_and_decode_ms") { try handCalls(decoder: foundationDates) }
    try await measure("hand_call_and_decode_same_dates_ms") { try handCalls(decoder: routeGenDates) }
}

var result = samples.mapValues { $0.sorted()[repetitions / 2] }
result["iterations"] = Double(iterations)
result["sink"] = Double(sink % 2)
print(String(decoding: try JSONSerialization.data(withJSONObject: result, options: [.sortedKeys]), as: UTF8.self))
