import Foundation
import Testing

@testable import RouteGenCore

/// What the check stage produces for valid specs: resolved types and decided names.
@Suite struct SpecCheckerTests {
    private func petstore() throws -> API {
        let path = SpecTesting.repositoryRoot.appendingPathComponent("Specs/Petstore.yaml").path
        var diagnostics = Diagnostics()
        let api = SpecPipeline().check(try SpecSource(contentsOf: path), diagnostics: &diagnostics)
        #expect(diagnostics.all.isEmpty)
        return try #require(api)
    }

    @Test func topLevelValues() throws {
        let api = try petstore()
        #expect(api.name == Name(wire: "Petstore", swift: "Petstore"))
        #expect(api.version == "v1")
        #expect(api.environments.map(\.name.swift) == ["production", "staging", "development"])
        #expect(api.environments.first?.baseURL == "https://petstore.example.com")
        #expect(api.headers == [HeaderField(name: "Accept", value: "application/json")])
        #expect(api.auth == .bearer)
        #expect(api.errorModel == "ErrorBody")
    }

    @Test func modelsHaveResolvedTypesAndSwiftNames() throws {
        let api = try petstore()
        let pet = try #require(api.model(named: "Pet"))
        #expect(pet.description == "A pet in the store.")
        #expect(pet.properties.map(\.name.swift) == ["id", "name", "tag", "status", "photoUrls", "createdAt", "attributes", "owner"])
        #expect(pet.properties.map(\.type.swiftType) == [
            "Int64", "String", "String?", "PetStatus", "[URL]", "Date", "[String: String]", "Owner?",
        ])
        #expect(pet.properties[4].name == Name(wire: "photo_urls", swift: "photoUrls"))
        #expect(pet.properties[7].description == "Who owns the pet.")
        #expect(api.model(named: "PetStatus")?.kind == .stringEnum([
            EnumCase(name: Name(wire: "available", swift: "available")),
            EnumCase(name: Name(wire: "pending", swift: "pending")),
            EnumCase(name: Name(wire: "sold", swift: "sold")),
        ]))
    }

    @Test func recursionIsMarkedForIndirectStorage() throws {
        let api = try petstore()
        #expect(api.model(named: "Owner")?.isRecursive == true)
        #expect(api.model(named: "Pet")?.isRecursive == false)
        let listRecursion = SpecTesting.check(SpecTesting.header + "models:\n  Tree: { properties: { children: [Tree] } }\n")
        #expect(listRecursion.api?.model(named: "Tree")?.isRecursive == false)
        // Models that contain each other share a group; a model on another cycle has its own.
        let cycles = SpecTesting.check(SpecTesting.header + """
            models:
              A: { properties: { b: B? } }
              B: { properties: { a: A? } }
              C: { properties: { next: C?, a: A? } }
            """)
        let groups = ["A", "B", "C"].map { cycles.api?.model(named: $0)?.recursionGroup }
        #expect(groups[0] != nil && groups[0] == groups[1] && groups[2] != nil && groups[2] != groups[0])
    }

    @Test func modelsOnlyRequestsReachAreEncodeOnly() throws {
        let checked = SpecTesting.check(SpecTesting.header + """
            errors: Problem
            models:
              Problem: { properties: { detail: Detail? } }
              Detail: { properties: { text: String } }
              Item: { properties: { id: Int, kind: Kind } }
              Kind: { enum: [a, b] }
              NewItem: { properties: { name: String, shape: Shape, kind: Kind } }
              Shape: { oneOf: [Circle, Square] }
              Circle: { properties: { radius: Double } }
              Square: { properties: { side: Double } }
              Sort: { enum: [name, date] }
              Filter: { properties: { tags: "[String]" } }
              Moved: { properties: { to: String } }
              Missing: { properties: { why: String } }
              Chunk: { properties: { text: String } }
              Unused: { properties: { note: String } }
            endpoints:
              createItem: { method: POST, path: /items, body: NewItem, response: Item }
              listItems:
                method: GET
                path: /items
                query: { sort: Sort?, filter: { type: Filter?, style: deepObject } }
                response: "[Item]"
              getItem:
                method: GET
                path: /items/{id}
                params: { id: Int }
                responses: { 200: Item, 301: Moved }
                errors: { 404: Missing }
              streamItems: { method: POST, path: /stream, body: { text: String }, events: Chunk }
            """)
        let api = try #require(checked.api, "\(checked.diagnostics)")
        // Requests alone reach these: bodies, their parts (an enum, a union and its variants), query values.
        let sendOnly = ["NewItem", "Shape", "Circle", "Square", "Sort", "Filter", "StreamItemsBody"]
        // Responses, outcomes, error bodies and events reach these; `Kind` both ways; `Unused` nothing at all.
        let read = ["Problem", "Detail", "Item", "Kind", "Moved", "Missing", "Chunk", "Unused", "GetItemResponse"]
        #expect(sendOnly.filter { api.model(named: $0)?.isEncodeOnly != true } == [])
        #expect(read.filter { api.model(named: $0)?.isEncodeOnly != false } == [])
        #expect(Set(api.models.map(\.name.swift)) == Set(sendOnly + read))
    }

    /// A cycle of 100,000 models, a chain of as many beside it, and small cycles: found without recursing once per
    /// model.
    @Test func cyclesOfAnyLengthAreFound() {
        let count = 100_000
        var edges: [String: [String]] = [:]
        for index in 0..<count {
            edges["C\(index)"] = ["C\((index + 1) % count)"]
            edges["L\(index)"] = index + 1 < count ? ["L\(index + 1)"] : []
        }
        edges["A"] = ["B", "A"]
        edges["B"] = ["A"]
        edges["S"] = ["S"]
        let components = RecursionAnalysis.cyclicComponents(edges: edges)
        #expect(components.map(\.count) == [2, count, 1])
        #expect(components.first == ["A", "B"] && components.last == ["S"])
    }

    @Test func whatADecodableModelHoldsIsDecodable() throws {
        let checked = SpecTesting.check(SpecTesting.header + """
            models:
              Order: { properties: { lines: "[Line]", note: Note? } }
              Line: { properties: { sku: String, options: Options? } }
              Options: { properties: { gift: Bool } }
              Note: { properties: { text: String, reply: Note? } }
              Draft: { properties: { lines: "[Line]", note: Note? } }
              Receipt: { properties: { total: Int } }
              Plan: { properties: { steps: "[Step]" } }
              Step: { properties: { next: Step?, plan: Plan? } }
              Saved: { properties: { plan: Plan } }
              Filter: { properties: { any: "[Filter]" } }
            endpoints:
              createOrder: { method: POST, path: /orders, body: Order, response: Receipt }
              schedule: { method: POST, path: /plans, body: Plan }
              search: { method: POST, path: /search, body: Filter }
            """)
        let api = try #require(checked.api, "\(checked.diagnostics)")
        // `Draft` and `Saved` are used by nothing, so they stay `Codable`; so is what they hold, even where only
        // requests reach it otherwise: a shared model (`Line`, and `Options` within it), a model on a cycle (`Note`,
        // and `Plan` and `Step`, which hold each other).
        let codable = ["Draft", "Line", "Options", "Note", "Saved", "Plan", "Step", "Receipt"]
        #expect(codable.filter { api.model(named: $0)?.isEncodeOnly != false } == [])
        // What only requests reach, and nothing decodable holds, stays send-only, on a cycle too.
        #expect(["Order", "Filter"].filter { api.model(named: $0)?.isEncodeOnly != true } == [])
    }

    @Test func endpoints() throws {
        let api = try petstore()
        #expect(api.endpoints.map(\.name.swift) == ["listPets", "getPet", "createPet", "login", "deletePet"])
        let list = api.endpoints[0]
        #expect(list.method == .get)
        #expect(list.summary == "List pets.")
        #expect(list.query.map(\.name.swift) == ["limit", "tags", "includeSold"])
        #expect(list.query.map(\.type.swiftType) == ["Int?", "[String]?", "Bool?"])
        #expect(list.result == .body(.json(.array(.model("Pet")))))
        #expect(list.auth == .bearer)

        let get = api.endpoints[1]
        #expect(get.path.segments == [.literal("/pets/"), .parameter("petId")])
        #expect(get.pathParameters == [Parameter(name: Name(wire: "petId", swift: "petId"), type: .primitive(.int64))])

        let delete = api.endpoints[4]
        #expect(delete.method == .delete)
        #expect(delete.headers.map(\.name) == [Name(wire: "X-Request-ID", swift: "xRequestID")])
        #expect(delete.result == EndpointResult.none)
    }

    @Test func inlineBodiesBecomeModels() throws {
        let api = try petstore()
        let login = try #require(api.endpoints.first { $0.name.wire == "login" })
        #expect(login.auth == AuthScheme.none)
        #expect(login.body == .json(.model("LoginBody")))
        let body = try #require(api.model(named: "LoginBody"))
        #expect(body.inlineBodyOf == "login")
        #expect(body.properties.map(\.name.wire) == ["email", "password"])
        #expect(api.endpoints.first { $0.name.wire == "createPet" }?.body == .json(.model("NewPet")))
    }

    @Test func envelope() {
        let api = SpecTesting.check(SpecTesting.header + """
            envelope:
              payload: expectedResponse
              metadata: Meta
            models:
              Meta: { properties: { request_id: String } }
            """).api
        #expect(api?.envelope == Envelope(payloadKey: "expectedResponse", metadataModel: "Meta", metadataKey: "metadata"))
    }

    @Test func typeGrammarSpellings() throws {
        let api = try #require(SpecTesting.check(SpecTesting.header + """
            models:
              M:
                properties:
                  a: [String]
                  b: "[String]"
                  c: [String: Int]
                  d: "[String: [Int]]?"
                  e: integer
                  f: number
                  g: boolean
                  h: [[UUID?]]
            """).api)
        #expect(api.models[0].properties.map(\.type.swiftType) == [
            "[String]", "[String]", "[String: Int]", "[String: [Int]]?", "Int", "Double", "Bool", "[[UUID?]]",
        ])
    }

    @Test func hostileNamesAreMadeValid() throws {
        let api = try #require(SpecTesting.check(SpecTesting.header + """
            models:
              Error: { properties: { default: String, self: Int, 2fa: Bool, $ref: String?, Ünïcode: String } }
              Environment: { enum: [none, self, default, "1", in-progress, unknown] }
              Type: { properties: { x: Int } }
            environments_note: ignored
            """.replacingOccurrences(of: "environments_note: ignored", with: "")).api)
        #expect(api.model(named: "Error")?.properties.map(\.name.swift) == ["default", "self_", "_2fa", "ref", "unicode"])
        #expect(api.model(named: "Error")?.properties.first?.name.escapedSwift == "`default`")
        let environment = try #require(api.models.first { $0.name.wire == "Environment" })
        #expect(environment.name.swift == "EnvironmentModel")
        guard case .stringEnum(let cases) = environment.kind else {
            Issue.record("expected an enum")
            return
        }
        #expect(cases.map(\.name.swift) == ["none_", "self_", "default", "_1", "inProgress", "unknown_"])
        #expect(api.models.first { $0.name.wire == "Type" }?.name.swift == "TypeModel")
    }

    @Test func reservedEnvironmentAndLabelNamesGetASuffix() throws {
        let api = try #require(SpecTesting.check("""
            routegen: 1
            name: Shop
            environments:
              default: https://a.example.com
              staging: https://b.example.com
            endpoints:
              send:
                method: POST
                path: /send
                query: { body: String }
                body: { text: String }
            """).api)
        #expect(api.environments.map(\.name.swift) == ["default_", "staging"])
        #expect(api.endpoints[0].query.map(\.name.swift) == ["body_"])
    }
}
