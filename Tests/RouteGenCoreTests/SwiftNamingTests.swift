import Testing

@testable import RouteGenCore

@Suite struct SwiftNamingTests {
    @Test(arguments: [
        ("photo_urls", "photoUrls"), ("first-name", "firstName"), ("X-Request-ID", "xRequestID"), ("userID", "userID"),
        ("URL", "url"), ("URLPath", "urlPath"), ("2fa", "_2fa"), ("$ref", "ref"), ("Ünïcode", "unicode"),
        ("in-progress", "inProgress"), ("default", "default"), ("expectedResponse", "expectedResponse"),
        ("top_rated", "topRated"), ("api key", "apiKey"), ("1", "_1"),
    ])
    func memberNames(wire: String, swift: String) {
        #expect(SwiftNaming.memberName(wire) == swift)
    }

    @Test(arguments: [
        ("pet_status", "PetStatus"), ("petStatus", "PetStatus"), ("Error", "Error"), ("api-error", "ApiError"),
        ("2fa_code", "_2faCode"),
    ])
    func typeNames(wire: String, swift: String) {
        #expect(SwiftNaming.typeName(wire) == swift)
    }

    @Test func namesWithoutLettersStayDistinct() {
        let first = SwiftNaming.memberName("日本")
        let second = SwiftNaming.memberName("中国")
        #expect(first != second)
        #expect(SwiftNaming.isPlainIdentifier(first))
    }

    @Test func keywordsAreEscapedWhenDeclared() {
        #expect(Name(wire: "default", swift: "default").escapedSwift == "`default`")
        #expect(Name(wire: "name", swift: "name").escapedSwift == "name")
    }
}
