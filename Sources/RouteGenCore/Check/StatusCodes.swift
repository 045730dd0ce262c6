/// HTTP status codes as specs write them (`200:`, `"404":`), and the Swift case names of their outcomes.
enum StatusCodes {
    /// The status written at `entry`'s key, 100–599; nil with an error otherwise.
    static func parse(_ entry: SyntaxEntry, context: String, diagnostics: inout Diagnostics) -> Int? {
        guard let status = Int(entry.key), (100...599).contains(status) else {
            diagnostics.error(
                "`\(entry.key)` in \(context) is not an HTTP status", at: entry.keyLocation, hint: "statuses are 100 to 599")
            return nil
        }
        return status
    }

    /// `ok`, `notModified`, …: the status's reason phrase in lowerCamelCase; `status418` for the rest.
    static func caseName(_ status: Int) -> String {
        reasonNames[status] ?? "status\(status)"
    }

    private static let reasonNames: [Int: String] = [
        200: "ok", 201: "created", 202: "accepted", 203: "nonAuthoritativeInformation", 204: "noContent",
        205: "resetContent", 206: "partialContent", 300: "multipleChoices", 301: "movedPermanently", 302: "found",
        303: "seeOther", 304: "notModified", 307: "temporaryRedirect", 308: "permanentRedirect", 400: "badRequest",
        401: "unauthorized", 402: "paymentRequired", 403: "forbidden", 404: "notFound", 405: "methodNotAllowed",
        406: "notAcceptable", 409: "conflict", 410: "gone", 412: "preconditionFailed", 413: "contentTooLarge",
        415: "unsupportedMediaType", 422: "unprocessableContent", 423: "locked", 428: "preconditionRequired",
        429: "tooManyRequests", 500: "internalServerError", 501: "notImplemented", 502: "badGateway",
        503: "serviceUnavailable", 504: "gatewayTimeout",
    ]
}
