import Foundation
import RouteGenRuntime
import RouteGenTestSupport
import RouteGenTesting
import Testing

@testable import RouteGenToolkit

/// The redaction guarantee as a property: a value whose name says it is a secret, whatever the name's case style and
/// wherever the name appears (JSON keys at any depth, query items, form fields, multipart fields, headers, and a
/// server's answer), is never shown in clear by cURL output, logs or `RouteGenError` descriptions, while values of
/// names that say nothing secret are. The OAuth client's secrets (codes, verifiers, tokens, device codes, client
/// secrets) are never shown by its logs, the cURL output of its requests, or any description of its values and errors.
@Suite struct RedactionPropertyTests {
    /// Secret words and the words that come before or after them in real APIs' names.
    private static let secretCores: [[String]] = [
        ["password"], ["token"], ["secret"], ["api", "key"], ["id", "token"], ["refresh", "token"], ["access", "token"],
        ["current", "password"], ["new", "password"], ["client", "secret"], ["private", "key"], ["session", "token"],
        ["auth", "token"], ["cvc"], ["signature"], ["csrf", "token"], ["access", "key"], ["secret", "key"],
    ]
    private static let plainCores: [[String]] = [
        ["name"], ["email"], ["max", "tokens"], ["description"], ["city"], ["created", "at"], ["total", "tokens"],
    ]
    private static let affixes = ["user", "my", "old", "app", "x", "primary", "stripe"]

    /// `words` written in one of the case styles APIs use.
    private static func name(_ words: [String], style: Int) -> String {
        let capitalized = words.map { $0.prefix(1).uppercased() + $0.dropFirst() }
        switch style % 9 {
        case 0: return words[0] + capitalized.dropFirst().joined()  // camelCase
        case 1: return words.joined(separator: "_")  // snake_case
        case 2: return words.joined(separator: "-")  // kebab-case
        case 3: return words.joined(separator: "_").uppercased()  // SCREAMING_SNAKE
        case 4: return capitalized.joined()  // PascalCase
        case 5: return capitalized.joined(separator: "-")  // Train-Case (headers)
        case 6: return words.joined(separator: ".")  // dot.case
        case 7: return words.count > 1 ? "\(words[0])[\(words.dropFirst().joined(separator: "_"))]" : "data[\(words[0])]"
        default: return words.joined()  // flatcase
        }
    }

    private static func generatedName(from cores: [[String]], using random: inout SeededGenerator) -> String {
        var words = cores.randomElement(using: &random)!
        if Bool.random(using: &random) { words.insert(affixes.randomElement(using: &random)!, at: 0) }
        if Int.random(in: 0..<4, using: &random) == 0 { words.append(String(Int.random(in: 1...3, using: &random))) }
        return name(words, style: Int.random(in: 0..<9, using: &random))
    }

    /// A value nothing else in a request could contain.
    private static func value(_ kind: String, using random: inout SeededGenerator) -> String {
        "\(kind)\(String(random.next(), radix: 36))Z"
    }

    /// `value` under `name`, nested `depth` objects and arrays deep in a JSON document.
    private static func nested(_ name: String, _ value: String, depth: Int, using random: inout SeededGenerator) -> JSONValue {
        var json: JSONValue = [name: .string(value), "id": 7]
        for level in 0..<depth {
            json = Bool.random(using: &random) ? ["level\(level)": json] : [json, "other"]
        }
        return json
    }

    /// What `request`, answered with `answer` (an error status), shows: its cURL description, the logs of a logging
    /// client and the error, by place; an issue is recorded for each of `secrets` that any of them shows in clear.
    private static func outputs(
        of request: APIRequest, answeredWith answer: StubResponse, expectingNone secrets: [String], context: String
    ) async -> [String: String] {
        let server = StubTransport()
        server.register(request.method, request.path, response: answer)
        let (logger, messages) = capturingLogger()
        let client = server.logging(to: logger, level: .info).handlingErrors()
        var errorText = ""
        do {
            _ = try await client.load(request)
            Issue.record("\(context): a \(answer.statusCode) went through")
        } catch {
            errorText = String(describing: error)
        }
        var outputs = [
            "cURL": request.cURLDescription(), "logs": messages.withLock { $0 }.joined(separator: "\n"), "error": errorText,
        ]
        // The request itself, printed, debug-printed or dumped (into a log or a test's message), and its headers.
        for (index, shown) in (shownForms(of: request) + shownForms(of: request.headers)).enumerated() {
            outputs["the request shown (\(index))"] = shown
        }
        for (place, text) in outputs {
            for secret in secrets where text.contains(secret) {
                Issue.record("\(context): the \(place) shows a secret in clear:\n\(text)")
            }
        }
        return outputs
    }

