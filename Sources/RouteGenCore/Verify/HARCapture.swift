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
        /// Where the response redirects to: HAR's `redirectURL`, or its `Location` header; nil when it names none.
        public var redirectLocation: String?
    }

    /// The exchanges, in the order recorded.
    public var exchanges: [Exchange]

    /// Why a file could not be read as a HAR capture.
    public struct FormatError: Error, CustomStringConvertible {
        public var description: String
    }

    /// Reads a HAR file's JSON. Entries without a method, a URL or a status are an error that names them.
    public init(json: Data) throws {
        let root: Any
        do {
            root = try JSONSerialization.jsonObject(with: json)
        } catch {
            let reason = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? (error as NSError).localizedDescription
            throw FormatError(description: "not a HAR file: it is not JSON (\(reason))")
        }
        guard let log = (root as? [String: Any])?["log"] as? [String: Any], let entries = log["entries"] as? [Any] else {
            throw FormatError(description: "not a HAR file: it has no `log.entries` list")
        }
        exchanges = try entries.enumerated().map { index, entry in
            guard let entry = entry as? [String: Any] else { throw FormatError(description: "entry \(index) is not an object") }
            let request = entry["request"] as? [String: Any] ?? [:]
            let response = entry["response"] as? [String: Any] ?? [:]
            guard let method = request["method"] as? String, let text = request["url"] as? String, let url = URL(string: text),
                let status = Self.integer(response["status"])
            else { throw FormatError(description: "entry \(index) has no request method, URL or response status") }
            let headers = response["headers"] as? [[String: Any]] ?? []
            let location = (response["redirectURL"] as? String).flatMap { $0.isEmpty ? nil : $0 }
                ?? headers.first { ($0["name"] as? String)?.lowercased() == "location" }?["value"] as? String
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
                responseMediaType: content?["mimeType"] as? String, redirectLocation: location)
        }
    }

    /// A JSON number that is a whole number, not a boolean: Foundation reads `true` as a number too, of the
    /// Objective-C type `c` (and `0 is Bool` holds on Linux, so that test cannot tell them apart).
    private static func integer(_ value: Any?) -> Int? {
        guard let number = value as? NSNumber, String(cString: number.objCType) != "c", number.doubleValue == number.doubleValue.rounded(),
            abs(number.doubleValue) < 1e9
        else { return nil }
        return number.intValue
    }
}
