import Testing

@testable import RouteGenCore

/// The properties of an `allOf` are one Swift scope, whatever part declares them: a property named like one of an
/// included model or of another inline part after casing (`created_at` beside `createdAt`, `@id` beside `id`) gets
/// a `swift_name` with a number (`createdAt2`), so the model compiles and no operation is left out (issue 51).
@Suite struct AllOfNameImportTests {
    static let document = """
        openapi: 3.1.0
        info: { title: Names, version: '1' }
        servers: [{ url: https://names.example }]
        paths:
          /events:
            get:
              operationId: getEvent
              responses:
                '200':
                  description: OK
                  content:
                    application/json:
                      schema:
                        allOf:
                          - $ref: '#/components/schemas/Resource'
                          - type: object
                            required: [created_at]
                            properties:
                              created_at: { type: string }
                              url: { type: string }
          /products:
            get:
              operationId: getProduct
              responses:
                '200':
                  description: OK
                  content:
                    application/json:
                      schema:
                        allOf:
                          - { type: object, properties: { '@id': { type: string }, sku-code: { type: string } } }
                          - { type: object, properties: { id: { type: string }, sku_code: { type: string } } }
          /mixed:
            get:
              operationId: getMixed
              responses:
                '200':
                  description: OK
                  content:
                    application/json:
                      schema:
                        allOf:
                          - $ref: '#/components/schemas/Resource'
                          - $ref: '#/components/schemas/Link'
        components:
          schemas:
            Resource:
              type: object
              properties:
                createdAt: { type: string }
                URL: { type: string }
            Link:
              type: object
              properties:
                url: { type: string }
        """

    @Test func collidingNamesAcrossPartsGetNumberedSwiftNames() throws {
        let result = ImportTesting.run(Self.document)
        let text = try #require(result.text, "\(ImportTesting.findings(result))")
        #expect(!ImportTesting.findings(result).contains { $0.contains("error") || $0.contains("left out") }, "\(ImportTesting.findings(result))")
        #expect(ImportTesting.names(result).endpoints == ["getEvent", "getProduct", "getMixed"], "\(text)")
        // Beside the included model's `createdAt` and `URL` (`url`).
        #expect(text.contains("created_at: { type: String, swift_name: createdAt2 }"), "\(text)")
        #expect(text.contains("url: { type: String?, swift_name: url2 }"), "\(text)")
        // Two inline parts share one scope.
        #expect(text.contains("id: { type: String?, swift_name: id2 }"), "\(text)")
        #expect(text.contains("sku_code: { type: String?, swift_name: skuCode2 }"), "\(text)")
        // Two included models whose properties collide: the second is merged, its property renamed.
        #expect(text.contains("allOf: [Resource]"), "\(text)")
        var diagnostics = Diagnostics()
        let api = try #require(SpecPipeline().check(SpecSource(path: "spec.yaml", text: text), diagnostics: &diagnostics))
        #expect(diagnostics.all.isEmpty, "\(diagnostics.all)")
        for model in api.models {
            let names = model.properties.map(\.name.swift)
            #expect(Set(names).count == names.count, "\(model.name.swift): \(names)")
        }
    }

    /// An included model whose definition is being written when it is included (its own property leads back to the
    /// model that includes it) still keeps its names from the including one's: `label` and `label_` take `label` and
    /// `label2` in `Category`, so `LABEL` in `Result` takes `label3`. Found by the generative test.
    @Test func aModelIncludedWhileItIsDefinedKeepsItsNames() throws {
        let result = ImportTesting.run("""
            openapi: 3.0.3
            info: { title: Cycle, version: '1' }
            servers: [{ url: https://cycle.example }]
            paths:
              /categories:
                get:
                  operationId: getCategory
                  responses:
                    '200':
                      description: OK
                      content: { application/json: { schema: { $ref: '#/components/schemas/Category' } } }
            components:
              schemas:
                Category:
                  allOf:
                    - { type: object, properties: { label: { $ref: '#/components/schemas/Result' } } }
                    - { type: object, properties: { label_: { type: string } } }
                Result:
                  allOf:
                    - $ref: '#/components/schemas/Category'
                    - { type: object, properties: { LABEL: { type: string } } }
            """)
        let text = try #require(result.text, "\(ImportTesting.findings(result))")
        #expect(ImportTesting.findings(result).isEmpty, "\(ImportTesting.findings(result))")
        #expect(ImportTesting.names(result).endpoints == ["getCategory"], "\(text)")
        #expect(text.contains("label_: { type: String?, swift_name: label2 }"), "\(text)")
        #expect(text.contains("LABEL: { type: String?, swift_name: label3 }"), "\(text)")
    }
}
