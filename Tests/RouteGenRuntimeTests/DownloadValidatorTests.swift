import Foundation
import RouteGenRuntime
import RouteGenToolkit
import Testing

/// What a resumed download may send in `If-Range` (RFC 9110 §13.1.5): a strong entity tag, or, when the response has
/// no entity tag at all, a `Last-Modified` date that is a strong validator. Never a weak tag, and never a date when a
/// tag is known: a file regenerated within the same second would be spliced, old bytes before new ones.
@Suite struct DownloadValidatorTests {
    /// A server whose first response is cut after 40 of its 100 bytes, and which answers any `Range` with the rest of
    /// a regenerated file (as a server comparing dates to the second would).
    final class RegeneratingServer: HTTPTransport {
        let headers: HeaderFields
        let requests = Locked<[APIRequest]>([])

        init(headers: HeaderFields) { self.headers = headers }

        func load(_ request: APIRequest) async throws -> (Data, APIResponse) {
            Issue.record("a download streams its body")
            return (Data(), APIResponse(statusCode: 500))
        }

        func stream(_ request: APIRequest) async throws -> (APIResponse, ResponseBodyStream) {
            let isFirst = requests.withLock { requests in
                requests.append(request)
                return requests.count == 1
            }
            var head = APIResponse(statusCode: 200, headers: headers)
            head.headers["Content-Length"] = "100"
            head.headers["Accept-Ranges"] = "bytes"
            guard isFirst else {
                guard let range = request.headers["Range"] else { return (head, ResponseBodyStream(Data(repeating: 2, count: 100))) }
                #expect(range == "bytes=40-")
                head.statusCode = 206
                head.headers["Content-Length"] = "60"
                head.headers["Content-Range"] = "bytes 40-99/100"
                return (head, ResponseBodyStream(Data(repeating: 2, count: 60)))
            }
            let (chunks, continuation) = AsyncThrowingStream<Data, any Error>.makeStream()
            continuation.yield(Data(repeating: 1, count: 40))
            continuation.finish(
                throwing: RouteGenError.transportFailed(
                    TransportFailure(request: RequestSummary(request, redactor: .default), code: .networkConnectionLost, reason: "cut")))
            return (head, ResponseBodyStream(chunks))
        }
    }

    private static func download(from server: RegeneratingServer) async throws -> (Data?, [String?]) {
        let folder = FileManager.default.temporaryDirectory.appending(path: "routegen-validator-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let destination = folder.appending(path: "report.csv")
        let request = APIRequest(method: .get, baseURL: URL(string: "https://files.example.com")!, path: "/report.csv", routeName: "Tests.report")
        _ = try? await server.download(request, to: destination)
        return (try? Data(contentsOf: destination), server.requests.withLock { $0.map { $0.headers["If-Range"] } })
    }

    private static let anHourAgo = "Sat, 28 Nov 2026 05:00:00 GMT"
    private static let now = "Sat, 28 Nov 2026 06:00:00 GMT"

    @Test func aWeakETagIsNeverResumedWithTheDateBesideIt() async throws {
        let server = RegeneratingServer(headers: ["ETag": #"W/"v1""#, "Last-Modified": Self.anHourAgo, "Date": Self.now])
        let (file, ifRanges) = try await Self.download(from: server)
        // No resumption at all: the cut is the failure, and no file is left.
        #expect(ifRanges == [nil] && file == nil)
    }

    @Test func aDateIsAValidatorOnlyWithoutATagAndASecondBeforeTheResponse() async throws {
        // Modified in the second the response was made: a weak date.
        let weakDate = RegeneratingServer(headers: ["Last-Modified": Self.now, "Date": Self.now])
        #expect(try await Self.download(from: weakDate) == (nil, [nil]))
        // An hour before: strong, and the resumption names it.
        let strongDate = RegeneratingServer(headers: ["Last-Modified": Self.anHourAgo, "Date": Self.now])
        let (file, ifRanges) = try await Self.download(from: strongDate)
        #expect(ifRanges == [nil, Self.anHourAgo] && file?.count == 100)
        // A strong tag is named, not the date beside it.
        let tagged = RegeneratingServer(headers: ["ETag": #""v1""#, "Last-Modified": Self.anHourAgo, "Date": Self.now])
        #expect(try await Self.download(from: tagged).1 == [nil, #""v1""#])
    }
}
