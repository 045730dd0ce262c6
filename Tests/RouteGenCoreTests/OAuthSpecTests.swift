import Foundation
import RouteGenTestSupport
import Testing

@testable import RouteGenCore

/// `oauth:` declares OAuth 2 and OpenID Connect schemes, and `auth: oauth <scheme> <scope> …` names one and the scopes
/// an endpoint needs; its token is sent as a bearer token, as before the format said OAuth.
/// `SpecTesting.header` fills lines 1–4, so the YAML under test starts on line 5.
@Suite struct OAuthSpecTests {
    private let h = SpecTesting.header

    private let declarations = """
        oauth:
          petstore:
            description: The pet store's authorization server.
            authorization_code:
              authorization_url: https://auth.petstore.example/authorize
              token_url: https://auth.petstore.example/token
              refresh_url: https://auth.petstore.example/refresh
            client_credentials: { token_url: /oauth/token }
            device_authorization:
              device_authorization_url: http://127.0.0.1:8080/device
              token_url: http://localhost:8080/token
            implicit: { authorization_url: https://auth.petstore.example/authorize }
            scopes:
              read:pets: Read your pets.
              write:pets: Change your pets.
              admin:
          google:
            openid_connect: https://accounts.google.com/.well-known/openid-configuration
            scopes: { openid: Sign in., email: }

        """

