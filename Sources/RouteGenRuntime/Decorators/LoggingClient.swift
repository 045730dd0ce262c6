import Foundation
import Logging

/// Logs every request and response through swift-log: method, URL, status, duration, headers and bodies
/// (pretty JSON, cut after `bodyLimit` bytes), with secrets redacted.
public struct LoggingClient: HTTPClient {
    private let base: any HTTPClient
    private let logger: Logger
    private let level: Logger.Level
    private let bodyLimit: Int
    private let redactor: SecretRedactor

    /// Creates the decorator.
    public init(
        wrapping base: any HTTPClient, logger: Logger = Logger(label: "RouteGen.HTTP"), level: Logger.Level = .debug,
        bodyLimit: Int = 4_096, redactor: SecretRedactor = .default
    ) {
        self.base = base
        self.logger = logger
        self.level = level
        self.bodyLimit = bodyLimit
        self.redactor = redactor
    }

    public func load(_ request: HTTPRequest) async throws -> (Data, HTTPResponse) {
        let line = "\(request.method) \(redactor.redactedURL(of: request))"
        logger.log(level: level, "\(describe(request, line: line))")
        let start = ContinuousClock.now
        do {
            let (data, response) = try await base.load(request)
            logger.log(level: level, "\(describe(response, body: data, line: line, after: start.duration(to: .now)))")
            return (data, response)
        } catch {
            logger.log(level: level, "✗ \(line) failed after \(Self.milliseconds(start.duration(to: .now))): \(error)")
            throw error
        }
    }

    private func describe(_ request: HTTPRequest, line: String) -> String {
        var lines = ["→ \(line)"]
        if let routeName = request.routeName { lines[0] += " [\(routeName)]" }
        lines += redactor.redacted(request.headers, authentication: request.authentication).map { "  \($0.name): \($0.value)" }
        switch request.body {
        case .data(let data): lines.append(BodyPreview.text(of: data, limit: bodyLimit, redactor: redactor))
        case .file(let url): lines.append("(body streamed from \(url.path))")
        case nil: break
        }
        return lines.joined(separator: "\n")
    }

    private func describe(_ response: HTTPResponse, body: Data, line: String, after duration: Duration) -> String {
        var lines = ["← \(response.statusCode) \(line) (\(Self.milliseconds(duration)))"]
        lines += redactor.redacted(response.headers).map { "  \($0.name): \($0.value)" }
        lines.append(BodyPreview.text(of: body, limit: bodyLimit, redactor: redactor))
        return lines.joined(separator: "\n")
    }

    private static func milliseconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        return "\(seconds * 1_000 + attoseconds / 1_000_000_000_000_000) ms"
    }
}

extension HTTPClient {
    /// Logs requests and responses. See ``LoggingClient``.
    public func logging(
        to logger: Logger = Logger(label: "RouteGen.HTTP"), level: Logger.Level = .debug, bodyLimit: Int = 4_096,
        redactor: SecretRedactor = .default
    ) -> LoggingClient {
        LoggingClient(wrapping: self, logger: logger, level: level, bodyLimit: bodyLimit, redactor: redactor)
    }
}
