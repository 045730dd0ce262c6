extension SpecDiff {
    /// What an endpoint returns: its response, its outcomes by status, its pagination and its error bodies.
    func compareResults(_ old: Endpoint, _ new: Endpoint, noun: String, path: [String], _ context: inout Context) {
        if old.result != new.result {
            context.add(.breaking, "\(noun) returns `\(new.result.summary)`, was `\(old.result.summary)`", path: path)
        }
        if case .outcomes(let was) = old.result, case .outcomes(let now) = new.result {
            // One enum case per status: a status added or removed changes the cases a `switch` handles.
            let oldStatuses = context.oldAPI.model(named: was)?.outcomeStatuses ?? []
            let newStatuses = context.newAPI.model(named: now)?.outcomeStatuses ?? []
            if oldStatuses != newStatuses {
                context.add(
                    .breaking, "the `responses` of \(noun) are \(newStatuses.map(String.init).joined(separator: ", ")), were \(oldStatuses.map(String.init).joined(separator: ", "))",
                    path: path + ["responses"])
            }
            let oldBodies = Dictionary((context.oldAPI.model(named: was)?.outcomes ?? []).map { ($0.status, $0.body) }, uniquingKeysWith: { first, _ in first })
            for outcome in context.newAPI.model(named: now)?.outcomes ?? [] {
                guard let body = oldBodies[outcome.status], body != outcome.body else { continue }
                context.add(
                    .breaking, "response \(outcome.status) of \(noun) is `\(outcome.body?.swiftType ?? "none")`, was `\(body?.swiftType ?? "none")`",
                    path: path + ["responses", String(outcome.status)])
            }
        }
        compareResponseHeaders(old, new, noun: noun, path: path + ["response_headers"], &context)
        switch (old.pagination, new.pagination) {
        case (nil, _?): context.add(.additive, "\(noun) pages: `\(new.name.swift)Pages` was added", path: path + ["pagination"])
        case (_?, nil): context.add(.breaking, "\(noun) no longer pages: `\(old.name.swift)Pages` was removed", path: path)
        case (let was?, let now?) where was != now:
            context.add(.behaviour, "\(noun) pages differently (`pagination`)", path: path + ["pagination"])
        default: break
        }
        let oldErrors = old.errors?.modelsByStatus ?? [], newErrors = new.errors?.modelsByStatus ?? []
        let oldModels = Dictionary(oldErrors, uniquingKeysWith: { first, _ in first })
        let newStatuses = Set(newErrors.map(\.status))
        for (status, model) in newErrors {
            if let was = oldModels[status], was != model {
                context.add(.behaviour, "\(noun) decodes the error body for \(status) as `\(model)`, was `\(was)`", path: path + ["errors"])
            } else if oldModels[status] == nil {
                context.add(.behaviour, "\(noun) decodes a new error body for \(status)", path: path + ["errors"])
            }
        }
        for (status, _) in oldErrors where !newStatuses.contains(status) {
            context.add(.behaviour, "\(noun) no longer decodes an error body for \(status)", path: path + ["errors"])
        }
        if old.example != new.example {
            context.add(.documentation, "the example the mock of \(noun) answers changed", path: path)
        }
    }

    /// Typed `response_headers:`: with them the method returns the headers beside the body, so adding the first or
    /// removing the last changes what it returns; the headers themselves compare as properties.
    private func compareResponseHeaders(_ old: Endpoint, _ new: Endpoint, noun: String, path: [String], _ context: inout Context) {
        switch (old.responseHeaders.flatMap(context.oldAPI.model), new.responseHeaders.flatMap(context.newAPI.model)) {
        case (nil, _?): context.add(.breaking, "\(noun) returns typed response headers beside its body", path: path)
        case (_?, nil): context.add(.breaking, "\(noun) no longer returns typed response headers", path: path)
        case (let was?, let now?):
            compareProperties(was.responseHeaderFields, now.responseHeaderFields, of: "the response headers of \(noun)", path: path, &context)
        case (nil, nil): break
        }
    }
}
