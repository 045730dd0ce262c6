import Foundation
import Testing

@testable import RouteGenCore

/// `routegen import` reads `oauth2` and `openIdConnect` security schemes into `oauth:`, and each operation's
/// `security` scopes into its `auth`: excerpts of Xero's, Okta's (relative URLs) and Slack's (Swagger 2.0) documents
/// in `Tests/OpenAPI/oauth`, and constructs written here. What the import writes reads back as what the document
/// says, and generates the Swift it generated when OAuth imported as `bearer`.
@Suite struct OAuthImportTests {
    static let fixtures = ["xero-oauth.yaml", "okta-oauth.yaml", "slack-oauth.json"]

    private func imported(_ fixture: String) throws -> (text: String, findings: [String], api: API) {
        let result = try ImportTesting.run(path: ImportTesting.documents.appendingPathComponent("oauth/" + fixture).path)
        let text = try #require(result.text, "\(ImportTesting.findings(result))")
        let checked = SpecTesting.check(text)
        return (text, ImportTesting.findings(result), try #require(checked.api, "\(checked.diagnostics)\n\(text)"))
    }

    @Test func xerosAuthorizationCodeFlowAndEachOperationsScopes() throws {
        let xero = try imported("xero-oauth.yaml")
        #expect(xero.findings == [])
        #expect(
            xero.text.contains(
                """
                oauth:
                  OAuth2:
                    description: For more information
                    authorization_code:
                      authorization_url: https://login.xero.com/identity/connect/authorize
                      token_url: https://identity.xero.com/connect/token
                    scopes:
                      email: Grant read-only access to your email
                """), "\(xero.text)")
        #expect(xero.api.oauthSchemes.map(\.scopes.count) == [7])
        #expect(xero.api.endpoints.map(\.auth) == [.bearer, .bearer])
        #expect(
            xero.api.endpoints.map(\.oauth) == [
                [OAuthRequirement(scheme: "OAuth2", scopes: ["accounting.settings", "accounting.settings.read"])],
                [OAuthRequirement(scheme: "OAuth2", scopes: ["accounting.contacts"])],
            ])
    }

    /// Okta's URLs are relative to its server, whose host is each organisation's own: they stay paths on the
    /// environment's host. Its operations take the API token or an OAuth token.
    @Test func oktasRelativeURLsStayOnTheEnvironmentsHost() throws {
        let okta = try imported("okta-oauth.yaml")
        #expect(okta.findings == [])
        #expect(
            okta.api.oauthSchemes.first?.source
                == .flows([OAuthFlow(kind: .authorizationCode, authorizationURL: "/oauth2/v1/authorize", tokenURL: "/oauth2/v1/token")]))
        #expect(okta.text.contains("    auth: [header Authorization, oauth oauth2 okta.agentPools.read]\n"), "\(okta.text)")
        let endpoints = okta.api.endpoints
        #expect(endpoints.map(\.auth) == [AuthScheme.none, .anyOf([.header("Authorization"), .bearer])])
        #expect(endpoints.map(\.oauth) == [[], [OAuthRequirement(scheme: "oauth2", scopes: ["okta.agentPools.read"])]])
    }

    /// A URL not beginning with `/` is read against the first server's URL as written (RFC 3986), its trailing `/`
    /// kept; against a relative server, or none (`/`), it is a path on the environment's host, never on the
    /// `http://localhost` the environment stands in with.
    @Test(arguments: [
        ("servers: [{ url: \"https://api.example.com/v1/\" }]", "https://api.example.com/v1/oauth/token"),
        ("servers: [{ url: \"https://api.example.com/v1\" }]", "https://api.example.com/oauth/token"),
        ("servers: [{ url: \"https://{tenant}.example.com/v1/\", variables: { tenant: { default: acme } } }]",
         "https://acme.example.com/v1/oauth/token"),
        ("servers: [{ url: /api/v3 }]", "/api/oauth/token"),
        ("servers: [{ url: /api/v3/ }]", "/api/v3/oauth/token"),
        ("servers: []", "/oauth/token"),
    ])
    func relativeURLsAreReadAgainstTheServerAsWritten(servers: String, tokenURL: String) throws {
        let result = ImportTesting.run(
            """
            openapi: 3.0.3
            info: { title: Relative, version: "1" }
            \(servers)
            security: [{ server: [jobs] }]
            paths:
              /jobs: { get: { operationId: listJobs, responses: { "200": { description: OK } } } }
            components:
              securitySchemes:
                server: { type: oauth2, flows: { clientCredentials: { tokenUrl: "oauth/token?a=1", scopes: { jobs: Jobs. } } } }
            """)
        let text = try #require(result.text, "\(ImportTesting.findings(result))")
        let api = try #require(SpecTesting.check(text).api, "\(text)")
        #expect(
            api.oauthSchemes.first?.source
                == .flows([OAuthFlow(kind: .clientCredentials, tokenURL: tokenURL + "?a=1")]), "\(text)")
    }

    /// Swagger 2.0's `flow: accessCode` with `authorizationUrl` and `tokenUrl` is the authorization code flow.
    @Test func slacksSwagger2AccessCodeFlow() throws {
        let slack = try imported("slack-oauth.json")
        #expect(slack.findings == [])
        #expect(
            slack.api.oauthSchemes.first?.source
                == .flows([
                    OAuthFlow(
                        kind: .authorizationCode, authorizationURL: "https://slack.com/oauth/authorize",
                        tokenURL: "https://slack.com/api/oauth.access")
                ]))
        #expect(slack.api.oauthSchemes.first?.scopes.first == OAuthScope(name: "channels:read", description: "channels:read"))
        #expect(slack.api.endpoints.last?.oauth == [OAuthRequirement(scheme: "slackAuth", scopes: ["channels:read", "groups:read", "im:read", "mpim:read"])])
    }

    /// Swagger 2.0's other flows: `application` is client credentials, `implicit` and `password` are read as they are.
    @Test func swagger2sOtherFlows() throws {
        let result = ImportTesting.run(
            """
            swagger: "2.0"
            info: { title: Flows, version: "1" }
            host: api.example.com
            security: [{ server: [jobs] }]
            paths:
              /jobs: { get: { operationId: listJobs, responses: { "200": { description: OK } } } }
            securityDefinitions:
              server: { type: oauth2, flow: application, tokenUrl: "https://auth.example.com/token", scopes: { jobs: Jobs. } }
              legacy: { type: oauth2, flow: password, tokenUrl: "https://auth.example.com/token", scopes: {} }
            """)
        let text = try #require(result.text)
        #expect(
            text.contains(
                """
                auth: oauth server jobs
                oauth:
                  server:
                    client_credentials:
                      token_url: https://auth.example.com/token
                    scopes:
                      jobs: Jobs.
                  legacy:
                    password:
                      token_url: https://auth.example.com/token

                """), "\(text)")
        #expect(
            ImportTesting.findings(result) == [
                "9:11: warning: the OAuth 2 scheme `legacy` has no flow RouteGen's runtime runs (`implicit` and `password` are read, not run): the app gets the token, which the client sends as a bearer token (#/securityDefinitions/legacy)"
            ])
    }

    /// OpenID Connect declares its discovery URL and, as the document declares no scopes for it, those its
    /// requirements name; OpenAPI 3.2's device authorization flow is read; what the spec cannot hold is left out
    /// with a warning, and a scheme left without a flow is sent as `bearer`, as before.
    @Test func openIDConnectDeviceAuthorizationAndWhatIsLeftOut() throws {
        let result = ImportTesting.run(
            """
            openapi: 3.0.3
            info: { title: Mixed, version: "1" }
            servers: [{ url: "https://api.example.com/v2" }]
            security: [{ oidc: [openid, profile] }]
            paths:
              /me: { get: { operationId: getMe, responses: { "200": { description: OK } } } }
              /tv:
                get:
                  operationId: pairTV
                  security: [{ device: [tv] }, { broken: [] }, { plain: [] }]
                  responses: { "200": { description: OK } }
              /x:
                get:
                  operationId: getX
                  security: [{ web: [read, extra] }]
                  responses: { "200": { description: OK } }
            components:
              securitySchemes:
                oidc: { type: openIdConnect, openIdConnectUrl: "https://id.example.com/.well-known/openid-configuration" }
                device:
                  type: oauth2
                  flows:
                    deviceAuthorization:
                      deviceAuthorizationUrl: "https://id.example.com/device"
                      tokenUrl: "oauth/token"
                      scopes: { tv: Watch. }
                broken:
                  type: oauth2
                  flows:
                    authorizationCode: { authorizationUrl: "http://id.example.com/authorize", tokenUrl: "https://id.example.com/token", scopes: {} }
                    clientCredentials: { scopes: {} }
                plain: { type: http, scheme: bearer }
                web:
                  type: oauth2
                  flows: { implicit: { authorizationUrl: "/authorize", scopes: { read: Read. } } }
            """)
        let text = try #require(result.text)
        #expect(
            ImportTesting.findings(result) == [
                "28:7: warning: the OAuth 2 scheme `broken` without a flow RouteGen reads is not supported: its token is sent as a bearer token (#/components/securitySchemes/broken)",
                "30:48: warning: `authorizationUrl` of the `authorizationCode` flow of `broken` `http://id.example.com/authorize` (invalid OAuth URL `http://id.example.com/authorize`: tokens and codes travel over https, http only to a loopback host) is not supported: left out (#/components/securitySchemes/broken/flows/authorizationCode/authorizationUrl)",
                "31:28: warning: the `clientCredentials` flow of `broken` without `tokenUrl` is not supported: left out (#/components/securitySchemes/broken/flows/clientCredentials)",
                "34:7: warning: the OAuth 2 scheme `web` has no flow RouteGen's runtime runs (`implicit` and `password` are read, not run): the app gets the token, which the client sends as a bearer token (#/components/securitySchemes/web)",
                "34:7: warning: the scope `extra` is named by a `security` requirement but not declared by `web`: it is declared without a description (#/components/securitySchemes/web)",
            ])
        #expect(
            text.contains(
                """
                auth: oauth oidc openid profile
                oauth:
                  oidc:
                    openid_connect: https://id.example.com/.well-known/openid-configuration
                    scopes:
                      openid: ""
                      profile: ""
                  device:
                    device_authorization:
                      device_authorization_url: https://id.example.com/device
                      token_url: https://api.example.com/oauth/token
                    scopes:
                      tv: Watch.
                  web:
                    implicit:
                      authorization_url: /authorize
                    scopes:
                      read: Read.
                      extra: ""
                """), "\(text)")
        #expect(text.contains("    auth: [oauth device tv, bearer]\n"), "\(text)")
        #expect(text.contains("    auth: oauth web read extra\n"), "\(text)")
    }

    /// The imported spec reads back as the document: the same schemes and requirements when the document is the
    /// generator's input directly and when the written YAML is.
    @Test(arguments: fixtures) func theWrittenSpecReadsBackAsTheDocument(_ fixture: String) throws {
        let path = ImportTesting.documents.appendingPathComponent("oauth/" + fixture).path
        var diagnostics = Diagnostics()
        let direct = try #require(SpecPipeline().check(try SpecSource(contentsOf: path), diagnostics: &diagnostics))
        let written = try imported(fixture).api
        #expect(!direct.oauthSchemes.isEmpty)
        #expect(direct.oauthSchemes == written.oauthSchemes)
        #expect(direct.endpoints.map(\.oauth) == written.endpoints.map(\.oauth))
        #expect(direct.endpoints.map(\.auth) == written.endpoints.map(\.auth))
    }

    /// A spec with OAuth generates what it generated when the import wrote `bearer` and no `oauth:`, and the enum of
    /// its schemes' values, `OAuth`, in the namespace's file: the requests are sent as before.
    @Test(arguments: fixtures) func theGeneratedCodeIsWhatBearerGeneratedAndTheSchemesValues(_ fixture: String) throws {
        let text = try imported(fixture).text
        var bearer: [String] = []
        var inOAuth = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line == "oauth:" { inOAuth = true; continue }
            if inOAuth, line.hasPrefix(" ") { continue }
            inOAuth = false
            bearer.append(line.replacingOccurrences(of: #"\boauth [^,\]\n]*"#, with: "bearer", options: .regularExpression))
        }
        let before = bearer.joined(separator: "\n")
        #expect(!before.contains("oauth ") && !before.contains("\noauth:") && before != text)
        let withOAuth = CodeGenerator().generate([SpecSource(path: "spec.yaml", text: text)])
        let withBearer = CodeGenerator().generate([SpecSource(path: "spec.yaml", text: before)])
        #expect(!withOAuth.diagnostics.hasErrors && !withBearer.diagnostics.hasErrors)
        #expect(withOAuth.files.count >= 3)
        let oauthEnum = #"(?s)\n\n    /// The API's OAuth 2 and OpenID Connect schemes.*?\n    public enum OAuth \{\n.*?\n    \}\n"#
        #expect(withOAuth.files.filter { $0.contents.range(of: oauthEnum, options: .regularExpression) != nil }.count == 1)
        let withoutOAuth = withOAuth.files.map {
            $0.contents.replacingOccurrences(of: oauthEnum, with: "\n", options: .regularExpression)
        }
        #expect(withoutOAuth == withBearer.files.map(\.contents))
    }
}

