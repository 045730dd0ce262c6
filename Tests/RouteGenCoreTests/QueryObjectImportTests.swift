import Testing

@testable import RouteGenCore

/// An object in the query sent as OpenAPI's default for objects there (`style: form`, `explode: true`: each
/// property its own query item) is one query parameter per property; a JSON body that is any object is a
/// dictionary of JSON values.
@Suite struct QueryObjectImportTests {
    static let document = """
        openapi: 3.0.3
        info: { title: Search, version: '1' }
        servers: [{ url: https://search.example.com }]
        paths:
          /collections/{name}/search:
            parameters:
              - { name: name, in: path, required: true, schema: { type: string } }
            get:
              operationId: search
              parameters:
                - name: searchParameters
                  in: query
                  required: true
                  schema: { $ref: '#/components/schemas/SearchParameters' }
                - name: page
                  in: query
                  schema: { type: integer }
              responses: { '200': { description: OK } }
            post:
              operationId: index
              parameters:
                - name: options
                  in: query
                  style: form
                  explode: true
                  schema:
                    type: object
                    properties:
                      action: { type: string, enum: [create, upsert] }
                      dirty_values: { type: string, deprecated: true }
              requestBody:
                required: true
                content:
                  application/json:
                    schema: { type: object, description: Any key-value pair }
              responses: { '201': { description: Created } }
        components:
          schemas:
            SearchParameters:
              type: object
              required: [q]
              properties:
                q: { type: string, description: What to search for. }
                query_by: { type: array, items: { type: string } }
                page: { type: integer, description: "The page, again." }
        """

    @Test func anExplodedQueryObjectIsAParameterPerProperty() throws {
        let result = ImportTesting.run(Self.document)
        let text = try #require(result.text, "\(ImportTesting.findings(result))")
        #expect(ImportTesting.names(result).endpoints == ["search", "index"])
        // Required when the parameter and the object both require it; the operation's own `page`, after the
        // object's, is reported and left out.
        #expect(
            text.contains(
                "    query:\n      q: { type: String, description: What to search for. }\n      query_by: \"[String]?\"\n"
                    + "      page: { type: Int?, description: \"The page, again.\" }\n"), "\(text)")
        #expect(
            ImportTesting.findings(result).contains(
                "15:11: warning: a second query parameter `page` is not supported: the first is kept, this one is left out (#/paths/~1collections~1{name}~1search/get/parameters/1)"
            ), "\(ImportTesting.findings(result))")
        #expect(!ImportTesting.names(result).models.contains("SearchParameters"))
        #expect(text.contains("      action: IndexAction?\n      dirty_values: { type: String?, deprecated: true }\n"), "\(text)")
    }

    @Test func aJSONBodyOfAnyObjectIsADictionary() throws {
        let text = try #require(ImportTesting.run(Self.document).text)
        #expect(text.contains("    body: \"[String: JSON]\"\n"), "\(text)")
    }
}
