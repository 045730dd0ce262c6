import Testing

@testable import RouteGenCore

/// Every rejection that spec-format.md lists, and the other rules of the format, with exact positions.
/// `SpecTesting.header` fills lines 1–4, so the YAML under test starts on line 5 unless a test says otherwise.
@Suite struct SpecRejectionTests {
    private let h = SpecTesting.header

    // MARK: - Listed in spec-format.md

    @Test func unknownKeysWithSuggestions() {
        let findings = SpecTesting.findings(h + """
            endpoints:
              getPet:
                methd: GET
                path: /pets
                respnse: Pet
            descripton: typo at the top level
            """)
        #expect(findings == [
            "6:3: error: endpoint `getPet` is missing required key `method`",
            "7:5: error: unknown key `methd` in endpoint `getPet`; did you mean `method`?",
            "9:5: error: unknown key `respnse` in endpoint `getPet`; did you mean `response`?",
            "10:1: error: unknown key `descripton` in the spec; did you mean `description`?",
        ])
    }

    @Test func unknownKeyWithoutAnyCloseMatch() {
        #expect(SpecTesting.findings(h + "colour: blue\n") == ["5:1: error: unknown key `colour` in the spec"])
    }

    @Test func unknownTypes() {
        let findings = SpecTesting.findings(h + """
            models:
              Pet:
                properties:
                  name: Strnig
                  owner: "[Ownr]?"
                  friends: [Pett]
              Owner:
                properties:
                  name: string
            """)
        #expect(findings == [
            "8:13: error: unknown type `Strnig`; did you mean `String`?",
            "9:16: error: unknown type `Ownr`; did you mean `Owner`?",
            "10:17: error: unknown type `Pett`; did you mean `Pet`?",
        ])
    }

    @Test func pathPlaceholderNotDeclaredInParams() {
        let yaml = h + """
            endpoints:
              getPet:
                method: GET
                path: /pets/{petId}/photos/{photoId}
                params:
                  petId: Int64
            """
        #expect(SpecTesting.findings(yaml) == ["8:32: error: path parameter `{photoId}` is not declared in `params`"])
        #expect(SpecTesting.hints(yaml) == ["add `params: { photoId: String }`"])
    }

    @Test func paramDeclaredButNotInThePath() {
        let yaml = h + """
            endpoints:
              getPet:
                method: GET
                path: /pets/{id}
                params: { id: Int64, petId: Int64 }
            """
        #expect(SpecTesting.findings(yaml) == [
            "9:26: error: parameter `petId` is declared in `params` but the path has no `{petId}`"
        ])
    }

    @Test func misspeltPlaceholderSuggestsTheDeclaredName() {
        let yaml = h + """
            endpoints:
              getPet:
                method: GET
                path: /pets/{petID}
                params: { petId: Int64 }
            """
        #expect(SpecTesting.hints(yaml).first == "did you mean `{petId}`?")
    }

    @Test func duplicateEndpointAndModelNames() {
        #expect(SpecTesting.findings(h + """
            models:
              Pet: { properties: { id: Int } }
              Pet: { properties: { id: String } }
            """) == ["7:3: error: duplicate key `Pet` in one mapping"])
        #expect(SpecTesting.findings(h + """
            endpoints:
              getPet: { method: GET, path: /a }
              getPet: { method: GET, path: /b }
            """) == ["7:3: error: duplicate key `getPet` in one mapping"])
    }

    @Test func invalidBaseURLs() {
        let yaml = """
            routegen: 1
            name: Shop
            environments:
              production: shop.example.com
              staging: ftp://staging.example.com
              dev: "https://"
              qa: https://qa.example.com?debug=1
              local: http://localhost:8080/
            """
        #expect(SpecTesting.findings(yaml) == [
            "4:15: error: invalid base URL `shop.example.com`: expected an absolute http or https URL",
            "5:12: error: invalid base URL `ftp://staging.example.com`: the scheme must be http or https, not `ftp`",
            "6:9: error: invalid base URL `https://`: it has no host",
            "7:7: error: invalid base URL `https://qa.example.com?debug=1`: it may not have a query or fragment",
        ])
        #expect(SpecTesting.hints(yaml).first == "add the scheme: `https://shop.example.com`")
    }

    @Test func missingRoutegenAndName() {
        #expect(SpecTesting.findings("""
            description: no header
            environments:
              production: https://shop.example.com
            """) == [
                "1:1: error: the spec is missing required key `routegen`",
                "1:1: error: the spec is missing required key `name`",
            ])
    }

    @Test func missingEnvironments() {
        #expect(SpecTesting.findings("routegen: 1\nname: Shop\n") == [
            "1:1: error: the spec is missing required key `environments`"
        ])
        #expect(SpecTesting.findings("routegen: 1\nname: Shop\nenvironments: {}\n") == [
            "3:15: error: `environments` needs at least one server"
        ])
    }

    @Test func bodyOnGetAndHead() {
        let yaml = h + """
            endpoints:
              search:
                method: GET
                path: /search
                body: { term: String }
              probe:
                method: head
                path: /probe
                body: { term: String }
            """
        #expect(SpecTesting.findings(yaml) == [
            "9:5: error: a GET request cannot have a body",
            "13:5: error: a HEAD request cannot have a body",
        ])
        #expect(
            SpecTesting.hints(yaml).first
                == "send the values as `query:` parameters, or use POST; if the API takes a body with GET (Elasticsearch's "
                + "search), add `allow_body: true`, which URLSessionClient cannot send")
    }

    @Test func aHeadResponseHasNoBodyToRead() {
        let yaml = h + """
            endpoints:
              probe:
                method: HEAD
                path: /probe
                response: String
              watch:
                method: HEAD
                path: /watch
                events: String
              exists:
                method: HEAD
                path: /exists
                responses: { 200: none, 404: none }
                response_headers: { ETag: String? }
            """
        #expect(SpecTesting.findings(yaml) == [
            "9:5: error: endpoint `probe` is a HEAD request, whose response has no body to read as `response`",
            "13:5: error: endpoint `watch` is a HEAD request, whose response has no body to read as `events`",
        ])
        #expect(SpecTesting.hints(yaml).first == "use `response_headers` to read what a HEAD response says, or `GET` for its body")
    }

    @Test func malformedYAML() {
        let findings = SpecTesting.findings(h + "models:\n  Pet: {properties: \n")
        #expect(findings.count == 1)
        #expect(findings.first?.hasPrefix("7:1: error: invalid YAML:") == true)
    }

    @Test func everyErrorOfARunIsReportedSortedByPosition() {
        let findings = SpecTesting.findings("""
            routegen: 1
            name: Shop
            environments:
              production: not a url
            endpoints:
              a: { method: GTE, path: /a }
              b: { method: GET, path: b }
            models:
              M: { properties: { x: Foo } }
            """)
        #expect(findings.map { $0.prefix(5) } == ["4:15:", "6:16:", "7:27:", "9:25:"])
    }

    // MARK: - The rest of the format

    @Test func unsupportedFormatVersion() {
        let findings = SpecTesting.findings("routegen: 2\nname: Shop\nenvironments: { p: https://a.b }\n")
        #expect(findings == ["1:11: error: unsupported format version `2`; this routegen reads version 1"])
    }

    @Test func apiNameMustBeAnIdentifier() {
        let yaml = "routegen: 1\nname: Pet Store\nenvironments: { p: https://a.b }\n"
        #expect(SpecTesting.findings(yaml) == ["2:7: error: `name` must be an identifier, not `Pet Store`"])
        #expect(SpecTesting.hints(yaml) == ["write `name: PetStore`"])
    }

    @Test func misspeltHTTPMethod() {
        #expect(SpecTesting.findings(h + "endpoints:\n  a:\n    method: PSOT\n    path: /a\n") == [
            "7:13: error: unknown HTTP method `PSOT`; did you mean `POST`?"
        ])
    }

    @Test func malformedPaths() {
        let findings = SpecTesting.findings(h + """
            endpoints:
              a: { method: GET, path: "/a?x={x}" }
              b: { method: GET, path: "/b/{id" }
              c: { method: GET, path: "/c/{}/d" }
              d: { method: GET, path: "/d/{id}/{id}", params: { id: Int } }
              e: { method: GET, path: "/e#top" }
              f: { method: GET, path: "/f?=1" }
              g: { method: GET, path: "/g?beta=true", query: { beta: Bool? } }
            """)
        #expect(findings == [
            "6:33: error: the query part of path `/a?x={x}` cannot hold a placeholder",
            "7:31: error: `{` is never closed in path `/b/{id`",
            "8:31: error: empty `{}` in path `/c/{}/d`",
            "9:36: error: path parameter `{id}` appears twice in `/d/{id}/{id}`",
            "10:30: error: path `/e#top` may not contain `#`",
            "11:30: error: the query part of path `/f?=1` has an item without a name",
            "12:52: error: query parameter `beta` is also written in the path `/g?beta=true`",
        ])
    }

    @Test func parameterTypesMustFitWhereTheyAreSent() {
        let findings = SpecTesting.findings(h + """
            models:
              Pet: { properties: { id: Int } }
              Kind: { enum: [cat, dog] }
            endpoints:
              a:
                method: GET
                path: /a/{id}/{kind}/{pet}
                params: { id: Int?, kind: Kind, pet: Pet }
                query:
                  kinds: "[Kind]?"
                  filter: Pet
                  blob: Data
                headers:
                  X-Kinds: "[String]"
            """)
        #expect(findings == [
            "12:19: error: path parameter `id` cannot be optional",
            "12:42: error: `Pet` cannot be sent as a path parameter",
            "15:15: error: `Pet` cannot be sent as a query parameter",
            "16:13: error: `Data` cannot be sent as a query parameter",
            "18:16: error: `[String]` cannot be sent as a header",
        ])
    }

    @Test func headerValuesMayNotBreakLines() {
        let findings = SpecTesting.findings(h + "headers:\n  X-Client: \"a\\r\\nX-Injected: 1\"\n  Bad Name: x\n")
        #expect(findings == [
            "6:14: error: the value of header `X-Client` contains a line break or control character",
            "7:3: error: `Bad Name` is not a valid header name",
        ])
    }

    @Test func authSchemes() {
        #expect(SpecTesting.findings(h + "auth: berer\n") == ["5:7: error: unknown auth scheme `berer`; did you mean `bearer`?"])
        #expect(SpecTesting.findings(h + "auth: header\n") == ["5:7: error: `auth: header` needs exactly one name after it"])
        #expect(SpecTesting.check(h + "auth: header X-API-Key\n").api?.auth == .header("X-API-Key"))
        #expect(SpecTesting.check(h + "auth: query api_key\n").api?.auth == .query("api_key"))
    }

    /// A list is the schemes a server accepts, any one of them: two or more, none of them `none`, none twice.
    @Test func authAlternatives() {
        #expect(SpecTesting.check(h + "auth: [basic, bearer]\n").api?.auth == .anyOf([.basic, .bearer]))
        #expect(SpecTesting.check(h + "auth:\n  - header X-Api-Key\n  - query key\n").api?.auth == .anyOf([.header("X-Api-Key"), .query("key")]))
        #expect(SpecTesting.check(h + "auth: [bearer]\n").api?.auth == .bearer)
        #expect(SpecTesting.findings(h + "auth: [basic, none, berer, basic]\n") == [
            "5:15: error: `none` cannot be one of several schemes",
            "5:21: error: unknown auth scheme `berer`; did you mean `bearer`?",
            "5:28: error: `basic` is listed twice",
        ])
        #expect(SpecTesting.findings(h + "auth: []\n") == ["5:7: error: `auth` lists no scheme"])
    }

    /// A list among the alternatives is schemes required at once (Plaid's two headers): two or more single schemes,
    /// none of them `none`, none twice; the spelling reads back as written.
    @Test func authSchemesRequiredAtOnce() {
        let both = AuthScheme.allOf([.header("PLAID-CLIENT-ID"), .header("PLAID-SECRET")])
        #expect(SpecTesting.check(h + "auth: [[header PLAID-CLIENT-ID, header PLAID-SECRET]]\n").api?.auth == both)
        #expect(SpecTesting.check(h + "auth: [[header PLAID-CLIENT-ID, header PLAID-SECRET], bearer]\n").api?.auth == .anyOf([both, .bearer]))
        #expect(both.specSpelling == "[[header PLAID-CLIENT-ID, header PLAID-SECRET]]")
        #expect(AuthScheme.anyOf([both, .bearer]).specSpelling == "[[header PLAID-CLIENT-ID, header PLAID-SECRET], bearer]")
        #expect(SpecTesting.findings(h + "auth: [[bearer, none, bearer, [basic]], [basic]]\n") == [
            "5:17: error: `none` cannot be required with other schemes",
            "5:23: error: `bearer` is listed twice",
            "5:31: error: schemes required at once are single schemes, not a list",
            "5:41: error: schemes required at once must be two or more",
        ])
    }

    @Test func errorsAndEnvelopeMustNameObjectModels() {
        let findings = SpecTesting.findings(h + """
            errors: Kind
            envelope:
              payload: data
              metadata: Meta
              metadta_key: meta
            models:
              Kind: { enum: [a] }
            """)
        #expect(findings == [
            "5:9: error: `errors` must name an object model, not `Kind`",
            "8:13: error: unknown type `Meta`",
            "9:3: error: unknown key `metadta_key` in `envelope`; did you mean `metadata_key`?",
        ])
    }

    @Test func envelopeNeedsAPayloadKey() {
        #expect(SpecTesting.findings(h + "envelope: { metadata_key: meta }\n") == [
            "5:1: error: `envelope` is missing required key `payload`"
        ])
    }

    @Test func modelsAreObjectsOrEnumsButNotBoth() {
        let findings = SpecTesting.findings(h + """
            models:
              A: { description: nothing }
              B: { properties: { x: Int }, enum: [x] }
              C: { enum: [] }
              D: { enum: [on, off, on] }
            """)
        #expect(findings == [
            "6:3: error: model `A` needs `properties` or `allOf` (an object), `enum` (an enum) or `oneOf` (a union)",
            "7:32: error: model `B` has both `properties` and `enum`",
            "8:14: error: the `enum` of model `C` must be a non-empty list of values",
            "9:24: error: enum value `on` of model `D` is listed twice",
        ])
    }

    @Test func modelsMayNotShadowBuiltInTypes() {
        #expect(SpecTesting.findings(h + "models:\n  Date: { properties: { day: Int } }\n") == [
            "6:3: error: model name `Date` is taken by the built-in type `Date`"
        ])
    }

    @Test func namesThatBecomeTheSameSwiftNameCollide() {
        let findings = SpecTesting.findings(h + """
            models:
              Pet:
                properties:
                  photo_urls: [URL]
                  photo-urls: [URL]
              pet_status: { enum: [a] }
              PetStatus: { enum: [b] }
            endpoints:
              get_pet: { method: GET, path: /a, query: { page_size: Int?, pageSize: Int? } }
              getPet: { method: GET, path: /b }
            """)
        #expect(findings == [
            "9:7: error: property `photo-urls` and `photo_urls` (line 8) both become the Swift name `photoUrls`",
            "11:3: error: type `PetStatus` and `pet_status` (line 10) both become the Swift name `PetStatus`",
            "13:63: error: parameter `pageSize` and `page_size` (line 13) both become the Swift name `pageSize`",
            "14:3: error: endpoint `getPet` and `get_pet` (line 13) both become the Swift name `getPet`",
        ])
    }

    @Test func anInlineBodyNameMayCollideWithAModel() {
        #expect(SpecTesting.findings(h + """
            models:
              LoginBody: { properties: { x: Int } }
            endpoints:
              login: { method: POST, path: /login, body: { user: String } }
            """) == [
                "8:40: error: type `login body` and `LoginBody` (line 6) both become the Swift name `LoginBody`"
            ])
    }

    @Test func requiredSelfContainmentCannotBeDecoded() {
        let findings = SpecTesting.findings(h + """
            models:
              Node:
                properties:
                  next: Node
              A: { properties: { b: B } }
              B: { properties: { a: A } }
            """)
        #expect(findings == [
            "8:7: error: model `Node` contains itself through required properties, so no finite JSON can decode it",
            "9:22: error: models `A`, `B` contain each other through required properties, so no finite JSON can decode them",
        ])
    }

    /// An untagged union tries each variant on the same value: one that is the union again, directly or through
    /// other unions, would call itself until the stack ran out (found by an attack: the client crashed on `"x"`).
    /// A union held in a list or an object reads one level of the JSON each time, and is fine.
    @Test func aUnionThatListsItselfCannotBeDecoded() {
        let spec = h + """
            models:
              U: { oneOf: [U, String] }
              A: { oneOf: [B, String] }
              B: { oneOf: [A, Int] }
              Tree: { oneOf: ["[Tree]", Int, Leaf] }
              Leaf: { properties: { parent: Tree? } }
            """
        #expect(SpecTesting.findings(spec) == [
            "6:16: error: union `U` lists itself as a variant, so decoding it would never end",
            "7:16: error: unions `A`, `B` list each other as variants, so decoding them would never end",
        ])
        #expect(SpecTesting.hints(spec) == [
            "hold it in an object or a list (`[U]`), or list the other union's variants here",
            "hold it in an object or a list (`[B]`), or list the other union's variants here",
        ])
    }

    @Test func typeGrammarErrors() {
        let findings = SpecTesting.findings(h + """
            models:
              M:
                properties:
                  a: "[String"
                  b: "[Int: String]"
                  c: "String???"
                  d: [String, Int]
                  e: "String extra"
            """)
        #expect(findings == [
            "8:18: error: missing `]` to close the `[` at column 11",
            "9:11: error: dictionary keys must be `String`",
            "10:19: error: a type is optional at most twice (`T??`: absent, null or a value)",
            "11:10: error: a list type holds exactly one element type, found 2",
            "12:18: error: unexpected `extra` after type `String `",
        ])
    }

    @Test func longFormPropertiesAreChecked() {
        #expect(SpecTesting.findings(h + """
            models:
              M:
                properties:
                  a: { description: no type }
                  b: { type: Int, descripton: typo }
            """) == [
                "8:7: error: property `a` of model `M` is missing required key `type`",
                "9:23: error: unknown key `descripton` in property `b` of model `M`; did you mean `description`?",
            ])
    }

    @Test func versionMustBeAPathSegment() {
        #expect(SpecTesting.findings(h + "version: v1?x\n") == ["5:10: error: `version` must be a path segment like `v1`, not `v1?x`"])
        #expect(SpecTesting.check(h + "version: /v2/\n").api?.version == "v2")
    }

    @Test func mergeKeysAreExplained() {
        let yaml = h + "headers:\n  <<: {a: b}\n"
        #expect(SpecTesting.findings(yaml) == ["6:3: error: `<<` is not a valid header name"])
        #expect(SpecTesting.hints(h + "<<: {a: b}\n") == ["YAML merge keys are not supported; write the keys out"])
    }
}