/// A document may declare thousands of scopes and an operation may name them all: each is looked up in sets, not
/// lists, so reading and checking them takes linear time. With lists, 20,000 scopes took 73 seconds to import and 19
/// to check (a debug build); a minute is far more than the second it takes now.
@Suite(.timeLimit(.minutes(1))) struct OAuthImportScaleTests {
    @Test func twentyThousandScopesAreImportedAndCheckedInLinearTime() throws {
        let count = 20_000
        let names = (0..<count).map { "s\($0)" }
        let yaml = """
            openapi: 3.0.3
            info: { title: T, version: "1" }
            servers: [{ url: "https://api.example.com" }]
            components:
              securitySchemes:
                o:
                  type: oauth2
                  flows:
                    clientCredentials:
                      tokenUrl: https://auth.example.com/token
                      scopes: { \(names.map { "\($0): d" }.joined(separator: ", ")) }
            paths:
              /a:
                get:
                  operationId: getA
                  security: [{ o: [\(names.joined(separator: ", "))] }]
                  responses: { "200": { description: ok } }
            """
        let result = ImportTesting.run(yaml)
        let text = try #require(result.text, "\(ImportTesting.findings(result))")
        let checked = SpecTesting.check(text)
        let api = try #require(checked.api, "\(checked.diagnostics)")
        #expect(api.oauthSchemes.first?.scopes.map(\.name) == names)
        #expect(api.endpoints.first?.oauth == [OAuthRequirement(scheme: "o", scopes: names)])
    }
}
