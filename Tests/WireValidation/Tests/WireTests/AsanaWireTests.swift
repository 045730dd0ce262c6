import Foundation
import AsanaClient
import RouteGenToolkit
import RouteGenURLSession
import Testing

/// Asana's tasks, projects and attachments, through the validating server: bodies wrapped in `data`, `opt_fields`
/// lists, dates in two formats (`due_on`, `modified_since`), a multipart attachment upload. Asana's two schemes, a
/// personal access token and OAuth 2, both send a bearer token, so one client serves either.
@Suite struct AsanaWireTests {
    static let workspace = "1331"
    static let project = "1200000000000001"
    static let task = "1200000000000002"

    @Test func tasksProjectsAndAttachmentsAreValidOnTheWireAndDecode() async throws {
        let (_, answers) = try await ValidatingServer.run(document: "AsanaClient/asana.yaml") { base in
            let api = Asana.RequestHandler(
                environment: Asana.Environment(baseURL: base.appendingPathComponent("api/1.0")),
                client: URLSessionClient().authenticated { "2/1200000000000000/1200000000000009:0123456789abcdef" })
            _ = try await api.createProject(body: .init(data: .init(name: "Launch", archived: false, color: .darkGreen, workspace: Self.workspace)))
            _ = try await api.getProjects(limit: 20, workspace: Self.workspace, archived: false)
            _ = try await api.getProject(projectGid: Self.project)
            _ = try await api.updateProject(projectGid: Self.project, body: .init(data: .init(name: "Launch (Q3)")))
            _ = try await api.createTask(
                optFields: [.name, .dueOn],
                body: .init(data: .init(
                    name: "Write the release notes", dueOn: Date(timeIntervalSince1970: 1_725_148_800), notes: "Two paragraphs",
                    assignee: "me", projects: [Self.project], workspace: Self.workspace)))
            _ = try await api.getTasks(
                limit: 50, project: Self.project, modifiedSince: Date(timeIntervalSince1970: 1_700_000_000), optFields: [.name, .completed])
            _ = try await api.getTask(taskGid: Self.task)
            _ = try await api.updateTask(taskGid: Self.task, body: .init(data: .init(completed: true)))
            _ = try await api.createAttachmentForObject(
                body: .init(
                    resourceSubtype: .asana, file: File(data: Data("notes".utf8), fileName: "notes.txt", contentType: "text/plain"),
                    parent: Self.task, name: "notes.txt"))
            _ = try await api.deleteTask(taskGid: Self.task)
            _ = try await api.deleteProject(projectGid: Self.project)
        }
        expectAllValid(answers, operations: [
            "createProject", "getProjects", "getProject", "updateProject", "createTask", "getTasks", "getTask", "updateTask",
            "createAttachmentForObject", "deleteTask", "deleteProject",
        ])
        // A bearer token meets both of the document's alternatives.
        #expect(answers.allSatisfy { $0.security == [["personalAccessToken"], ["oauth2"]] })
    }
}
