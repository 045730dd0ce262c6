import Foundation
import RouteGenRuntime
import Testing

/// RFC 8288 `Link` headers, as GitHub sends them for pagination.
@Suite struct LinkHeaderTests {
    @Test func gitHubPagination() {
        let response = APIResponse(
            statusCode: 200,
            headers: [
                "Link": #"<https://api.github.com/orgs/apple/repos?page=2>; rel="next", <https://api.github.com/orgs/apple/repos?page=9>; rel="last""#
            ])
        #expect(response.links.next?.absoluteString == "https://api.github.com/orgs/apple/repos?page=2")
        #expect(response.links.last?.absoluteString == "https://api.github.com/orgs/apple/repos?page=9")
        #expect(response.links.prev == nil)
    }

    @Test func quotedParametersSeveralRelationsAndRelativeTargets() {
        var headers = HeaderFields()
        headers.add(name: "Link", value: #"</items?cursor=b>; title="a, b; c"; rel="next PREVIEW""#)
        headers.add(name: "link", value: "<https://x.example/first>;rel=first")
        let links = LinkHeader(APIResponse(statusCode: 200, headers: headers), base: URL(string: "https://api.example.com/v1/items"))
        #expect(links.links.count == 2)
        #expect(links.next?.absoluteString == "https://api.example.com/items?cursor=b")
        #expect(links["preview"] == links.next)
        #expect(links.links[0].parameters["title"] == "a, b; c")
        #expect(links.first?.absoluteString == "https://x.example/first")
    }

    @Test func followingALinkStaysOnTheAPIsOrigin() throws {
        let request = Requests.get("/v1/pets", query: [QueryItem(name: "page", value: "1")], headers: ["Accept": "application/json"])
        let next = try request.redirected(to: URL(string: "https://api.example.com/v1/pets?page=2&q=a%20b")!)
        #expect(next.path == "/v1/pets" && next.query == [QueryItem(name: "page", value: "2"), QueryItem(name: "q", value: "a b")])
        #expect(next.headers["Accept"] == "application/json" && next.routeName == request.routeName)
        #expect(throws: RouteGenError.self) { try request.redirected(to: URL(string: "https://evil.example/v1/pets?page=2")!) }
        #expect(throws: RouteGenError.self) { try request.redirected(to: URL(string: "http://api.example.com/v1/pets")!) }
    }
}
