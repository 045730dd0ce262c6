import Foundation

extension HTTPRequest {
    /// A `curl` command that sends this request, for pasting into a terminal or a bug report.
    ///
    /// Secrets (see ``SecretRedactor``) are replaced by `<redacted>` unless `revealingSecrets` is true.
    public func cURLDescription(revealingSecrets: Bool = false, redactor: SecretRedactor = .default) -> String {
        let shownURL = revealingSecrets ? ((try? url().absoluteString) ?? baseURL.absoluteString + path) : redactor.redactedURL(of: self)
        var lines = [method == .head ? "curl --head \(Self.quoted(shownURL))" : "curl -X \(method) \(Self.quoted(shownURL))"]
        let shownHeaders = revealingSecrets ? headers : redactor.redacted(headers, authentication: authentication)
        for field in shownHeaders {
            lines.append("-H \(Self.quoted("\(field.name): \(field.value)"))")
        }
        switch body {
        case .data(let data):
            if let text = String(data: data, encoding: .utf8) {
                lines.append("--data-binary \(Self.quoted(text))")
            } else {
                lines.append("--data-binary @- # \(data.count) bytes of binary data")
            }
        case .file(let file):
            lines.append("--data-binary @\(Self.quoted(file.path))")
        case nil:
            break
        }
        return lines.joined(separator: " \\\n  ")
    }

    /// Single-quotes text for a POSIX shell.
    private static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
