import Testing

@testable import RouteGenCore

/// A JSON body is sent as the media type the document names: `application/json` when it offers it, else its
/// `…+json` type, written as `content_type` (issue 51, bug 2: Kubernetes' and JSON:API's servers answer 415 to
/// `application/json`).
@Suite struct JSONMediaTypeImportTests {
    static func document(_ mediaTypes: [String]) -> String {
        """
        openapi: 3.1.0
        info: { title: Media, version: '1' }
        servers: [{ url: https://media.example }]
        paths:
          /things:
            post:
              operationId: createThing
              requestBody:
                required: true
                content:
        \(mediaTypes.map { "          \($0): { schema: { type: object, properties: { name: { type: string } } } }" }.joined(separator: "\n"))
              responses: { '204': { description: Done } }
        """
    }

    @Test(arguments: [
        (["application/merge-patch+json"], "application/merge-patch+json"),
        (["application/vnd.api+json", "application/xml"], "application/vnd.api+json"),
        (["application/vnd.api+json", "application/json"], nil),
        (["application/json"], nil),
        (["'*/*'"], nil),
        // Parameters a server needs are kept (JSON:API's atomic extension, a profile); `charset` is JSON's own.
        (["'application/vnd.api+json; ext=\"https://jsonapi.org/ext/atomic\"'"], "application/vnd.api+json; ext=\"https://jsonapi.org/ext/atomic\""),
        (["'application/json; charset=utf-8; profile=foo'"], "application/json; profile=foo"),
        (["'application/json; charset=utf-8'"], nil),
    ] as [([String], String?)])
    func theBodyIsSentAsTheDocumentsJSONMediaType(mediaTypes: [String], expected: String?) throws {
        let result = ImportTesting.run(Self.document(mediaTypes))
        let text = try #require(result.text, "\(ImportTesting.findings(result))")
        if let expected {
            #expect(text.contains("    content_type: \(expected)\n"), "\(text)")
        } else {
            #expect(!text.contains("content_type"), "\(text)")
        }
    }
}
