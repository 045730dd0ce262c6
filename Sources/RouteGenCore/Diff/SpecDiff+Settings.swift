extension SpecDiff {
    /// The top-level keys: the name, environments and hosts, headers, auth, error model, envelope and formats.
    func compareSettings(_ old: API, _ new: API, _ context: inout Context) {
        if old.name.swift != new.name.swift {
            context.add(.breaking, "the API's namespace is `\(new.name.swift)`, was `\(old.name.swift)`", path: ["name"])
        }
        context.compareDocumentation(of: "the API", old: [old.description], new: [new.description], path: ["description"])
        context.compare(
            old.environments, new.environments, named: \.name, noun: { "environment `\($0)`" }, path: { ["environments", $0.name.wire] },
            removal: .breaking, addition: { _ in .additive }
        ) { old, new, path, context in
            if old.baseURL != new.baseURL {
                context.add(.behaviour, "environment `\(new.name.wire)` is `\(new.baseURL)`, was `\(old.baseURL)`", path: path)
            }
        }
        if let was = old.environments.first?.name.wire, let now = new.environments.first?.name.wire, was != now {
            context.add(.behaviour, "the default environment (the first) is `\(now)`, was `\(was)`", path: ["environments"])
        }
        compareHosts(old, new, &context)
        compareHeaders(old.headers, new.headers, &context)
        let settings: [(String, String, String)] = [
            ("auth", Self.authSpelling(old.auth, old.oauth), Self.authSpelling(new.auth, new.oauth)),
            ("dates", old.dates.rawValue, new.dates.rawValue),
            ("version", old.version ?? "none", new.version ?? "none"),
            ("query_arrays", old.queryArrays.rawValue, new.queryArrays.rawValue),
            ("errors", old.errorModel ?? "none", new.errorModel ?? "none"),
        ]
        for (key, was, now) in settings where was != now {
            context.add(.behaviour, "`\(key)` is `\(now)`, was `\(was)`", path: [key])
        }
        compareEnvelopes(old.envelope, new.envelope, &context)
        compareOAuthSchemes(old.oauthSchemes, new.oauthSchemes, &context)
    }

    /// `hosts:`: each host's URL in each environment both versions have.
    private func compareHosts(_ old: API, _ new: API, _ context: inout Context) {
        let oldHosts = Dictionary(old.hosts.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let newNames = Set(new.hosts.map(\.name))
        for host in old.hosts where !newNames.contains(host.name) {
            // The environments' `hosts` (and `baseURL(forHost:)`) are generated only while the spec has hosts.
            context.add(new.hosts.isEmpty ? .breaking : .behaviour, "host `\(host.name)` was removed", path: ["hosts", host.name])
        }
        for host in new.hosts {
            guard let previous = oldHosts[host.name] else {
                context.add(.additive, "host `\(host.name)` was added", path: ["hosts", host.name])
                continue
            }
            let was = Dictionary(zip(old.environments.map(\.name.wire), previous.baseURLs), uniquingKeysWith: { first, _ in first })
            for (environment, url) in zip(new.environments.map(\.name.wire), host.baseURLs) {
                guard let oldURL = was[environment], oldURL != url else { continue }
                context.add(
                    .behaviour, "host `\(host.name)` is `\(url)` in environment `\(environment)`, was `\(oldURL)`",
                    path: ["hosts", host.name, environment])
            }
        }
    }

    /// `headers:`: every one is sent with every request, so any change is on the wire.
    private func compareHeaders(_ old: [HeaderField], _ new: [HeaderField], _ context: inout Context) {
        let oldValues = Dictionary(old.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
        let newNames = Set(new.map(\.name))
        for header in old where !newNames.contains(header.name) {
            context.add(.behaviour, "header `\(header.name)` is no longer sent with every request", path: ["headers", header.name])
        }
        for header in new {
            guard let was = oldValues[header.name] else {
                context.add(.behaviour, "header `\(header.name)` is sent with every request", path: ["headers", header.name])
                continue
            }
            if was != header.value {
                context.add(.behaviour, "header `\(header.name)` is `\(header.value)`, was `\(was)`", path: ["headers", header.name])
            }
        }
    }

    /// `envelope:`: where 2xx bodies hold the payload, and the metadata `enveloped(_:as:)` returns beside it.
    private func compareEnvelopes(_ old: Envelope?, _ new: Envelope?, _ context: inout Context) {
        switch (old, new) {
        case (nil, let now?):
            context.add(.behaviour, "`envelope` was added: every 2xx body is read from its `\(now.payloadKey)`", path: ["envelope"])
        case (_?, nil):
            context.add(.breaking, "`envelope` was removed, and `enveloped(_:as:)` with it", path: ["envelope"])
        case (let was?, let now?):
            if was.metadataModel != now.metadataModel {
                context.add(
                    .breaking, "the `envelope`'s metadata is `\(now.metadataModel ?? "none")`, was `\(was.metadataModel ?? "none")`",
                    path: ["envelope", "metadata"])
            }
            if was.payloadKey != now.payloadKey || was.metadataKey != now.metadataKey {
                context.add(
                    .behaviour, "the `envelope`'s keys are `\(now.payloadKey)` and `\(now.metadataKey)`, were `\(was.payloadKey)` and `\(was.metadataKey)`",
                    path: ["envelope"])
            }
        case (nil, nil):
            break
        }
    }

    /// How `auth` reads in a change: the scheme's spelling, and the OAuth schemes and scopes its tokens are for
    /// (`bearer (oauth petstore read:pets)`).
    static func authSpelling(_ auth: AuthScheme, _ oauth: [OAuthRequirement]) -> String {
        guard !oauth.isEmpty else { return auth.specSpelling }
        return auth.specSpelling + " (" + oauth.map { (["oauth", $0.scheme] + $0.scopes).joined(separator: " ") }.joined(separator: ", ") + ")"
    }
}
