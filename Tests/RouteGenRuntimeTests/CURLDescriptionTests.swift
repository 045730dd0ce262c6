import Foundation
import RouteGenRuntime
import RouteGenToolkit
import Testing

@Suite struct CURLDescriptionTests {
    private func request() -> APIRequest {
        var request = Requests.get("/v1/pets", query: [QueryItem(name: "api_key", value: "k3y"), QueryItem(name: "q", value: "it's")])
        request.method = .post
        request.headers = ["Authorization": "Bearer s3cret", "Content-Type": "application/json"]
        request.body = .data(Data(#"{"name":"O'Malley"}"#.utf8))
        return request
    }

    @Test func secretsAreRedactedByDefault() {
        #expect(request().cURLDescription() == """
            curl -X POST 'https://api.example.com/v1/pets?api_key=<redacted>&q=it%27s' \\
              -H 'Authorization: <redacted>' \\
              -H 'Content-Type: application/json' \\
              --data-binary '{"name":"O'\\''Malley"}'
            """)
    }

    @Test func secretsAreShownWhenAskedFor() {
        let description = request().cURLDescription(revealingSecrets: true)
        #expect(description.contains("api_key=k3y"))
        #expect(description.contains("-H 'Authorization: Bearer s3cret'"))
    }

    @Test func headAndFileBodies() {
        var head = Requests.get()
        head.method = .head
        #expect(head.cURLDescription() == "curl --head 'https://api.example.com/v1/pets'")
        var upload = Requests.get()
        upload.method = .put
        upload.body = .file(URL(fileURLWithPath: "/tmp/photo.png"))
        #expect(upload.cURLDescription().hasSuffix("--data-binary @'/tmp/photo.png'"))
    }
}
