import Testing

@testable import RouteGenCore

/// The rules of the format's "Real-API additions" for bodies, responses, hosts and styles, with exact positions.
/// `SpecTesting.header` fills lines 1–4, so the YAML under test starts on line 5 unless a test says otherwise.
@Suite struct RealAPIRejectionTests {
    private let h = SpecTesting.header

    /// `body`, `form` and `multipart` exclude one another and GET bodies; `File` only in a raw body or a multipart field.
    @Test func bodiesExcludeOneAnotherAndFilesGoOnlyWhereTheyCanBeSent() {
        let findings = SpecTesting.findings(h + """
            models:
              Pet:
                properties: { name: String, photo: File }
              Kind:
                enum: [a, b]
            endpoints:
              both:
                method: POST
                path: /a
                body: Pet
                form: { a: Int }
                multipart: { f: File }
              getWithForm:
                method: GET
                path: /b
                form: { a: Int }
              formOfEnum:
                method: POST
                path: /c
                form: Kind
              fileInForm:
                method: POST
                path: /d
                form: { f: File }
              filesInBody:
                method: POST
                path: /e
                body: "[File]"
              fileDictionary:
                method: POST
                path: /f
                multipart: { files: "[String: File]" }
              fileQuery:
                method: GET
                path: /g
                query: { f: File? }
            """)
        #expect(findings == [
            "7:40: error: `File` is only for a `body`, a `multipart` field or a list of them, not property `photo` of model `Pet`",
            "15:5: error: endpoint `both` has both `body` and `form`",
            "16:5: error: endpoint `both` has both `body` and `multipart`",
            "20:5: error: a GET request cannot have a body",
            "24:11: error: `form` must list its fields or name an object model, not `Kind`",
            "28:16: error: `File` is only for a `body`, a `multipart` field or a list of them, not property `f` of the `form` of endpoint `fileInForm`",
            "32:12: error: a raw body is one `File`, not `[File]`",
            "36:25: error: `File` is only for a `body`, a `multipart` field or a list of them, not property `files` of the `multipart` of endpoint `fileDictionary`",
            "40:17: error: `File` is only for a `body`, a `multipart` field or a list of them, not a query parameter",
        ])
    }

    /// A model with a `File` field (a `multipart:` body's), or one whose `allOf` lists it, is sent only as a
    /// `multipart:` body: named anywhere else (a property, a variant, a JSON or form body, a parameter, a response,
    /// events, an error model, the top-level `errors`) its code could not compile, so it is an error there.
    @Test func aModelHoldingAFileIsOnlyAMultipartBody() {
        let findings = SpecTesting.findings(h + """
            errors: Upload
            models:
              Upload:
                properties: { file: File, note: String? }
              Named:
                allOf: [Upload]
              Holder:
                properties: { uploads: "[Upload]", named: Named? }
              Either:
                oneOf: [Upload, String]
              Plain:
                allOf: [Upload]
                properties: { extra: Int }
            endpoints:
              upload: { method: POST, path: /u, multipart: Upload }
              uploadNamed: { method: POST, path: /n, multipart: Named }
              json: { method: POST, path: /j, body: Upload }
              form: { method: POST, path: /f, form: Upload }
              query: { method: GET, path: /q, query: { u: { type: Upload?, style: deepObject } } }
              read: { method: GET, path: /r, response: "[Upload]" }
              outcomes: { method: GET, path: /o, responses: { 200: Upload, 204: none } }
              events: { method: GET, path: /e, events: Upload }
              failing: { method: GET, path: /x, errors: { 400: Upload } }
              multipartField: { method: POST, path: /m, multipart: { part: Upload, file: File } }
            """)
        let holds = "holds a `File`, which only a `multipart:` body can send, not"
        #expect(findings == [
            "5:9: error: `Upload` \(holds) `errors`",
            "12:28: error: `Upload` \(holds) property `uploads` of model `Holder`",
            "12:47: error: `Named` \(holds) property `named` of model `Holder`",
            "14:13: error: `Upload` \(holds) a variant of model `Either`",
            "16:13: error: `Upload` \(holds) an `allOf` item of model `Plain`",
            "21:41: error: `Upload` \(holds) a JSON `body`",
            "22:41: error: `Upload` \(holds) a `form` body",
            "23:55: error: `Upload` \(holds) a query parameter",
            "24:45: error: `Upload` \(holds) a response",
            "25:56: error: `Upload` \(holds) a response",
            "26:44: error: `Upload` \(holds) `events`",
            "27:52: error: `Upload` \(holds) the 400 entry of `errors` of endpoint `failing`",
            "28:64: error: `Upload` \(holds) property `part` of the `multipart` of endpoint `multipartField`",
        ])
    }

    /// A `multipart:` body's model is named as any type is read, spaces around it aside: its `File` fields are fine.
    @Test func aMultipartBodyNamedWithSpacesMayHoldFiles() {
        #expect(SpecTesting.findings(h + """
            models:
              Upload: { properties: { file: File } }
            endpoints:
              upload: { method: POST, path: /u, multipart: " Upload " }
            """) == [])
    }

    /// `response`, `responses` and `events` exclude one another; statuses 100–599 (`default` only in `errors`); header types; error models.
    @Test func responsesStatusesHeadersAndErrorModels() {
        let findings = SpecTesting.findings(h + """
            models:
              Item:
                properties: { id: String }
              Kind:
                enum: [a]
            endpoints:
              three:
                method: GET
                path: /a
                response: Item
                responses: { 200: Item }
                events: Item
              badStatus:
                method: GET
                path: /b
                responses:
                  200: Item
                  99: none
                  default: Item
                  abc: none
              emptyResponses:
                method: GET
                path: /c
                responses: {}
              fileResponse:
                method: GET
                path: /d
                response: File
              dataEvents:
                method: GET
                path: /e
                events: Data
              headersOnEvents:
                method: GET
                path: /f
                events: Item
                response_headers: { ETag: String? }
              badHeaders:
                method: GET
                path: /g
                response_headers:
                  "Bad Header": String
                  X-Items: "[Item]"
              badErrors:
                method: GET
                path: /h
                errors:
                  404: Kind
                  600: Item
                  default: Missing
            """)
        #expect(findings == [
            "15:5: error: endpoint `three` has both `response` and `responses`",
            "16:5: error: endpoint `three` has both `response` and `events`",
            "22:7: error: `99` in `responses` of endpoint `badStatus` is not an HTTP status",
            "23:7: error: `default` in `responses` of endpoint `badStatus` is not an HTTP status",
            "24:7: error: `abc` in `responses` of endpoint `badStatus` is not an HTTP status",
            "28:16: error: `responses` of endpoint `emptyResponses` must map statuses to body types",
            "32:15: error: a response cannot be a `File`",
            "36:13: error: `events` are decoded from each event's text, not `Data`",
            "41:5: error: endpoint `headersOnEvents` streams `events`, which cannot have typed `response_headers`",
            "46:7: error: `Bad Header` is not a valid header name",
            "47:16: error: `[Item]` cannot be read from a header",
            "52:12: error: the 404 entry of `errors` of endpoint `badErrors` must name an object model, not `Kind`",
            "53:7: error: `600` in `errors` of endpoint `badErrors` is not an HTTP status",
            "54:16: error: unknown type `Missing`",
        ])
    }

    /// `style` on query parameters and form fields only, from the listed values; `allow_slashes` on `String` path parameters only.
    @Test func stylesAndSlashesOnlyWhereTheyApply() {
        let findings = SpecTesting.findings(h + """
            models:
              Pet:
                properties:
                  name: { type: String, style: brackets }
            endpoints:
              getFile:
                method: GET
                path: /files/{id}/{path}
                params:
                  id: { type: Int, allow_slashes: true }
                  path: { type: String, allow_slashes: true }
                query:
                  ids: { type: "[Int]?", style: commas }
                  q: { type: String?, allow_slashes: true }
                headers:
                  X-Ids: { type: String?, style: comma }
            """)
        #expect(findings == [
            "8:29: error: `style` applies only to query parameters and form or multipart fields, not to property `name` of model `Pet`",
            "14:24: error: `allow_slashes` applies only to a `String` path parameter, not to path parameter `id` of type `Int`",
            "17:37: error: unknown style `commas`; did you mean `comma`?",
            "18:27: error: `allow_slashes` applies only to a `String` path parameter, not to query parameter `q`",
            "20:31: error: `style` applies only to query parameters and form or multipart fields, not to header `X-Ids`",
        ])
    }

    /// Every host lists every environment with a valid URL; `host` names a declared host; `auth: basic`.
    @Test func hostsAndAuth() {
        let findings = SpecTesting.findings("""
            routegen: 1
            name: Shop
            environments:
              production: https://shop.example.com
              staging: https://staging.shop.example.com
            hosts:
              uploads:
                production: https://uploads.shop.example.com
              files:
                production: https://files.shop.example.com
                staging: files.shop.example.com
                develop: https://dev.example.com
            auth: basik
            endpoints:
              upload:
                method: POST
                path: /a
                host: upload
              nowhere:
                method: GET
                path: /b
                host: cdn
            """)
        #expect(findings == [
            "7:3: error: host `uploads` has no URL for environment `staging`",
            "11:14: error: invalid base URL `files.shop.example.com`: expected an absolute http or https URL",
            "12:5: error: unknown key `develop` in host `files`",
            "13:7: error: unknown auth scheme `basik`; did you mean `basic`?",
            "18:11: error: unknown host `upload`",
            "22:11: error: unknown host `cdn`",
        ])
    }

    @Test func theSpecUsingEveryKeyIsClean() throws {
        let url = SpecTesting.repositoryRoot.appendingPathComponent("Specs/Shop.yaml")
        let (api, diagnostics) = SpecTesting.check(try String(contentsOf: url, encoding: .utf8))
        #expect(diagnostics.isEmpty)
        let shop = try #require(api)
        #expect(shop.auth == .basic)
        #expect(shop.hosts == [APIHost(name: "uploads", baseURLs: ["https://uploads.shop.example", "https://uploads.staging.shop.example"])])
        let endpoints = Dictionary(uniqueKeysWithValues: shop.endpoints.map { ($0.name.wire, $0) })
        #expect(endpoints["createCharge"]?.body == .form(.model("CreateChargeBody")))
        #expect(shop.model(named: "CreateChargeBody")?.properties.first { $0.name.wire == "expand" }?.style == .brackets)
        #expect(endpoints["uploadDocument"]?.body == .multipart(.model("UploadDocumentBody")))
        #expect(endpoints["uploadDocument"]?.host == "uploads")
        #expect(shop.model(named: "UploadDocumentBody")?.isEncodeOnly == true)
        #expect(endpoints["putAsset"]?.body == .raw(.primitive(.file)))
        #expect(endpoints["putBytes"]?.body == .raw(.primitive(.data)))
        #expect(endpoints["getAsset"]?.result == .body(.data))
        #expect(endpoints["getTerms"]?.result == .body(.text))
        #expect(endpoints["chat"]?.result == .events(.model("ChatChunk")))
        #expect(endpoints["getContent"]?.pathParameters.map(\.allowsSlashes) == [false, true])
        #expect(endpoints["getItem"]?.result == .outcomes("GetItemResponse"))
        #expect(
            shop.model(named: "GetItemResponse")?.kind
                == .outcomes([
                    StatusOutcome(status: 200, caseName: "ok", body: .json(.model("Item"))),
                    StatusOutcome(status: 304, caseName: "notModified", body: nil),
                ]))
        #expect(
            endpoints["getItem"]?.errors
                == ErrorModels(
                    byStatus: [.init(status: 404, model: "NotFound"), .init(status: 422, model: "ValidationFailed")],
                    default: "ErrorBody"))
        #expect(endpoints["listRepos"]?.responseHeaders == "ListReposHeaders")
        guard case .responseHeaders(let headers) = shop.model(named: "ListReposHeaders")?.kind else {
            Issue.record("ListReposHeaders is not a headers model")
            return
        }
        #expect(headers.map(\.name.wire) == ["Link", "X-Request-Id"])
        #expect(headers.map(\.name.swift) == ["link", "xRequestId"])
    }
}
