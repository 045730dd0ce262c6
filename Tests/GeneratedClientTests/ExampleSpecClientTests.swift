import Foundation
import GeneratedClients
import RouteGenRuntime
import RouteGenTestSupport
import RouteGenToolkit
import Testing

/// The generated clients of the example specs' APIs (Specs/) against a real server: each endpoint's request as
/// received, each response as decoded.
@Suite struct ExampleSpecClientTests {
    @Test(arguments: Transport.allCases)
    func tokenAPI(transport: Transport) async throws {
        let (token, received) = try await withRecordingServer(reply: { request in
            request.method == "GET" ? .json(#"{"token":"abc"}"#) : ServerReply(status: 204)
        }) { base, recorded in
            let api = TokenAPI.RequestHandler(environment: .init(baseURL: base), client: transport.client().authenticated { "old" })
            let token = try await api.token()
            try await api.update(body: TokenAPI.UpdateBody(token: "new"))
            return (token, recorded.withLock { $0 })
        }
        #expect(token.token == "abc")
        #expect(received.map { "\($0.method) \($0.path)" } == ["GET /v1/token", "POST /v1/token"])
        #expect(received.allSatisfy { $0.headers["authorization"] == "Bearer old" })
        #expect(received.last?.jsonObject == ["token": "new"])
    }

    @Test(arguments: Transport.allCases)
    func getirUnwrapsItsEnvelopeAndKeepsTheMetadataReachable(transport: Transport) async throws {
        let body = #"{"expectedResponse":{"testField":"value","testFieldTwo":2},"metadata":{"additionalField":"Test"}}"#
        let (example, enveloped, products, received) = try await withRecordingServer(reply: { request in
            request.path == "/products"
                ? .json(#"{"expectedResponse":[{"id":"1","name":"Tea","inStock":true}],"metadata":{"additionalField":"x"}}"#)
                : .json(body)
        }) { base, recorded in
            let api = Getir.RequestHandler(environment: .init(baseURL: base), client: transport.client())
            let parameters = Getir.SampleRequestParameters(testProperty: "test", secondTestProperty: "test2")
            let example = try await api.login(body: parameters)
            let enveloped = try await api.enveloped(.login(body: parameters), as: Getir.ExampleType.self)
            let products = try await api.searchProducts(query: "tea", inStock: true)
            return (example, enveloped, products, recorded.withLock { $0 })
        }
        #expect(example == Getir.ExampleType(testField: "value", testFieldTwo: 2))
        #expect(enveloped.payload == example && enveloped.metadata.additionalField == "Test")
        #expect(products.map(\.name) == ["Tea"])
        #expect(received.first?.jsonObject == ["testProperty": "test", "secondTestProperty": "test2"])
        #expect(received.last?.query == "query=tea&inStock=true")
        #expect(Getir.Environment.allCases.map(\.name) == ["production", "development"])
    }

    @Test(arguments: Transport.allCases)
    func getirUnwrapsItsEnvelopeInOutcomesAndTypedResponsesToo(transport: Transport) async throws {
        try await withRecordingServer(reply: { request in
            if request.path == "/products/1/price" { return .json(#"{"expectedResponse":2.5,"metadata":{"additionalField":"x"}}"#) }
            if request.path == "/products/2/price" { return .json(#"{"reason":"discontinued"}"#, status: 404) }
            return request.path == "/products/1"
                ? ServerReply(
                    headers: ["Content-Type": "application/json", "ETag": "\"v7\""],
                    body: Data(#"{"expectedResponse":{"id":"1","name":"Tea","inStock":true},"metadata":{"additionalField":"x"}}"#.utf8))
                : ServerReply(status: 404)
        }) { base, _ in
            let api = Getir.RequestHandler(environment: .init(baseURL: base), client: transport.client())
            let found = try await api.productDetails(id: "1")
            #expect(found.body == .ok(Getir.Product(id: "1", name: "Tea", inStock: true)))
            #expect(found.headers.eTag == "\"v7\"")
            #expect(try await api.productDetails(id: "2").body == .notFound)
            #expect(try await api.productPrice(id: "1") == 2.5)
            await #expect {
                try await api.productPrice(id: "2")
            } throws: { error in Getir.ProductProblem(error)?.reason == "discontinued" }
        }
    }

    @Test(arguments: Transport.allCases)
    func movieDBSendsItsKeyInTheQueryAndItsEnumsAsText(transport: Transport) async throws {
        let page = #"{"page":1,"results":[{"id":238,"title":"The Godfather","overview":null,"adult":false,"genre_ids":[18,80]}],"total_pages":1,"total_results":1}"#
        let (search, rankings, received) = try await withRecordingServer(reply: { _ in .json(page) }) { base, recorded in
            let api = MovieDB.RequestHandler(
                environment: .init(baseURL: base), client: transport.client().authenticated { "k3y" })
            let search = try await api.searchMovies(query: "Godfather", includeAdult: false, year: 1972)
            let rankings = try await api.rankings(category: .topRated, region: .us, page: 2)
            return (search, rankings, recorded.withLock { $0 })
        }
        #expect(search.results.first?.title == "The Godfather" && search.results.first?.genreIds == [18, 80])
        #expect(rankings.totalResults == 1)
        #expect(received.map(\.path) == ["/3/search/movie", "/3/movie/top_rated"])
        #expect(received[0].query == "query=Godfather&include_adult=false&year=1972&api_key=k3y")
        #expect(received[1].query == "region=US&page=2&api_key=k3y")
        #expect(received.allSatisfy { $0.headers["authorization"] == nil })
    }

    @Test(arguments: Transport.allCases)
    func accountsLogInWithoutATokenAndDecodeItsErrors(transport: Transport) async throws {
        try await withRecordingServer(reply: { request in
            switch (request.method, request.path) {
            case ("POST", "/v1/accounts/login"): .json(#"{"id":"u1","name":"Ann"}"#)
            case ("GET", "/v1/accounts/42"): .json(#"{"id":"42","name":"Bob"}"#)
            case ("PUT", "/v1/accounts/disable/42"): .json(#"{"message":"not allowed"}"#, status: 403)
            default: .text("unexpected", status: 500)
            }
        }) { base, recorded in
            let api = Accounts.RequestHandler(environment: .init(baseURL: base), client: transport.client().authenticated { "t" })
            let user = try await api.login(body: Accounts.LoginBody(username: "ann", password: "pw"))
            #expect(user == Accounts.UserAccount(id: "u1", name: "Ann"))
            #expect(recorded.last?.headers["authorization"] == nil)
            #expect(try await api.userInfo(userId: 42).name == "Bob")
            #expect(recorded.last?.headers["authorization"] == "Bearer t")
            await #expect {
                try await api.disableAccount(userId: 42)
            } throws: { error in
                guard case .unacceptableStatus(let failure) = error as? RouteGenError else { return false }
                return failure.errorBody(as: Accounts.APIError.self) == Accounts.APIError(code: nil, message: "not allowed")
            }
        }
        #expect(Accounts.Environment.default.name == "production")
        #expect(Accounts.Environment.allCases.map(\.name) == ["production", "staging", "dev"])
    }

    @Test(arguments: Transport.allCases)
    func usersCRUD(transport: Transport) async throws {
        let user = #"{"id":"u1","name":"Ann","email":"ann@example.com"}"#
        let received = try await withRecordingServer(reply: { request in
            switch request.method {
            case "GET": request.path == "/users" ? .json("[\(user)]") : .json(user)
            case "POST": .json(user, status: 201)
            default: ServerReply(status: 204)
            }
        }) { base, recorded in
            let api: any Users.RequestHandling = Users.RequestHandler(
                environment: .init(baseURL: base), client: transport.client().authenticated { "t" })
            #expect(try await api.fetchUser(id: "u 1/2").email == "ann@example.com")
            #expect(try await api.listUsers(page: 2).count == 1)
            #expect(try await api.createUser(body: Users.CreateUserRequest(name: "Ann", email: "ann@example.com")).id == "u1")
            try await api.deleteUser(id: "u1")
            return recorded.withLock { $0 }
        }
        #expect(received.map { "\($0.method) \($0.path)\($0.query.map { "?" + $0 } ?? "")" } == [
            "GET /users/u%201%2F2", "GET /users?page=2", "POST /users", "DELETE /users/u1",
        ])
        #expect(received[2].jsonObject == ["name": "Ann", "email": "ann@example.com"])
    }

    @Test(arguments: Transport.allCases)
    func usersUploadAndDownloadTheirAvatarAsRawBytes(transport: Transport) async throws {
        let picture = Data((0..<2_048).map { UInt8($0 % 256) })
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("routegen-\(UUID().uuidString).jpg")
        try picture.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let received = try await withRecordingServer(reply: { request in
            request.method == "GET"
                ? ServerReply(headers: ["Content-Type": "image/jpeg"], body: picture) : ServerReply(status: 204)
        }) { base, recorded in
            let api = Users.RequestHandler(environment: .init(baseURL: base), client: transport.client().authenticated { "t" })
            try await api.uploadAvatar(id: "u1", body: File(url: file, contentType: "image/jpeg"))
            #expect(try await api.downloadAvatar(id: "u1") == picture)
            return recorded.withLock { $0 }
        }
        #expect(received.map { "\($0.method) \($0.path)" } == ["PUT /users/u1/avatar", "GET /users/u1/avatar"])
        #expect(received[0].headers["content-type"] == "image/jpeg" && received[0].body == picture)
    }

    @Test(arguments: Transport.allCases)
    func movieDBUploadsAMultipartFormWithTextAndAFile(transport: Transport) async throws {
        let received = try await withRecordingServer(reply: { _ in ServerReply(status: 201) }) { base, recorded in
            let api = MovieDB.RequestHandler(environment: .init(baseURL: base), client: transport.client().authenticated { "k3y" })
            try await api.uploadListPoster(
                listId: 7,
                body: .init(caption: "Noir", image: File(data: Data("GIF89a".utf8), fileName: "p.gif", contentType: "image/gif")))
            return recorded.withLock { $0 }
        }
        let request = try #require(received.first)
        #expect(request.path == "/3/list/7/poster" && request.query == "api_key=k3y")
        let contentType = try #require(request.headers["content-type"])
        let boundary = String(contentType.dropFirst("multipart/form-data; boundary=".count))
        #expect(
            request.bodyText
                == "--\(boundary)\r\nContent-Disposition: form-data; name=\"caption\"\r\n\r\nNoir\r\n"
                + "--\(boundary)\r\nContent-Disposition: form-data; name=\"image\"; filename=\"p.gif\"\r\n"
                + "Content-Type: image/gif\r\n\r\nGIF89a\r\n--\(boundary)--\r\n")
    }
}
