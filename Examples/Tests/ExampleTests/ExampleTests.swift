import AccountsAPI
import CatalogFeature
import Foundation
import InventoryAPI
import LibraryAPI
import MarketAPI
import PetstoreAPI
import ProfileFeature
import RouteGenRuntime
import RouteGenTesting
import RouteGenToolkit
import RouteGenURLSession
import Testing
import TodoAPI

@Suite struct ExampleTests {
    /// The build plugin generated `Petstore` from `Sources/PetstoreAPI/Petstore.yaml`; call it over the network.
    @Test func pluginGeneratedClientCallsARealServer() async throws {
        let pets = try await withLocalServer(reply: { method, target, headers in
            guard method == "GET", target == "/v1/pets?limit=2", headers["authorization"] == "Bearer token" else {
                return (400, #"{"code":400,"message":"unexpected \#(method) \#(target)"}"#)
            }
            return (200, #"[{"id":1,"name":"Rex","status":"available","photo_urls":[],"created_at":"2024-02-11T09:48:46Z","attributes":{}}]"#)
        }) { base in
            let petstore = Petstore.RequestHandler(
                environment: Petstore.Environment(baseURL: base), client: URLSessionClient().authenticated { "token" })
            return try await petstore.listPets(limit: 2)
        }
        #expect(pets.map(\.name) == ["Rex"])
        #expect(pets.first?.status == .available)
    }

    /// The build plugin generated `TodoList` straight from the OpenAPI document `Sources/TodoAPI/todos.yaml`,
    /// keeping the operations tagged `todos` (its configuration file says so).
    @Test func pluginReadsAnOpenAPIDocumentDirectly() async throws {
        let stub = StubTransport()
        stub.register(.post, "/todos", response: .json(#"{"id":"8E1F2A40-31C5-4C8A-9F21-2D8B1C0E5A77","title":"Milk","done":false,"due":null}"#, status: 201))
        let todos = TodoList.RequestHandler(client: stub)
        let todo = try await todos.createTodo(body: TodoList.CreateTodoBody(title: "Milk"))
        #expect(todo.title == "Milk" && !todo.done && todo.due == nil)
        #expect(stub.requests.map(\.path) == ["/todos"])
        #expect(TodoList.Environment.default.baseURL.absoluteString == "https://todos.example/api")
    }

    /// The feature runs offline against a stub: no server, no URLSession.
    @Test func featureWithAStubClient() async throws {
        let stub = StubTransport()
        stub.register(.get, "/v1/accounts/1", response: .json(#"{"id":"1","name":"Ann"}"#))
        stub.register(.get, "/v1/accounts/2", response: .json(#"{"message":"account disabled"}"#, status: 403))
        stub.register(.get, "/v1/accounts/3", failure: URLError(.notConnectedToInternet))
        let loader = ProfileLoader(accounts: Accounts.RequestHandler(client: stub))
        #expect(await loader.title(forUser: 1) == "Ann")
        #expect(await loader.title(forUser: 2) == "account disabled")
        #expect(await loader.title(forUser: 3) == "Offline")
        #expect(stub.requests.map(\.path) == ["/v1/accounts/1", "/v1/accounts/2", "/v1/accounts/3"])
    }

    /// The feature against the generated mock: the spec's example until a test says otherwise, and the calls
    /// made, as routes.
    @Test func featureWithTheGeneratedMock() async throws {
        let mock = Accounts.MockRequestHandler()
        let loader = ProfileLoader(accounts: mock)
        #expect(await loader.title(forUser: 1) == "Ada Lovelace")
        mock.endpoints.userInfo.fail(
            RouteGenError.unacceptableStatus(
                UnacceptableStatus(
                    request: RequestSummary(
                        APIRequest(method: .get, baseURL: URL(string: "https://testapi.com")!), redactor: .default),
                    response: APIResponse(statusCode: 403), body: Data(),
                    errorBody: Accounts.APIError(message: "account disabled"))))
        #expect(await loader.title(forUser: 2) == "account disabled")
        #expect(mock.recordedCalls == [.userInfo(userId: 1), .userInfo(userId: 2)])
    }

    /// Every endpoint of the plugin-generated clients has a mock, TodoAPI's from its OpenAPI document too.
    @Test func pluginGeneratedClientsHaveMocks() async throws {
        let petstore = Petstore.MockRequestHandler()
        try await petstore.deletePet(petId: 1, xRequestID: nil)
        #expect(petstore.recordedCalls == [.deletePet(petId: 1)])
        let todos: any TodoList.RequestHandling = TodoList.MockRequestHandler()
        await #expect(throws: MockEndpointError.self) { _ = try await todos.listTodos(done: nil) }
    }

    /// The plugin spread Inventory.yaml's routes and models over two files each: the second file's routes build
    /// their requests (their switch is an extension of the first file's enum) and its models decode.
    @Test func aLargeSpecSpreadOverFiles() throws {
        let first = try Inventory.APIRoute.getResource0(id: 1).request(for: .default)
        let last = try Inventory.APIRoute.listResource25(active: nil, limit: 2, tags: nil).request(for: .default)
        #expect(first.path == "/v1/resource0/1" && first.routeName == "Inventory.getResource0")
        #expect(try last.url().absoluteString == "https://api.example.com/v1/resource25?limit=2")
        let detail = try JSONCoding.makeDecoder().decode(Inventory.Resource25Detail.self, from: Data(#"{"note":"n"}"#.utf8))
        #expect(detail == Inventory.Resource25Detail(note: "n"))
    }

    /// The composition root wires the checked-in client to URLSession; the feature does not know.
    @Test func featureOverTheNetwork() async throws {
        let title = try await withLocalServer(reply: { _, target, _ in
            target == "/v1/accounts/7" ? (200, #"{"id":"7","name":"Bob"}"#) : (404, #"{"message":"no such user"}"#)
        }) { base in
            let accounts = Accounts.RequestHandler(
                environment: Accounts.Environment(baseURL: base), client: URLSessionClient().authenticated { "t" })
            return await ProfileLoader(accounts: accounts).title(forUser: 7)
        }
        #expect(title == "Bob")
    }

    /// A feature of one module of an API generated as modules (Sources/Market): its group's handler sends over the
    /// network what the spec says, and the feature reads the answer.
    @Test func aFeatureOfOneModuleCallsARealServer() async throws {
        let lines = try await withLocalServer(reply: { method, target, headers in
            guard method == "GET", target == "/v1/products?limit=2", headers["authorization"] == "Bearer token" else {
                return (400, #"{"message":"unexpected \#(method) \#(target)"}"#)
            }
            return (200, #"[{"id":"p1","title":"Tea","price":{"amount":450,"currency":"EUR"}}]"#)
        }) { base in
            let products = Market.Products.RequestHandler(
                environment: Market.Environment(baseURL: base), client: URLSessionClient().authenticated { "token" })
            return try await CatalogLoader(products: products).lines(limit: 2)
        }
        #expect(lines == ["Tea: 4.50 EUR"])
    }

    /// The umbrella module (`import MarketAPI`) gives the whole API: one handler sends every group's endpoints, and
    /// a group's error body is the API's error model.
    @Test func theUmbrellaHandlerSendsEveryGroupsEndpoints() async throws {
        let (order, failure) = try await withLocalServer(reply: { method, target, headers in
            switch (method, target) {
            case ("POST", "/v1/orders") where headers["content-type"] == "application/json":
                return (201, #"{"id":"o1","product_ids":["p1"],"total":{"amount":450,"currency":"EUR"}}"#)
            case ("GET", "/v1/customers/c1"): return (404, #"{"message":"no such customer"}"#)
            default: return (400, #"{"message":"unexpected \#(method) \#(target)"}"#)
            }
        }) { base in
            let market: any Market.RequestHandling = Market.RequestHandler(
                environment: Market.Environment(baseURL: base), client: URLSessionClient().authenticated { "token" })
            let order = try await market.createOrder(body: Market.CreateOrderBody(productIds: ["p1"]))
            do {
                _ = try await market.getCustomer(id: "c1")
                return (order, nil as String?)
            } catch let RouteGenError.unacceptableStatus(failure) {
                return (order, failure.errorBody(as: Market.APIError.self)?.message)
            }
        }
        // Models only responses reach are `Decodable` alone in the module layout (no `==`): compare their values.
        #expect(order.id == "o1" && order.total.amount == 450 && order.total.currency == "EUR")
        #expect(failure == "no such customer")
    }

    /// Each group has its own mock, which answers the spec's examples and records the group's routes.
    @Test func eachGroupHasItsOwnMock() async throws {
        let products = Market.Products.MockRequestHandler()
        #expect(try await CatalogLoader(products: products).lines(limit: 1) == ["Tea: 4.50 EUR"])
        #expect(products.recordedCalls == [.listProducts(limit: 1)])
        let orders = Market.Orders.MockRequestHandler()
        #expect(try await orders.getOrder(id: "o1").productIds == ["p1"])
    }

    /// The build plugin generated each module of Library.yaml in its own target (its configuration's `module:`):
    /// the loans group's handler, a model only it uses (`Loan`) and a shared one (`Book`) work across the modules.
    @Test func pluginGeneratedModulesCallARealServer() async throws {
        let loan = try await withLocalServer(reply: { method, target, _ in
            guard method == "POST", target == "/v1/loans" else { return (400, #"{"message":"unexpected"}"#) }
            return (201, #"{"id":"l1","book":{"isbn":"9780141439518","title":"Emma"},"due":"2026-12-24T12:00:00Z"}"#)
        }) { base in
            let loans = Library.Loans.RequestHandler(environment: Library.Environment(baseURL: base), client: URLSessionClient())
            return try await loans.borrow(body: Library.BorrowBody(isbn: "9780141439518"))
        }
        #expect(loan.book.isbn == "9780141439518" && loan.book.title == "Emma")
        let books = Library.Books.MockRequestHandler()
        #expect(try await books.searchBooks(q: "pride").map(\.title) == ["Pride and Prejudice"])
    }
}
