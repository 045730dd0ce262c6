import Foundation

/// Bodies as people read them in logs: pretty JSON, text, or a byte count for binary data; cut at a limit.
package enum BodyPreview {
    /// The preview of `body`. JSON values under secret keys, and secret fields of a form body (`isForm`), are
    /// replaced when `redactor` is given.
    package static func text(of body: Data, limit: Int, redactor: SecretRedactor? = nil, isForm: Bool = false) -> String {
        if body.isEmpty { return "(empty)" }
        if isForm, let redactor, let form = redactor.redactedForm(body) { return truncated(form, limit: limit) }
        if let object = try? JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed]) {
            let shown = redactor?.redactedJSON(object) ?? object
            if let pretty = try? JSONSerialization.data(
                withJSONObject: shown, options: [.prettyPrinted, .sortedKeys, .fragmentsAllowed, .withoutEscapingSlashes])
            {
                return truncated(String(decoding: pretty, as: UTF8.self), limit: limit)
            }
        }
        guard let text = String(data: body, encoding: .utf8) else { return "<\(body.count) bytes of binary data>" }
        if let redactor {
            guard let shown = redactor.redactedText(text) else {
                return "<\(body.count) bytes that look like JSON but do not parse: not shown, since their secrets cannot be found>"
            }
            return truncated(shown, limit: limit)
        }
        return truncated(text, limit: limit)
    }

    private static func truncated(_ text: String, limit: Int) -> String {
        let bytes = text.utf8.count
        guard bytes > limit else { return text }
        var cut = text.utf8.prefix(limit)
        while String(cut) == nil { cut = cut.dropLast() }
        return String(cut)! + "… (\(bytes - cut.count) more bytes)"
    }
}
