/// Gives the wire names of one Swift scope (an endpoint's parameters, a model's properties) Swift names that never
/// collide, deterministically, so that an import never fails on two names a document may legally use together.
///
/// A wire name keeps the name the checker derives from it unless that name is taken or reads wrong; then it gets an
/// explicit `swift_name`. Comparison suffixes read as words (`StartTime<` → `startTimeBefore`, `>=` → `OrAfter`);
/// a name still taken gets what differs (the parameter's place, `idHeader`), then a number (`id2`).
struct MemberNameAllocator {
    private var taken: Set<String> = []

    /// Words for the comparison operators filters end with, longest first.
    private static let comparisons: [(suffix: String, words: String)] = [
        ("<=", " or before"), (">=", " or after"), ("<", " before"), (">", " after"),
    ]

    /// Takes Swift names the scope already has from elsewhere (the properties of the models an `allOf` includes):
    /// a wire name deriving to one of them gets another.
    mutating func take(_ names: Set<String>) {
        taken.formUnion(names)
    }

    /// The `swift_name` `wire` needs in this scope, or nil when the derived name is right and free. `place` says
    /// what sets the member apart from a namesake (`header`, `query`), when anything does.
    mutating func swiftName(for wire: String, place: String? = nil) -> String? {
        let derived = SwiftNaming.memberName(wire)
        let readable = Self.comparisons.first { wire.hasSuffix($0.suffix) }
            .map { SwiftNaming.memberName(String(wire.dropLast($0.suffix.count)) + $0.words) } ?? derived
        var candidates = [readable]
        if let place { candidates.append(readable + SwiftNaming.typeName(place)) }
        let chosen = candidates.first { !taken.contains($0) } ?? (2...).lazy.map { readable + "\($0)" }.first { !taken.contains($0) }!
        taken.insert(chosen)
        return chosen == derived ? nil : chosen
    }
}
