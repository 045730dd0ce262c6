import Foundation
import RouteGenRuntime
import RouteGenTestSupport
import RouteGenToolkit
import Testing

/// Secrets in bracketed form keys (Stripe's `card[number]`, Rails' `user[password]`) are hidden in logs and
/// cURL output, as top-level ones are.
@Suite struct RedactionTests {
    private func formRequest() throws -> APIRequest {
        var request = Requests.get("/v1/charges")
        request.method = .post
        let fields: JSONValue = [
            "amount": 2000, "card": ["number": "4242424242424242", "cvc": "123", "exp_month": 12],
            "user": ["password": "hunter2", "name": "ann"],
        ]
        request.setFormBody(try FormEncoder().encode(fields).queryItems())
        return request
    }

    @Test func bracketedKeysAreSecretByAnyPartOrByTheirCardField() {
        let redactor = SecretRedactor.default
        for secret in ["card[number]", "card[cvc]", "user[password]", "payment_method_data[card][number]", "a[b][access_token]"] {
            #expect(redactor.isSecret(secret), "\(secret)")
        }
        for plain in ["card[exp_month]", "number", "user[name]", "items[0][price]"] {
            #expect(!redactor.isSecret(plain), "\(plain)")
        }
    }

    @Test func cURLHidesSecretFormFieldsUnlessAsked() throws {
        let request = try formRequest()
        let curl = request.cURLDescription()
        #expect(!curl.contains("4242") && !curl.contains("123") && !curl.contains("hunter2"))
        #expect(curl.contains("card%5Bnumber%5D=<redacted>") && curl.contains("card%5Bexp_month%5D=12") && curl.contains("user%5Bname%5D=ann"))
        #expect(request.cURLDescription(revealingSecrets: true).contains("card%5Bnumber%5D=4242424242424242"))
    }

    @Test func logsHideSecretFormFieldsAndNestedJSONCardFields() async throws {
        let (logger, messages) = capturingLogger()
        let client = RecordingClient().logging(to: logger)
        _ = try await client.load(try formRequest())
        var json = Requests.get("/v1/payment_methods")
        try json.setJSONBody(["card": ["number": "4242424242424242", "exp_month": "12"]], encoder: JSONEncoder())
        _ = try await client.load(json)
        let logged = messages.withLock { $0 }.joined(separator: "\n")
        #expect(!logged.contains("4242") && !logged.contains("hunter2") && !logged.contains("=123"))
        #expect(logged.contains("card%5Bexp_month%5D=12") && logged.contains("\"exp_month\" : \"12\""))
    }

    /// What the attack on the first fixes found: text whose secrets cannot be found for sure is not shown; text that
    /// holds no JSON is shown, its pairs redacted, however it writes them; OAuth's `code` is secret as a parameter,
    /// not as a JSON error's field; HTTP's `Refresh` header is no token.
    @Test func textIsShownWithItsSecretsRedactedOrNotAtAll() {
        let redactor = SecretRedactor.default
        for hidden in [
            "{\n  \"a\": 1\n}\n{\n  \"client_secret\": \"S\"\n}\n", "{'access_token': 'S', 'expires_in': 3600}",
            "{\n  \"refresh_token\": \"S\",\n  \"x\": \"abc", "event: token\ndata: {\ndata: \"access_token\": \"S\"\n\n",
        ] {
            #expect(redactor.redactedText(hidden) == nil, "\(hidden)")
        }
        let cases: [(String, String)] = [
            ("Error [E42]: user \"bob\" not found", "Error [E42]: user \"bob\" not found"),
            ("<script>var cfg = {\"env\": \"prod\", \"api_key\": \"S\"", "<script>var cfg = {\"env\": \"prod\", \"api_key\": \"<redacted>\""),
            ("Authorization: Bearer S\nX-Api-Key: S\nAccept: */*", "Authorization: <redacted>\nX-Api-Key: <redacted>\nAccept: */*"),
            ("password='hunter2 S' user=bob", "password='<redacted>' user=bob"),
            ("password = S&user=bob", "password = <redacted>&user=bob"),
            ("see //sk_live_S:@evil.example/x", "see //<redacted>@evil.example/x"),
            ("event: token\ndata: {\ndata: \"access_token\": \"S\"\ndata: }\n", "event: token\ndata: {\"access_token\":\"<redacted>\"}\n"),
            ("data: [DONE]", "data: [DONE]"),
            // An apostrophe opens nothing; quotes around a value hide none of the pairs inside it.
            ("Can't renew: access_token=S expired", "Can't renew: access_token=<redacted> expired"),
            ("<a href=\"/signin?token=S\">", "<a href=\"/signin?token=<redacted>\">"),
            ("upstream \"https://admin:S@db.internal/\" refused", "upstream \"https://<redacted>@db.internal/\" refused"),
            ("myapp://cb?state=o'brien&code=S&access_token=S", "myapp://cb?state=o'brien&code=<redacted>&access_token=<redacted>"),
            ("Error: {\"access_token\":\n \"S\"", "Error: {\"access_token\":\n \"<redacted>\""),
            // A quote inside a bare value does not end it.
            ("password=it's-a-secret&x=1", "password=<redacted>&x=1"), ("token=abc\"def ok", "token=<redacted> ok"),
        ]
        for (text, shown) in cases {
            #expect(redactor.redactedText(text) == shown, "\(text)")
        }
        #expect(redactor.redactedText("https://app.example/cb?code=S&state=x") == "https://app.example/cb?code=<redacted>&state=x")
        #expect(String(decoding: redactor.redactedJSON(Data(#"{"error":{"code":404}}"#.utf8))!, as: UTF8.self) == #"{"error":{"code":404}}"#)
        #expect(redactor.redacted(["Refresh": "5; url=/next-page"]).map(\.value) == ["5; url=/next-page"])
        #expect(String(decoding: redactor.redactedJSON(Data(#"{"refresh":"S","access":"A"}"#.utf8))!, as: UTF8.self) == #"{"access":"A","refresh":"<redacted>"}"#)
    }

    /// Each character is read once: a megabyte of pairs a hostile server sends is redacted at once, not in hours.
    @Test(.timeLimit(.minutes(1))) func redactionTakesTimeLinearInTheText() {
        let pairs = String(repeating: "a=1&", count: 250_000) + "token=S"
        #expect(SecretRedactor.default.redactedText(pairs)?.hasSuffix("token=<redacted>") == true)
        let quotes = String(repeating: "\"k\": \"v\", ", count: 100_000)
        #expect(SecretRedactor.default.redactedPairs(in: quotes).count == quotes.count)
    }

    @Test func theUserAndPasswordInTheURLAreRedacted() {
        let request = APIRequest(method: .get, baseURL: URL(string: "https://alice:URLPASS@api.example.com")!, path: "/v1/me")
        #expect(!request.cURLDescription().contains("URLPASS") && request.cURLDescription().contains("<redacted>:<redacted>@api.example.com"))
        #expect(!RequestSummary(request, redactor: .default).description.contains("URLPASS"))
        // Stripe's secret key is the Basic user, with an empty password.
        let stripe = APIRequest(method: .get, baseURL: URL(string: "https://sk_live_4eC39HqLyjWDarjtT1zdp7dc:@api.stripe.com")!, path: "/v1/charges")
        for shown in [stripe.cURLDescription(), RequestSummary(stripe, redactor: .default).description] {
            #expect(!shown.contains("sk_live") && shown.contains("api.stripe.com/v1/charges"), "\(shown)")
        }
    }
}
