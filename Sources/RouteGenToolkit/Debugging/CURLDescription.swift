import Foundation
import RouteGenRuntime

extension APIRequest {
    /// A `curl` command that sends this request, for pasting into a terminal or a bug report.
    ///
    /// Secrets (see `SecretRedactor`) are replaced by `<redacted>` unless `revealingSecrets` is true.
    public func cURLDescription(revealingSecrets: Bool = false, redactor: SecretRedactor = .default) -> String {
        let shownURL = revealingSecrets ? ((try? url().absoluteString) ?? baseURL.absoluteString + path) : redactor.redactedURL(of: self)
        var lines = [method == .head ? "curl --head \(Self.quoted(shownURL))" : "curl -X \(method) \(Self.quoted(shownURL))"]
        let shownHeaders = revealingSecrets ? headers : redactor.redacted(headers, authentication: authentication)
        // curl writes a multipart body's Content-Type itself, with its own boundary.
        let isMultipart = if case .multipart = body { true } else { false }
        for field in shownHeaders where !(isMultipart && field.name.lowercased() == "content-type") {
            lines.append("-H \(Self.quoted("\(field.name): \(field.value)"))")
        }
        switch body {
        case .data(let data):
            if !revealingSecrets, headers.isForm, let form = redactor.redactedForm(data) {
                lines.append("--data-binary \(Self.quoted(form))")
            } else if !revealingSecrets, let json = redactor.redactedJSON(data) {
                lines.append("--data-binary \(Self.quoted(String(decoding: json, as: UTF8.self)))")
            } else if let text = String(data: data, encoding: .utf8) {
                if let shown = revealingSecrets ? text : redactor.redactedText(text) {
                    lines.append("--data-binary \(Self.quoted(shown))")
                } else {
                    lines.append("--data-binary @- # \(data.count) bytes that look like JSON but do not parse, not shown")
                }
            } else {
                lines.append("--data-binary @- # \(data.count) bytes of binary data")
            }
        case .file(let file):
            lines.append("--data-binary @\(Self.quoted(file.path))")
        case .multipart(let form):
            lines += form.parts.map { part in
                let value: String
                switch part.contents {
                case .url(let url): value = "@" + url.path
                case .data(let data) where part.filename != nil: value = "<\(data.count) bytes>"
                case .data(let data) where revealingSecrets: value = String(decoding: data, as: UTF8.self)
                case .data(let data):
                    value = redactor.isSecret(part.name)
                        ? SecretRedactor.placeholder : String(decoding: redactor.redactedJSON(data) ?? data, as: UTF8.self)
                }
                var form = "\(part.name)=\(value)"
                if let filename = part.filename { form += ";filename=\(filename)" }
                if let contentType = part.contentType { form += ";type=\(contentType)" }
                return "-F \(Self.quoted(form))"
            }
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
