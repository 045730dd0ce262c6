import Foundation
import Testing

@testable import RouteGenCore

/// `routegen diff`: every kind of change between two versions of a spec, classified by what it does to code that
/// uses the generated client, at its positions in both; an OpenAPI document against the spec imported from it.
@Suite struct SpecDiffTests {
    private static let old = """
        routegen: 1
        name: Shop
        environments:
          production: https://shop.example.com
          staging: https://staging.shop.example.com
        auth: bearer
        models:
          Pet:
            properties:
              id: Int64
              name: String
              tag: String?
              nickname: String?
          Status:
            enum: [available, pending, sold]
          Shape:
            oneOf: [Circle, Square]
          Circle: { properties: { radius: Double } }
          Square: { properties: { side: Double } }
          Gone: { properties: { a: Int } }
        endpoints:
          listPets:
            method: GET
            path: /pets
            query:
              limit: { type: Int?, server_default: 20 }
              cursor: String?
              status: Status
            response: [Pet]
          getPet:
            method: GET
            path: /pets/{id}
            params: { id: Int64 }
            response: Pet
          login:
            method: POST
            path: /login
            body: { email: String, password: String }
          removed:
            method: DELETE
            path: /removed
        """

    private static let new = """
        routegen: 1
        name: Shop
        environments:
          production: https://api.shop.example.com
        auth: basic
        models:
          Pet:
            properties:
              id: Int64
              name: { type: String, swift_name: title }
              tag: Int?
              color: String
              born: Date?
          Status:
            enum: [available, sold, adopted]
          Shape:
            oneOf: [Circle, Square, Triangle]
          Circle: { properties: { radius: Double } }
          Square: { properties: { side: Double } }
          Triangle: { properties: { base: Double } }
        endpoints:
          listPets:
            method: GET
            path: /v2/pets
            query:
              limit: { type: Int?, server_default: 50 }
              status: Status?
              sort: String
              page: Int?
            response: [Pet]
          getPet:
            method: GET
            path: /pets/{id}
            params: { id: Int64 }
            response: "[Pet]"
            errors: { 404: Circle }
          login:
            method: POST
            path: /login
            body: { email: String, password: String, code: String? }
          added:
            method: GET
            path: /added
        """

    private func checked(_ text: String, path: String) throws -> SpecPipeline.CheckedSpec {
        var diagnostics = Diagnostics()
        let spec = SpecPipeline().checkedSpec(SpecSource(path: path, text: text), diagnostics: &diagnostics)
        #expect(diagnostics.all.isEmpty)
        return try #require(spec)
    }

