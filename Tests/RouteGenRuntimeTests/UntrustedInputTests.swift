import Foundation
import RouteGenRuntime
import RouteGenTesting
import RouteGenToolkit
import Testing

/// Inputs that once crashed the runtime: a header, a value and a cache file, each read without trusting it.
@Suite struct UntrustedInputTests {
    @Test(arguments: ["no-cache,=", "=", ",,,", "max-age=", "=5, max-age=60", "max-age=\"\"", "stale-while-revalidate="])
    func aMalformedCacheControlIsReadNotTrapped(_ header: String) async throws {
        let stub = StubTransport()
        stub.register(.get, "/pets", response: StubResponse(headers: ["Cache-Control": header], body: Data("[]".utf8)))
        let client = stub.caching()
        let request = APIRequest(method: .get, baseURL: URL(string: "https://api.example.com")!, path: "/pets")
        let (first, _) = try await client.load(request)
        let (second, _) = try await client.load(request)
        #expect(first == Data("[]".utf8) && second == first)
    }

    struct Sizes: Encodable {
        var tiny: Int8 = -8
        var small: Int16 = 16
        var unsigned: UInt = 42
        var byte: UInt8 = 255
        var word: UInt16 = 65_535
        var double: UInt32 = 4_000_000_000
        var large: UInt64 = 18_446_744_073_709_551_615
        var list: [UInt8] = [1, 2]
        var signedList: [Int16] = [-1, 3]
        var optional: UInt64? = 7
    }

    @Test func everyIntegerTypeIsAFormValue() throws {
        let fields = try FormEncoder().encode(Sizes())
        let encoded = try fields.queryItems().map(\.encoded).joined(separator: "&")
        #expect(
            encoded
                == "tiny=-8&small=16&unsigned=42&byte=255&word=65535&double=4000000000&large=18446744073709551615"
                + "&list=1&list=2&signedList=-1&signedList=3&optional=7")
        let single = try FormEncoder().encode(UInt8(9), named: "n")
        #expect(single.map(\.name) == ["n"] && single.map(\.value) == [.text("9")])
    }

    struct Tagged: Encodable {
        var metadata: [String: String]
        var counts: [String: Int]
    }

    @Test func dictionariesAreWrittenInKeyOrder() throws {
        let keys = (0..<40).map { "key\($0)" }
        let value = Tagged(
            metadata: Dictionary(uniqueKeysWithValues: keys.map { ($0, "v-\($0)") }),
            counts: ["b": 2, "a": 1, "c": 3])
        let names = try FormEncoder().encode(value).map(\.name)
        #expect(names == keys.sorted().map { "metadata[\($0)]" } + ["counts[a]", "counts[b]", "counts[c]"])
    }

    @Test func aCacheFileWithImpossibleLengthsIsAMiss() throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "routegen-cache-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try DiskCacheStore(folder: folder)
        // The magic, a head length of 2^32 - 1 and a body length of 2^64 - 1: the sum of them overflowed.
        var damaged = Data("RGC1".utf8)
        damaged.append(contentsOf: [UInt8](repeating: 0xFF, count: 12))
        damaged.append(Data("{}".utf8))
        let file = folder.appending(path: "k.response")
        try damaged.write(to: file)
        #expect(store.entry(forKey: "k") == nil)
        #expect(!FileManager.default.fileExists(atPath: file.path))

        // A head length larger than the file.
        var long = Data("RGC1".utf8)
        long.append(contentsOf: [0, 0, 1, 0] + [UInt8](repeating: 0, count: 8))
        try long.write(to: file)
        #expect(store.entry(forKey: "k") == nil)
    }
}
