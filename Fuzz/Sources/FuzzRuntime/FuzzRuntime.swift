import Foundation
import FuzzDriver

@testable import RouteGenRuntime
@testable import RouteGenToolkit

/// One input: its first byte picks a reader of the runtime that takes bytes from the network, a server or the
/// disk; the rest is what that reader gets. Every reader returns, whatever it is given: no trap, no hang.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data, size > 0 else { return 0 }
    let input = Data(bytes: data + 1, count: size - 1)
    let text = String(decoding: input, as: UTF8.self)
    let response = { (name: String) in APIResponse(statusCode: 200, headers: HeaderFields([.init(name: name, value: text)])) }
    switch data[0] % 7 {
    case 0:
        _ = CacheControl(response("Cache-Control").headers)
    case 1:
        let links = LinkHeader(response("Link"), base: URL(string: "https://api.example.com/v1/items"))
        _ = (links.next, links.prev, links.first, links.last)
    case 2:
        _ = HTTPDate.date(from: text)
        _ = RetryAfter.delay(in: response("Retry-After"), now: Date(timeIntervalSince1970: 1_800_000_000))
    case 3:
        // Split where the input's own bytes say, as a network would.
        var parser = ServerSentEventParser()
        let cut = input.isEmpty ? 0 : Int(input[input.startIndex]) % input.count
        _ = try? parser.parse(input.prefix(cut))
        _ = try? parser.parse(input.dropFirst(cut))
    case 4:
        guard let value = try? JSONDecoder().decode(JSONValue.self, from: input) else { break }
        _ = try? JSONEncoder().encode(value)
        if let fields = try? FormEncoder().encode(value) {
            _ = try? fields.queryItems().map(\.encoded)
            _ = try? fields.multipartForm(boundary: "fuzz").encoded()
        }
        _ = try? FormEncoder(arrayStyle: .brackets).encode(value, named: "value")
    case 5:
        _ = DiskCacheStore.decode(input)
    default:
        var parser = ServerSentEventParser()
        for event in (try? parser.parse(input)) ?? [] { _ = try? JSONDecoder().decode(JSONValue.self, from: Data(event.data.utf8)) }
    }
    return 0
}

/// SwiftPM names an executable's entry point after its module; it hands the command line to libFuzzer.
@_cdecl("FuzzRuntime_main")
public func fuzzerMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, fuzzOneInput)
}
