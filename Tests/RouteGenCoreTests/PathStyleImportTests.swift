import Testing

@testable import RouteGenCore

/// A path parameter in the `label` (`/colors/.red`) or `matrix` (`/shapes/;shape=circle`) style cannot be sent as
/// RouteGen sends path parameters (`simple`, `/colors/red`): the operation is left out with a warning at the
/// parameter, never imported to send other bytes than the document says.
@Suite struct PathStyleImportTests {
    static let document = """
        openapi: 3.1.0
        info: { title: Styles, version: '1' }
        servers: [{ url: https://styles.example }]
        paths:
          /colors/{color}:
            get:
              operationId: getColor
              parameters:
                - { name: color, in: path, required: true, style: label, schema: { type: string } }
              responses: { '204': { description: OK } }
          /shapes/{shape}:
            get:
              operationId: getShape
              parameters:
                - { name: shape, in: path, required: true, style: matrix, explode: true, schema: { type: string } }
              responses: { '204': { description: OK } }
          /sizes/{size}:
            get:
              operationId: getSize
              parameters:
                - { name: size, in: path, required: true, style: simple, schema: { type: string } }
              responses: { '204': { description: OK } }
        """

    @Test func labelAndMatrixPathParametersLeaveTheirOperationsOutWithAPositionedWarning() throws {
        let result = ImportTesting.run(Self.document)
        let text = try #require(result.text, "\(ImportTesting.findings(result))")
        #expect(ImportTesting.names(result).endpoints == ["getSize"], "\(text)")
        let findings = ImportTesting.findings(result)
        #expect(
            findings.contains {
                $0.hasPrefix("9:") && $0.contains("the `label` style") && $0.contains("the operation `getColor` is left out")
            }, "\(findings)")
        #expect(
            findings.contains {
                $0.hasPrefix("15:") && $0.contains("the `matrix` style") && $0.contains("the operation `getShape` is left out")
            }, "\(findings)")
    }
}
