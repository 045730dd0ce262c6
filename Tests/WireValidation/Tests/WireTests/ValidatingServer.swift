import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import RouteGenRuntime
import Testing

/// `validating_server.py` for one OpenAPI or Swagger 2.0 document: started by a test on a free port of 127.0.0.1, stopped when the
/// test's body ends, and asked then for what it saw.
struct ValidatingServer {
    /// One request the server answered: the operation it matched, the status it gave, and the validator's
    /// findings when it refused the request (400) or its own response (500).
    struct Answer: Decodable, CustomStringConvertible {
        var method: String
        var path: String
        /// The query as sent.
        var query: String
        var operation: String?
        var status: Int
        var findings: [String]?
        /// The operation's security requirements (each its schemes' names) the request met, for an answer given.
        var security: [[String]]?
        /// Each parameter the request sent, by its name in the document, as the validator read it (a JSON body under
        /// its parameter's name): for a Swagger 2.0 document, where bravado-core reads them.
        var parameters: [String: JSONValue]?

        var description: String {
            "\(method) \(path) (\(operation ?? "no operation")): \(status)" + (findings.map { "\n  " + $0.joined(separator: "\n  ") } ?? "")
        }
    }

    /// The folder of the package's sources, where each client's document is.
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Sources").standardized

    /// Starts the server for `document` (a path under `Sources`), runs `body` with its address, and returns what
    /// `body` returned and every answer the server gave, in order.
    static func run<Result: Sendable>(
        document: String, _ body: @Sendable (URL) async throws -> Result
    ) async throws -> (Result, [Answer]) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        let script = sources.appendingPathComponent("../validating_server.py").standardized.path
        // The lifetime bounds a server whose test crashed before it could stop it.
        process.arguments = ["python3", script, sources.appendingPathComponent(document).path, "--lifetime", "600"]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        defer {
            try? input.fileHandleForWriting.close()
            process.waitUntilExit()
        }
        // A server that never says its port is stopped, which ends the read.
        let watchdog = Task {
            try await Task.sleep(for: .seconds(120))
            process.terminate()
        }
        let port = await firstLine(of: output.fileHandleForReading)
        watchdog.cancel()
        guard let port, port.hasPrefix("port "), let base = URL(string: "http://127.0.0.1:\(port.dropFirst(5))") else {
            Issue.record(
                "the validating server did not start (are its validators installed? `python3 -m pip install openapi-core==0.23.1 bravado-core==6.4.1`)")
            throw CancellationError()
        }
        let result = try await body(base)
        let (data, _) = try await URLSession.shared.data(from: base.appendingPathComponent("__routegen/report"))
        return (result, try JSONDecoder().decode([Answer].self, from: data))
    }

    /// The first line `handle` gives, or nil when it ends first; read off the concurrency pool, as it blocks.
    private static func firstLine(of handle: FileHandle) async -> String? {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                var line = Data()
                while true {
                    let chunk = handle.availableData
                    if chunk.isEmpty { return continuation.resume(returning: nil) }
                    line.append(chunk)
                    if let end = line.firstIndex(of: UInt8(ascii: "\n")) {
                        return continuation.resume(returning: String(decoding: line[..<end], as: UTF8.self))
                    }
                }
            }
        }
    }
}

/// Expects every answer to be a success the document describes, and the operations answered to be `expected`.
func expectAllValid(_ answers: [ValidatingServer.Answer], operations expected: [String], sourceLocation: SourceLocation = #_sourceLocation) {
    for answer in answers where !(200..<300).contains(answer.status) {
        Issue.record("not valid on the wire: \(answer)", sourceLocation: sourceLocation)
    }
    #expect(answers.compactMap(\.operation) == expected, sourceLocation: sourceLocation)
}
