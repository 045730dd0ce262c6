extension SpecDiff {
    /// A model's kind, its properties, enum values and union variants.
    func compareModel(_ old: Model, _ new: Model, _ path: [String], _ context: inout Context) {
        let noun = "model `\(new.name.wire)`"
        if old.name.swift != new.name.swift {
            context.add(.breaking, "\(noun) is renamed in Swift: `\(new.name.swift)`, was `\(old.name.swift)`", path: path)
        }
        context.compareDocumentation(
            of: noun, old: [old.description], new: [new.description], deprecated: (old.isDeprecated, new.isDeprecated), path: path)
        switch (old.kind, new.kind) {
        case (.object, .object):
            compareProperties(old.properties, new.properties, of: noun, path: path + ["properties"], &context)
            if old.isClosed != new.isClosed {
                // An untagged union with the model as a variant takes other objects as it.
                let state = new.isClosed ? "closed" : "no longer closed"
                context.add(.behaviour, "\(noun) is \(state) (`closed`)", path: path + ["closed"])
            }
        case (.stringEnum(let was), .stringEnum(let now)), (.integerEnum(let was), .integerEnum(let now)):
            // Generated enums are switched over exhaustively: a new case breaks a `switch` without `default`, and
            // a value that used to decode as `unknown` now decodes as the case.
            context.compare(
                was, now, named: \.name, noun: { "value `\($0)` of \(noun)" }, path: { _ in path + ["enum"] }, removal: .breaking,
                addition: { _ in .breaking })
        case (.union(let was), .union(let now)):
            let oldVariants = was.variants.map(\.type.swiftType), newVariants = now.variants.map(\.type.swiftType)
            if oldVariants != newVariants {
                context.add(
                    .breaking, "the variants of \(noun) are \(newVariants.joined(separator: ", ")), were \(oldVariants.joined(separator: ", "))",
                    path: path + ["oneOf"])
            }
            if was.discriminator != now.discriminator || was.mapping != now.mapping {
                context.add(.behaviour, "\(noun) picks its variant differently (`discriminator` or `mapping`)", path: path)
            }
        default:
            context.add(.breaking, "\(noun) is \(new.kindNoun), was \(old.kindNoun)", path: path)
        }
    }

    /// The properties of an object model, of an endpoint's inline body or of its response headers (`noun` says
    /// which).
    func compareProperties(_ old: [Property], _ new: [Property], of noun: String, path: [String], _ context: inout Context) {
        // A new required property is a new argument of the memberwise initializer.
        context.compare(
            old, new, named: \.name, noun: { "property `\($0)` of \(noun)" }, path: { path + [$0.name.wire] },
            removal: .breaking, addition: { $0.mayBeLeftOut ? .additive : .breaking }
        ) { old, new, path, context in
            let noun = "property `\(new.name.wire)` of \(noun)"
            if old.name.swift != new.name.swift {
                context.add(.breaking, "\(noun) is renamed in Swift: `\(new.name.swift)`, was `\(old.name.swift)`", path: path)
            }
            context.compareDocumentation(
                of: noun, old: [old.description], new: [new.description], deprecated: (old.isDeprecated, new.isDeprecated),
                path: path)
            if old.type != new.type {
                // Read and written both: any change of its Swift type breaks code that reads or sets it.
                context.add(.breaking, "\(noun) is `\(new.type.swiftType)`, was `\(old.type.swiftType)`", path: path)
            }
            if old.defaultValue != new.defaultValue || old.serverDefault != new.serverDefault {
                context.add(.behaviour, "the default of \(noun) changed", path: path)
            }
            if old.format != new.format || old.style != new.style {
                context.add(.behaviour, "\(noun) is written differently on the wire (`format` or `style`)", path: path)
            }
            if old.access != new.access {
                // Which way it travels decides what is sent, and may make it optional (a type change, reported above).
                context.add(
                    .behaviour, "\(noun) is \(new.access.rawValue.replacingOccurrences(of: "_", with: "-")), was "
                        + old.access.rawValue.replacingOccurrences(of: "_", with: "-"), path: path)
            }
            if old.sendsNull != new.sendsNull {
                // Always sent, its initializer's argument has no default: a call that left it out no longer compiles.
                let sending = { (sendsNull: Bool) in sendsNull ? "always sent, nil as `null`" : "left out when nil" }
                context.add(
                    new.sendsNull ? .breaking : .behaviour, "\(noun) is \(sending(new.sendsNull)), was \(sending(old.sendsNull))",
                    path: path)
            }
        }
    }
}

extension Model {
    /// What kind of model it is, in a sentence.
    var kindNoun: String {
        switch kind {
        case .object: "an object"
        case .stringEnum: "a string enum"
        case .integerEnum: "an integer enum"
        case .union: "a union"
        case .outcomes: "the outcomes of an endpoint"
        case .responseHeaders: "response headers"
        }
    }
}
