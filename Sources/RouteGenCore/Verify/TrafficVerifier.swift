import Foundation

/// Checks recorded traffic against a spec: `routegen verify`. Each exchange is matched to its endpoint; its
/// request's parameters and JSON body, its status and its JSON response are read with the spec's types, as the
/// generated client would read them.
///
/// ```
/// HARCapture ─┐
///             ├─TrafficVerifier──▶ drift, at the spec's lines: errors where the client would fail, warnings
/// CheckedSpec ┘                    where it would not (an enum value it decodes as `unknown`, a key it ignores)
/// ```
public struct TrafficVerifier: Sendable {
    /// Base URLs the capture may have been recorded against besides the spec's environments and hosts (a local
    /// server, a proxy).
    public var otherBaseURLs: [String]

    /// Creates a verifier.
    public init(otherBaseURLs: [String] = []) {
        self.otherBaseURLs = otherBaseURLs
    }

    /// What a capture showed.
    public struct Report: Sendable {
        /// The drift found, each at the spec's line for what drifted, naming the HAR entry.
        public var diagnostics = Diagnostics()
        /// How many exchanges were recorded, and how many went to an endpoint of the spec.
        public var exchanges = 0
        public var matched = 0
        /// The endpoints (wire names) the capture called, in the spec's order.
        public var endpoints: [String] = []
        /// How many matched exchanges have a response body the spec types that the capture did not record (HAR
        /// lets `content.text` be left out), so that was not checked.
        public var unrecordedBodies = 0
        /// How many answered exchanges have a 2xx response of which this check reads only part: typed
        /// `response_headers`, an `events:` stream or a `String` body, which it does not read.
        public var partlyRead = 0
        /// How many matched exchanges got no response (HAR's status 0: the request failed, was blocked or was
        /// cancelled), so only their request was checked.
        public var unanswered = 0
        /// How many exchanges were answered with a redirect, which the client follows rather than reads (`301`,
        /// `302`, `303`, `307`, `308` with a location): the entry recorded at the location, if any, is checked as
        /// the endpoint's response.
        public var redirected = 0
    }

    /// Checks every exchange of `capture` against `spec`.
    public func verify(_ capture: HARCapture, against spec: SpecPipeline.CheckedSpec) -> Report {
        var report = Report(exchanges: capture.exchanges.count)
        let matcher = RouteMatcher(api: spec.api, otherBaseURLs: otherBaseURLs)
        let positions = SpecPositions(spec.syntax.root)
        let checker = ExampleChecker(models: spec.api.models, mode: .traffic, dates: spec.api.dates)
        var called: Set<String> = []
        // Where a redirect sends a call, and the endpoint it is a call of: the transports follow redirects, so the
        // entry recorded there holds the response the client reads.
        var redirects: [String: (endpoint: Endpoint, parameters: [String: String])] = [:]
        for exchange in capture.exchanges {
            let label = "HAR entry \(exchange.index) (\(exchange.method) \(exchange.url.path))"
            let redirected = redirects.removeValue(forKey: exchange.url.absoluteString)
            guard let (endpoint, parameters) = redirected ?? matcher.match(method: exchange.method, url: exchange.url) else {
                report.diagnostics.warning("\(label) matches no endpoint of the spec", at: positions.location(["endpoints"]))
                continue
            }
            called.insert(endpoint.name.wire)
            var check = ExchangeCheck(
                exchange: exchange, endpoint: endpoint, api: spec.api, label: label, checker: checker,
                positions: positions, path: ["endpoints", endpoint.name.wire])
            // The request a redirect makes is the transport's, not one the spec describes.
            if redirected == nil {
                report.matched += 1
                check.request(pathValues: parameters)
            }
            if exchange.status == 0 {
                report.unanswered += 1
            } else if [301, 302, 303, 307, 308].contains(exchange.status), let location = exchange.redirectLocation,
                let next = URL(string: location, relativeTo: exchange.url)?.absoluteURL
            {
                report.redirected += 1
                redirects[next.absoluteString] = (endpoint, parameters)
            } else {
                check.response()
                if check.isBodyUnrecorded { report.unrecordedBodies += 1 }
                if check.isPartlyRead { report.partlyRead += 1 }
            }
            report.diagnostics.append(contentsOf: check.diagnostics)
        }
        report.endpoints = spec.api.endpoints.map(\.name.wire).filter(called.contains)
        return report
    }
}

/// The checks of one exchange against its endpoint.
private struct ExchangeCheck {
    let exchange: HARCapture.Exchange
    let endpoint: Endpoint
    let api: API
    let label: String
    let checker: ExampleChecker
    let positions: SpecPositions
    /// The keys of the endpoint in the spec.
    let path: [String]
    var diagnostics = Diagnostics()
    /// Whether the response has a body the spec types that the capture did not record.
    var isBodyUnrecorded = false
    /// Whether the response has what this check does not read: typed headers, events or text.
    var isPartlyRead = false

