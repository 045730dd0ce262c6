// An app that only calls generated code over URLSession: the Petstore client of Tests/GeneratedClients, sent
// through `URLSessionClient`. `.ci/runtime-only` builds it in release against RouteGenRuntime and
// RouteGenURLSession alone, and fails if the client toolkit is compiled or linked.
import Foundation
import PetstoreAPI
import RouteGenRuntime
import RouteGenURLSession

let handler = Petstore.RequestHandler(environment: Petstore.Environment(baseURL: URL(string: "http://127.0.0.1:9")!), client: URLSessionClient())
do {
    print(try await handler.getPet(petId: 1))
} catch let error as RouteGenError {
    print(error)
}
