import Foundation

/// How far a request's body has gone up, or its response's body has come down.
///
/// Observe it around any code that sends requests, generated handlers included, with
/// ``withTransferProgress(_:isolation:operation:)``; transports that can report it (`URLSessionClient` does) call the
/// observer as bytes go out and come in:
///
/// ```swift
/// let photo = try await withTransferProgress({ progress in
///     Task { @MainActor in uploadBar.value = progress.fractionCompleted ?? 0 }
/// }) {
///     try await api.uploadPhoto(body: .file(pickedFile))
/// }
/// ```
public struct TransferProgress: Sendable, Hashable {
    /// Which body moves.
    public enum Direction: Sendable, Hashable {
        /// The request's body, to the server.
        case upload
        /// The response's body, from the server.
        case download
    }

    /// Which body moves.
    public var direction: Direction
    /// The bytes moved so far.
    public var completedBytes: Int64
    /// The bytes to move, when known (a response without `Content-Length` does not say).
    public var totalBytes: Int64?
    /// The generated name of the request's endpoint (`Petstore.uploadPhoto`), telling requests apart when the
    /// operation sends several.
    public var routeName: String?

    /// Creates a report.
    public init(direction: Direction, completedBytes: Int64, totalBytes: Int64?, routeName: String? = nil) {
        self.direction = direction
        self.completedBytes = completedBytes
        self.totalBytes = totalBytes
        self.routeName = routeName
    }

    /// The part done, from 0 to 1, when the total is known.
    public var fractionCompleted: Double? {
        totalBytes.map { $0 > 0 ? min(1, Double(completedBytes) / Double($0)) : 1 }
    }

    /// The observer of the current task, set by ``withTransferProgress(_:isolation:operation:)``; transports report to it.
    @TaskLocal public static var observer: (@Sendable (TransferProgress) -> Void)?
}

/// Runs `operation`, reporting the transfer progress of every request it sends, in this task and the tasks it
/// starts, to `observer` (from the transport's threads: hop to the main actor to update UI).
public func withTransferProgress<Result>(
    _ observer: @escaping @Sendable (TransferProgress) -> Void, isolation: isolated (any Actor)? = #isolation,
    operation: () async throws -> Result
) async rethrows -> Result {
    try await TransferProgress.$observer.withValue(observer, operation: operation, isolation: isolation)
}