    @Test func secretsNeverAppearInClearWhereverTheirNameIs() async throws {
        var random = SeededGenerator(seed: 5)
        for round in 0..<300 {
            let (secretName, plainName) = (
                Self.generatedName(from: Self.secretCores, using: &random), Self.generatedName(from: Self.plainCores, using: &random)
            )
            let headerName = Self.name(Self.secretCores.randomElement(using: &random)!, style: Int.random(in: 0..<6, using: &random))
            let secrets = (0..<5).map { _ in Self.value("SECRET", using: &random) }
            let plain = Self.value("PLAIN", using: &random)
            let context = "round \(round): `\(secretName)`, header `\(headerName)`, plain `\(plainName)`"

            var request = APIRequest(
                method: .post, baseURL: URL(string: "https://api.example.com")!, path: "/v1/things",
                query: [QueryItem(name: secretName, value: secrets[0]), QueryItem(name: plainName, value: plain)],
                headers: [headerName: secrets[1]], routeName: "Things.create")
            let bodyKind = round % 3
            switch bodyKind {
            case 0:
                let depth = Int.random(in: 0...4, using: &random)
                let json: JSONValue = [
                    "payload": Self.nested(secretName, secrets[2], depth: depth, using: &random), plainName: .string(plain),
                ]
                try request.setJSONBody(json, encoder: JSONEncoder())
            case 1:
                request.setFormBody([QueryItem(name: secretName, value: secrets[2]), QueryItem(name: plainName, value: plain)])
            default:
                var form = MultipartFormData()
                form.append(secrets[2], name: secretName)
                form.append(json: try JSONEncoder().encode([secretName: secrets[3]]), name: "profile")
                form.append(plain, name: plainName)
                request.setMultipartBody(form)
            }

            // The server answers 401 with the secret in a header and in its body: JSON, a form, or lines of JSON.
            let server = StubTransport()
            let (answer, contentType): (Data, String) =
                switch round % 4 {
                case 0: (try JSONEncoder().encode(["error": ["field": secretName, secretName: secrets[4]]]), "application/json")
                case 1: (Data("\(secretName)=\(secrets[4])&state=x".utf8), "application/x-www-form-urlencoded")
                case 2: (Data("{\"\(secretName)\":\"\(secrets[4])\"}\n{\"event\":\"x\"}\n".utf8), "application/x-ndjson")
                default: (Data("{\"\(secretName)\":\"\(secrets[4])\",\"n\":1e400}".utf8), "application/json")
                }
            let outputs = await Self.outputs(
                of: request,
                answeredWith: StubResponse(statusCode: 401, headers: [headerName: secrets[4], "Content-Type": contentType], body: answer),
                expectingNone: secrets, context: context)
            // What is not secret stays readable: the redaction is not everything.
            #expect(outputs["cURL"]!.contains(plain), "\(context)")
            #expect(outputs["error"]!.contains("401") && outputs["error"]!.contains("Things.create"), "\(context)")
        }
    }

    /// Names of credentials that OAuth flows and session APIs use, beside the secret words.
    private static let credentialCores: [[String]] = [
        ["jwt"], ["session", "id"], ["bearer"], ["refresh"], ["auth", "code"], ["code", "verifier"], ["x", "session", "id"],
        ["access", "token"], ["id", "token"], ["api", "key"], ["client", "secret"], ["refresh", "token"],
        ["authorization", "code"], ["device", "code"], ["client", "assertion"],
    ]

