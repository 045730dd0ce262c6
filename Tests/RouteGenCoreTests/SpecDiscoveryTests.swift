import Foundation
import Testing

@testable import RouteGenCore

@Suite struct SpecDiscoveryTests {
    @Test func findsSpecsByKeyOrSuffixAndSkipsOtherYAML() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("routegen-discovery-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("nested"), withIntermediateDirectories: true)
        try "routegen: 1\n".write(to: folder.appendingPathComponent("b.yaml"), atomically: true, encoding: .utf8)
        try "name: X\n".write(to: folder.appendingPathComponent("nested/a.routegen.yml"), atomically: true, encoding: .utf8)
        try "version: 2\nservices: {}\n".write(to: folder.appendingPathComponent("docker-compose.yml"), atomically: true, encoding: .utf8)
        try "routegen: 1\n".write(to: folder.appendingPathComponent("notes.txt"), atomically: true, encoding: .utf8)

        let found = try SpecDiscovery.specFiles(in: [folder.path])
        #expect(found.map { URL(fileURLWithPath: $0).lastPathComponent } == ["b.yaml", "a.routegen.yml"])
    }

    @Test func aMissingPathIsAFailure() {
        #expect(throws: SpecDiscovery.Failure(path: "/no/such/spec.yaml", reason: "no such file or folder")) {
            try SpecDiscovery.specFiles(in: ["/no/such/spec.yaml"])
        }
    }
}
