import Foundation

/// Turns `servers` into environments, and the servers of a path or an operation into other `hosts`.
///
/// A server's environment is named by its description (`Production server` → `production`), else `production`
/// for the first and the first label of the host for the rest. A variable with an `enum` gives one environment
/// per value, its `default` first (the spec's first environment is its default); other variables take their
/// defaults. A server whose URL has a variable without a default (or is not
/// an absolute URL once its variables are filled in) is left out with a warning; a path's or an operation's makes
/// the operation left out.
struct ServerTranslator {
    let state: TranslationState

    /// An environment: its name and base URL.
    struct Environment {
        var name: String
        var url: String
        /// The server URL as the document writes it, its variables filled in: what the document's relative URLs
        /// are read against (RFC 3986), so a trailing `/` is kept and a relative server URL stays relative.
        var reference: String
        var location: SourceLocation
        /// The variable whose `enum` value made this environment, if one did.
        var choice: (variable: String, value: String)?
    }

    /// The environments of the document's `servers`.
    func environments(_ servers: DocumentNode?, root: DocumentNode) -> [Environment] {
        var environments: [Environment] = []
        for (index, server) in (servers?.items ?? []).enumerated() {
            guard let urls = expand(server) else { continue }
            for (choice, (url, reference)) in urls {
                let described = server.prose().map(Self.environmentName)
                var name =
                    if let choice { described.map { $0 + SwiftNaming.typeName(choice.value) } ?? SwiftNaming.memberName(choice.value) } else {
                        described ?? (index == 0 ? "production" : Self.hostLabel(url))
                    }
                while environments.contains(where: { $0.name == name }) { name += "\(index + 1)" }
                environments.append(
                    Environment(name: name, url: url, reference: reference, location: server.location, choice: choice))
            }
        }
        guard environments.isEmpty else { return environments }
        state.unsupported(
            servers?.items.isEmpty == false ? "a document without a usable server" : "a document without `servers`", at: root,
            consequence: "its environment is `http://localhost`; pass `Environment(baseURL:)` for the real one")
        return [Environment(name: "production", url: "http://localhost", reference: "/", location: root.location)]
    }

    /// The URLs of one document-level server: one, or one per value of its `enum` variable, each with that value.
    /// Nil, with a warning, when it has a variable without a value to take.
    private func expand(
        _ server: DocumentNode
    ) -> [((variable: String, value: String)?, (url: String, reference: String))]? {
        var choice: (name: String, values: [String])?
        var values: [String: String] = [:]
        for (name, _, variable) in server["variables"]?.entries ?? [] {
            let listed = variable["enum"]?.items.compactMap(\.text) ?? []
            if listed.count > 1, choice == nil {
                // The variable's default is the default environment's: the first.
                let preferred = variable.text("default").flatMap { listed.contains($0) ? $0 : nil }
                if let written = variable.text("default"), preferred == nil {
                    state.unsupported(
                        "the default `\(written)` of server variable `\(name)`, which its `enum` does not list,", at: variable,
                        consequence: "the default environment is its first value, `\(listed[0])`")
                }
                choice = (name, preferred.map { [$0] + listed.filter { $0 != preferred } } ?? listed)
                continue
            }
            if listed.count > 1 {
                state.unsupported(
                    "a second server variable with several values", at: variable,
                    consequence: "its default `\(variable.text("default") ?? "")` is used")
            }
            values[name] = variable.text("default") ?? listed.first
        }
        guard let choice else {
            return url(of: server, values: values, otherwise: { state.unsupported($0, at: server, consequence: "the server is left out") })
                .map { [(nil, $0)] }
        }
        var urls: [((variable: String, value: String)?, (url: String, reference: String))] = []
        for value in choice.values {
            values[choice.name] = value
            guard
                let url = url(of: server, values: values, otherwise: { state.unsupported($0, at: server, consequence: "the server is left out") })
            else { return nil }
            urls.append(((choice.name, value), url))
        }
        return urls
    }

    /// The server's URL with its variables filled in from `values`, without a trailing `/`, made absolute (relative
    /// server URLs are relative to where the document is served, which a file does not say), and the filled-in URL
    /// as written (its `reference`). Nil after `otherwise` is told what is wrong, when a variable has no value or
    /// the URL is not a base URL.
    private func url(
        of server: DocumentNode, values: [String: String], otherwise report: (String) -> Void
    ) -> (url: String, reference: String)? {
        let written = server.text("url") ?? ""
        var url = ""
        var rest = Substring(written)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            let variable = String(rest[rest.index(after: open)..<close])
            guard let value = values[variable], !value.isEmpty else {
                report("the server URL `\(written)`, whose variable `\(variable)` has no default,")
                return nil
            }
            url += rest[..<open] + value
            rest = rest[rest.index(after: close)...]
        }
        url += rest
        let reference = url
        while url.hasSuffix("/") { url.removeLast() }
        if !url.contains("://") {
            state.unsupported(
                "the relative server URL `\(written)`", at: server,
                consequence: "made `http://localhost\(url)`; pass `Environment(baseURL:)` for the real one")
            url = "http://localhost" + url
        }
        if let problem = HTTPSyntax.problemWithBaseURL(url) {
            report("the server URL `\(written)` (\(problem.message))")
            return nil
        }
        return (url, reference)
    }

    /// The host of a path's or operation's own `servers`: its name and its URL in each environment, or nil when
    /// they are the document's own. A variable takes, in each environment, the value of the document's variable
    /// of its name that made that environment when it lists that value, else its default. An error (which leaves
    /// the operation out) when a variable has no value.
    func host(_ servers: DocumentNode?, environments: [Environment]) -> (name: String, urls: [String])? {
        guard let server = servers?.items.first else { return nil }
        if (servers?.items.count ?? 0) > 1 {
            state.unsupported("several servers for one operation", at: servers!, consequence: "the first is used")
        }
        var defaults: [String: String] = [:]
        var listed: [String: [String]] = [:]
        for (name, _, variable) in server["variables"]?.entries ?? [] {
            listed[name] = variable["enum"]?.items.compactMap(\.text) ?? []
            defaults[name] = variable.text("default") ?? listed[name]?.first
        }
        var urls: [String] = []
        for environment in environments {
            var values = defaults
            if let choice = environment.choice, listed[choice.variable].map({ $0.isEmpty || $0.contains(choice.value) }) == true {
                values[choice.variable] = choice.value
            }
            guard let url = url(of: server, values: values, otherwise: { state.error($0 + " is not supported", at: server) })?.url
            else { return nil }
            urls.append(url)
        }
        guard urls != environments.map(\.url) else { return nil }
        return (Self.hostLabel(urls[0]), urls)
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
