import Foundation
import Testing

/// Runs the real `routegen` binary, built beside the test bundle.
enum RouteGenProcess {
    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// SwiftPM puts the test bundle and the `routegen` it depends on in the same build folder.
    static let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        .appendingPathComponent("routegen")

    static func run(_ arguments: String...) throws -> Run {
        try #require(FileManager.default.isExecutableFile(atPath: binary.path), "routegen not built at \(binary.path)")
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(
            status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
            stderr: String(decoding: stderr, as: UTF8.self))
    }
}
