import Foundation
import RouteGenRuntime
import RouteGenTestSupport
import RouteGenToolkit
import RouteGenURLSession
import Testing

#if AsyncHTTPClient
    import RouteGenAsyncHTTPClient
#endif

/// Public-key pinning: pins read from certificates as `openssl` reads them, host patterns, and async-http-client
/// against a local TLS server with a root → intermediate → leaf chain made at test time, over HTTP/1.1 and HTTP/2.
@Suite(.serialized) struct PinningTests {
    static let certificates = Result { try TestCertificates() }

    @Test func pinsAreTheSHA256OfTheSubjectPublicKeyInfoAsOpenSSLComputesIt() throws {
        let certificates = try Self.certificates.get()
        let all = certificates.authorities + [certificates.rsaLeaf, certificates.p256Leaf].map { ($0.der, $0.pin) }
        for (der, pin) in all {
            #expect(try PublicKeyPins.pin(ofCertificate: der) == pin)
        }
        #expect(throws: PinningError.self) { try PublicKeyPins.pin(ofCertificate: Array(certificates.rsaLeaf.der.dropLast())) }
        #expect(throws: PinningError.self) { try PublicKeyPins.pin(ofCertificate: [0x30, 0x82, 0xFF]) }
        // Structures that are not certificates: empty fields, no signature, a length not in its shortest form.
        #expect(throws: PinningError.self) {
            try PublicKeyPins.pin(ofCertificate: [0x30, 0x0E, 0x30, 0x0C, 0x02, 0x00, 0x30, 0x00, 0x30, 0x00, 0x30, 0x00, 0x30, 0x00, 0x30, 0x00])
        }
        let leaf = certificates.p256Leaf.der
        let tbsEnd = 4 + 4 + (Int(leaf[6]) << 8 | Int(leaf[7]))  // `30 82 LL LL` then the tbs, `30 82 LL LL …`
        var unsigned = Array(leaf[4..<tbsEnd])
        unsigned = [0x30, 0x82, UInt8(unsigned.count >> 8), UInt8(unsigned.count & 0xFF)] + unsigned
        #expect(throws: PinningError.self) { try PublicKeyPins.pin(ofCertificate: unsigned) }
        var padded = leaf
        padded.replaceSubrange(0..<4, with: [0x30, 0x83, 0x00] + leaf[2..<4])
        #expect(throws: PinningError.self) { try PublicKeyPins.pin(ofCertificate: padded) }
    }

    @Test func hostPatternsMatchOnLabelBoundariesAndTheLongestWins() throws {
        let pin = "sha256/" + Data(repeating: 1, count: 32).base64EncodedString()
        let other = "sha256/" + Data(repeating: 2, count: 32).base64EncodedString()
        let pins = try PublicKeyPins([
            .init(host: "domain.com", includingSubdomains: true, pins: [pin]),
            .init(host: "api.domain.com", pins: [other]),
            .init(host: "10.0.0.1", pins: [pin]),
            .init(host: "Exact.Example.org.", pins: [pin]),
        ])
        // TrustKit's known mistakes: a suffix that is not on a label boundary is another domain.
        #expect(pins.entry(for: "totallynotthesamedomain.com") == nil)
        #expect(pins.entry(for: "notdomain.com") == nil)
        #expect(pins.entry(for: "domain.com.evil.net") == nil)
        #expect(pins.entry(for: "www.domain.com")?.host == "domain.com")
        #expect(pins.entry(for: "a.b.domain.com")?.host == "domain.com")
        #expect(pins.entry(for: "DOMAIN.com.")?.host == "domain.com")
        #expect(pins.entry(for: "api.domain.com")?.pins == [other])  // the longest match wins
        #expect(pins.entry(for: "v1.api.domain.com")?.host == "domain.com")  // an exact entry has no subdomains
        #expect(pins.entry(for: "10.0.0.1")?.host == "10.0.0.1" && pins.entry(for: "110.0.0.1") == nil)
        #expect(pins.entry(for: "exact.example.org")?.host == "exact.example.org" && pins.entry(for: "www.exact.example.org") == nil)
        // An address is matched in every form a URL may write it; a number-only domain is an address, not a domain.
        let addresses = try PublicKeyPins([.init(host: "127.0.0.1", pins: [pin]), .init(host: "[::1]", pins: [other])])
        for form in ["127.1", "2130706433", "0x7f.0.0.1", "127.000.000.001", "[::ffff:127.0.0.1]", "::FFFF:7f00:1"] {
            #expect(addresses.entry(for: form)?.host == "127.0.0.1", "\(form)")
        }
        for form in ["[0:0::1]", "0000:0000:0000:0000:0000:0000:0000:0001", "[::0:1]"] {
            #expect(addresses.entry(for: form)?.host == "::1", "\(form)")
        }
        #expect(throws: PinningError.self) { try PublicKeyPins.Entry(host: "0.0.1", includingSubdomains: true, pins: [pin]) }
        // Patterns that would pin a whole registry, or that are not pins, are refused.
        for (host, subdomains) in [("com", true), ("co.uk", true), ("github.io", true), ("com", false), ("10.0.0.1", true)] {
            #expect(throws: PinningError.self, "\(host)") { try PublicKeyPins.Entry(host: host, includingSubdomains: subdomains, pins: [pin]) }
        }
        // Text that is no host would pin nothing: refused.
        for host in [
            "localhost:8443", "api.example.com:443", "user@api.example.com", "api.example.com%2f", "api.example.com\0", ":",
            "256.1.1.1", "a..b.com", "-.com", "bücher.example.org", "ｅxample.com", "[api.example.com]", "",
        ] {
            #expect(throws: PinningError.self, "\(host)") { try PublicKeyPins.Entry(host: host, pins: [pin]) }
        }
        #expect(try PublicKeyPins.Entry(host: "xn--bcher-kva.example.org", pins: [pin]).host == "xn--bcher-kva.example.org")
        for bad in [["sha1/" + Data(repeating: 1, count: 20).base64EncodedString()], ["sha256/short"], []] {
            #expect(throws: PinningError.self, "\(bad)") { try PublicKeyPins.Entry(host: "api.example.com", pins: bad) }
        }
        #expect(throws: PinningError.self) {
            try PublicKeyPins([.init(host: "a.example.com", pins: [pin]), .init(host: "A.example.com", pins: [other])])
        }
        // Expired pins no longer apply: the host is as if unpinned, so a domain's live pins, or the refusal of unpinned
        // hosts, apply to it; unpinned hosts are refused only when asked.
        let past = Date(timeIntervalSince1970: 0)
        let expired = try PublicKeyPins([.init(host: "old.example.com", pins: [pin], expires: past)])
        #expect(expired.check(host: "old.example.com", certificates: []) == nil)
        let underADomain = try PublicKeyPins([
            .init(host: "example.com", includingSubdomains: true, pins: [pin]), .init(host: "api.example.com", pins: [other], expires: past),
        ])
        #expect(underADomain.entry(for: "api.example.com")?.host == "example.com")
        let expiredAndStrict = try PublicKeyPins([.init(host: "old.example.com", pins: [pin], expires: past)], unpinnedHosts: .refused)
        #expect(expiredAndStrict.check(host: "old.example.com", certificates: []) != nil)
        #expect(pins.check(host: "elsewhere.net", certificates: []) == nil)
        let strict = try PublicKeyPins([.init(host: "a.example.com", pins: [pin])], unpinnedHosts: .refused)
        #expect(strict.check(host: "elsewhere.net", certificates: [])?.expected == [])
    }

    #if canImport(FoundationNetworking)
        @Test func urlSessionOnLinuxRefusesPinsAtConstruction() throws {
            let pins = try PublicKeyPins([.init(host: "api.example.com", pins: [try Self.certificates.get().sparePin])])
            #expect {
                _ = try URLSessionClient(pinning: pins)
            } throws: { error in
                "\(error)".contains("AsyncHTTPClientTransport(pinning:)")
            }
        }
    #endif

    #if AsyncHTTPClient
        /// A transport that trusts the test root and pins `pins`.
        private static func transport(_ pins: PublicKeyPins) throws -> AsyncHTTPClientTransport {
            AsyncHTTPClientTransport(
                timeout: .seconds(10), trust: try .certificateAuthorities(pemFile: try certificates.get().rootPEM.path),
                pinning: pins)
        }

        /// The snippet of `Documentation/Runtime.md` ("Pinning"), as a user writes it: a private authority, and pins.
        private static func internalServiceTransport(caFile: String, host: String, pins: [String]) throws -> AsyncHTTPClientTransport {
            AsyncHTTPClientTransport(
                timeout: .seconds(30),
                trust: try .certificateAuthorities(pemFile: caFile),  // this authority only, host names checked
                pinning: try PublicKeyPins([.init(host: host, pins: pins)]))
        }

        @Test(.timeLimit(.minutes(1)))
        func thePrivateAuthoritySnippetTrustsTheAuthorityAndEnforcesThePins() async throws {
            let certificates = try Self.certificates.get()
            let served = Counter()
            try await withTLSTestServer(presenting: certificates.rsaLeaf, handler: { _ in served.increment(); return .json("{}") }) { base in
                let caFile = certificates.rootPEM.path
                let pinned = try Self.internalServiceTransport(caFile: caFile, host: "localhost", pins: [certificates.rsaLeaf.pin])
                let (_, response) = try await pinned.load(APIRequest(method: .get, baseURL: base, path: "/ok"))
                #expect(response.statusCode == 200 && served.count == 1)
                let wrong = [certificates.sparePin]
                let mispinned = try Self.internalServiceTransport(caFile: caFile, host: "localhost", pins: wrong)
                await #expect {
                    try await mispinned.load(APIRequest(method: .get, baseURL: base, path: "/secret"))
                } throws: { Self.isPinMismatch($0, expected: wrong) }
                // Without the authority, the system's roots do not know the server: no request reaches it.
                await #expect {
                    try await AsyncHTTPClientTransport(timeout: .seconds(1)).load(APIRequest(method: .get, baseURL: base, path: "/secret"))
                } throws: { error in
                    guard case .transportFailed(let failure) = error as? RouteGenError else { return false }
                    return failure.pinMismatch == nil
                }
            }
            #expect(served.count == 1)
        }

        @Test func authoritiesThatCannotBeUsedAreAClearErrorNamingTheFile() throws {
            let folder = FileManager.default.temporaryDirectory.appending(path: "routegen-authorities-\(UUID())")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let missing = folder.appending(path: "missing.pem").path
            #expect {
                _ = try ServerTrust.certificateAuthorities(pemFile: missing)
            } throws: { "\($0)" == "server trust: `\(missing)` cannot be read" }
            let root = try String(contentsOf: try Self.certificates.get().rootPEM, encoding: .utf8)
            let cutShort = String(root.prefix(root.count / 2)) + "\n-----END CERTIFICATE-----\n"
            let key = "-----BEGIN PRIVATE KEY-----\nMC4CAQAwBQYDK2VwBCIEIA==\n-----END PRIVATE KEY-----\n"
            let unterminated = "-----BEGIN CERTIFICATE-----\n%%%\n"
            for (index, text) in ["", "not a certificate", cutShort, key, unterminated].enumerated() {
                #expect("\(index)") {
                    _ = try ServerTrust.certificateAuthorities(pem: text)
                } throws: { error in
                    (error as? ServerTrust.UnusableAuthorities)?.reason.hasPrefix("the PEM text holds no certificate") == true
                }
                let file = folder.appending(path: "\(index).pem")
                try Data(text.utf8).write(to: file)
                #expect("\(index)") {
                    _ = try ServerTrust.certificateAuthorities(pemFile: file.path)
                } throws: { "\($0)".hasPrefix("server trust: `\(file.path)` holds no certificate") }
            }
            _ = try ServerTrust.certificateAuthorities(pem: root + root)
        }

        @Test(.timeLimit(.minutes(1)))
        func withVerificationOffThePinsAreStillEnforced() async throws {
            let certificates = try Self.certificates.get()
            let served = Counter()
            // The chain's root is trusted by nobody here: only the pins stand between the client and the server.
            try await withTLSTestServer(presenting: certificates.p256Leaf, handler: { _ in served.increment(); return .json("{}") }) { base in
                let right = try PublicKeyPins([.init(host: "localhost", pins: [certificates.p256Leaf.pin])])
                let (_, response) = try await AsyncHTTPClientTransport(timeout: .seconds(10), trust: .unverified, pinning: right)
                    .load(APIRequest(method: .get, baseURL: base, path: "/ok"))
                #expect(response.statusCode == 200)
                let wrong = [certificates.rsaLeaf.pin]
                await #expect {
                    try await AsyncHTTPClientTransport(
                        timeout: .seconds(10), trust: .unverified, pinning: try PublicKeyPins([.init(host: "localhost", pins: wrong)])
                    ).load(APIRequest(method: .get, baseURL: base, path: "/secret"))
                } throws: { Self.isPinMismatch($0, expected: wrong) }
            }
            #expect(served.count == 1)
        }

        private static func isPinMismatch(_ error: any Error, expected: [String]) -> Bool {
            guard case .transportFailed(let failure) = error as? RouteGenError, let mismatch = failure.pinMismatch else { return false }
            return failure.code == .serverCertificateUntrusted && mismatch.host == "localhost" && mismatch.expected == expected.sorted()
        }

        @Test(.timeLimit(.minutes(1)), arguments: [false, true])
        func theRightLeafPinOrItsBackupPassesOnReusedConnections(http2: Bool) async throws {
            let certificates = try Self.certificates.get()
            for leaf in [certificates.rsaLeaf, certificates.p256Leaf] {
                let served = Counter()
                try await withTLSTestServer(presenting: leaf, http2: http2, handler: { _ in served.increment(); return .json("{}") }) { base in
                    // The backup pin first: any pin of the list passes.
                    let pins = try PublicKeyPins([.init(host: "localhost", pins: [certificates.sparePin, leaf.pin])])
                    let client = try Self.transport(pins).retrying()
                    for _ in 0..<5 {
                        let (_, response) = try await client.load(APIRequest(method: .get, baseURL: base, path: "/ok"))
                        #expect(response.statusCode == 200)
                    }
                }
                #expect(served.count == 5)
            }
        }

        @Test(.timeLimit(.minutes(1)), arguments: [false, true])
        func aWrongPinFailsTypedAndTheServerReceivesNoRequest(http2: Bool) async throws {
            let certificates = try Self.certificates.get()
            let served = Counter()
            try await withTLSTestServer(presenting: certificates.rsaLeaf, http2: http2, handler: { _ in served.increment(); return .json("{}") }) {
                base in
                // The intermediate's key and a spare one: neither is the leaf's, which is all this transport sees.
                let expected = [certificates.sparePin, certificates.authorities[1].pin]
                let client = try Self.transport(try PublicKeyPins([.init(host: "localhost", pins: expected)])).retrying()
                await #expect {
                    try await client.load(APIRequest(method: .get, baseURL: base, path: "/secret"))
                } throws: { Self.isPinMismatch($0, expected: expected) }
                // Many calls at once, on a pool whose connections all fail the check: each fails cleanly.
                try await withThrowingTaskGroup(of: Bool.self) { group in
                    for _ in 0..<40 {
                        group.addTask {
                            do {
                                _ = try await client.load(APIRequest(method: .post, baseURL: base, path: "/secret", body: .data(Data("x".utf8))))
                                return false
                            } catch {
                                return Self.isPinMismatch(error, expected: expected)
                            }
                        }
                    }
                    for try await failedAsItShould in group { #expect(failedAsItShould) }
                }
                // A redirect from an unpinned server to the pinned host is checked like a first request.
                _ = try await withTestServer(handler: { _ in ServerReply(status: 307, headers: ["Location": base.absoluteString + "/moved"]) }) {
                    unpinned in
                    await #expect {
                        try await client.load(APIRequest(method: .get, baseURL: unpinned, path: "/start"))
                    } throws: { Self.isPinMismatch($0, expected: expected) }
                }
            }
            #expect(served.count == 0)
        }

        @Test(.timeLimit(.minutes(1)))
        func anAddressWrittenAnotherWayIsStillPinnedAndFailedConnectionsAreClosed() async throws {
            let certificates = try Self.certificates.get()
            let served = Counter()
            let forms = ["127.1", "2130706433", "0x7f.0.0.1", "127.000.000.001", "[::ffff:127.0.0.1]"]
            try await withTLSTestServer(presenting: certificates.rsaLeaf, handler: { _ in served.increment(); return .json("{}") }) { base in
                // Verification off, so that no spelling fails on the host name: the pins alone decide.
                let url = { (form: String) in URL(string: "https://\(form):\(base.port!)")! }
                // Each spelling reaches the server when its key is the pinned one.
                let right = try PublicKeyPins([.init(host: "127.0.0.1", pins: [certificates.rsaLeaf.pin])])
                let pinnedRight = AsyncHTTPClientTransport(timeout: .seconds(10), trust: .unverified, pinning: right)
                for form in forms {
                    let (_, response) = try await pinnedRight.load(APIRequest(method: .get, baseURL: url(form), path: "/ok"))
                    #expect(response.statusCode == 200, "\(form)")
                }
                #expect(served.count == forms.count)
                // And fails with the pins' mismatch, not any error, when it is not.
                let wrong = [certificates.sparePin]
                let pinnedWrong = AsyncHTTPClientTransport(
                    timeout: .seconds(10), trust: .unverified, pinning: try PublicKeyPins([.init(host: "127.0.0.1", pins: wrong)]))
                let openBefore = Self.openFileDescriptors()
                for form in forms {
                    for _ in 0..<10 {
                        await #expect("\(form)") {
                            try await pinnedWrong.load(APIRequest(method: .get, baseURL: url(form), path: "/secret"))
                        } throws: { error in
                            guard case .transportFailed(let failure) = error as? RouteGenError, let mismatch = failure.pinMismatch else { return false }
                            return failure.code == .serverCertificateUntrusted && mismatch.host == "127.0.0.1" && mismatch.expected == wrong
                        }
                    }
                }
                // Each connection that failed its pins is closed: 50 failed calls leave no descriptors open for long.
                var open = Self.openFileDescriptors()
                for _ in 0..<200 where open > openBefore + 10 {
                    try await Task.sleep(for: .milliseconds(25))
                    open = Self.openFileDescriptors()
                }
                #expect(open <= openBefore + 10, "\(openBefore) descriptors open before, \(open) after")
            }
            #expect(served.count == forms.count)
        }

        /// The process's open file descriptors.
        private static func openFileDescriptors() -> Int {
            (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count) ?? 0
        }

        @Test(.timeLimit(.minutes(1)))
        func pinsOfAnotherHostDoNotApplyUnlessUnpinnedHostsAreRefused() async throws {
            let certificates = try Self.certificates.get()
            try await withTLSTestServer(presenting: certificates.p256Leaf, handler: { _ in .json("{}") }) { base in
                let other = PublicKeyPins.Entry.self
                let lenient = try PublicKeyPins([try other.init(host: "api.example.com", pins: [certificates.sparePin])])
                let (_, response) = try await Self.transport(lenient).load(APIRequest(method: .get, baseURL: base, path: "/ok"))
                #expect(response.statusCode == 200)
                let strict = try PublicKeyPins(
                    [try other.init(host: "api.example.com", pins: [certificates.sparePin])], unpinnedHosts: .refused)
                await #expect {
                    try await Self.transport(strict).load(APIRequest(method: .get, baseURL: base, path: "/ok"))
                } throws: { Self.isPinMismatch($0, expected: []) }
            }
        }
    #endif
}

