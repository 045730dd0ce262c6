import Logging

extension APIRequest {
    /// Whether the request needs a credential (its ``authentication`` names a scheme) and carries none where any of
    /// its schemes would put one: no `AuthenticatingClient` in the chain served it. A requirement of several schemes
    /// at once (`.allOf`) lacks one when any of its schemes has none.
    public var lacksCredential: Bool {
        guard let authentication, authentication.alternatives.contains(where: { $0 != .none }) else { return false }
        if case .allOf(let parts) = authentication { return parts.contains(where: carriesNoCredential(at:)) }
        return carriesNoCredential(at: authentication)
    }

    /// Whether no header or query item of `authentication`'s schemes is set.
    package func carriesNoCredential(at authentication: Authentication) -> Bool {
        authentication.headerNames.allSatisfy { headers[$0] == nil }
            && authentication.queryNames.allSatisfy { name in !query.contains { $0.name == name } }
    }

    /// Logs a warning, on `logger`, when the request is about to be sent without the credential it needs (see
    /// ``lacksCredential``): the server will most likely answer 401, and the log says why. The transports call it.
    public func warnIfLackingCredential(logger: Logger = Logger(label: "RouteGen.Authentication")) {
        guard lacksCredential else { return }
        let schemes = authentication.map { $0.alternatives.map(String.init(describing:)).joined(separator: " or ") } ?? ""
        logger.warning(
            "\(routeName ?? "a request") (\(method) \(SecretRedactor.default.redactedURL(of: self))) needs a credential (\(schemes)) and is sent without one: no authenticating client in the chain serves its scheme")
    }
}
