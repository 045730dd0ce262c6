/// Checks `hosts:`: other hosts some endpoints live on, each with a base URL for every environment.
enum HostsChecker {
    static func check(
        _ entry: SyntaxEntry, environments: [APIEnvironment], diagnostics: inout Diagnostics
    ) -> [APIHost] {
        guard let hosts = entry.value.entries else {
            if !entry.value.isNull {
                diagnostics.error("`hosts` must be a mapping of host names, not \(entry.value.kindDescription)", at: entry.value.location)
            }
            return []
        }
        let environmentNames = environments.map(\.name.wire)
        return hosts.compactMap { host in
            let context = "host `\(host.key)`"
            guard
                let mapping = MappingReader(
                    host.value, context: context, known: environmentNames, owner: host.keyLocation, diagnostics: &diagnostics)
            else { return nil }
            var urls: [String] = []
            var complete = true
            for environment in environmentNames {
                guard let url = mapping[environment] else {
                    diagnostics.error(
                        "\(context) has no URL for environment `\(environment)`", at: host.keyLocation,
                        hint: "every host lists every environment: add `\(environment): https://…`")
                    complete = false
                    continue
                }
                guard let text = url.value.text else {
                    diagnostics.error("the \(environment) URL of \(context) must be a URL, not \(url.value.kindDescription)", at: url.value.location)
                    complete = false
                    continue
                }
                if let problem = HTTPSyntax.problemWithBaseURL(text) {
                    diagnostics.error(problem.message, at: url.value.textStart, hint: problem.hint)
                    complete = false
                    continue
                }
                urls.append(text.hasSuffix("/") ? String(text.dropLast()) : text)
            }
            return complete ? APIHost(name: host.key, baseURLs: urls) : nil
        }
    }
}
