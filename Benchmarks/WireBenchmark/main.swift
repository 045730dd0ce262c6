// The runtime on the wire, side by side: the same call (GET /resource3?limit=20, twenty resources decoded) made by
// RouteGen's generated client and by swift-openapi-generator's, over URLSession and over async-http-client, against
// one local Hummingbird server, one call at a time and 64 at a time; then the decoding of a page of 100 resources
// by each tool's models and by a hand-written Codable struct; with wire.py's allocation counter preloaded, the heap
// allocations per call. Built in release by Benchmarks/wire.py in a scratch
// package beside both tools' code of the 10-resource synthetic API. Prints one JSON object.
import AsyncHTTPClient
import Foundation
import Hummingbird
import OpenAPIAsyncHTTPClient
import OpenAPIClient
import OpenAPIRuntime
import OpenAPIURLSession
import RouteGenAPI
import RouteGenAsyncHTTPClient
import RouteGenRuntime
import RouteGenURLSession

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

func resource(_ index: Int) -> String {
    #"{"name":"Widget \#(index)","count":\#(index),"active":true,"score":4.5,"created_at":"2024-02-11T09:48:46Z","status":"published","detail":{"note":"n"},"tags":["a","b","c"]}"#
}
let page20 = "[" + (0..<20).map(resource).joined(separator: ",") + "]"
let page100 = Data(("[" + (0..<100).map(resource).joined(separator: ",") + "]").utf8)

/// Starts the server on a free port of 127.0.0.1 and returns its base URL.
func startServer() async throws -> (URL, Task<Void, any Error>) {
    let router = Router()
    let body = ByteBuffer(string: page20)
    // The spec's `version: v1` puts RouteGen's paths under `/v1`; the OpenAPI document has no such prefix.
    for path in ["/resource3", "/v1/resource3"] {
        router.get(RouterPath(path)) { _, _ in
            Response(status: .ok, headers: [.contentType: "application/json"], body: .init(byteBuffer: body))
        }
    }
    let (ports, continuation) = AsyncStream<Int>.makeStream()
    let app = Application(
        router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
        onServerRunning: { channel in
            continuation.yield(channel.localAddress?.port ?? 0)
            continuation.finish()
        })
    let task = Task { try await app.runService() }
    var iterator = ports.makeAsyncIterator()
    guard let port = await iterator.next() else { throw CancellationError() }
    return (URL(string: "http://127.0.0.1:\(port)")!, task)
}

/// One way of making the call.
struct Contender: Sendable {
    var tool: String
    var transport: String
    var call: @Sendable () async throws -> Int
}

/// Calls per second: `calls` calls, `concurrency` at a time.
func callsPerSecond(_ contender: Contender, calls: Int, concurrency: Int) async throws -> Double {
    let start = ContinuousClock.now
    try await withThrowingTaskGroup(of: Int.self) { group in
        var launched = 0
        while launched < min(concurrency, calls) {
            group.addTask { try await contender.call() }
            launched += 1
        }
        while let count = try await group.next() {
            precondition(count == 20, "\(contender.tool) over \(contender.transport) decoded \(count) resources")
            if launched < calls {
                group.addTask { try await contender.call() }
                launched += 1
            }
        }
    }
    let (seconds, attoseconds) = start.duration(to: .now).components
    return Double(calls) / (Double(seconds) + Double(attoseconds) / 1e18)
}

func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

let (base, server) = try await startServer()
let routeGenOverURLSession = Synthetic.RequestHandler(environment: .init(baseURL: base), client: URLSessionClient())
let routeGenOverAHC = Synthetic.RequestHandler(environment: .init(baseURL: base), client: RouteGenAsyncHTTPClient.AsyncHTTPClientTransport())
let openAPIOverURLSession = Client(serverURL: base, transport: URLSessionTransport())
let openAPIOverAHC = Client(serverURL: base, transport: OpenAPIAsyncHTTPClient.AsyncHTTPClientTransport())

let contenders = [
    Contender(tool: "RouteGen", transport: "URLSession") { try await routeGenOverURLSession.listResource3(limit: 20).count },
    Contender(tool: "swift-openapi-generator", transport: "URLSession") {
        try await openAPIOverURLSession.listResource3(query: .init(limit: 20)).ok.body.json.count
    },
    Contender(tool: "RouteGen", transport: "async-http-client") { try await routeGenOverAHC.listResource3(limit: 20).count },
    Contender(tool: "swift-openapi-generator", transport: "async-http-client") {
        try await openAPIOverAHC.listResource3(query: .init(limit: 20)).ok.body.json.count
    },
]

