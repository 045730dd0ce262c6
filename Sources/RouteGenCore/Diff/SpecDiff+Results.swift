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
        }
        switch (old.pagination, new.pagination) {
        case (nil, _?): context.add(.additive, "\(noun) pages: `\(new.name.swift)Pages` was added", path: path + ["pagination"])
        case (_?, nil): context.add(.breaking, "\(noun) no longer pages: `\(old.name.swift)Pages` was removed", path: path)
        case (let was?, let now?) where was != now:
            context.add(.behaviour, "\(noun) pages differently (`pagination`)", path: path + ["pagination"])
        default: break
        }
        let oldErrors = old.errors?.statuses ?? [], newErrors = new.errors?.statuses ?? []
        for status in newErrors where !oldErrors.contains(status) {
            context.add(.behaviour, "\(noun) decodes a new error body for \(status)", path: path + ["errors"])
        }
        for status in oldErrors where !newErrors.contains(status) {
            context.add(.behaviour, "\(noun) no longer decodes an error body for \(status)", path: path + ["errors"])
        }
    }
}
