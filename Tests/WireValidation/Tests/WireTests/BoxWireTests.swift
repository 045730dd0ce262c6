import BoxClient
import Foundation
import RouteGenToolkit
import RouteGenURLSession
import Testing

/// Box files and their metadata, through the validating server: a multipart upload on Box's upload host, a
/// download, JSON updates, and metadata instances.
@Suite struct BoxWireTests {
    @Test func filesAndMetadataAreValidOnTheWireAndDecode() async throws {
        let (_, answers) = try await ValidatingServer.run(document: "BoxClient/box.json") { base in
            let environment = Box.Environment(
                name: "local", baseURL: base.appendingPathComponent("2.0"), hosts: ["upload": base.appendingPathComponent("api/2.0")])
            let api = Box.RequestHandler(environment: environment, client: URLSessionClient().authenticated { "box-token" })
            _ = try await api.postFilesContent(
                body: Box.PostFilesContentBody(
                    attributes: Box.PostFilesContentBodyAttributes(name: "notes.txt", parent: .init(id: "0")),
                    file: File(data: Data("hello".utf8), fileName: "notes.txt", contentType: "text/plain")))
            _ = try await api.getFilesId(fileId: "12345", fields: ["name", "size"])
            _ = try await api.putFilesId(fileId: "12345", body: Box.PutFilesIdBody(name: "renamed.txt", description: "Notes"))
            _ = try await api.getFilesIdContent(fileId: "12345")
            _ = try await api.getFilesIdMetadata(fileId: "12345")
            _ = try await api.postFilesIdMetadataIdId(
                fileId: "12345", scope: .enterprise, templateKey: "contract", body: ["customer": "ACME", "pages": 3])
            _ = try await api.getFilesIdMetadataIdId(fileId: "12345", scope: .enterprise, templateKey: "contract")
            try await api.deleteFilesIdMetadataIdId(fileId: "12345", scope: .enterprise, templateKey: "contract")
            try await api.deleteFilesId(fileId: "12345")
        }
        expectAllValid(answers, operations: [
            "post_files_content", "get_files_id", "put_files_id", "get_files_id_content", "get_files_id_metadata",
            "post_files_id_metadata_id_id", "get_files_id_metadata_id_id", "delete_files_id_metadata_id_id", "delete_files_id",
        ])
    }
}