    @Test func everyKindOfChangeIsClassifiedAtItsPositions() throws {
        let changes = SpecDiff().changes(from: try checked(Self.old, path: "old.yaml"), to: try checked(Self.new, path: "new.yaml"))
        #expect(changes.map(\.description) == [
            "old.yaml:5:3: breaking: environment `staging` was removed",
            "new.yaml:4:3: behaviour: environment `production` is `https://api.shop.example.com`, was `https://shop.example.com` (was old.yaml:4:3)",
            "new.yaml:5:1: behaviour: `auth` is `basic`, was `bearer` (was old.yaml:6:1)",
            "old.yaml:39:3: breaking: endpoint `removed` was removed",
            "new.yaml:24:5: behaviour: endpoint `listPets` is `GET /v2/pets`, was `GET /pets` (was old.yaml:24:5)",
            "old.yaml:27:7: breaking: query parameter `cursor` of endpoint `listPets` was removed",
            "new.yaml:26:7: behaviour: the default of parameter `limit` changed (was old.yaml:26:7)",
            "new.yaml:27:7: additive: parameter `status` is `Status?`, was `Status` (was old.yaml:28:7)",
            "new.yaml:28:7: breaking: query parameter `sort` of endpoint `listPets` was added",
            "new.yaml:29:7: additive: query parameter `page` of endpoint `listPets` was added",
            "new.yaml:31:3: breaking: endpoint `getPet` returns `[Pet]`, was `Pet` (was old.yaml:30:3)",
            "new.yaml:36:5: behaviour: endpoint `getPet` decodes a new error body for 404 (was old.yaml:30:3)",
            "new.yaml:40:46: additive: property `code` of the body of endpoint `login` was added",
            "new.yaml:41:3: additive: endpoint `added` was added",
            "old.yaml:20:3: breaking: model `Gone` was removed",
            "old.yaml:13:7: breaking: property `nickname` of model `Pet` was removed",
            "new.yaml:10:7: breaking: property `name` of model `Pet` is renamed in Swift: `title`, was `name` (was old.yaml:11:7)",
            "new.yaml:11:7: breaking: property `tag` of model `Pet` is `Int?`, was `String?` (was old.yaml:12:7)",
            "new.yaml:12:7: breaking: property `color` of model `Pet` was added",
            "new.yaml:13:7: additive: property `born` of model `Pet` was added",
            "old.yaml:15:5: breaking: value `pending` of model `Status` was removed",
            "new.yaml:15:5: breaking: value `adopted` of model `Status` was added",
            "new.yaml:17:5: breaking: the variants of model `Shape` are Circle, Square, Triangle, were Circle, Square (was old.yaml:17:5)",
            "new.yaml:20:3: additive: model `Triangle` was added",
        ])
    }

    /// Issue 51, 13: a model added that takes a group's name renames the group's namespace, not its module: breaking,
    /// and nothing is said of modules.
    @Test func aGroupRenamedByAModelIsBreaking() throws {
        let old = """
            routegen: 1
            name: Shop
            environments: { production: https://shop.example.com }
            endpoints:
              getInvoice: { method: GET, path: /billing/invoice }
            """
        let new = old.replacingOccurrences(of: "endpoints:", with: "models:\n  Billing: { properties: { id: Int } }\nendpoints:")
        let changes = SpecDiff().changes(from: try checked(old, path: "old.yaml"), to: try checked(new, path: "new.yaml"))
        #expect(changes.map(\.description) == [
            "new.yaml:7:3: breaking: group `billing` is `Shop.BillingEndpoints` when generated as modules, was `Shop.Billing` (was old.yaml:5:3)",
            "new.yaml:5:3: additive: model `Billing` was added",
        ])
    }

    /// Attack on issue 51, 7: a group added whose key gives another group's name (`user-profile` beside
    /// `user_profile`) renames that group and the module it is the first of: the message names both modules, from
    /// the planner's own names, and says when it applies (which group is first depends on the module count).
    @Test func aGroupRenamedByAnotherGroupNamesItsModule() throws {
        let old = """
            routegen: 1
            name: Shop
            environments: { production: https://shop.example.com }
            endpoints:
              getProfile: { method: GET, path: /user_profile/me }
            """
        let new = old + "\n  getOther: { method: GET, path: /user-profile/other }"
        let changes = SpecDiff().changes(from: try checked(old, path: "old.yaml"), to: try checked(new, path: "new.yaml"))
        let plan = ModulePlanner(moduleCount: 1).plan(try checked(new, path: "new.yaml").api)
        #expect(plan.modules.last?.name == "ShopUserProfile")
        #expect(changes.map(\.description).contains(
            "new.yaml:5:3: breaking: group `user_profile` is `Shop.UserProfileEndpoints` when generated as modules, was `Shop.UserProfile`; "
                + "a module whose first group it is is `ShopUserProfileEndpoints`, was `ShopUserProfile` (was old.yaml:5:3)"), "\(changes)")
    }

    /// Outcomes by status are an enum: a status added is a new case. A `pagination:` added is a new method.
    @Test func outcomesAndPagination() throws {
        let old = """
            routegen: 1
            name: Shop
            environments: { production: https://shop.example.com }
            models:
              Page: { properties: { data: [Item] } }
              Item: { properties: { id: String } }
            endpoints:
              star:
                method: PUT
                path: /star
                responses: { 204: none, 404: none }
              list:
                method: GET
                path: /items
                query: { page: Int? }
                response: Page
            """
        let new = old.replacingOccurrences(of: "{ 204: none, 404: none }", with: "{ 204: none, 304: none, 404: none }")
            + "\n    pagination: { items: data, page: page }\n"
        let changes = SpecDiff().changes(from: try checked(old, path: "old.yaml"), to: try checked(new, path: "new.yaml"))
        #expect(changes.map(\.description) == [
            "new.yaml:11:5: breaking: the `responses` of endpoint `star` are 204, 304, 404, were 204, 404 (was old.yaml:11:5)",
            "new.yaml:17:5: additive: endpoint `list` pages: `listPages` was added (was old.yaml:12:3)",
        ])
    }

    @Test func aDocumentAndTheSpecImportedFromItDoNotDiffer() throws {
        let document = ImportTesting.documents.appendingPathComponent("petstore3.yaml").path
        let imported = ImportTesting.imported.appendingPathComponent("Petstore3.yaml").path
        var diagnostics = Diagnostics()
        let specs = try [document, imported].map { try #require(SpecPipeline().checkedSpec(try SpecSource(contentsOf: $0), diagnostics: &diagnostics)) }
        #expect(SpecDiff().changes(from: specs[0], to: specs[1]).isEmpty)
    }

    @Test func theCommandPrintsTextOrJSONAndFailsOnWhatItIsAsked() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("routegen-diff-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let old = folder.appendingPathComponent("old.yaml").path, new = folder.appendingPathComponent("new.yaml").path
        try Self.old.write(toFile: old, atomically: true, encoding: .utf8)
        try Self.old.replacingOccurrences(of: "  removed:\n    method: DELETE\n    path: /removed", with: "")
            .appending("  added:\n    method: GET\n    path: /added\n")
            .write(toFile: new, atomically: true, encoding: .utf8)
        let text = try RouteGenProcess.run("diff", old, new)
        #expect(text.status == 0)
        #expect(text.stdout.hasSuffix("2 changes: 1 breaking, 0 behaviour, 1 additive, 0 documentation\n"))
        #expect(try RouteGenProcess.run("diff", old, new, "--fail-on", "behaviour").status == 1)
        #expect(try RouteGenProcess.run("diff", new, new, "--fail-on", "additive").status == 0)
        let json = try RouteGenProcess.run("diff", old, new, "--format", "json")
        let changes = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(changes.map { $0["kind"] as? String } == ["breaking", "additive"])
        #expect((changes[0]["old"] as? [String: Any])?["line"] as? Int == 39 && changes[0]["new"] is NSNull)
        // A change on the wire alone: a header sent with every request.
        let withHeader = folder.appendingPathComponent("header.yaml").path
        try Self.old.replacingOccurrences(of: "auth: bearer\n", with: "auth: bearer\nheaders: { Accept: application/json }\n")
            .write(toFile: withHeader, atomically: true, encoding: .utf8)
        let header = try RouteGenProcess.run("diff", old, withHeader, "--fail-on", "behaviour")
        #expect(header.status == 1)
        #expect(header.stdout.hasSuffix("1 change: 0 breaking, 1 behaviour, 0 additive, 0 documentation\n"))
    }
}
