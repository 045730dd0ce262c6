import Testing

@testable import RouteGenCore

/// A property that two `allOf` parts (or a part and the model) both declare is one property of the flat struct:
/// a value of the model satisfies every declaration, so the first types it, and it is required when either
/// declaration requires it. Only declarations no value can satisfy at once are an error.
@Suite struct AllOfMergeTests {
    static func spec(base: String, other: String, own: String = "note: String?") -> String {
        """
        routegen: 1
        name: Merge
        environments: { production: https://merge.example }
        models:
          Detail:
            properties: { issue: String, field: String? }
          Narrow:
            properties: { issue: String }
          Base:
            properties: { \(base) }
          Other:
            properties: { \(other) }
          Child:
            allOf: [Base, Other]
            properties: { \(own) }
        endpoints:
          get:
            method: GET
            path: /child
            response: Child
        """
    }

    private func child(_ yaml: String) -> [Property]? {
        SpecTesting.check(yaml).api?.models.first { $0.name.swift == "Child" }?.properties
    }

    @Test func theSameDeclarationTwiceIsOneProperty() throws {
        let yaml = Self.spec(base: "id: String, name: String", other: "id: String", own: "name: String")
        #expect(SpecTesting.findings(yaml) == [])
        #expect(try #require(child(yaml)).map(\.name.wire) == ["id", "name"])
    }

    @Test func aPropertyOneDeclarationRequiresIsRequired() throws {
        let yaml = Self.spec(base: "id: String?", other: "id: String")
        #expect(SpecTesting.findings(yaml) == [])
        #expect(try #require(child(yaml)).first { $0.name.wire == "id" }?.type == .primitive(.string))
    }

    @Test func declarationsOfOneKindKeepTheFirstWithAWarning() throws {
        // PayPal's errors: `details` is `[error_details]` in the base and a list of narrower objects in the part.
        let yaml = Self.spec(base: "details: \"[Detail]?\"", other: "details: \"[Narrow]\"")
        #expect(SpecTesting.findings(yaml) == [
            "14:19: warning: property `details` comes from both `Base` and `Other` in the `allOf` of model `Child`, as `[Detail]` and as `[Narrow]`: it is typed as the first"
        ])
        #expect(try #require(child(yaml)).first { $0.name.wire == "details" }?.type == .array(.model("Detail")))
    }

    @Test func declarationsNoValueSatisfiesAtOnceAreAnError() {
        #expect(SpecTesting.findings(Self.spec(base: "count: Int", other: "count: \"[Int]\"")) == [
            "14:19: error: property `count` comes from both `Base` and `Other` in the `allOf` of model `Child`, as `Int` and as `[Int]`, which no value is both"
        ])
        #expect(SpecTesting.findings(Self.spec(base: "id: String", other: "note: String", own: "id: Bool")) == [
            "15:19: error: property `id` of model `Child` is also in `Base`, which it includes with `allOf`, as `String` and as `Bool`, which no value is both"
        ])
    }

    @Test func propertiesOfDifferentPlacesWithOneSwiftNameAreAnError() {
        // The flat struct would declare `createdAt` twice and not compile (issue 51, bug 6).
        #expect(SpecTesting.findings(Self.spec(base: "createdAt: Date", other: "note: String?", own: "created_at: Date")) == [
            "15:19: error: property `created_at` of `Child` and property `createdAt` of `Base` both become the Swift name `createdAt` in model `Child`, which flattens its `allOf`"
        ])
        #expect(SpecTesting.findings(Self.spec(base: "URL: String", other: "url: String?")) == [
            "14:19: error: property `url` of `Other` and property `URL` of `Base` both become the Swift name `url` in model `Child`, which flattens its `allOf`"
        ])
        // A `swift_name` sets them apart.
        #expect(SpecTesting.findings(Self.spec(base: "createdAt: Date", other: "note: String?", own: "created_at: { type: Date, swift_name: createdOn }")) == [])
    }

    /// `required: true` on a redeclaration is kept (nil sent as `null`), whichever declaration says it; it was once
    /// dropped without a word when the model said it and a part did not.
    @Test(arguments: [
        ("note: String?", "note: String?", "note: { type: String?, required: true }"),
        ("note: { type: String?, required: true }", "id: String?", "note: String?"),
    ])
    func requiredOnEitherDeclarationSendsNull(base: String, other: String, own: String) throws {
        let yaml = Self.spec(base: base, other: other, own: own)
        #expect(SpecTesting.findings(yaml) == [])
        let note = try #require(child(yaml)?.first { $0.name.wire == "note" })
        #expect(note.sendsNull && !note.mayBeLeftOut)
    }

    /// A `swift_name` on a redeclaration is an error where it is written: the flat struct's property has the name
    /// the first declaration gives it, and the `swift_name` was once dropped without a word.
    @Test func aSwiftNameOnARedeclarationIsAnError() {
        let findings = SpecTesting.findings(Self.spec(base: "note: String?", other: "id: String?", own: "note: { type: String?, swift_name: remark }"))
        #expect(findings.count == 1 && findings[0].hasPrefix("15:19: error: property `note` of model `Child` is also in `Base`"), "\(findings)")
        #expect(findings.first?.contains("named `remark` here in Swift but `note` where first declared") == true, "\(findings)")
    }
}
