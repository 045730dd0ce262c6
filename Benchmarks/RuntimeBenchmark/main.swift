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
let repetitions = 5

/// The median of `repetitions` timings of `work`, in milliseconds.
func median(_ work: () throws -> Void) rethrows -> Double {
    var samples: [Double] = []
    for _ in 0..<repetitions {
        let start = ContinuousClock.now
        try work()
        let (seconds, attoseconds) = start.duration(to: .now).components
        samples.append(Double(seconds) * 1_000 + Double(attoseconds) / 1e15)
    }
    return samples.sorted()[repetitions / 2]
}

/// A transport that answers every request with the same body, so only client-side work is measured.
struct ConstantClient: HTTPClient {
    let body: Data
    func load(_ request: HTTPRequest) async throws -> (Data, HTTPResponse) {
        (body, HTTPResponse(statusCode: 200))
    }
}

/// The model a hand-written client would declare.
struct HandResource: Decodable {
    enum Status: String, Decodable { case draft, published, archived }
    struct Detail: Decodable { var note: String }
    var name: String
    var count: Int64
    var active: Bool
    var score: Double
    var createdAt: Date
    var status: Status
    var detail: Detail?
    var tags: [String]

    enum CodingKeys: String, CodingKey {
        case name, count, active, score, status, detail, tags
        case createdAt = "created_at"
    }
}

let body = Data(
    #"{"name":"Widget","count":42,"active":true,"score":4.5,"created_at":"2024-02-11T09:48:46Z","status":"published","detail":{"note":"n"},"tags":["a","b","c"]}"#
        .utf8)
let base = URL(string: "https://api.example.com")!
let environment = Synthetic.Environment.production
let encoder = JSONCoding.makeEncoder()

// 1. Building requests: route → HTTPRequest → URLRequest (what URLSessionClient does), against URLComponents.
var sink = 0
let generatedBuild = try median {
    for index in 0..<iterations {
        let request = try Synthetic.APIRoute.listResource3(active: true, limit: index, tags: ["a", "b"])
            .request(for: environment, encoder: encoder)
        var urlRequest = URLRequest(url: try request.url())
        urlRequest.httpMethod = request.method.rawValue
        for field in request.headers { urlRequest.addValue(field.value, forHTTPHeaderField: field.name) }
        urlRequest.addValue("Bearer token", forHTTPHeaderField: "Authorization")
        sink &+= urlRequest.url?.absoluteString.utf8.count ?? 0
    }
}
let handBuild = median {
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
}

// 2. A whole call: build the request, "send" it, check the status, decode, against building a URLRequest and
// decoding with JSONDecoder by hand.
let handler = Synthetic.RequestHandler(client: ConstantClient(body: body))
var generatedSamples: [Double] = []
for _ in 0..<repetitions {
    let start = ContinuousClock.now
    for index in 0..<iterations {
        let resource = try await handler.getResource3(id: Int64(index))
        sink &+= Int(resource.count)
    }
    let (seconds, attoseconds) = start.duration(to: .now).components
    generatedSamples.append(Double(seconds) * 1_000 + Double(attoseconds) / 1e15)
}
let generatedDecode = generatedSamples.sorted()[repetitions / 2]
let decoder = JSONDecoder()
decoder.dateDecodingStrategy = .iso8601
let handDecode = try median {
    for index in 0..<iterations {
        var urlRequest = URLRequest(url: base.appendingPathComponent("v1/resource3/\(index)"))
        urlRequest.httpMethod = "GET"
        urlRequest.addValue("application/json", forHTTPHeaderField: "Accept")
        let resource = try decoder.decode(HandResource.self, from: body)
        sink &+= Int(resource.count) + (urlRequest.url?.path.count ?? 0)
    }
}

let result: [String: Double] = [
    "generated_request_building_ms": generatedBuild, "hand_request_building_ms": handBuild,
    "generated_call_and_decode_ms": generatedDecode, "hand_call_and_decode_ms": handDecode,
    "iterations": Double(iterations), "sink": Double(sink % 2),
]
print(String(decoding: try JSONSerialization.data(withJSONObject: result, options: [.sortedKeys]), as: UTF8.self))
