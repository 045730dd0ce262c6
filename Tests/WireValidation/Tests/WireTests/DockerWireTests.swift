import DockerClient
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import RouteGenURLSession
import Testing

/// Docker Engine's containers, images and daemon (a Swagger 2.0 document), through the validating server, which
/// checks them with bravado-core: JSON bodies, `multi` lists, the registry's credentials in `X-Registry-Auth`, a text
/// response and typed response headers.
@Suite struct DockerWireTests {
    /// What `docker login` keeps for a registry, as the engine wants it: base64url-encoded JSON.
    static let registryAuth = Data(#"{"username":"ann","password":"secret","serveraddress":"registry.example.com"}"#.utf8)
        .base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")

    @Test func containersImagesAndTheDaemonAreValidOnTheWireAndDecode() async throws {
        let ((ping, id), answers) = try await ValidatingServer.run(document: "DockerClient/docker-engine.yaml") { base in
            let api = Docker.RequestHandler(environment: Docker.Environment(baseURL: base.appendingPathComponent("v1.56")), client: URLSessionClient())
            _ = try await api.containerList(all: true, limit: 10, filters: #"{"status":["running"]}"#)
            let web = Docker.ContainerCreateRequest(
                env: ["PORT=8080"], cmd: ["nginx", "-g", "daemon off;"], image: "nginx:1.27", labels: ["app": "web"],
                hostConfig: Docker.HostConfig(memory: 268_435_456, restartPolicy: Docker.RestartPolicy(name: .onFailure, maximumRetryCount: 3)))
            let created = try await api.containerCreate(name: "web", body: web)
            _ = try await api.containerInspect(id: created.id, size: true)
            #expect(try await api.containerStart(id: created.id) == .noContent)
            #expect(try await api.containerStop(id: created.id, signal: "SIGTERM", t: 10) == .noContent)
            try await api.containerDelete(id: created.id, v: true, force: true)
            _ = try await api.imageList(digests: true)
            try await api.imageCreate(fromImage: "nginx", tag: "1.27", xRegistryAuth: Self.registryAuth, body: File(data: Data()))
            _ = try await api.systemInfo()
            _ = try await api.systemVersion()
            let ping = try await api.systemPing()
            _ = try await api.systemDataUsage(type: [.container, .image], verbose: false)
            return (ping, created.id)
        }
        expectAllValid(answers, operations: [
            "ContainerList", "ContainerCreate", "ContainerInspect", "ContainerStart", "ContainerStop", "ContainerDelete",
            "ImageList", "ImageCreate", "SystemInfo", "SystemVersion", "SystemPing", "SystemDataUsage",
        ])
        // The ping's text body and its typed headers, decoded.
        #expect(ping.body == "OK")
        #expect(ping.headers.dockerExperimental == true)
        #expect(ping.headers.swarm == .inactive)
        // What went on the wire, as bravado-core read it.
        let sent = answers.map { $0.parameters ?? [:] }
        #expect(answers[0].query == "all=true&limit=10&filters=%7B%22status%22%3A%5B%22running%22%5D%7D")
        #expect(sent[1]["name"] == "web")
        #expect(sent[1]["body"]?["Image"] == "nginx:1.27")
        #expect(sent[1]["body"]?["HostConfig"]?["RestartPolicy"] == ["Name": "on-failure", "MaximumRetryCount": 3])
        #expect(answers[4].path == "/v1.56/containers/\(id)/stop")
        #expect(sent[4] == ["id": .string(id), "signal": "SIGTERM", "t": 10])
        #expect(sent[7]["X-Registry-Auth"] == .string(Self.registryAuth))
        // A `multi` list: the name repeated.
        #expect(answers[11].query == "type=container&type=image&verbose=false")
        #expect(sent[11]["type"] == ["container", "image"])
    }

    /// The validator is live: a value the document does not allow, a parameter it does not declare and a body of a
    /// media type the operation does not consume are each refused, with bravado-core's finding or the server's.
    @Test func whatTheDocumentDoesNotAllowIsRefused() async throws {
        let (statuses, answers) = try await ValidatingServer.run(document: "DockerClient/docker-engine.yaml") { base in
            let root = base.absoluteString + "/v1.56"
            var requests = [
                URLRequest(url: try #require(URL(string: root + "/system/df?type=container&type=everything"))),
                URLRequest(url: try #require(URL(string: root + "/containers/json?all=maybe&colour=blue"))),
                URLRequest(url: try #require(URL(string: root + "/containers/create"))),
            ]
            requests[2].httpMethod = "POST"
            requests[2].setValue("text/plain", forHTTPHeaderField: "Content-Type")
            requests[2].httpBody = Data(#"{"Image":"nginx"}"#.utf8)
            var statuses: [Int?] = []
            for request in requests {
                let (_, response) = try await URLSession.shared.data(for: request)
                statuses.append((response as? HTTPURLResponse)?.statusCode)
            }
            return statuses
        }
        #expect(statuses == [400, 400, 400])
        #expect(answers.map(\.operation) == ["SystemDataUsage", "ContainerList", "ContainerCreate"])
        #expect(answers[0].findings == ["query parameter type: 'everything' is not one of ['container', 'image', 'volume', 'build-cache']"])
        #expect(answers[1].findings == ["query parameter all: 'maybe' is not of type 'boolean'", "query parameter colour is not declared"])
        #expect(answers[2].findings == [
            "the body's media type text/plain is not one the operation consumes (application/json, application/octet-stream)"
        ])
    }
}