    @Test func schemesFlowsURLsAndScopesAreReadIntoTheModel() throws {
        let api = try #require(SpecTesting.check(h + declarations + "auth: oauth petstore read:pets\n").api)
        #expect(
            api.oauthSchemes == [
                OAuthScheme(
                    name: "petstore", description: "The pet store's authorization server.",
                    source: .flows([
                        OAuthFlow(
                            kind: .authorizationCode, authorizationURL: "https://auth.petstore.example/authorize",
                            tokenURL: "https://auth.petstore.example/token", refreshURL: "https://auth.petstore.example/refresh"),
                        OAuthFlow(kind: .clientCredentials, tokenURL: "/oauth/token"),
                        OAuthFlow(
                            kind: .deviceAuthorization, tokenURL: "http://localhost:8080/token",
                            deviceAuthorizationURL: "http://127.0.0.1:8080/device"),
                        OAuthFlow(kind: .implicit, authorizationURL: "https://auth.petstore.example/authorize"),
                    ]),
                    scopes: [
                        OAuthScope(name: "read:pets", description: "Read your pets."),
                        OAuthScope(name: "write:pets", description: "Change your pets."), OAuthScope(name: "admin"),
                    ]),
                OAuthScheme(
                    name: "google", source: .openIDConnect(discoveryURL: "https://accounts.google.com/.well-known/openid-configuration"),
                    scopes: [OAuthScope(name: "openid", description: "Sign in."), OAuthScope(name: "email")]),
            ])
        #expect(api.auth == .bearer)
        #expect(api.oauth == [OAuthRequirement(scheme: "petstore", scopes: ["read:pets"])])
        #expect(SpecTesting.check(h + declarations + "auth: oauth petstore read:pets\n").diagnostics.isEmpty)
    }

    /// An endpoint's `auth` names the scopes it needs; the token is sent as `bearer`, one bearer token however many
    /// OAuth schemes could issue it, beside the other schemes of the list.
    @Test func endpointsNameTheirSchemesAndScopes() throws {
        let api = try #require(
            SpecTesting.check(
                h + declarations + """
                    auth: oauth petstore
                    endpoints:
                      listPets: { method: GET, path: /pets }
                      createPet:
                        method: POST
                        path: /pets
                        auth: oauth petstore write:pets read:pets
                      getMe:
                        method: GET
                        path: /me
                        auth: [header X-API-Key, oauth google openid email, "oauth petstore admin"]
                      both:
                        method: GET
                        path: /both
                        auth: [[oauth google openid, oauth petstore admin]]
                      open: { method: GET, path: /open, auth: none }
                    """
            ).api)
        let endpoints = Dictionary(uniqueKeysWithValues: api.endpoints.map { ($0.name.wire, $0) })
        #expect(endpoints["listPets"]?.auth == .bearer)
        #expect(endpoints["listPets"]?.oauth == [OAuthRequirement(scheme: "petstore")])
        #expect(endpoints["createPet"]?.oauth == [OAuthRequirement(scheme: "petstore", scopes: ["write:pets", "read:pets"])])
        #expect(endpoints["getMe"]?.auth == .anyOf([.header("X-API-Key"), .bearer]))
        #expect(
            endpoints["getMe"]?.oauth == [
                OAuthRequirement(scheme: "google", scopes: ["openid", "email"]), OAuthRequirement(scheme: "petstore", scopes: ["admin"]),
            ])
        #expect(endpoints["both"]?.auth == .bearer)
        #expect(endpoints["both"]?.oauth.map(\.scheme) == ["google", "petstore"])
        #expect(endpoints["open"]?.auth == AuthScheme.none)
        #expect(endpoints["open"]?.oauth == [])
    }

    /// Every error of `oauth:` and of the `auth` that names it, in one run, each where it is written: scopes at
    /// their own column.
    @Test func everyMistakeIsReportedAtItsPosition() {
        let findings = SpecTesting.findings(
            h + """
                oauth:
                  web:
                    authorization_code:
                      authorization_url: http://auth.example.com/authorize
                      refresh_url: https://auth.example.com/token#refresh
                    client_credentials: { token_url: oauth/token, scope_url: https://auth.example.com/s }
                    device_authorization: { token_url: ftp://auth.example.com/token }
                    scopes: { read: Read., "two words": Bad., write: [a] }
                  oidc:
                    openid_connect: https://id.example.com/.well-known/openid-configuration
                    password: { token_url: https://id.example.com/token }
                  nothing: { description: No flow. }
                  two words: { client_credentials: { token_url: https://x.example.com/token } }
                  ok:
                    client_credentials: { token_url: https://auth.example.com/token }
                    scopes: { read: Read., write: Write. }
                auth: oauth
                endpoints:
                  a: { method: GET, path: /a, auth: oauth ok read wirte read }
                  b: { method: GET, path: /b, auth: [basic, oauth okk read] }
                  c: { method: GET, path: /c, auth: oauth web read }
                """)
        #expect(
            findings == [
                "7:5: error: the `authorization_code` flow of OAuth scheme `web` is missing required key `token_url`",
                "8:26: error: invalid OAuth URL `http://auth.example.com/authorize`: tokens and codes travel over https, http only to a loopback host",
                "9:20: error: invalid OAuth URL `https://auth.example.com/token#refresh`: it may not have a fragment",
                "10:38: error: invalid OAuth URL `oauth/token`: expected an absolute https URL (http only on a loopback host) or a path beginning with `/`",
                "10:51: error: unknown key `scope_url` in the `client_credentials` flow of OAuth scheme `web`",
                "11:5: error: the `device_authorization` flow of OAuth scheme `web` is missing required key `device_authorization_url`",
                "11:40: error: invalid OAuth URL `ftp://auth.example.com/token`: the scheme must be https, not `ftp`",
                "12:28: error: `two words` of OAuth scheme `web` is not an OAuth scope: a scope is printable ASCII without spaces, `\"` or `\\`",
                "12:54: error: the description of scope `write` must be text, not a list",
                "15:5: error: OAuth scheme `oidc` has both `openid_connect` and the flow `password`",
                "16:3: error: OAuth scheme `nothing` declares no flow and no `openid_connect`",
                "17:3: error: OAuth scheme name `two words` must be one word: `auth: oauth <scheme> <scope> …` separates words by spaces",
                "21:7: error: `auth: oauth` needs the name of a scheme of `oauth:`",
                "23:51: error: the OAuth scheme `ok` declares no scope `wirte`; did you mean `write`?",
                "23:57: error: the scope `read` is listed twice",
                "24:51: error: `auth` names the OAuth scheme `okk`, which `oauth:` does not declare; did you mean `ok`?",
            ])
    }

    /// A scheme is an enum in the generated `OAuth` and a scope a case of its `Scope`: their Swift names are decided
    /// as types' and enum cases' are, a name the generated code uses taking a suffix; two that make one name (which
    /// the server chose, not the spec) are told apart by a number.
    @Test func schemesAndScopesGetSwiftNamesOfTheirOwn() throws {
        let flow = "client_credentials: { token_url: https://a.example.com/token }"
        let checked = SpecTesting.check(
            h + """
                oauth:
                  URL: { \(flow), scopes: { none: , default: , read:pets: , read.pets: , readPets2: , write-pets: } }
                  environment: { \(flow) }
                  scope: { \(flow) }
                  web: { \(flow) }
                  Web: { \(flow) }
                models:
                  OAuth: { properties: { name: String } }
                """)
        #expect(checked.diagnostics.isEmpty, "\(checked.diagnostics)")
        let api = try #require(checked.api)
        #expect(api.oauthSchemes.map(\.swiftName) == ["URLScheme", "EnvironmentScheme", "ScopeScheme", "Web", "Web2"])
        #expect(
            api.oauthSchemes.first?.scopes.map(\.swiftName)
                == ["none_", "default", "readPets", "readPets2", "readPets22", "writePets"])
        #expect(api.models.map(\.name.swift) == ["OAuthModel"])
    }

    /// `OAuth` declares a type for each flow's URLs (`ImplicitFlow`): a scheme named like one, whatever the flow,
    /// takes a suffix, or the generated code does not compile.
    @Test(arguments: OAuthFlow.Kind.allCases)
    func aSchemeNamedLikeAFlowsTypeTakesASuffix(_ kind: OAuthFlow.Kind) throws {
        let checked = SpecTesting.check(
            h + """
                oauth:
                  \(kind.rawValue)_flow: { client_credentials: { token_url: https://a.example.com/token } }
                """)
        #expect(checked.diagnostics.isEmpty, "\(checked.diagnostics)")
        let api = try #require(checked.api)
        #expect(api.oauthSchemes.map(\.swiftName) == [SwiftNaming.typeName(kind.rawValue) + "FlowScheme"])
    }

    /// Every scheme's enum is documented: by its description, or by its name when it has none or a blank one.
    @Test(arguments: ["", "description: \"  \"", "description: \"\\n\\n\""])
    func aSchemeWithoutADescriptionIsDocumentedByItsName(_ description: String) throws {
        let text = h + """
            oauth:
              web: { \(description.isEmpty ? "" : description + ", ")client_credentials: { token_url: /token } }
            """
        let output = CodeGenerator().generate([SpecSource(path: "s.yaml", text: text)])
        #expect(output.diagnostics.all.isEmpty, "\(output.diagnostics.all)")
        let namespace = try #require(output.files.first { !$0.name.contains("+") })
        #expect(
            namespace.contents.contains("        /// The scheme `web`.\n        public enum Web {\n"), "\(namespace.contents)")
    }

    /// `implicit` and `password` are read as written (the import reports a scheme that has no other flow), and the
    /// model says the runtime does not run them.
    @Test func flowsTheRuntimeDoesNotRunAreReadAsWritten() throws {
        let checked = SpecTesting.check(h + "oauth:\n  legacy:\n    implicit: { authorization_url: https://a.example.com/authorize }\n")
        #expect(checked.diagnostics.isEmpty)
        let scheme = try #require(checked.api?.oauthSchemes.first)
        #expect(scheme.source == .flows([OAuthFlow(kind: .implicit, authorizationURL: "https://a.example.com/authorize")]))
        #expect(OAuthFlow.Kind.allCases.filter(\.isRunByRuntime) == [.authorizationCode, .clientCredentials, .deviceAuthorization])
    }

    /// The URL rule, over generated hosts, ports and paths: https anywhere; http only on a loopback host; a path only
    /// when it begins with one `/`; never a fragment.
    @Test func oauthURLsAreHTTPSOrLoopbackOrAPathOnTheEnvironmentsHost() {
        var random = SeededGenerator(seed: 56)
        let hosts = ["auth.example.com", "id.example.org", "localhost", "127.0.0.1", "[::1]", "10.0.0.1", "localhost.example.com"]
        for _ in 0..<300 {
            let host = hosts.randomElement(using: &random)!
            let port = Bool.random(using: &random) ? ":\(Int.random(in: 1...65535, using: &random))" : ""
            let path = (0..<Int.random(in: 0...3, using: &random)).map { _ in "/" + String("abc-_.~".randomElement(using: &random)!) + "x" }
                .joined()
            let fragment = Int.random(in: 0..<5, using: &random) == 0 ? "#f" : ""
            let isLoopback = ["localhost", "127.0.0.1", "[::1]"].contains(host)
            #expect((HTTPSyntax.problemWithOAuthURL("https://\(host)\(port)\(path)\(fragment)") == nil) == fragment.isEmpty)
            #expect((HTTPSyntax.problemWithOAuthURL("http://\(host)\(port)\(path)\(fragment)") == nil) == (isLoopback && fragment.isEmpty))
            #expect((HTTPSyntax.problemWithOAuthURL("/\(host)\(path)\(fragment)") == nil) == fragment.isEmpty)
            #expect(HTTPSyntax.problemWithOAuthURL("//\(host)\(path)") != nil)
            #expect(HTTPSyntax.problemWithOAuthURL("\(host)\(path)") != nil)
            // A character no URL holds as written, anywhere in any of them: a backslash makes `/\host` a browser's
            // `//host`, and a line break or a space is not part of a URL.
            let outside = ["\\", " ", "\t", "\r\n", "\u{7F}", "<", "\"", "`", "{", "|", "^"].randomElement(using: &random)!
            for valid in ["https://\(host)\(port)\(path)", "http://localhost\(port)\(path)", "/\(host)\(path)"] {
                let cut = Int.random(in: 1...valid.count, using: &random)
                let spoiled = String(valid.prefix(cut)) + outside + valid.dropFirst(cut)
                #expect(HTTPSyntax.problemWithOAuthURL(spoiled) != nil, "\(spoiled.debugDescription)")
                let user = ["user", "user:secret", ":secret"].randomElement(using: &random)!
                let withUser = valid.hasPrefix("/") ? nil : valid.replacingOccurrences(of: "//", with: "//\(user)@")
                #expect(withUser.map { HTTPSyntax.problemWithOAuthURL($0)?.message.hasSuffix("user or password") } != false)
            }
        }
        #expect(HTTPSyntax.problemWithOAuthURL("/\\evil.example/authorize")?.message.contains("`\\`") == true)
        #expect(HTTPSyntax.problemWithOAuthURL("//evil.example/token")?.hint == "write `/evil.example/token` for a path on the environment's host")
    }

    /// What `SpecYAMLWriter` writes of any declaration reads back as the same schemes and requirements: scopes made of
    /// every character a scope token may hold (`:`, `#`, `,`, `[`, `{`, quotes' neighbours), in block and flow lists.
    @Test func declarationsRoundTripThroughTheWriter() throws {
        var random = SeededGenerator(seed: 0x0a07)
        let tokenCharacters = (0x21...0x7E).compactMap(Unicode.Scalar.init).filter { $0 != "\"" && $0 != "\\" }.map(Character.init)
        let location = SourceLocation(file: "spec.yaml", line: 1, column: 1)
        for round in 0..<100 {
            var scopes: [String] = []
            while scopes.count < Int.random(in: 1...6, using: &random) {
                let scope = String((0..<Int.random(in: 1...8, using: &random)).map { _ in tokenCharacters.randomElement(using: &random)! })
                if !scopes.contains(scope) { scopes.append(scope) }
            }
            let flows = OAuthFlow.Kind.allCases.filter { _ in Bool.random(using: &random) }
            let needed = flows.isEmpty ? [OAuthFlow.Kind.clientCredentials] : flows
            let flowNodes = needed.map { kind -> (String, SyntaxNode) in
                var urls: [(String, SyntaxNode)] = []
                if [.authorizationCode, .implicit].contains(kind) { urls.append(("authorization_url", .string("https://a.example/authorize", at: location))) }
                if kind == .deviceAuthorization { urls.append(("device_authorization_url", .string("/device", at: location))) }
                if kind != .implicit { urls.append(("token_url", .string("https://a.example/token?x=1", at: location))) }
                return (kind.rawValue, .mapping(urls, at: location))
            }
            let scopeNodes = scopes.map { ($0, SyntaxNode.string(Bool.random(using: &random) ? "Grants \($0): all of it." : "", at: location)) }
            let required = Array(scopes.prefix(Int.random(in: 0...scopes.count, using: &random)))
            let auth = (["oauth", "s"] + required).joined(separator: " ")
            let root = SyntaxNode.mapping(
                [
                    ("routegen", .text("1", at: location)), ("name", .text("Shop", at: location)),
                    ("environments", .mapping([("production", .string("https://shop.example", at: location))], at: location)),
                    ("oauth", .mapping([("s", .mapping(flowNodes + [("scopes", .mapping(scopeNodes, at: location))], at: location))], at: location)),
                    (
                        "endpoints",
                        .mapping(
                            [
                                ("a", .mapping([("method", .text("GET", at: location)), ("path", .string("/a", at: location)), ("auth", .string(auth, at: location))], at: location)),
                                ("b", .mapping([("method", .text("GET", at: location)), ("path", .string("/b", at: location)), ("auth", .list([.string("basic", at: location), .string(auth, at: location)], at: location))], at: location)),
                            ], at: location)
                    ),
                ], at: location)
            let yaml = SpecYAMLWriter().write(root)
            let checked = SpecTesting.check(yaml)
            let api = try #require(checked.api, "round \(round): \(checked.diagnostics)\n\(yaml)")
            #expect(api.oauthSchemes.first?.scopes.map(\.name) == scopes, "\(yaml)")
            #expect(api.endpoints.map(\.oauth) == [[OAuthRequirement(scheme: "s", scopes: required)], [OAuthRequirement(scheme: "s", scopes: required)]], "\(yaml)")
            #expect(api.endpoints.map(\.auth) == [.bearer, .anyOf([.basic, .bearer])])
        }
    }

    /// `routegen diff` reports the scopes an endpoint needs changing, as it reports any change of its `auth`.
    @Test func aChangeOfScopesIsABehaviourChange() throws {
        let spec = { (scopes: String) in h + declarations + "endpoints:\n  e: { method: GET, path: /e, auth: oauth petstore \(scopes) }\n" }
        var diagnostics = Diagnostics()
        let old = try #require(SpecPipeline().checkedSpec(SpecSource(path: "old.yaml", text: spec("read:pets")), diagnostics: &diagnostics))
        let new = try #require(
            SpecPipeline().checkedSpec(SpecSource(path: "new.yaml", text: spec("read:pets write:pets")), diagnostics: &diagnostics))
        #expect(
            SpecDiff().changes(from: old, to: new).map(\.description) == [
                "new.yaml:25:3: behaviour: endpoint `e` authenticates with `bearer (oauth petstore read:pets write:pets)`, was `bearer (oauth petstore read:pets)` (was old.yaml:25:3)"
            ])
    }
}