    /// Secrets inside values: URLs in response headers (an app-scheme redirect's query and fragment, a `Link` target, a
    /// `Content-Location`, a `Refresh`), a challenge's token, the user of a URL's userinfo, JSON behind a prefix or in an
    /// event stream, and form bodies ending in white space. None appears in clear in logs, cURL output or errors.
    @Test func secretsInsideValuesNeverAppearInClear() async throws {
        var random = SeededGenerator(seed: 57)
        for round in 0..<300 {
            let secretName = Self.name(Self.credentialCores.randomElement(using: &random)!, style: Int.random(in: 0..<7, using: &random))
            let secrets = (0..<8).map { _ in Self.value("SECRET", using: &random) }
            let plain = Self.value("PLAIN", using: &random)
            let context = "round \(round): `\(secretName)`"
            let user = round % 2 == 0 ? secrets[0] : "sk_live_\(secrets[0])"
            let request = APIRequest(
                method: .post, baseURL: URL(string: "https://\(user):@api.example.com")!, path: "/v1/things",
                query: [QueryItem(name: "expand", value: plain)], routeName: "Things.create")
            let headers: HeaderFields = [
                "Location": "myapp://callback?\(secretName)=\(secrets[1])&code=\(secrets[7])&state=\(plain)#access_token=\(secrets[2])&expires_in=3600",
                "Link": "<https://api.example.com/v1/things?page=2&\(secretName)=\(secrets[3])>; rel=\"next\"",
                "Content-Location": "/v1/things/1?\(secretName)=\(secrets[4])",
                "WWW-Authenticate": "Negotiate \(secrets[5]), Bearer realm=\"api\", error=\"invalid_token\"",
            ]
            let (body, contentType): (String, String) =
                switch round % 7 {
                case 0: (")]}'\n{\"\(secretName)\":\"\(secrets[6])\",\"note\":\"\(plain)\"}", "application/json")
                case 1: ("retry: 5000\n\ndata: {\"\(secretName)\":\"\(secrets[6])\"}\n\ndata: [DONE]\n\n", "text/event-stream")
                case 2: ("\(secretName)=\(secrets[6])&expires_in=3600\n", "application/x-www-form-urlencoded")
                case 3: ("error: bad \(secretName)=\(secrets[6]) for \(plain)\r\n", "text/plain")
                // An event's JSON over several `data:` lines.
                case 4: ("event: token\ndata: {\ndata:   \"\(secretName)\": \"\(secrets[6])\"\ndata: }\n\n", "text/event-stream")
                // A log's `name: value` lines, and JSON cut short inside an HTML page.
                case 5: ("\(secretName): \(secrets[6]) and more\nuser: \(plain)\n", "text/plain")
                default: ("<html><script>var cfg = {\"\(secretName)\": \"\(secrets[6])\", \"env\": \"\(plain)\"</script>", "text/html")
                }
            var responseHeaders = headers
            responseHeaders["Content-Type"] = contentType
            let outputs = await Self.outputs(
                of: request, answeredWith: StubResponse(statusCode: 401, headers: responseHeaders, body: Data(body.utf8)),
                expectingNone: secrets, context: context)
            let logs = outputs["logs"]!
            // What is not secret stays readable.
            #expect(logs.contains(plain) && logs.contains("api.example.com") && logs.contains("rel=\"next\""), "\(context): \(logs)")
        }
    }

    /// Every way a value is shown: printed, debug-printed, dumped, and inside a collection.
    private static func shownForms(of value: Any) -> [String] {
        var dumped = ""
        dump(value, to: &dumped)
        return [String(describing: value), String(reflecting: value), dumped, "\([value])"]
    }

