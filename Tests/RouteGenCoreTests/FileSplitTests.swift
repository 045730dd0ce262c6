import Foundation
import Testing

@testable import RouteGenCore

/// Spreading routes and models over several files: how they are shared out, what each part holds, and that every
/// route and model lands in exactly one part.
@Suite struct FileSplitTests {
    @Test(arguments: [(0, 3), (1, 3), (7, 3), (150, 4), (5, 16)])
    func everyItemIsInOnePartInItsOrder(count: Int, parts: Int) {
        let items = (0..<count).map { "endpoint\($0)" }
        let split = FileSplit.parts(items, into: parts) { $0 }
        #expect(split.count == parts)
        #expect(split.flatMap { $0 }.sorted() == items.sorted())
        for part in split { #expect(part == items.filter(part.contains)) }
    }

    /// An endpoint added in the middle of an API changes its own part and no other: the files of the others keep
    /// their bytes, and a build recompiles only what changed.
    @Test func anItemAddedMovesNoOther() {
        let items = (0..<500).map { "resource\($0)" }
        var added = items
        added.insert("resourceAdded", at: 250)
        let before = FileSplit.parts(items, into: 12) { $0 }
        let after = FileSplit.parts(added, into: 12) { $0 }
        let changed = zip(before, after).filter { $0 != $1 }
        #expect(changed.count == 1)
        #expect(changed.first?.1.contains("resourceAdded") == true)
        // By chance, not by position: 500 items over 12 parts are within a third of the mean (41.7) of each other.
        #expect(before.map(\.count).allSatisfy { (28...56).contains($0) })
    }

    @Test func theHashIsFixed() {
        // FNV-1a's published value for "a": the split is the same in every process and on every machine.
        #expect(FileSplit.stableHash("a") == 0xaf63_dc4c_8601_ec8c)
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
        #expect(text["Large+APIRoute.swift"]!.contains("if let descriptor = descriptor2_1 { return descriptor }"))
        #expect(text["Large+APIRoute2.swift"]!.contains("extension Large.APIRoute {\n    var descriptor2_1: RouteDescriptor? {"))
        #expect(!text["Large+APIRoute2.swift"]!.contains("enum APIRoute"))
        // The first handler part declares the protocols and the handler; every part extends `RouteSending`, which
        // both handlers adopt, with its share of the endpoints' methods.
        #expect(text["Large+RequestHandling.swift"]!.contains("public struct RequestHandler: RequestHandling {"))
        #expect(text["Large+RequestHandling.swift"]!.contains("@_spi(Generated) extension Large.RequestHandler: Large.RouteSending {"))
        #expect(!text["Large+RequestHandling2.swift"]!.contains("protocol"))
        let part = FileRules.suffix(ofPart: Int(FileSplit.stableHash("replaceResource22") % 4))
        let methods = try #require(text["Large+RequestHandling\(part).swift"])
        #expect(methods.contains("@_spi(Generated) extension Large.RouteSending {\n"))
        #expect(methods.contains("    public func replaceResource22("))
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
        // Petstore's few models over 24 model files: most files get none.
        let files = try generate("Specs/Petstore.yaml", parts: 12).filter { $0.name.hasPrefix("Petstore+Models") }
        #expect(files.count == 24)
        let empty = files.filter { !$0.contents.contains("extension Petstore") }
        #expect(empty.count >= 12)
        for file in empty {
            #expect(file.contents == "// Generated by RouteGen from Petstore.yaml. Do not edit.\n\nimport Foundation\n@_spi(Generated) import RouteGenRuntime\n")
        }
    }
}
