import Foundation
import RouteGenRuntime
import RouteGenTestSupport
import RouteGenToolkit
import Testing

/// Upload and download progress, reported by each transport from the real transfer of multi-megabyte bodies
/// to and from the local server.
@Suite struct TransferProgressTests {
    /// The reports an operation made, in order.
    final class Reports: Sendable {
        private let list = Locked<[TransferProgress]>([])
        func append(_ progress: TransferProgress) { list.withLock { $0.append(progress) } }
        func of(_ direction: TransferProgress.Direction) -> [TransferProgress] {
            list.withLock { $0.filter { $0.direction == direction } }
        }
    }

    private static func megabytes(_ count: Int) -> Data {
        Data((0..<(count << 20)).map { UInt8(truncatingIfNeeded: $0 &* 31) })
    }

    /// Reports that only grow, end at `total` of `total`, and are more than the last one alone.
    private static func expectComplete(_ reports: [TransferProgress], total: Int, sourceLocation: SourceLocation = #_sourceLocation) {
        let counts = reports.map(\.completedBytes)
        #expect(reports.count > 2, "only \(reports.count) reports", sourceLocation: sourceLocation)
        #expect(counts == counts.sorted(), "not monotonic: \(counts)", sourceLocation: sourceLocation)
        #expect(reports.last?.completedBytes == Int64(total), sourceLocation: sourceLocation)
        #expect(reports.last?.totalBytes == Int64(total), sourceLocation: sourceLocation)
        #expect(reports.last?.fractionCompleted == 1, sourceLocation: sourceLocation)
    }

    @Test(arguments: Transport.allCases)
    func anUploadReportsItsBytesToTheEnd(transport: Transport) async throws {
        let body = Self.megabytes(6)
        let received = Locked(Data())
        try await withTestServer(handler: { request in
            received.withLock { $0 = request.body }
            return .text("stored")
        }) { base in
            let client = transport.client()
            let reports = Reports()
            let folder = FileManager.default.temporaryDirectory.appending(path: "routegen-progress-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let file = folder.appending(path: "photo.bin")
            try body.write(to: file)

            let request = APIRequest(method: .put, baseURL: base, path: "/photos/1", body: .file(file), routeName: "Tests.upload")
            let (answer, _) = try await withTransferProgress(reports.append) { try await client.load(request) }
            #expect(String(decoding: answer, as: UTF8.self) == "stored")
            #expect(received.withLock { $0 } == body)
            Self.expectComplete(reports.of(.upload), total: body.count)
            #expect(reports.of(.upload).allSatisfy { $0.routeName == "Tests.upload" })

            // Bytes in memory report too.
            let inMemory = Reports()
            let bytes = APIRequest(method: .post, baseURL: base, path: "/photos", body: .data(body))
            _ = try await withTransferProgress(inMemory.append) { try await client.load(bytes) }
            Self.expectComplete(inMemory.of(.upload), total: body.count)
        }
    }

    @Test(arguments: Transport.allCases)
    func aDownloadReportsItsBytesToTheEnd(transport: Transport) async throws {
        let body = Self.megabytes(8)
        try await withTestServer(handler: { _ in ServerReply(status: 200, headers: ["Content-Type": "application/octet-stream"], body: body) }) { base in
            let client = transport.client()
            let request = APIRequest(method: .get, baseURL: base, path: "/archive")

            let reports = Reports()
            let (data, head) = try await withTransferProgress(reports.append) { try await client.load(request) }
            #expect(head.statusCode == 200 && data == body)
            Self.expectComplete(reports.of(.download), total: body.count)
            #expect(reports.of(.upload).isEmpty)

            // Into a file, never whole in memory.
            let file = FileManager.default.temporaryDirectory.appending(path: "routegen-download-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: file) }
            let toFile = Reports()
            _ = try await withTransferProgress(toFile.append) { try await client.download(request, to: file) }
            #expect(try Data(contentsOf: file) == body)
            Self.expectComplete(toFile.of(.download), total: body.count)
        }
    }

    @Test(arguments: Transport.allCases)
    func withoutAnObserverNothingIsReportedAndNothingChanges(transport: Transport) async throws {
        try await withTestServer(handler: { _ in .text("plain") }) { base in
            let (data, _) = try await transport.client().load(APIRequest(method: .get, baseURL: base, path: "/x"))
            #expect(String(decoding: data, as: UTF8.self) == "plain")
            #expect(TransferProgress.observer == nil)
        }
    }
}
