import Foundation

/// HTTP exchanges recorded as a HAR file (HTTP Archive 1.2: what browser devtools, Charles, Proxyman and
/// mitmproxy export): what `routegen verify` checks against a spec.
public struct HARCapture: Sendable {
    /// One request and the response it got.
    public struct Exchange: Sendable {
        /// Its position in the file's `log.entries`, from 0.
        public var index: Int
        public var method: String
        public var url: URL
        /// The request body's bytes (its text as UTF-8), when it had one.
        public var requestBody: Data?
        public var requestMediaType: String?
        public var status: Int
        /// The response body's bytes: its text as UTF-8, or decoded from base64 when the file says so (line breaks in
        /// the base64 allowed); nil when the file did not record it (`content.text` left out).
        public var responseBody: Data?
        public var responseMediaType: String?
    }

    /// The exchanges, in the order recorded.
    public var exchanges: [Exchange]

    /// Why a file could not be read as a HAR capture.
    public struct FormatError: Error, CustomStringConvertible {
        public var description: String
    }

    /// Reads a HAR file's JSON. Entries without a method, a URL or a status are an error that names them.
    public init(json: Data) throws {
        guard let root = try? JSONSerialization.jsonObject(with: json) as? [String: Any],
            let log = root["log"] as? [String: Any], let entries = log["entries"] as? [[String: Any]]
        else { throw FormatError(description: "not a HAR file: it has no `log.entries` list") }
        exchanges = try entries.enumerated().map { index, entry in
            let request = entry["request"] as? [String: Any] ?? [:]
            let response = entry["response"] as? [String: Any] ?? [:]
            guard let method = request["method"] as? String, let text = request["url"] as? String, let url = URL(string: text),
                let status = response["status"] as? Int
            else { throw FormatError(description: "entry \(index) has no request method, URL or response status") }
            let posted = request["postData"] as? [String: Any]
            let content = response["content"] as? [String: Any]
            var recorded = content?["text"] as? String
            // An empty text for a body of some size is one the recorder left out, as an absent text is.
            if recorded == "", let size = content?["size"] as? Int, size > 0 { recorded = nil }
            var body = recorded.map { Data($0.utf8) }
            if content?["encoding"] as? String == "base64", let recorded {
                body = Data(base64Encoded: recorded, options: .ignoreUnknownCharacters) ?? body
            }
            return Exchange(
                index: index, method: method.uppercased(), url: url, requestBody: (posted?["text"] as? String).map { Data($0.utf8) },
                requestMediaType: posted?["mimeType"] as? String, status: status, responseBody: body,
                responseMediaType: content?["mimeType"] as? String)
        }
    }
}
