import Logging
import RouteGenRuntime

/// A swift-log handler that keeps every message, so tests can read what was logged.
package struct CapturingLogHandler: LogHandler {
    let messages: Locked<[String]>
    package var metadata: Logger.Metadata = [:]
    package var logLevel: Logger.Level = .trace

    package subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    package func log(event: LogEvent) {
        messages.withLock { $0.append(event.message.description) }
    }
}

/// A logger that captures, and the messages it captured.
package func capturingLogger() -> (Logger, Locked<[String]>) {
    let messages = Locked<[String]>([])
    return (Logger(label: "RouteGenTests") { _ in CapturingLogHandler(messages: messages) }, messages)
}
