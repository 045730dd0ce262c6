import Foundation
import RouteGenRuntime

/// What a ``ResponseValidator`` decides about a response.
public enum ResponseValidation: Sendable {
    /// No opinion: ask the next validator, then check the status.
    case next
    /// Accept the response as it is, whatever its status.
    case accept
    /// Fail the request with this error.
    case fail(any Error)
    /// Send the request again after `delay`.
    case retry(after: Duration = .zero)
    /// Run `work` (for example, refresh a session), then send the request again.
    case retryAfter(@Sendable () async throws -> Void)
}

/// Looks at a response and decides whether it is good.
public typealias ResponseValidator = @Sendable (APIRequest, APIResponse, Data) async throws -> ResponseValidation

/// Turns unacceptable responses into errors: user validators first, in order, then the status check.
///
/// A status outside `acceptableStatus` throws `RouteGenError.unacceptableStatus(_:)` with the route, status
/// and body; a 304 to a conditional request is accepted too. Validators can accept a response, fail it, or ask for a retry, at most `maxRetries` times,
/// and within the request's `APIRequest.deadline`: a retry whose delay would end past it is not made.
public struct ResponseValidatingClient: HTTPTransport, Decorating {
    package let base: any HTTPTransport
    private let acceptableStatus: Range<Int>
    private let validators: [ResponseValidator]
    private let maxRetries: Int
    private let sleep: @Sendable (Duration) async throws -> Void

    /// Creates the decorator. `sleep` waits before a retry; tests pass their own.
    public init(
        wrapping base: any HTTPTransport, acceptableStatus: Range<Int> = 200..<300, validators: [ResponseValidator] = [],
        maxRetries: Int = 1, sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
    ) {
        self.base = base
        self.acceptableStatus = acceptableStatus
        self.validators = validators
        self.maxRetries = maxRetries
        self.sleep = sleep
    }

    public func load(_ request: APIRequest) async throws -> (Data, APIResponse) {
        let base = self.base
        return try await validated(request, { try await base.load($0) }) { result in (result.1, result.0, result) }
    }

    /// Validates a streamed response by its head. Validators see the body only when the status is not
    /// acceptable (it is read, up to 1 MiB, for the error); an acceptable body streams on unread, so they see
    /// it empty.
    public func stream(_ request: APIRequest) async throws -> (APIResponse, ResponseBodyStream) {
        let base = self.base
        return try await validated(request, { try await base.stream($0) }) { result in
            let (response, body) = result
            if isAcceptable(response, to: request) { return (response, Data(), result) }
            let data = try await body.collect()
            return (response, data, (response, ResponseBodyStream(data)))
        }
    }

    /// Runs the validators and the status check on each attempt's response; `inspect` gives its head, the
    /// body the validators see, and the result to return. The request's deadline bounds the whole of it: a retry
    /// whose delay would end past it is not made, and a validator's work is cut at it.
    private func validated<Result: Sendable>(
        _ request: APIRequest, _ operation: @escaping @Sendable (APIRequest) async throws -> Result,
        inspect: @escaping @Sendable (Result) async throws -> (APIResponse, Data, Result)
    ) async throws -> Result {
        guard !validators.isEmpty else {
            return try await check(inspect(try await operation(request)), of: request)
        }
        return try await CallEnd.within(request) { try await self.attempts(request, operation, inspect: inspect) }
    }

    private func attempts<Result: Sendable>(
        _ request: APIRequest, _ operation: @Sendable (APIRequest) async throws -> Result,
        inspect: @Sendable (Result) async throws -> (APIResponse, Data, Result)
    ) async throws -> Result {
        var retries = 0
        attempts: while true {
            let (response, data, result) = try await inspect(try await operation(request))
            for validator in validators {
                switch try await validator(request, response, data) {
                case .next:
                    continue
                case .accept:
                    return result
                case .fail(let error):
                    throw error
                case .retry(let delay) where retries < maxRetries && CallEnd.current?.isPassed(after: delay) != true:
                    retries += 1
                    try await sleep(delay)
                    continue attempts
                case .retryAfter(let work) where retries < maxRetries:
                    retries += 1
                    try await work()
                    continue attempts
                case .retry, .retryAfter:
                    break
                }
            }
            return try check((response, data, result), of: request)
        }
    }

    /// `result` when its status is acceptable; otherwise `RouteGenError.unacceptableStatus(_:)`.
    private func check<Result>(_ inspected: (APIResponse, Data, Result), of request: APIRequest) throws -> Result {
        let (response, data, result) = inspected
        guard isAcceptable(response, to: request) else {
            throw RouteGenError.unacceptableStatus(
                UnacceptableStatus(request: RequestSummary(request, redactor: .default), response: response, body: data))
        }
        return result
    }

    /// A status in `acceptableStatus`, or a 304 answering a conditional request (`If-None-Match`,
    /// `If-Modified-Since`): "not modified" is the answer such a request asks for, not a failure.
    private func isAcceptable(_ response: APIResponse, to request: APIRequest) -> Bool {
        acceptableStatus.contains(response.statusCode)
            || (response.statusCode == 304
                && (request.headers["If-None-Match"] != nil || request.headers["If-Modified-Since"] != nil))
    }
}

extension HTTPTransport {
    /// Throws `RouteGenError.unacceptableStatus(_:)` for any status outside 200–299.
    public func handlingErrors() -> ResponseValidatingClient {
        ResponseValidatingClient(wrapping: self)
    }

    /// Runs `validators` on every response, then checks its status. See ``ResponseValidatingClient``.
    public func validatingResponses(
        acceptableStatus: Range<Int> = 200..<300, maxRetries: Int = 1, _ validators: ResponseValidator...
    ) -> ResponseValidatingClient {
        ResponseValidatingClient(
            wrapping: self, acceptableStatus: acceptableStatus, validators: validators, maxRetries: maxRetries)
    }
}
