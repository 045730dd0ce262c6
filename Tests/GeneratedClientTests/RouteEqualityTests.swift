import Foundation
import GeneratedClients
@_spi(Generated) import RouteGenRuntime
import Testing

/// Generated routes are equal when they describe the same request: the endpoint, its path, query, headers and
/// body all take part, whatever the body's kind.
@Suite struct RouteEqualityTests {
    @Test func routesOfTheSameRequestAreEqualAndHashAlike() {
        let route = Petstore.APIRoute.listPets(limit: 10, tags: ["a"], includeSold: false)
        let same = Petstore.APIRoute.listPets(limit: 10, tags: ["a"], includeSold: false)
        #expect(route == same)
        #expect(route.hashValue == same.hashValue)
        #expect(Set([route, same, .getPet(petId: 1), .getPet(petId: 1)]).count == 2)
    }

    @Test func everyPartOfTheRequestTellsRoutesApart() {
        #expect(Petstore.APIRoute.getPet(petId: 1) != .getPet(petId: 2))
        #expect(Petstore.APIRoute.getPet(petId: 1) != .deletePet(petId: 1))
        #expect(Petstore.APIRoute.listPets(limit: 10) != .listPets(limit: 11))
        #expect(Petstore.APIRoute.listPets(tags: ["a", "b"]) != .listPets(tags: ["b", "a"]))
        #expect(Petstore.APIRoute.deletePet(petId: 1, xRequestID: "a") != .deletePet(petId: 1, xRequestID: "b"))
        #expect(Petstore.APIRoute.createPet(body: .init(name: "Rex")) != .createPet(body: .init(name: "Rex", tag: "t")))
        #expect(Petstore.APIRoute.createPet(body: .init(name: "Rex")) == .createPet(body: .init(name: "Rex")))
    }

    @Test func formMultipartAndFileBodiesCompareByValue() {
        let bytes = File(data: Data("a".utf8), fileName: "a.txt", contentType: "text/plain")
        let other = File(data: Data("b".utf8), fileName: "a.txt", contentType: "text/plain")
        #expect(Uploads.APIRoute.putFileContents(id: "1", body: bytes) == .putFileContents(id: "1", body: bytes))
        #expect(Uploads.APIRoute.putFileContents(id: "1", body: bytes) != .putFileContents(id: "1", body: other))
        let upload = Uploads.PostFilesBody(file: bytes, purpose: .avatar)
        #expect(Uploads.APIRoute.postFiles(body: upload) == .postFiles(body: upload))
        #expect(Uploads.APIRoute.postFiles(body: upload) != .postFiles(body: .init(file: other, purpose: .avatar)))
    }

    @Test func bodiesOfDifferentKindsAreNeverEqual() {
        let value = Petstore.NewPet(name: "Rex")
        #expect(RequestContent.json(value) != .form(value))
        #expect(RequestContent.form(value) != .multipart(value))
        #expect(RequestContent.json(value) == .json(value))
        #expect(RequestContent.form(value, styles: ["tag": .brackets]) != .form(value))
    }
}
