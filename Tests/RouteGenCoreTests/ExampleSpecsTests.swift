import Foundation
import Testing

@testable import RouteGenCore

/// The specs in `Specs/` are the documentation users copy from: they must stay clean.
@Suite struct ExampleSpecsTests {
    static let specs: [String] = {
        let folder = SpecTesting.repositoryRoot.appendingPathComponent("Specs").path
        return (try? SpecDiscovery.specFiles(in: [folder])) ?? []
    }()

    @Test func everyExampleSpecIsThere() {
        let names = Set(Self.specs.map { URL(fileURLWithPath: $0).lastPathComponent })
        #expect(names.isSuperset(of: ["TokenAPI.yaml", "Getir.yaml", "MovieDB.yaml", "Accounts.yaml", "Users.yaml"]))
    }

    @Test(arguments: specs)
    func lintsClean(path: String) throws {
        var diagnostics = Diagnostics()
        let api = SpecPipeline().check(try SpecSource(contentsOf: path), diagnostics: &diagnostics)
        #expect(diagnostics.all.map(\.description) == [])
        #expect(api != nil)
    }

    @Test func getirUnwrapsItsMetadataEnvelope() throws {
        let path = SpecTesting.repositoryRoot.appendingPathComponent("Specs/Getir.yaml").path
        var diagnostics = Diagnostics()
        let api = try #require(SpecPipeline().check(try SpecSource(contentsOf: path), diagnostics: &diagnostics))
        #expect(api.envelope == Envelope(payloadKey: "expectedResponse", metadataModel: "ResponseMetadata"))
    }

    @Test func accountsDefaultsToProduction() throws {
        let path = SpecTesting.repositoryRoot.appendingPathComponent("Specs/Accounts.yaml").path
        var diagnostics = Diagnostics()
        let api = try #require(SpecPipeline().check(try SpecSource(contentsOf: path), diagnostics: &diagnostics))
        #expect(api.environments.map(\.name.wire) == ["production", "staging", "dev"])
        #expect(api.endpoints.map(\.name.swift) == ["login", "userInfo", "disableAccount"])
    }
}
