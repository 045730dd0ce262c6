import Foundation
import Testing

@testable import RouteGenCore

/// Spreading routes and models over several files: how they are shared out, what each part holds, and that every
/// route and model lands in exactly one part.
@Suite struct FileSplitTests {
    @Test(arguments: [(0, 3), (1, 3), (7, 3), (150, 4), (5, 16)])
    func slicesAreContiguousAndDifferByAtMostOne(count: Int, parts: Int) {
        let items = Array(0..<count)
        let slices = FileSplit.slices(items, into: parts)
        #expect(slices.count == parts)
        #expect(slices.flatMap { $0 } == items)
        let sizes = slices.map(\.count)
        #expect(sizes.max()! - sizes.min()! <= 1)
        #expect(sizes == sizes.sorted(by: >))
    }

    @Test func partsAreClampedAndChosenFromTheAPISize() {
        #expect(FileSplit(parts: 0).parts == 1)
        #expect(FileSplit(parts: 99).parts == FileSplit.maximumParts)
        #expect(FileSplit(parts: 1).modelParts == 1)
        #expect(FileSplit(parts: 3).modelParts == 6)
        #expect(FileSplit(parts: 1).routeParts == 1)
        #expect(FileSplit(parts: 2).routeParts == 1)
        #expect(FileSplit(parts: 7).routeParts == 4)
        #expect(FileSplit.automatic(endpoints: 5, models: 3).parts == 1)
        #expect(FileSplit.automatic(endpoints: 60, models: 40).parts == 1)
        #expect(FileSplit.automatic(endpoints: 60, models: 41).parts == 2)
        #expect(FileSplit.automatic(endpoints: 500, models: 300).parts == 8)
        #expect(FileSplit.automatic(endpoints: 2_000, models: 1_200).parts == 12)
    }

    private func generate(_ spec: String, parts: Int?) throws -> [GeneratedFile] {
        let source = SpecTesting.repositoryRoot.appendingPathComponent(spec)
        let options = GenerationOptions(split: parts.map(FileSplit.init(parts:)))
        let output = CodeGenerator(options: options).generate([try SpecSource(contentsOf: source.path)])
        #expect(!output.diagnostics.hasErrors)
        return output.files
    }

    @Test func aSplitOfOneIsTheUsualFiveFiles() throws {
        let automatic = try generate("Specs/Petstore.yaml", parts: nil)
        #expect(try generate("Specs/Petstore.yaml", parts: 1) == automatic)
        #expect(
            automatic.map(\.name) == [
                "Petstore+APIRoute.swift", "Petstore+Mock.swift", "Petstore+Models.swift", "Petstore+RequestHandling.swift",
                "Petstore.swift",
            ])
    }

    @Test func routesAndModelsAreSpreadOverTheParts() throws {
        let files = try generate("Tests/Specs/Large.yaml", parts: 4)
        let names = files.map(\.name)
        #expect(names.count == 2 + 2 + 4 + 8)
        #expect(names.contains("Large.swift") && names.contains("Large+Mock.swift"))
        for (kind, parts) in [("APIRoute", 2), ("RequestHandling", 4), ("Models", 8)] {
            #expect(names.contains("Large+\(kind).swift"))
            for part in 2...parts { #expect(names.contains("Large+\(kind)\(part).swift")) }
            #expect(!names.contains("Large+\(kind)\(parts + 1).swift"))
        }
        let text = Dictionary(uniqueKeysWithValues: files.map { ($0.name, $0.contents) })
        // The first part declares the route enum, with every case; later parts extend it with their switches.
        #expect(text["Large+APIRoute.swift"]!.contains("case deleteResource29(id: Int64)"))
        #expect(text["Large+APIRoute.swift"]!.contains("if let descriptor = descriptor1 { return descriptor }"))
        #expect(text["Large+APIRoute2.swift"]!.contains("extension Large.APIRoute {\n    var descriptor1: RouteDescriptor? {"))
        #expect(!text["Large+APIRoute2.swift"]!.contains("enum APIRoute"))
        // The first handler part declares the protocols and the handler; every part extends `RouteSending`, which
        // both handlers adopt, with its share of the endpoints' methods.
        #expect(text["Large+RequestHandling.swift"]!.contains("public struct RequestHandler: RequestHandling {"))
        #expect(text["Large+RequestHandling.swift"]!.contains("@_spi(Generated) extension Large.RequestHandler: Large.RouteSending {"))
        #expect(!text["Large+RequestHandling2.swift"]!.contains("protocol"))
        #expect(text["Large+RequestHandling4.swift"]!.contains("@_spi(Generated) extension Large.RouteSending {\n    public func replaceResource22("))
    }

    @Test func everyRouteAndModelIsInExactlyOnePart() throws {
        let files = try generate("Tests/Specs/Large.yaml", parts: 7)
        func count(_ needle: String, in kind: String) -> Int {
            files.filter { $0.name.hasPrefix("Large+\(kind)") }.map { $0.contents.components(separatedBy: needle).count - 1 }
                .reduce(0, +)
        }
        for resource in [0, 14, 29] {
            #expect(count("case .getResource\(resource)(let id):", in: "APIRoute") == 1)
            #expect(count("public func getResource\(resource)(id: Int64)", in: "RequestHandling") == 1)
            #expect(count("public struct Resource\(resource): Codable", in: "Models") == 1)
        }
    }

    @Test func aPartWithNothingToHoldHasOnlyItsImports() throws {
        let files = try generate("Specs/Petstore.yaml", parts: 12)
        let last = try #require(files.first { $0.name == "Petstore+Models24.swift" })
        #expect(last.contents == "// Generated by RouteGen from Petstore.yaml. Do not edit.\n\nimport Foundation\n@_spi(Generated) import RouteGenRuntime\n")
    }
}
