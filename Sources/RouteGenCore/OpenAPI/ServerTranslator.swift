import Foundation

/// Turns `servers` into environments, and the servers of a path or an operation into other `hosts`.
///
/// A server's environment is named by its description (`Production server` → `production`), else `production`
/// for the first and the first label of the host for the rest. A variable with an `enum` gives one environment
/// per value; other variables take their defaults.
struct ServerTranslator {
    let session: ImportSession

    /// An environment: its name and base URL.
    struct Environment {
        var name: String
        var url: String
        var location: SourceLocation
    }

    /// The environments of the document's `servers`.
    func environments(_ servers: DocumentNode?, root: DocumentNode) -> [Environment] {
        let servers = servers?.items ?? []
        guard !servers.isEmpty else {
            session.unsupported(
                "a document without `servers`", at: root,
                consequence: "its environment is `http://localhost`; pass `Environment(baseURL:)` for the real one")
            return [Environment(name: "production", url: "http://localhost", location: root.location)]
        }
        var environments: [Environment] = []
        for (index, server) in servers.enumerated() {
            for (suffix, url) in expand(server) {
                let described = server.prose().map(Self.environmentName)
                var name =
                    if let suffix { described.map { $0 + SwiftNaming.typeName(suffix) } ?? SwiftNaming.memberName(suffix) } else {
                        described ?? (index == 0 ? "production" : Self.hostLabel(url))
                    }
                while environments.contains(where: { $0.name == name }) { name += "\(index + 1)" }
                environments.append(Environment(name: name, url: url, location: server.location))
            }
        }
        return environments
    }

    /// The URLs of one server: one, or one per value of its `enum` variable, each with that value.
    private func expand(_ server: DocumentNode) -> [(String?, String)] {
        var url = server.text("url") ?? ""
        var choices: (name: String, values: [String])?
        for (name, _, variable) in server["variables"]?.entries ?? [] {
            let values = variable["enum"]?.items.compactMap(\.text) ?? []
            if values.count > 1, choices == nil {
                choices = (name, values)
                continue
            }
            if values.count > 1 {
                session.unsupported(
                    "a second server variable with several values", at: variable,
                    consequence: "its default `\(variable.text("default") ?? "")` is used")
            }
            url = url.replacingOccurrences(of: "{\(name)}", with: variable.text("default") ?? values.first ?? "")
        }
        let urls: [(String?, String)] = choices.map { choice in
            choice.values.map { (Optional($0), url.replacingOccurrences(of: "{\(choice.name)}", with: $0)) }
        } ?? [(nil, url)]
        return urls.map { ($0.0, absolute($0.1, server: server)) }
    }

    /// `url` without a trailing `/`, made absolute (relative server URLs are relative to where the document is
    /// served, which a file does not say).
    private func absolute(_ url: String, server: DocumentNode) -> String {
        var url = url
        while url.hasSuffix("/") { url.removeLast() }
        guard !url.contains("://") else { return url }
        session.unsupported(
            "the relative server URL `\(server.text("url") ?? "")`", at: server,
            consequence: "made `http://localhost\(url)`; pass `Environment(baseURL:)` for the real one")
        return "http://localhost" + url
    }

    /// The host of a path's or operation's own `servers`: its name and its URL, or nil when they are the
    /// document's own.
    func host(_ servers: DocumentNode?, environments: [Environment]) -> (name: String, url: String)? {
        guard let server = servers?.items.first, let url = expand(server).first?.1,
            !environments.contains(where: { $0.url == url })
        else { return nil }
        if (servers?.items.count ?? 0) > 1 {
            session.unsupported("several servers for one operation", at: servers!, consequence: "the first is used")
        }
        return (Self.hostLabel(url), url)
    }

    private static func environmentName(_ description: String) -> String {
        let words = description.split(whereSeparator: { !$0.isLetter && !$0.isNumber })
            .filter { !["server", "api", "the", "environment", "url"].contains($0.lowercased()) }
        return SwiftNaming.memberName(words.isEmpty ? description : words.prefix(3).joined(separator: " "))
    }

    private static func hostLabel(_ url: String) -> String {
        let host = URL(string: url)?.host ?? url
        let labels = host.split(separator: ".").filter { !["www", "api"].contains($0) }
        return SwiftNaming.memberName(String(labels.first ?? "server"))
    }
}
