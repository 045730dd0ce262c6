import Testing

@testable import RouteGenCore

/// The spec keys published documents needed (issue 52): a list as a path parameter, `allow_body: true` for a GET or
/// HEAD that sends a body, `read_only` and `write_only` properties, `UInt32`. Every earlier spec means what it did:
/// a body on GET without `allow_body` is still an error.
@Suite struct ConstructCheckTests {
    let h = SpecTesting.header

    @Test func aListIsAPathParameterAndAListOfModelsIsNot() throws {
        let yaml = h + """
            models:
              Kind: { enum: [a, b] }
              Thing: { properties: { id: String } }
            endpoints:
              search:
                method: GET
                path: /indices/{index}/{kinds}
                params: { index: "[String]", kinds: "[Kind]" }
              things:
                method: GET
                path: /things/{things}
                params: { things: "[Thing]" }
            """
        #expect(
            SpecTesting.findings(yaml) == [
                "16:23: error: `[Thing]` cannot be sent as a path parameter"
            ])
        #expect(
            SpecTesting.hints(yaml)
                == ["path parameters are text values (a built-in type other than `Data`, or a string enum) or lists of them"])
    }

    @Test func aGetOrHeadSendsABodyOnlyWithAllowBody() throws {
        let yaml = h + """
            endpoints:
              search:
                method: GET
                path: /search
                body: { term: String }
                allow_body: true
              probe:
                method: HEAD
                path: /probe
                body: { term: String }
                allow_body: true
              create:
                method: POST
                path: /things
                body: { term: String }
                allow_body: true
              list:
                method: GET
                path: /things
                allow_body: true
            """
        #expect(
            SpecTesting.findings(yaml) == [
                "20:5: error: `allow_body` is for a GET or HEAD endpoint that sends a body, which endpoint `create` is not",
                "24:5: error: `allow_body` is for a GET or HEAD endpoint that sends a body, which endpoint `list` is not",
            ])
        // Each note says what is wrong with this endpoint: a POST needs no allowance, a GET without a body no key.
        #expect(
            SpecTesting.hints(yaml) == [
                "remove it: a POST request's body needs no allowance",
                "remove it: endpoint `list` sends no body (`body`, `form` or `multipart`)",
            ])
        let allowed = SpecTesting.check(
            h + "endpoints:\n  search:\n    method: GET\n    path: /search\n    body: { term: String }\n    allow_body: true\n")
        #expect(allowed.diagnostics.isEmpty)
        #expect(allowed.api?.endpoints.first?.body == .json(.model("SearchBody")))
    }

    @Test func aBodyOnGetWithoutAllowBodyIsStillAnErrorThatNamesIt() {
        let yaml = h + "endpoints:\n  search:\n    method: GET\n    path: /search\n    body: { term: String }\n"
        #expect(SpecTesting.findings(yaml) == ["9:5: error: a GET request cannot have a body"])
        #expect(SpecTesting.hints(yaml).first?.contains("`allow_body: true`") == true)
    }

    /// In a model sent and received, a read-only property is optional (and never encoded) and a write-only one is
    /// optional; in a model that travels one way, the property of that way is as written.
    @Test func oneWayPropertiesAreOptionalWhereTheirDirectionLeavesThemOut() throws {
        let yaml = h + """
            models:
              Account:
                properties:
                  id: { type: String, read_only: true }
                  password: { type: String, write_only: true }
                  name: String
              Received:
                properties:
                  id: { type: String, read_only: true }
                  pin: { type: String, write_only: true }
              Sent:
                properties:
                  id: { type: String, read_only: true }
                  pin: { type: String, write_only: true }
            endpoints:
              create:
                method: POST
                path: /accounts
                body: Account
                response: Account
              receive:
                method: GET
                path: /received
                response: Received
              send:
                method: POST
                path: /sent
                body: Sent
            """
        let (api, diagnostics) = SpecTesting.check(yaml)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let types = { (model: String) in
            api?.models.first { $0.name.swift == model }?.properties.map { "\($0.name.wire): \($0.type.swiftType)" }
        }
        #expect(types("Account") == ["id: String?", "password: String?", "name: String"])
        #expect(types("Received") == ["id: String", "pin: String?"])
        #expect(types("Sent") == ["id: String?", "pin: String"])
    }

    /// A union's discriminator tells the server which variant it gets: sent, and required, even when the document
    /// marks it read-only (a `Cat` sent without its `kind` is no pet the server can tell).
    @Test func aDiscriminatorIsSentEvenWhenReadOnly() throws {
        let yaml = h + """
            models:
              Pet:
                oneOf: [Cat, Dog]
                discriminator: kind
              Cat:
                properties:
                  kind: { type: String, read_only: true }
                  id: { type: String, read_only: true }
              Dog:
                properties:
                  kind: { type: String, read_only: true }
            endpoints:
              create:
                method: POST
                path: /pets
                body: Pet
                response: Pet
            """
        let (api, diagnostics) = SpecTesting.check(yaml)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let properties = { (model: String) in
            api?.models.first { $0.name.swift == model }?.properties.map { "\($0.name.wire): \($0.type.swiftType), \($0.access)" }
        }
        #expect(properties("Cat") == ["kind: String, readWrite", "id: String?, readOnly"])
        #expect(properties("Dog") == ["kind: String, readWrite"])
    }

    @Test func oneWayKeysAreForJSONPropertiesAndNotBoth() {
        let yaml = h + """
            models:
              Thing:
                properties:
                  id: { type: String, read_only: true, write_only: true }
            endpoints:
              find:
                method: GET
                path: /things
                query: { q: { type: String, read_only: true } }
              send:
                method: POST
                path: /things
                form: { a: { type: String, write_only: true } }
            """
        #expect(
            SpecTesting.findings(yaml) == [
                "8:44: error: a value is `read_only` or `write_only`, not both",
                "13:33: error: `read_only` applies only to JSON properties, not to query parameter `q`",
                "17:32: error: `write_only` applies only to JSON properties, not to property `a` of the `form` of endpoint `send`",
            ])
    }

    @Test func uint32IsABuiltInTypeWithItsRange() {
        let yaml = h + """
            models:
              Counter:
                properties:
                  value: { type: UInt32, default: 4294967295 }
                  limit: { type: UInt32, default: -1 }
            """
        #expect(SpecTesting.findings(yaml).count == 1)
        #expect(SpecTesting.findings(yaml).first?.hasPrefix("9:") == true, "\(SpecTesting.findings(yaml))")
    }
}
