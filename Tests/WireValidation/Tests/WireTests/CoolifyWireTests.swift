import CoolifyClient
import Foundation
import RouteGenToolkit
import RouteGenURLSession
import Testing

/// A self-hosted Coolify's projects, servers and applications, through the validating server: JSON bodies, query
/// flags, a bearer API token.
@Suite struct CoolifyWireTests {
    static let project = "og888os"
    static let server = "mk8wcg4"
    static let application = "k4ogso8"

    @Test func projectsServersAndApplicationsAreValidOnTheWireAndDecode() async throws {
        let (_, answers) = try await ValidatingServer.run(document: "CoolifyClient/coolify.json") { base in
            let api = Coolify.RequestHandler(
                environment: Coolify.Environment(baseURL: base.appendingPathComponent("api/v1")),
                client: URLSessionClient().authenticated { "3|WaobqX9tJQshKPuQFHsyApxuOOggg4wOfvGc9xa233c376d7" })
            _ = try await api.createProject(body: .init(name: "Shop", description: "The storefront and its workers"))
            _ = try await api.listProjects()
            _ = try await api.getProjectByUuid(uuid: Self.project)
            _ = try await api.updateProjectByUuid(uuid: Self.project, body: .init(description: "The storefront"))
            _ = try await api.createServer(
                body: .init(
                    name: "builder-1", ip: "203.0.113.7", port: 22, user: "root", privateKeyUuid: "pk8ck4s", isBuildServer: true,
                    instantValidate: false, proxyType: .traefik))
            _ = try await api.listServers()
            _ = try await api.listApplications(tag: "production")
            _ = try await api.updateApplicationByUuid(uuid: Self.application, body: .init(gitBranch: "main", name: "storefront"))
            _ = try await api.startApplicationByUuid(uuid: Self.application, force: false, instantDeploy: true)
            _ = try await api.deleteProjectByUuid(uuid: Self.project)
        }
        expectAllValid(answers, operations: [
            "create-project", "list-projects", "get-project-by-uuid", "update-project-by-uuid", "create-server", "list-servers",
            "list-applications", "update-application-by-uuid", "start-application-by-uuid", "delete-project-by-uuid",
        ])
        #expect(answers.allSatisfy { $0.security == [["bearerAuth"]] })
    }
}
