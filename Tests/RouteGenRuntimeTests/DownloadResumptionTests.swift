#if canImport(Glibc)
    import Foundation
    import RouteGenRuntime
    import RouteGenTestSupport
    import RouteGenToolkit
    import Testing

    /// `download(_:to:)` against a server that cuts the body at a random byte, up to eight times in a row, over each transport:
    /// resumed with `Range` and `If-Range` to the right bytes, started over when the resource changed, and a failure
    /// with no file left when it cannot be resumed.
    @Suite struct DownloadResumptionTests {
        /// 1 MiB of bytes that repeat nowhere: a resumption at the wrong offset cannot go unnoticed.
        private static func payload(seed: UInt64) -> Data {
            var state = seed
            return Data((0..<(1 << 20)).map { _ in
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                return UInt8(truncatingIfNeeded: state >> 56)
            })
        }

        private func folder() throws -> URL {
            let folder = FileManager.default.temporaryDirectory.appending(path: "routegen-resume-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            return folder
        }

        private func request(_ server: FaultServer, call: String) -> APIRequest {
            APIRequest(
                method: .get, baseURL: server.baseURL, path: "/fault/cut-download", headers: ["X-Call-Id": call],
                routeName: "Tests.download")
        }

        /// The progress reports of a download, in order.
        final class Reports: Sendable {
            private let list = Locked<[TransferProgress]>([])
            func append(_ progress: TransferProgress) { list.withLock { $0.append(progress) } }
            var downloads: [TransferProgress] { list.withLock { $0.filter { $0.direction == .download } } }
        }

        @Test(.timeLimit(.minutes(1)), arguments: Transport.allCases)
        func aBodyCutUpToEightTimesInARowArrivesWhole(transport: Transport) async throws {
            let server = try FaultServer()
            defer { server.stop() }
            let payload = Self.payload(seed: 1)
            server.setDownload(payload, etag: #""v1""#, cuts: 8)
            let folder = try folder()
            defer { try? FileManager.default.removeItem(at: folder) }
            let destination = folder.appending(path: "archive.bin")

            let reports = Reports()
            let head = try await withTransferProgress(reports.append) {
                try await transport.client(timeout: .seconds(10)).download(request(server, call: "whole"), to: destination)
            }
            #expect(head.statusCode == 200)
            // The server cuts up to eight responses: each cut falls at a random byte of what is left, so in about one run
            // in twenty what is left shrinks to a single byte, which it sends whole (seen once, after six cuts); the count
            // is not asserted. Every resumption asks for a byte the file has.
            let (cuts, starts) = (server.downloadCutOffsets, server.downloadStarts)
            #expect(!cuts.isEmpty && starts.first == 0)
            #expect(starts.allSatisfy { $0 < payload.count }, "cuts \(cuts), starts \(starts)")
            let file = try Data(contentsOf: destination)
            #expect(file.count == payload.count)
            #expect(file == payload)
            // Progress counts the whole file, never going back, to its end.
            let counts = reports.downloads.map(\.completedBytes)
            #expect(counts == counts.sorted())
            #expect(reports.downloads.last?.completedBytes == Int64(payload.count))
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["archive.bin"])
        }

        @Test(.timeLimit(.minutes(1)), arguments: Transport.allCases)
        func aResourceThatChangedMeanwhileIsDownloadedAgainFromItsStart(transport: Transport) async throws {
            let server = try FaultServer()
            defer { server.stop() }
            let (old, new) = (Self.payload(seed: 2), Self.payload(seed: 3))
            // The resource changes once its first response is cut: the resumption's `If-Range` names the old one.
            server.setDownload(old, etag: #""v1""#, cuts: 1, changingAtTheFirstCutTo: (new, #""v2""#))
            let folder = try folder()
            defer { try? FileManager.default.removeItem(at: folder) }
            let destination = folder.appending(path: "archive.bin")

            let head = try await transport.client(timeout: .seconds(10)).download(request(server, call: "changed"), to: destination)
            #expect(server.downloadCutOffsets.count == 1)
            #expect(head.statusCode == 200 && head.headers["ETag"] == #""v2""#)
            #expect(try Data(contentsOf: destination) == new)
        }

        @Test(.timeLimit(.minutes(1)), arguments: Transport.allCases)
        func withoutAStrongValidatorTheCutIsAFailureAndNoFileIsLeft(transport: Transport) async throws {
            let server = try FaultServer()
            defer { server.stop() }
            server.setDownload(Self.payload(seed: 4), etag: #"W/"weak""#, cuts: 1)
            let folder = try folder()
            defer { try? FileManager.default.removeItem(at: folder) }

            await #expect {
                try await transport.client(timeout: .seconds(10)).download(
                    request(server, call: "weak"), to: folder.appending(path: "archive.bin"))
            } throws: { error in
                guard case .transportFailed(let failure) = error as? RouteGenError else { return false }
                return failure.request.routeName == "Tests.download"
            }
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
        }

        /// The property: whatever a server answers to a resumption, at whatever byte the first response was cut, a
        /// download that succeeds holds exactly the server's current bytes; otherwise it throws and leaves no file.
        @Test(.timeLimit(.minutes(1)), arguments: Transport.allCases)
        func aResumedDownloadIsTheCurrentResourceOrAFailure(transport: Transport) async throws {
            let server = try FaultServer()
            defer { server.stop() }
            let folder = try folder()
            defer { try? FileManager.default.removeItem(at: folder) }
            let client = transport.client(timeout: .seconds(10))
            var random = SeededGenerator(seed: 39)
            var outcomes: [FaultServer.Resumption: (succeeded: Int, failed: Int)] = [:]
            for round in 0..<64 {
                let resumption = FaultServer.Resumption.allCases[round % FaultServer.Resumption.allCases.count]
                // Half the rounds announce no length: their bodies come in chunks.
                let chunked = round % 16 >= 8
                let size = Int.random(in: 3...4_000, using: &random)
                let payload = Self.payload(seed: random.next()).prefix(size)
                let cut = Int.random(in: 1..<(size - 1), using: &random)
                server.setDownload(Data(payload), etag: #""v1""#, cutAfter: cut, resumingWith: resumption, chunked: chunked)
                let destination = folder.appending(path: "file-\(round).bin")
                let context = "round \(round): \(resumption)\(chunked ? ", chunked" : ""), \(size) bytes cut after \(cut)"
                do {
                    let head = try await client.download(request(server, call: "property-\(round)"), to: destination)
                    #expect(head.statusCode == 200, "\(context)")
                    let file = try Data(contentsOf: destination)
                    #expect(file == server.currentDownload, "\(context): \(file.count) bytes")
                    // Without a length announced first, a larger total in the `206` is the resource's length: no lie.
                    if !(chunked && resumption == .longerTotal) { outcomes[resumption, default: (0, 0)].succeeded += 1 }
                } catch let error as RouteGenError {
                    guard case .transportFailed = error else {
                        Issue.record("\(context): \(error)")
                        continue
                    }
                    #expect(!FileManager.default.fileExists(atPath: destination.path), "\(context)")
                    outcomes[resumption, default: (0, 0)].failed += 1
                }
            }
            // The honest answers succeed; those that cannot be the resource's rest fail.
            #expect(outcomes[.honest]?.failed == 0 && outcomes[.whole]?.failed == 0)
            for dishonest in [FaultServer.Resumption.short, .changedValidator, .wrongStart, .longerTotal, .longerBody] {
                #expect(outcomes[dishonest]?.succeeded == 0, "\(dishonest): \(String(describing: outcomes[dishonest]))")
            }
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).allSatisfy { !$0.hasPrefix(".") })
        }

        /// A gzip body is not resumed (its ranges count encoded bytes) nor measured against its encoded length: it
        /// arrives in one request, as the transport hands it out (URLSession decodes it, async-http-client does not).
        @Test(.timeLimit(.minutes(1)), arguments: Transport.allCases)
        func anEncodedBodyIsTakenAsTheTransportDecodesItInOneRequest(transport: Transport) async throws {
            let server = try FaultServer()
            defer { server.stop() }
            let folder = try folder()
            defer { try? FileManager.default.removeItem(at: folder) }
            let destination = folder.appending(path: "text.txt")
            let request = APIRequest(method: .get, baseURL: server.baseURL, path: "/fault/gzip-download", routeName: "Tests.download")
            let head = try await transport.client(timeout: .seconds(10)).download(request, to: destination)
            #expect(head.statusCode == 200 && server.downloadStarts == [0])
            let file = try Data(contentsOf: destination)
            #expect(file == Data(Fault.gzipDownloadText.utf8) || file.count == 65 && file.prefix(2) == Data([0x1F, 0x8B]))
        }

        /// A request's deadline bounds the whole download, however many resumptions each bring a few bytes.
        @Test(.timeLimit(.minutes(1)), arguments: Transport.allCases)
        func aDeadlineBoundsEveryResumptionTogether(transport: Transport) async throws {
            let server = try FaultServer()
            defer { server.stop() }
            let folder = try folder()
            defer { try? FileManager.default.removeItem(at: folder) }
            var request = APIRequest(method: .get, baseURL: server.baseURL, path: "/fault/drip-cut-download", routeName: "Tests.download")
            request.deadline = .milliseconds(700)
            await #expect {
                try await transport.client(timeout: .seconds(10)).download(request, to: folder.appending(path: "never.bin"), resumptions: 1_000)
            } throws: { error in
                guard case .transportFailed(let failure) = error as? RouteGenError else { return false }
                return failure.code == .timedOut && failure.reason.contains("deadline")
            }
            // It ended at the deadline, not when a thousand resumptions ran out (each attempt brings bytes).
            #expect(server.downloadStarts.count < 100)
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
        }
    }
#endif
