import GeneratedClients
import RouteGenRuntime
import Testing

/// The client generated with a user's override of `RequestHandling.swift.mustache` (see `TemplateOverrideTests`):
/// the line the override adds to every endpoint's method runs, before the request goes out.
@Suite struct TemplateOverrideClientTests {
    @Test func everyMethodRunsTheLineTheOverrideAdds() async throws {
        let mock = Traced.MockRequestHandler()
        let thing = try await mock.getThing(id: 7)
        try await mock.deleteThing(id: 7)
        #expect(thing == Traced.Thing(id: 7, name: "seven"))
        #expect(mock.recordedCalls == [.getThing(id: 7, tags: ["a", "b"]), .deleteThing(id: 7)])
        #expect(CallLog.recorded.suffix(2) == ["getThing", "deleteThing"])
    }
}