    /// Path and query parameters of their types, query parameters declared and required ones sent (with the path's
    /// fixed items and the credential of `auth: query`), a JSON body of its type.
    mutating func request(pathValues: [String: String]) {
        let dates = api.dates
        for parameter in endpoint.pathParameters {
            if let value = pathValues[parameter.name.wire], !fits(value, parameter.type, format: parameter.format ?? dates) {
                diagnostics.error(
                    "\(label) sends path parameter `\(parameter.name.wire)` as `\(value)`, which is not of type `\(parameter.type.swiftType)`",
                    at: positions.location(path + ["params", parameter.name.wire]))
            }
        }
        let items = URLComponents(url: exchange.url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        // A name the spec declares is matched whole (`page[size]`); any other by its part before `[`, as the
        // deep-object and bracketed-list styles send `filter[a]` or `ids[]` for `filter` and `ids`.
        let declared = Set(endpoint.query.map(\.name.wire))
        let sent = Set(items.map { declared.contains($0.name) ? $0.name : String($0.name.prefix { $0 != "[" }) })
        let credentials = Set(endpoint.auth.queryNames)
        for name in sent.subtracting(endpoint.path.constantQuery.map(\.name)).subtracting(credentials).sorted()
        where !declared.contains(name) {
            diagnostics.warning("\(label) sends query parameter `\(name)`, which the spec does not declare", at: positions.location(path))
        }
        for item in endpoint.path.constantQuery where !items.contains(where: { $0.name == item.name && ($0.value ?? "") == item.value }) {
            diagnostics.error(
                "\(label) does not send `\(item.name)\(item.value.isEmpty ? "" : "=" + item.value)`, which the endpoint's path fixes",
                at: positions.location(path + ["path"]))
        }
        for parameter in endpoint.query {
            // An empty list or dictionary sends nothing, so a required one may be absent.
            let isCollection = switch parameter.type.nonOptional {
            case .array, .dictionary: true
            default: false
            }
            if parameter.isRequiredArgument && !isCollection && !sent.contains(parameter.name.wire) {
                diagnostics.error(
                    "\(label) does not send the required query parameter `\(parameter.name.wire)`",
                    at: positions.location(path + ["query", parameter.name.wire]))
            }
            for value in queryValues(of: parameter, in: items) where !fits(value.text, value.type, format: parameter.format ?? dates) {
                diagnostics.error(
                    "\(label) sends query parameter `\(parameter.name.wire)` as `\(value.text)`, which is not of type `\(value.type.swiftType)`",
                    at: positions.location(path + ["query", parameter.name.wire]))
            }
        }
        if case .json(let type)? = endpoint.body {
            if let body = exchange.requestBody, !body.isEmpty {
                check(body, against: type, what: "the request body", at: path + ["body"])
            } else if !type.isOptional {
                // HAR leaves `postData` out when no body was sent; some tools also when they did not record it.
                diagnostics.warning(
                    "\(label) has no request body, which the client always sends (or the capture did not record it)",
                    at: positions.location(path + ["body"]))
            }
        }
    }

    /// The values a query parameter was sent with, each with the type it has: a list's items one by one (its
    /// repeated items, or split at the commas of the `comma` style); a dictionary's values are not read.
    private func queryValues(of parameter: Parameter, in items: [URLQueryItem]) -> [(text: String, type: TypeReference)] {
        let name = parameter.name.wire
        switch parameter.type.nonOptional {
        case .array(let element):
            let separator: Character? = (parameter.style ?? api.queryArrays) == .comma ? "," : nil
            let values = items.filter { $0.name == name || $0.name == name + "[]" }.compactMap(\.value)
            let texts = separator.map { separator in values.flatMap { $0.split(separator: separator).map(String.init) } } ?? values
            return texts.map { ($0, element) }
        case .dictionary: return []
        case let type: return items.filter { $0.name == name }.compactMap(\.value).map { ($0, type) }
        }
    }

    /// A status the endpoint declares, and a JSON body of the type that status has (a 2xx one inside the API's
    /// envelope, as the client reads it).
    mutating func response() {
        let status = exchange.status
        if (200..<300).contains(status) { isPartlyRead = hasUnreadParts(status: status) }
        if case .outcomes(let name) = endpoint.result, case .outcomes(let outcomes)? = api.model(named: name)?.kind,
            (200..<300).contains(status) || outcomes.contains(where: { $0.status == status })
        {
            guard let outcome = outcomes.first(where: { $0.status == status }) else {
                diagnostics.error(
                    "\(label) got status \(status), which is not one of the endpoint's `responses`",
                    at: positions.location(path + ["responses"]))
                return
            }
            if case .json(let type)? = outcome.body {
                checkResponseBody(against: type, what: "the \(status) response", at: path + ["responses"], enveloped: (200..<300).contains(status))
            }
            return
        }
        if (200..<300).contains(status) {
            if case .body(.json(let type)) = endpoint.result {
                checkResponseBody(against: type, what: "the response", at: path + ["response"], enveloped: true)
            }
            return
        }
        // Any other status is an error to the client (a 3xx too, when it reaches it); one below 200 (an upgrade's
        // 101) is no answer it reads, and has no error body.
        guard status >= 200 else {
            diagnostics.error(
                "\(label) got status \(status), which the client does not take for a response: the call throws",
                at: positions.location(path))
            return
        }
        guard status >= 300 else { return }
        let errors = endpoint.errors ?? api.errorModel.map { ErrorModels(default: $0) }
        guard let model = errors?.byStatus.first(where: { $0.status == status })?.model ?? errors?.default else {
            diagnostics.warning(
                "\(label) got status \(status), for which the spec declares no error body", at: positions.location(path))
            return
        }
        // An empty error body is the client's raw error; the endpoint's own `errors`, or the API's, type the rest.
        guard exchange.responseBody?.isEmpty != true else { return }
        checkResponseBody(
            against: .model(model), what: "the \(status) error body", at: endpoint.errors == nil ? ["errors"] : path + ["errors"])
    }

    /// Whether a response of `status` has what this check does not read: typed `response_headers`, an `events:`
    /// stream, or a `String` body.
    private func hasUnreadParts(status: Int) -> Bool {
        if endpoint.responseHeaders != nil { return true }
        switch endpoint.result {
        case .events, .body(.text): return true
        case .outcomes(let name):
            guard case .outcomes(let outcomes)? = api.model(named: name)?.kind else { return false }
            return outcomes.first { $0.status == status }?.body == .text
        case .none, .body: return false
        }
    }

    /// Checks the response body against `type` (inside the API's envelope when `enveloped` and the API has one),
    /// when the capture recorded it.
    private mutating func checkResponseBody(
        against type: TypeReference, what: String, at keys: [String], enveloped: Bool = false
    ) {
        guard let body = exchange.responseBody else {
            isBodyUnrecorded = true
            return
        }
        check(body, against: type, what: what, at: keys, envelope: enveloped ? api.envelope : nil)
    }

    /// Reads `body` as JSON of `type` (inside `envelope`, if given), as the client's decoder reads it, and reports
    /// where it does not fit, at `keys` in the spec.
    private mutating func check(
        _ body: Data, against type: TypeReference, what: String, at keys: [String], envelope: Envelope? = nil
    ) {
        let location = positions.location(keys)
        guard let root = JSONBodyReader.read(body) else {
            diagnostics.error("\(label): \(what) is not JSON", at: location)
            return
        }
        var found = Diagnostics()
        let path = "\(what) of \(label)"
        if let envelope {
            checker.check(root, againstEnvelope: envelope, holding: type, path: path, diagnostics: &found)
        } else {
            checker.check(root, against: type, path: path, diagnostics: &found)
        }
        for finding in found.all {
            diagnostics.append(Diagnostic(finding.severity, finding.message, at: location))
        }
    }

    /// Whether the text of a path or query parameter is a value of `type` as the client writes it (a `Date` in
    /// `format`).
    private func fits(_ value: String, _ type: TypeReference, format: DateFormat) -> Bool {
        switch type.nonOptional {
        case .array(let element):  // a list in the path, its values joined by commas
            value.split(separator: ",", omittingEmptySubsequences: false).allSatisfy { fits(String($0), element, format: format) }
        case .primitive(.int), .primitive(.int64): Int64(value) != nil
        case .primitive(.int32): Int32(value) != nil
        case .primitive(.uint32): UInt32(value) != nil
        case .primitive(.uint64): UInt64(value) != nil
        case .primitive(.double), .primitive(.float), .primitive(.decimal): Double(value) != nil
        case .primitive(.bool): value == "true" || value == "false"
        case .primitive(.uuid): UUID(uuidString: value) != nil
        case .primitive(.date):
            switch format {
            case .dateTime: ExampleChecker.isDateTime(value)
            case .date: ExampleChecker.isCalendarDate(value)
            case .unix, .unixMilliseconds: Int64(value) != nil
            }
        default: true
        }
    }
}

extension AuthScheme {
    /// The query parameters a credential of this scheme is sent in (`auth: query api_key`).
    fileprivate var queryNames: [String] {
        switch self {
        case .query(let name): [name]
        case .anyOf(let schemes), .allOf(let schemes): schemes.flatMap(\.queryNames)
        case .none, .bearer, .basic, .header: []
        }
    }
}