let repetitions = 5
var rows: [[String: Any]] = []
for concurrency in [1, 64] {
    let calls = concurrency == 1 ? 1_000 : 5_000
    var samples = Array(repeating: [Double](), count: contenders.count)
    for contender in contenders { _ = try await callsPerSecond(contender, calls: 200, concurrency: concurrency) }
    for _ in 0..<repetitions {
        for (index, contender) in contenders.enumerated() {
            samples[index].append(try await callsPerSecond(contender, calls: calls, concurrency: concurrency))
        }
    }
    for (index, contender) in contenders.enumerated() {
        rows.append([
            "tool": contender.tool, "transport": contender.transport, "concurrency": concurrency,
            "calls_per_second": Int(median(samples[index])),
        ])
    }
}

// Heap allocations per call, one call at a time, when wire.py preloads its allocation counter: each tool's call,
// and each transport's bare request (the body not decoded), whose difference is what the tool adds. The server
// runs in this process, so its allocations are in every figure alike.
let allocationCount = dlsym(nil, "allocation_count").map { unsafeBitCast($0, to: (@convention(c) () -> UInt).self) }

func allocationsPerCall(_ call: @Sendable () async throws -> Int) async throws -> Double? {
    guard let allocationCount else { return nil }
    for _ in 0..<100 { _ = try await call() }
    let calls = 1_000
    let before = allocationCount()
    for _ in 0..<calls { _ = try await call() }
    return (Double(allocationCount() - before) / Double(calls) * 10).rounded() / 10
}

let bareURL = URL(string: "\(base)/v1/resource3?limit=20")!
let bareTransports = [
    Contender(tool: "the transport alone", transport: "URLSession") {
        _ = try await URLSession.shared.data(from: bareURL)
        return 20
    },
    Contender(tool: "the transport alone", transport: "async-http-client") {
        let response = try await HTTPClient.shared.execute(HTTPClientRequest(url: bareURL.absoluteString), timeout: .seconds(30))
        _ = try await response.body.collect(upTo: 1 << 20)
        return 20
    },
]
var allocations: [[String: Any]] = []
for contender in contenders + bareTransports {
    guard let perCall = try await allocationsPerCall(contender.call) else { break }
    allocations.append(["tool": contender.tool, "transport": contender.transport, "allocations_per_call": perCall])
}

// Decoding a page of 100 resources, 2,000 times, by each tool's models and by hand (`HandResource`).
func milliseconds(_ work: () throws -> Int) rethrows -> Double {
    let start = ContinuousClock.now
    var sink = 0
    for _ in 0..<2_000 { sink &+= try work() }
    precondition(sink == 200_000)
    let (seconds, attoseconds) = start.duration(to: .now).components
    return Double(seconds) * 1_000 + Double(attoseconds) / 1e15
}

let routeGenDecoder = JSONCoding.makeDecoder()
let foundationDecoder = JSONDecoder()
foundationDecoder.dateDecodingStrategy = .iso8601
/// swift-openapi-generator's models read dates as its client does: with its runtime's date transcoder.
let openAPIDecoder = JSONDecoder()
let openAPIDates = Configuration().dateTranscoder
openAPIDecoder.dateDecodingStrategy = .custom { decoder in
    try openAPIDates.decode(try decoder.singleValueContainer().decode(String.self))
}
var decoding: [String: [Double]] = ["RouteGen": [], "swift-openapi-generator": [], "hand-written Codable": []]
for _ in 0..<repetitions {
    decoding["RouteGen"]!.append(try milliseconds { try routeGenDecoder.decode([Synthetic.Resource3].self, from: page100).count })
    decoding["swift-openapi-generator"]!.append(
        try milliseconds { try openAPIDecoder.decode([Components.Schemas.Resource3].self, from: page100).count })
    decoding["hand-written Codable"]!.append(try milliseconds { try foundationDecoder.decode([HandResource].self, from: page100).count })
}
server.cancel()
let result: [String: Any] = [
    "calls": rows, "decode_100_resources_x2000_ms": decoding.mapValues { (median($0) * 10).rounded() / 10 },
    "allocations": allocations,
]
print(String(decoding: try JSONSerialization.data(withJSONObject: result, options: [.sortedKeys]), as: UTF8.self))
exit(0)
