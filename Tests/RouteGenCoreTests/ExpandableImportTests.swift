import Foundation
import Testing

@testable import RouteGenCore

/// Pay for what you use: Stripe's "an ID or the object" references are `Expandable<JSON>` unless the import asks
/// for their objects, models can be kept as `JSON` or cut at a depth, and `--explain` says what pulls models in.
@Suite struct ExpandableImportTests {
    /// A charge refers to its customer (an ID or the customer) and to its source (an ID, a card or a bank account);
    /// a customer refers to its invoices, each of which refers to its lines.
    private static let document = """
        openapi: 3.0.3
        info: { title: Payments, version: "1" }
        servers: [{ url: "https://pay.example" }]
        paths:
          /charges/{id}:
            get:
              operationId: GetCharge
              parameters: [{ name: id, in: path, required: true, schema: { type: string } }]
              responses:
                "200":
                  description: OK
                  content: { application/json: { schema: { $ref: "#/components/schemas/charge" } } }
        components:
          schemas:
            charge:
              type: object
              required: [id, customer]
              properties:
                id: { type: string }
                customer:
                  anyOf: [{ type: string, maxLength: 5000 }, { $ref: "#/components/schemas/customer" }]
                  x-expansionResources: { oneOf: [{ $ref: "#/components/schemas/customer" }] }
                source:
                  nullable: true
                  anyOf: [{ type: string }, { $ref: "#/components/schemas/card" }, { $ref: "#/components/schemas/bank_account" }]
            customer:
              type: object
              properties:
                email: { type: string }
                invoice: { $ref: "#/components/schemas/invoice" }
            invoice:
              type: object
              properties:
                lines: { type: array, items: { $ref: "#/components/schemas/line" } }
            line: { type: object, properties: { amount: { type: integer } } }
            card: { type: object, properties: { brand: { type: string } } }
            bank_account: { type: object, properties: { bank_name: { type: string } } }
        """

    private func run(_ options: ImportOptions) -> DocumentImport.Output {
        ImportTesting.run(Self.document, options: options)
    }

    @Test func anExpansionNotAskedForIsExpandableJSONAndMakesNoModel() throws {
        let result = run(ImportOptions())
        let text = try #require(result.text)
        #expect(text.contains("      customer: Expandable<JSON>\n      source: Expandable<JSON>?\n"))
        #expect(ImportTesting.names(result).models == ["Charge"])
        #expect(result.diagnostics.all.isEmpty)
    }

    @Test func anExpansionAskedForTypesItsObjectByEitherName() throws {
        for entry in ["Charge.customer", "charge.customer"] {
            let result = run(ImportOptions(expand: [entry]))
            let text = try #require(result.text)
            #expect(text.contains("      customer: Expandable<Customer>\n      source: Expandable<JSON>?\n"))
            #expect(ImportTesting.names(result).models == ["Charge", "Customer", "Invoice", "Line"])
        }
    }

    @Test func severalObjectsBecomeAUnionOfThemAndAllExpandsEverything() throws {
        let result = run(ImportOptions(expand: ["all"]))
        let text = try #require(result.text)
        #expect(text.contains("      source: Expandable<ChargeSource>?\n"))
        #expect(text.contains("  ChargeSource:\n    oneOf: [Card, BankAccount]\n"))
        #expect(ImportTesting.names(result).models == ["Charge", "ChargeSource", "Customer", "Invoice", "Line", "Card", "BankAccount"])
    }

    @Test func anOpaqueModelIsJSONWhereverItIsReferenced() throws {
        let result = run(ImportOptions(expand: ["Charge.customer"], opaque: ["invoice"]))
        let text = try #require(result.text)
        #expect(text.contains("      invoice: JSON?\n"))
        #expect(ImportTesting.names(result).models == ["Charge", "Customer"])
    }

    @Test func aDepthLimitKeepsModelsThatManyReferencesFromAnOperation() throws {
        let depths = try [1, 2, 3].map { depth in
            let result = run(ImportOptions(expand: ["all"], depth: depth))
            _ = try #require(result.text)
            return ImportTesting.names(result).models
        }
        #expect(depths[0] == ["Charge"])
        // The source's union is 2 away, its variants 3: a union of a variant kept as `JSON` is `JSON` itself.
        #expect(depths[1] == ["Charge", "Customer"])
        #expect(depths[2] == ["Charge", "ChargeSource", "Customer", "Invoice", "Card", "BankAccount"])
    }

    @Test func anEntryThatMatchesNothingIsAWarning() throws {
        let result = run(ImportOptions(expand: ["Charge.custmer"], opaque: ["Invoce"]))
        #expect(result.text != nil)
        #expect(ImportTesting.findings(result) == [
            "1:1: warning: `expand` names `Charge.custmer`, which is not an expandable reference the imported operations reach",
            "1:1: warning: `opaque` names `Invoce`, which is not a model the imported operations reach",
        ])
    }

    @Test func theReachSaysWhichReferencesBringInTheMostModels() throws {
        let reach = try #require(run(ImportOptions(expand: ["all"])).reach)
        #expect(reach.models == 7)
        #expect(reach.operations == [ModelReach.OperationReach(operation: "getCharge", models: 7)])
        #expect(reach.heaviest.first == ModelReach.HeavyReference(place: "Charge.customer", models: 3))
        #expect(reach.lines.contains("  Customer.invoice: 2 models"))
        #expect(reach.unexpanded.isEmpty)
        #expect(run(ImportOptions(expand: ["Charge.customer"])).reach?.unexpanded == ["Charge.source"])
    }

    @Test func theConfigurationFileTakesTheSameChoices() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("routegen-expand-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let document = folder.appendingPathComponent("payments.yaml").path
        let configuration = folder.appendingPathComponent("payments.routegen-config.yaml")
        try "expand: all\nopaque: [Invoice]\ndepth: 4\n".write(to: configuration, atomically: true, encoding: .utf8)
        var diagnostics = Diagnostics()
        let options = DocumentConfiguration.options(forDocument: document, loader: SpecLoader(), diagnostics: &diagnostics)
        #expect(options == ImportOptions(expand: ["all"], opaque: ["Invoice"], depth: 4))

        try "expand: Charge.customer\ndepth: 0\n".write(to: configuration, atomically: true, encoding: .utf8)
        #expect(DocumentConfiguration.options(forDocument: document, loader: SpecLoader(), diagnostics: &diagnostics) == nil)
        #expect(diagnostics.sorted.map { "\($0.location.line):\($0.location.column): \($0.message)" } == [
            "1:9: `expand` of the configuration must be a list of text values",
            "2:8: `depth` of the configuration must be a whole number of at least 1",
        ])
    }
}
