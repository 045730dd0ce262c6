import Foundation
import Logging
import RouteGenRuntime

/// Logs every request and response through swift-log: method, URL, status, duration, headers and bodies
/// (pretty JSON, cut after `bodyLimit` bytes), with secrets redacted.
public struct LoggingClient: HTTPTransport, Decorating {
    package let base: any HTTPTransport
    private let logger: Logger
    private let level: Logger.Level
    private let bodyLimit: Int
    private let redactor: SecretRedactor

    /// Creates the decorator.
    public init(
        wrapping base: any HTTPTransport, logger: Logger = Logger(label: "RouteGen.HTTP"), level: Logger.Level = .debug,
        bodyLimit: Int = 4_096, redactor: SecretRedactor = .default
    ) {
        self.base = base
        self.logger = logger
        self.level = level
        self.bodyLimit = bodyLimit
        self.redactor = redactor
    }

    public func load(_ request: APIRequest) async throws -> (Data, APIResponse) {
        try await logged(request, response: { ($0.1, $0.0) }) { try await base.load($0) }
    }

    /// Logs the request, and the response head when it arrives; the body streams on unlogged.
    public func stream(_ request: APIRequest) async throws -> (APIResponse, ResponseBodyStream) {
        try await logged(request, response: { ($0.0, nil) }) { try await base.stream($0) }
    }

    private func logged<Result>(
        _ request: APIRequest, response: (Result) -> (APIResponse, Data?),
        _ operation: (APIRequest) async throws -> Result
    ) async throws -> Result {
        let line = "\(request.method) \(redactor.redactedURL(of: request))"
        logger.log(level: level, "\(describe(request, line: line))")
        let start = ContinuousClock.now
        do {
            let result = try await operation(request)
            let (head, body) = response(result)
            logger.log(level: level, "\(describe(head, body: body, line: line, after: start.duration(to: .now)))")
            return result
        } catch {
            logger.log(level: level, "✗ \(line) failed after \(Self.milliseconds(start.duration(to: .now))): \(error)")
            throw error
        }
    }

    private func describe(_ request: APIRequest, line: String) -> String {
        var lines = ["→ \(line)"]
        if let routeName = request.routeName { lines[0] += " [\(routeName)]" }
        lines += redactor.redacted(request.headers, authentication: request.authentication).map { "  \($0.name): \($0.value)" }
        switch request.body {
        case .data(let data):
            lines.append(BodyPreview.text(of: data, limit: bodyLimit, redactor: redactor, isForm: request.headers.isForm))
        case .file(let url): lines.append("(body streamed from \(url.path))")
        case .multipart(let form): lines.append(Self.describe(form))
        case nil: break
        }
        return lines.joined(separator: "\n")
    }

    /// The response line and headers, then the body, or `(streamed body)` when it is still arriving.
    private func describe(_ response: APIResponse, body: Data?, line: String, after duration: Duration) -> String {
        var lines = ["← \(response.statusCode) \(line) (\(Self.milliseconds(duration)))"]
        lines += redactor.redacted(response.headers).map { "  \($0.name): \($0.value)" }
        lines.append(
            body.map { BodyPreview.text(of: $0, limit: bodyLimit, redactor: redactor, isForm: response.headers.isForm) } ?? "(streamed body)")
        return lines.joined(separator: "\n")
    }

    /// A multipart form's parts, by name: text values redacted like query items, files by name and type.
    private static func describe(_ form: MultipartFormData) -> String {
        form.parts.map { part in
            if let filename = part.filename {
                return "  part \(part.name): file \(filename) (\(part.contentType ?? "application/octet-stream"))"
            }
            return "  part \(part.name)"
        }.joined(separator: "\n")
    }

    private static func milliseconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        return "\(seconds * 1_000 + attoseconds / 1_000_000_000_000_000) ms"
    }
}

extension HTTPTransport {
    /// Logs requests and responses. See ``LoggingClient``.
    public func logging(
        to logger: Logger = Logger(label: "RouteGen.HTTP"), level: Logger.Level = .debug, bodyLimit: Int = 4_096,
        redactor: SecretRedactor = .default
    ) -> LoggingClient {
        LoggingClient(wrapping: self, logger: logger, level: level, bodyLimit: bodyLimit, redactor: redactor)
    }
}
