/// One Swift scope (a model's properties, an enum's cases, a case's labels, …): it decides each wire name's
/// Swift name and reports two wire names that end up with the same one.
struct NameScope {
    /// Names the scope's generated code already uses, mapped to the suffix a colliding wire name gets.
    private let reserved: [String: String]
    private var taken: [String: (wire: String, location: SourceLocation)] = [:]
    private let what: String

    /// - Parameters:
    ///   - what: how a member of the scope reads in messages ("property", "enum case", …).
    ///   - reserved: Swift names generated code needs here; a wire name deriving to one gets the suffix.
    init(what: String, reserved: [String: String] = [:]) {
        self.what = what
        self.reserved = reserved
    }

    /// Claims a Swift name for `wire`; reports a collision with an earlier wire name.
    mutating func claim(
        wire: String, swift derived: String, at location: SourceLocation, diagnostics: inout Diagnostics
    ) -> Name {
        let swift = reserved[derived].map { derived + $0 } ?? derived
        if let earlier = taken[swift] {
            diagnostics.error(
                "\(what) `\(wire)` and `\(earlier.wire)` (line \(earlier.location.line)) both become the Swift name `\(swift)`",
                at: location, hint: "rename one of them")
        } else {
            taken[swift] = (wire, location)
        }
        return Name(wire: wire, swift: swift)
    }

    /// Claims a Swift name for `wire` that no earlier wire name has: `derived`, or when it is taken, `derived` with
    /// the first number from 2 that makes it free. For names a spec does not choose and so cannot rename, such as an
    /// OAuth server's scopes (`read:pets` and `read.pets` are `readPets` and `readPets2`).
    mutating func claimDistinct(wire: String, swift derived: String, at location: SourceLocation) -> Name {
        let base = reserved[derived].map { derived + $0 } ?? derived
        var swift = base
        var number = 2
        while taken[swift] != nil || reserved[swift] != nil {
            swift = base + String(number)
            number += 1
        }
        taken[swift] = (wire, location)
        return Name(wire: wire, swift: swift)
    }

    /// Claims a member name (lowerCamelCase) for `wire`.
    mutating func claimMember(_ wire: String, at location: SourceLocation, diagnostics: inout Diagnostics) -> Name {
        claim(wire: wire, swift: SwiftNaming.memberName(wire), at: location, diagnostics: &diagnostics)
    }

    /// Claims a type name (UpperCamelCase) for `wire`.
    mutating func claimType(_ wire: String, at location: SourceLocation, diagnostics: inout Diagnostics) -> Name {
        claim(wire: wire, swift: SwiftNaming.typeName(wire), at: location, diagnostics: &diagnostics)
    }
}

extension NameScope {
    /// Suffixes for the member names that backticks cannot rescue.
    static let unusableMemberSuffixes: [String: String] = Dictionary(
        uniqueKeysWithValues: SwiftKeywords.unusableMembers.map { ($0, "_") })
}
