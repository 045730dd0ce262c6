import Foundation
import RouteGenRuntime

/// Requests for tests.
enum Requests {
    static let base = URL(string: "https://api.example.com")!

    static func get(_ path: String = "/v1/pets", query: [QueryItem] = [], headers: HeaderFields = [:]) -> APIRequest {
        APIRequest(method: .get, baseURL: base, path: path, query: query, headers: headers, routeName: "Petstore.listPets")
    }
}

/// A counter safe to bump from many tasks.
final class Counter: Sendable {
    private let value = Locked(0)

    @discardableResult
    func increment() -> Int { value.withLock { $0 += 1; return $0 } }

    var count: Int { value.withLock { $0 } }
}