    /// The OAuth flows (a sign-in with PKCE, a refresh, a device sign-in, a revocation, and the server's refusals) with
    /// random secrets, some of them in the text a server controls (`error_description`): none appears in the logs,
    /// the cURL output of any request, or any description of the values and errors the client gives back.
    @Test func oauthSecretsNeverAppearInLogsCURLOrDescriptions() async throws {
        var random = SeededGenerator(seed: 56)
        let json: HeaderFields = ["Content-Type": "application/json"]
        for round in 0..<60 {
            let secret = (0..<9).map { _ in Self.value("SECRET", using: &random) }
            let (code, accessToken, refreshToken, idToken, deviceCode, clientSecret) = (
                secret[0], secret[1], secret[2], secret[3], secret[4], secret[5]
            )
            let plain = Self.value("PLAIN", using: &random)
            let leakName = ["refresh_token", "access_token", "code", "device_code", "client_secret"][round % 5]
            let context = "round \(round)"
            let stub = StubTransport()
            stub.register(.post, "/token") { request in
                let form = String(decoding: request.body.flatMap { if case .data(let d) = $0 { d } else { nil } } ?? Data(), as: UTF8.self)
                if form.contains("grant_type=refresh_token") && form.contains(secret[6]) {
                    return StubResponse(
                        statusCode: 400, headers: json,
                        body: Data(#"{"error":"invalid_grant","error_description":"\#(leakName)=\#(secret[7]) is revoked"}"#.utf8))
                }
                return StubResponse(
                    statusCode: 200, headers: json,
                    body: Data(
                        #"{"access_token":"\#(accessToken)","refresh_token":"\#(refreshToken)","id_token":"\#(idToken)","token_type":"Bearer","expires_in":60,"scope":"\#(plain)"}"#
                            .utf8))
            }
            stub.register(
                .post, "/device",
                response: StubResponse(
                    statusCode: 200, headers: json,
                    body: Data(
                        #"{"device_code":"\#(deviceCode)","user_code":"\#(plain)","verification_uri":"https://auth.example.com/d","expires_in":60,"interval":1}"#
                            .utf8)))
            stub.register(.post, "/revoke", response: StubResponse(statusCode: 200))
            let (logger, messages) = capturingLogger()
            var client = OAuthClient(
                clientID: "app", clientSecret: round % 2 == 0 ? clientSecret : nil,
                tokenEndpoint: URL(string: "https://auth.example.com/token")!,
                revocationEndpoint: URL(string: "https://auth.example.com/revoke")!,
                transport: stub.logging(to: logger, level: .info, bodyLimit: 100_000))
            client.deviceAuthorizationEndpoint = URL(string: "https://auth.example.com/device")!

            let request = try client.authorizationRequest(
                endpoint: URL(string: "https://auth.example.com/authorize")!, redirectURI: "com.example.app:/oauth",
                scopes: [plain])
            let tokens = try await client.exchangeCode(
                from: URL(string: "com.example.app:/oauth?code=\(code)&state=\(request.state)")!, for: request)
            let refreshed = try await client.refresh(tokens)
            let device = try await client.authorizeDevice(scopes: [plain])
            let deviceTokens = try await client.tokens(for: device) { _ in }
            try await client.revoke(refreshToken)
            let session = OAuthSession(client: client, store: MemoryTokenStore(refreshed))
            // A 401 renews the token: the session then remembers the token it replaced and the new one.
            stub.register(.get, "/me", response: StubResponse(statusCode: 401))
            let api = URL(string: "https://api.example.com")!
            _ = try await stub.authenticated(by: session, onlyTo: api).load(
                APIRequest(method: .get, baseURL: api, path: "/me", authentication: .bearer))
            var errors: [any Error] = []
            do { _ = try await client.refresh(OAuthTokens(accessToken: accessToken, refreshToken: secret[6])) } catch {
                errors.append(error)
            }
            let denied = URL(
                string: "com.example.app:/oauth?error=access_denied&error_description=\(leakName)%3D\(secret[8])&state=\(request.state)")!
            do { _ = try request.code(from: denied) } catch { errors.append(error) }
            #expect(errors.count == 2, "\(context)")

            var shown = ["logs": messages.withLock { $0 }.joined(separator: "\n")]
            for (index, sent) in stub.requests.enumerated() { shown["cURL \(index)"] = sent.cURLDescription() }
            let values: [(String, Any)] = [
                ("tokens", tokens), ("refreshed", refreshed), ("deviceTokens", deviceTokens), ("request", request),
                ("device", device), ("client", client), ("session", session),
            ] + errors.enumerated().map { ("error \($0.offset)", $0.element) }
            for (name, value) in values {
                for (form, text) in Self.shownForms(of: value).enumerated() { shown["\(name) \(form)"] = text }
            }
            let secrets = secret + [request.codeVerifier]
            for (place, text) in shown.sorted(by: { $0.key < $1.key }) {
                for value in secrets where text.contains(value) {
                    Issue.record("\(context): the \(place) shows a secret in clear:\n\(text)")
                }
            }
            // What is not secret stays readable.
            #expect(shown["logs"]!.contains(plain) && shown["device 0"]!.contains(plain), "\(context)")
            #expect(shown["error 0 0"]!.contains("invalid_grant") && shown["error 1 0"]!.contains("access_denied"))
        }
    }

    @Test func namesAreCutIntoWordsWhateverTheirStyle() {
        #expect(SecretRedactor.words(of: "idToken") == ["id", "token"])
        #expect(SecretRedactor.words(of: "X-API-Key") == ["x", "api", "key"])
        #expect(SecretRedactor.words(of: "APIKey") == ["api", "key"])
        #expect(SecretRedactor.words(of: "user[current_password]") == ["user", "current", "password"])
        #expect(SecretRedactor.words(of: "OAuth2Token") == ["o", "auth", "2", "token"])
        #expect(SecretRedactor.words(of: "new_password1") == ["new", "password", "1"])
        let redactor = SecretRedactor.default
        for secret in [
            "idToken", "refreshToken", "currentPassword", "newPassword", "X-Api-Key", "apikey", "key", "Set-Cookie", "new_password1",
            "password2", "refreshtoken", "newpassword", "api_key2", "X-Authtoken", "X-Auth-Key", "Ocp-Apim-Subscription-Key",
            "xapikey", "clientsecret", "jwt", "session_id", "sessionId", "X-Session-Id", "bearer", "refresh", "code_verifier",
            "PHPSESSID", "connect.sid", "auth_code", "authCode", "passcode", "device_code", "client_assertion", "SAMLResponse",
            "pwd", "pass", "DD-APPLICATION-KEY", "X-Consumer-Key", "X-Auth", "X-Session",
        ] {
            #expect(redactor.isSecret(secret), "\(secret)")
        }
        for plain in [
            "max_tokens", "totalTokens", "keyword", "monkey", "author", "passage", "tokenizer_name", "tokens2", "keys", "error_code",
            "status_code", "refresh_interval", "expires_in", "code", "zip_code", "session_count",
        ] {
            #expect(!redactor.isSecret(plain), "\(plain)")
        }
    }
}
