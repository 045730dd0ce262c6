import Foundation
import RouteGenToolkit
import RouteGenURLSession
import Testing
import TypesenseClient

/// A Typesense server's collections and documents, through the validating server: search parameters given as one
/// exploded object in the document (`?q=…&query_by=…`), documents as free-form JSON objects, a JSONL import as raw
/// bytes, an API key in `X-TYPESENSE-API-KEY`.
@Suite struct TypesenseWireTests {
    @Test func collectionsDocumentsAndSearchAreValidOnTheWireAndDecode() async throws {
        let (_, answers) = try await ValidatingServer.run(document: "TypesenseClient/typesense.yml") { base in
            let api = Typesense.RequestHandler(
                environment: Typesense.Environment(baseURL: base),
                client: URLSessionClient().authenticated { "xyz-typesense-admin-key" })
            _ = try await api.createCollection(
                body: .init(
                    name: "books",
                    fields: [.init(name: "title", type: "string"), .init(name: "year", type: "int32", facet: true)],
                    defaultSortingField: "year"))
            _ = try await api.getCollections(limit: 10)
            _ = try await api.getCollection(collectionName: "books")
            _ = try await api.indexDocument(
                collectionName: "books", action: .upsert, body: ["id": "1", "title": "The Left Hand of Darkness", "year": 1969])
            _ = try await api.importDocuments(
                collectionName: "books", action: .create,
                body: File(data: Data("{\"id\":\"2\",\"title\":\"Dune\",\"year\":1965}\n".utf8), fileName: "books.jsonl", contentType: "application/octet-stream"))
            _ = try await api.searchCollection(
                collectionName: "books", q: "darkness", queryBy: "title", filterBy: "year:>1950", sortBy: "year:desc", page: 1, perPage: 10)
            _ = try await api.getDocument(collectionName: "books", documentId: "1")
            _ = try await api.updateDocument(collectionName: "books", documentId: "1", body: ["year": 1970])
            _ = try await api.deleteDocument(collectionName: "books", documentId: "1")
            _ = try await api.upsertAlias(aliasName: "library", body: .init(collectionName: "books"))
            _ = try await api.deleteCollection(collectionName: "books")
        }
        expectAllValid(answers, operations: [
            "createCollection", "getCollections", "getCollection", "indexDocument", "importDocuments", "searchCollection",
            "getDocument", "updateDocument", "deleteDocument", "upsertAlias", "deleteCollection",
        ])
        #expect(answers.allSatisfy { $0.security == [["api_key_header"]] })
        // The search parameters went as one query item each.
        #expect(answers.first { $0.operation == "searchCollection" }?.query
            == "q=darkness&query_by=title&filter_by=year%3A%3E1950&sort_by=year%3Adesc&page=1&per_page=10")
    }
}
