import Testing

@testable import RouteGenCore

/// How the OpenAPI front end traces a checker error to the endpoints it makes wrong, and what leaving them out
/// removes: an error in an endpoint is that endpoint's; one in a model is every endpoint's that reaches the model,
/// directly or through other models; the models only left-out endpoints used go with them.
@Suite struct EndpointPruningTests {
    static let spec = """
        routegen: 1
        name: Parts
        environments: { production: https://parts.example }
        models:
          Owner:
            properties:
              name: String
              description: Note
          Note:
            properties:
              text: String
          Pet:
            properties:
              owner: Owner
          Toy:
            description: Owner and Pet appear in this prose, which refers to nothing.
            properties:
              label: String
        endpoints:
          getPet:
            method: GET
            path: /pets/{id}
            params: { id: String }
            response: Pet
          listToys:
            method: GET
            path: /toys
            response: "[Toy]"
          getOwner:
            method: GET
            path: /owner
            query: { expand: String? }
            response: Owner
        """

    private func parts() throws -> (EndpointPruning, SyntaxNode) {
        var diagnostics = Diagnostics()
        let syntax = try #require(SpecLoader().load(SpecSource(path: "parts.yaml", text: Self.spec), diagnostics: &diagnostics))
        return (EndpointPruning(syntax.root), syntax.root)
    }

    private func error(line: Int, column: Int) -> Diagnostic {
        Diagnostic(.error, "wrong", at: SourceLocation(file: "parts.yaml", line: line, column: column))
    }

    @Test func anErrorInAModelLeavesOutEveryEndpointThatReachesIt() throws {
        let (parts, _) = try parts()
        // `text: String` of Note (line 11), which Owner reaches through its property named `description`.
        #expect(parts.endpoints(affectedBy: error(line: 11, column: 13)) == ["getPet", "getOwner"])
        // `label: String` of Toy: prose naming other models does not make them reach it.
        #expect(parts.endpoints(affectedBy: error(line: 18, column: 14)) == ["listToys"])
    }

    @Test func anErrorInAnEndpointIsThatEndpointsAlone() throws {
        let (parts, _) = try parts()
        // Inside the path text of getPet (line 22), and of getOwner (line 31).
        #expect(parts.endpoints(affectedBy: error(line: 22, column: 19)) == ["getPet"])
        #expect(parts.endpoints(affectedBy: error(line: 31, column: 16)) == ["getOwner"])
        // The spec's name is in no endpoint and no model: the spec as a whole is wrong.
        #expect(parts.endpoints(affectedBy: error(line: 2, column: 7)) == nil)
    }

    @Test func leavingOutEndpointsRemovesTheModelsOnlyTheyUsed() throws {
        let (parts, _) = try parts()
        let pruned = EndpointPruning(parts.removing(["getPet"]))
        let kept = try #require(pruned.removing([]).entries)
        let models = kept.first { $0.key == "models" }?.value.entries?.map(\.key)
        let endpoints = kept.first { $0.key == "endpoints" }?.value.entries?.map(\.key)
        #expect(endpoints == ["listToys", "getOwner"])
        #expect(models == ["Owner", "Note", "Toy"])
    }
}
