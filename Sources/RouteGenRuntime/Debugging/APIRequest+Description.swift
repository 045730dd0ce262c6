import Foundation

/// What printing, debug-printing or dumping a request shows: its method, its URL and its header fields with every
/// secret redacted by ``SecretRedactor/default`` (and whatever its ``Authentication`` names), and what kind of body it
/// has without its bytes. A request printed into a log or a test's failure message shows no credential.
extension APIRequest: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    public var description: String {
        let redactor = SecretRedactor.default
        var lines = ["\(method) \(redactor.redactedURL(of: self))"]
        lines += redactor.redacted(headers, authentication: authentication).map { "\($0.name): \($0.value)" }
        switch body {
        case .data(let data): lines.append("(body: \(data.count) bytes)")
        case .file(let url): lines.append("(body: the file \(url.lastPathComponent))")
        case .multipart: lines.append("(body: multipart form data)")
        case nil: break
        }
        return lines.joined(separator: "\n")
    }

    public var debugDescription: String { description }

    public var customMirror: Mirror {
        Mirror(self, children: ["description": description], displayStyle: .struct)
    }
}

/// Header fields print and dump with their secrets redacted (``SecretRedactor/default``), as a request does.
extension HeaderFields: CustomReflectable {
    public var customMirror: Mirror {
        Mirror(self, children: ["description": description], displayStyle: .struct)
    }
}
